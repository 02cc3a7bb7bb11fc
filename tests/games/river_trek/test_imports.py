"""River Trek's modules import each other without a circle, counting every import: at the top,
inside functions and under ``TYPE_CHECKING`` (issue 10: ``state`` and ``explain`` used to import
each other)."""

from __future__ import annotations

import ast
from pathlib import Path

import riverbox.games.river_trek as package

PACKAGE = package.__name__
FOLDER = Path(package.__file__).parent


def _module(path: Path) -> str:
    return PACKAGE if path.stem == "__init__" else f"{PACKAGE}.{path.stem}"


def _imports(path: Path) -> set[str]:
    """The package's own modules that ``path`` imports anywhere in its text."""
    modules = {_module(p) for p in FOLDER.glob("*.py")}
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:  # ``from package import submodule`` imports the submodule
                sub = f"{node.module}.{alias.name}"
                found.add(sub if sub in modules else node.module)
    return {m for m in found if m in modules and m != _module(path)}


def graph() -> dict[str, set[str]]:
    return {_module(p): _imports(p) for p in FOLDER.glob("*.py")}


def _cycle(edges: dict[str, set[str]]) -> list[str]:
    """One import circle as a list of modules, or [] when there is none (depth-first search)."""
    state: dict[str, int] = {}
    trail: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        trail.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return [*trail[trail.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        state[node] = 2
        trail.pop()
        return []

    for node in sorted(edges):
        if node not in state and (found := visit(node)):
            return found
    return []


def test_the_package_has_no_import_circle() -> None:
    assert _cycle(graph()) == []


def test_the_rules_do_not_import_the_package_or_the_presentation() -> None:
    """Only the Game class (``__init__``) sits above the rules; render, narration and the bot
    read the rules, never the other way round."""
    above = {PACKAGE, f"{PACKAGE}.render", f"{PACKAGE}.narration", f"{PACKAGE}.bot"}
    edges = graph()
    for module in ("position", "moves", "powers", "turns", "setup", "rules", "explain", "view", "state"):
        assert not edges[f"{PACKAGE}.{module}"] & above, module


def test_the_cycle_finder_finds_a_circle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) == []
