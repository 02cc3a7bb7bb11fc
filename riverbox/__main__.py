"""``python -m riverbox`` is the ``riverbox`` command."""

from riverbox.cli.main import main

main()
