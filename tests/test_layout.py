"""Every game folder follows the one layout of docs/writing-a-game.md: one module name per role.

A reader who knows one game finds each part of another under the same name: the declared fields in
``position.py``, the rules in ``rules.py``, the event words in ``words.py`` and so on. This test
reads the folders (and ``ast`` of a few modules), so it holds for a fifth game as well.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAMES_DIR = Path(__file__).resolve().parents[1] / "riverbox" / "games"
GAMES = sorted(p.name for p in GAMES_DIR.iterdir() if (p / "__init__.py").is_file())

REQUIRED = (
    "__init__",
    "game",
    "actions",
    "content",
    "position",
    "state",
    "rules",
    "tables",
    "reference",
    "words",
    "view",
    "scoring",
    "explain",
    "bot",
    "render",
    "observe",
    "printed",
    "balance",
)
"""The module of each role (the table in docs/writing-a-game.md)."""

RETIRED = frozenset({"story", "told", "narration", "events", "cards", "steps", "parts", "text"})
"""Names that once meant a role another module now holds (event words, content, rule steps)."""

BOARD_ENGINE = frozenset({"river_wild"})
"""Games whose ``board.py`` is a layout engine (an allowed extra); anywhere else ``board`` would
mean the position or the content."""


def test_there_are_games() -> None:
    assert len(GAMES) >= 4


@pytest.mark.parametrize("game", GAMES)
def test_a_game_has_every_required_module(game: str) -> None:
    have = {p.stem for p in (GAMES_DIR / game).glob("*.py")}
    missing = [name for name in REQUIRED if name not in have]
    assert not missing, f"{game} lacks {', '.join(f'{m}.py' for m in missing)}"


@pytest.mark.parametrize("game", GAMES)
def test_a_game_uses_no_retired_module_name(game: str) -> None:
    have = {p.stem for p in (GAMES_DIR / game).glob("*.py")}
    retired = RETIRED if game in BOARD_ENGINE else RETIRED | {"board"}
    assert not have & retired, f"{game} still has {sorted(have & retired)}"


def _tree(game: str, module: str) -> ast.Module:
    return ast.parse((GAMES_DIR / game / f"{module}.py").read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", GAMES)
def test_the_package_init_only_re_exports(game: str) -> None:
    """``__init__.py`` defines nothing: the Game class lives in ``game.py``."""
    defined = [
        node.name
        for node in _tree(game, "__init__").body
        if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
    ]
    assert not defined, f"{game}/__init__.py defines {defined}"


def _method(tree: ast.Module, name: str) -> ast.FunctionDef | None:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == name:
            return node
    return None


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("hook", ["_legal", "_apply"])
def test_the_state_hooks_dispatch_without_an_elif_chain(game: str, hook: str) -> None:
    """``_legal`` and ``_apply`` look the phase or the action's kind up in a table; an ``if``/``elif``
    chain over raw values is what the guide forbids."""
    method = _method(_tree(game, "state"), hook)
    assert method is not None, f"{game}/state.py has no {hook}"
    chains = [
        node.lineno
        for node in ast.walk(method)
        if isinstance(node, ast.If) and len(node.orelse) == 1 and isinstance(node.orelse[0], ast.If)
    ]
    assert not chains, f"{game}/state.py {hook} has an if/elif chain at line {chains[0]}"
