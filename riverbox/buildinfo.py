"""Which modules the compiled build compiles, and whether the running engine is compiled.

``RIVERBOX_COMPILE=1 pip install .`` compiles the engine with mypyc (``setup.py`` reads the
list from here, so it is kept in one place); the plain install stays pure Python. The engine is
the core's rules machinery and every game's rules, scoring and view modules: the code a bot's
playouts run. Presentation and tooling (rendering, bots, explanations, balance tables) stay
interpreted, since they are not hot and use Python freely.

The games' modules are found by a glob with an exclude list, so a module a refactor adds to a
game is compiled without editing this file. This module is never compiled itself: it must
answer the same in both builds and is read by ``setup.py`` before anything is built.
"""

from __future__ import annotations

import importlib.machinery
import sys
from pathlib import Path

CORE_MODULES = ("checks", "errors", "events", "fields", "game", "options", "rng")
"""The core modules that are compiled (``testkit`` is test tooling and stays interpreted)."""

INTERPRETED = frozenset(
    {
        "__init__",
        "game",
        "balance",
        "belief",
        "bot",
        "bound",
        "explain",
        "menu",
        "narrate",
        "outlook",
        "reference",
        "render",
        "solve",
        "tui",
    }
)
"""Game modules (file stems) left interpreted: the Game class (configuration and presentation
hooks, in ``__init__`` or ``game``), words, pictures, bots (with their beliefs and search leaves) and tooling;
the rules are elsewhere. A game's ``reference`` (its rules in rulebook shape, read by the differential
tests, never by the engine) stays interpreted too: it is not hot, and its tests break one of its rules
on purpose by replacing a module attribute, which a compiled module would not see."""


def engine_files(root: Path) -> list[str]:
    """The source files to compile, relative to ``root`` (the project directory), in order."""
    package = root / "riverbox"
    files = [package / "core" / f"{name}.py" for name in CORE_MODULES]
    for game in sorted(p for p in (package / "games").iterdir() if (p / "__init__.py").is_file()):
        files += sorted(f for f in game.rglob("*.py") if f.stem not in INTERPRETED)
    return [f.relative_to(root).as_posix() for f in files]


def engine_modules(root: Path) -> list[str]:
    """The dotted module names of ``engine_files``."""
    names = []
    for path in engine_files(root):
        parts = path[: -len(".py")].split("/")
        names.append(".".join(parts))
    return names


def is_extension(module_name: str) -> bool:
    """Whether the module, as imported now, was loaded from a compiled extension."""
    module = sys.modules.get(module_name)
    origin = getattr(module, "__file__", None) or ""
    return origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def is_compiled() -> bool:
    """Whether the running engine is the compiled build (judged by the core's ``game`` module)."""
    import riverbox.core.game  # noqa: F401 - the module whose origin tells

    return is_extension("riverbox.core.game")


def build_name() -> str:
    """``"compiled"`` or ``"pure"``, as benchmarks print it."""
    return "compiled" if is_compiled() else "pure"


__all__ = ["CORE_MODULES", "INTERPRETED", "build_name", "engine_files", "engine_modules", "is_compiled"]
