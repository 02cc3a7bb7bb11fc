"""The ``riverbox`` command line (typer + rich)."""
