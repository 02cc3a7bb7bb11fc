"""The Ravenous River modules import one another one way: no circle, not even through an import
inside a function or under ``TYPE_CHECKING`` (every ``import`` statement in a module counts)."""

from __future__ import annotations

import ast
from pathlib import Path

import riverbox.games.ravenous_river as package

PACKAGE = package.__name__
FOLDER = Path(package.__file__).parent


def _imports(path: Path) -> set[str]:
    """The package's modules that ``path`` imports anywhere in its text."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [f"{node.module}.{a.name}" for a in node.names] + [node.module]
        else:
            continue
        for name in names:
            if name.startswith(PACKAGE + "."):
                module = name[len(PACKAGE) + 1 :].split(".")[0]
                if (FOLDER / f"{module}.py").exists():
                    found.add(module)
    return found


def graph() -> dict[str, set[str]]:
    modules = sorted(p.stem for p in FOLDER.glob("*.py") if p.stem != "__init__")
    return {m: _imports(FOLDER / f"{m}.py") - {m} for m in modules}


def circle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import circle of ``edges`` (the modules along it), or None."""
    state = dict.fromkeys(edges, 0)  # 0 unseen, 1 on the path, 2 done
    path: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        path.append(m)
        for n in sorted(edges[m]):
            if state[n] == 1:
                return [*path[path.index(n) :], n]
            if state[n] == 0 and (found := visit(n)):
                return found
        path.pop()
        state[m] = 2
        return None

    for m in edges:
        if state[m] == 0 and (found := visit(m)):
            return found
    return None


def test_the_walker_finds_a_circle() -> None:
    assert circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert circle({"a": {"b"}, "b": set()}) is None


def test_ravenous_river_modules_import_one_way() -> None:
    edges = graph()
    # the state looks its hooks up in the rules' tables; the rules hand card choices to the effects
    assert {"rules", "position"} <= edges["state"] and {"effects", "position"} <= edges["rules"]
    assert circle(edges) is None, " -> ".join(circle(edges) or [])
    # the rules' data sits at the bottom: it imports no rules, views or words
    assert edges["position"] <= {"scoring", "content", "actions", "tables"}
