"""The lab: tournaments, statistics, benchmarks and plots for people who study the games."""
