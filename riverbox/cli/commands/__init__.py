"""The commands of ``riverbox``, one module per group; ``riverbox.cli.main`` registers them in order."""
