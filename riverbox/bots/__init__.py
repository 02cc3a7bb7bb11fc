"""Bots: random, per-game heuristics and search."""
