"""The import graph of the ``riverbox`` package: no import circles, and arrows only point down.

The graph is read from the source with ``ast``, so it sees every import in the code:
module-level ones, those inside functions (a lazy import still closes a circle when it runs)
and those under ``if TYPE_CHECKING:`` (a circle for the type checker only still ties the
modules into one that cannot be read, compiled or tested alone; issue 10 counts them).
``from x import y`` is an edge to module ``x.y`` when that is a module, else to ``x``;
relative imports are resolved against the importing module's package.

The layers come from docs/design.md, section 1 (core, games, the registry, services, interfaces):
``core`` knows no game; a game knows ``core`` only; bots, lab, store and the interfaces know
games only through the contract (by name, through the registry), so adding a fifth game
touches ``games/`` and the registry and nothing else.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "riverbox"

# What each part of the package may import besides itself (docs/design.md section 1). A game
# package ("games.<name>") may import the core and its own modules only.
ALLOWED: dict[str, set[str]] = {
    "core": set(),
    "home": set(),  # where data lives: one answer for the terminal and the server
    "buildinfo": {"core"},  # which build runs: it asks where the core was loaded from
    "games": {"core", "registry"},  # the package's __init__: ``riverbox.games()`` asks the registry, lazily
    "registry": {"core"},  # it loads games by name (importlib), never by import
    "bots": {"core", "registry"},
    "lab": {"core", "registry", "bots", "buildinfo"},
    "store": {"core", "registry"},
    "integrations": {"core", "registry", "bots", "lab"},
    "server": {"core", "registry", "bots", "lab", "store", "web", "home"},
    "web": set(),
    "cli": {"core", "registry", "bots", "lab", "store", "integrations", "server", "riverbox", "home"},
    "riverbox": {"core", "registry", "games", "buildinfo"},  # the package's own __init__: the public names
    "__main__": {"cli"},
}


def modules() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its ``__init__``)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _known(name: str, names: dict[str, Path]) -> str:
    """The longest prefix of ``name`` that is a module (``riverbox.x.attribute`` -> ``riverbox.x``)."""
    while name not in names and "." in name:
        name = name.rpartition(".")[0]
    return name


def targets(module: str, path: Path, names: dict[str, Path]) -> set[str]:
    """The package's modules that ``module`` imports."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found |= {_known(alias.name, names) for alias in node.names}
            continue
        if not isinstance(node, ast.ImportFrom):
            continue
        base = node.module or ""
        if node.level:
            parts = package.split(".")
            parts = parts[: len(parts) - node.level + 1]
            base = ".".join([*parts, base] if base else parts)
        for alias in node.names:
            full = f"{base}.{alias.name}"
            found.add(full if full in names else _known(base, names))
    return {t for t in found if t == "riverbox" or t.startswith("riverbox.")} - {module}


@cache
def graph() -> dict[str, frozenset[str]]:
    names = modules()
    return {m: frozenset(targets(m, p, names)) for m, p in names.items()}


def part(module: str) -> str:
    """The layer a module belongs to: ``core``, ``games.<name>``, ``games``, ``bots``, ..."""
    parts = module.split(".")
    if len(parts) == 1:
        return "riverbox"
    if parts[1] == "games" and len(parts) > 2:
        return f"games.{parts[2]}"
    return parts[1]


def may_import(source: str, target: str) -> bool:
    here, there = part(source), part(target)
    if here == there:
        return True
    if here.startswith("games."):
        return there == "core"
    return there in ALLOWED[here]


def cycles(edges: dict[str, frozenset[str]], limit: int = 200) -> list[list[str]]:
    """Every elementary import circle, each as a path from its smallest module (at most ``limit``).

    A circle is reported once, starting at its alphabetically first module, by a search that
    only visits modules after that start.
    """
    found: list[list[str]] = []
    for start in sorted(edges):
        stack = [(start, [start])]
        while stack and len(found) < limit:
            node, path = stack.pop()
            for nxt in sorted(edges.get(node, ()), reverse=True):
                if nxt == start:
                    found.append([*path, start])
                elif nxt > start and nxt not in path:
                    stack.append((nxt, [*path, nxt]))
    return found


# -- the checks ------------------------------------------------------------------------------
def test_the_graph_sees_the_package() -> None:
    """A guard for the checks below: the walk finds the layers and the edges it should."""
    edges = graph()
    assert {"riverbox.core.game", "riverbox.registry", "riverbox.cli.main"} <= edges.keys()
    assert "riverbox.core.game" in edges["riverbox.registry"]
    assert {part(m) for m in edges} - {"games"} >= {"core", "bots", "cli", "games.river_wild"}
    unknown = {part(m) for m in edges if not part(m).startswith("games.")} - ALLOWED.keys()
    assert not unknown, f"parts of the package with no layer in ALLOWED: {sorted(unknown)}"


def test_the_walk_sees_relative_lazy_and_type_checking_imports(tmp_path: Path) -> None:
    pkg = tmp_path / "riverbox" / "sub"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("from . import a\n")
    (pkg / "a.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "from .b import thing\n"
        "if TYPE_CHECKING:\n    from riverbox.sub import d\n"
        "def f():\n    import riverbox.sub.c.attr\n    from .. import sub\n"
    )
    for name in "bcd":
        (pkg / f"{name}.py").write_text("")
    names = {"riverbox.sub": pkg / "__init__.py", **{f"riverbox.sub.{n}": pkg / f"{n}.py" for n in "abcd"}}
    assert targets("riverbox.sub", names["riverbox.sub"], names) == {"riverbox.sub.a"}
    assert targets("riverbox.sub.a", names["riverbox.sub.a"], names) == {
        "riverbox.sub.b",
        "riverbox.sub.c",  # the lazy import inside f
        "riverbox.sub.d",  # for the type checker only: still an edge
        "riverbox.sub",
    }


def test_cycles_are_found_and_reported_once_each() -> None:
    edges = {
        "a": frozenset({"b"}),
        "b": frozenset({"c", "a"}),
        "c": frozenset({"a"}),
        "d": frozenset({"a"}),
    }
    assert sorted(cycles(edges)) == [["a", "b", "a"], ["a", "b", "c", "a"]]
    assert cycles({"a": frozenset({"b"}), "b": frozenset()}) == []


def test_no_import_circles() -> None:
    found = cycles(graph())
    paths = "\n  ".join(" -> ".join(m.removeprefix("riverbox.") for m in c) for c in found)
    if found:
        pytest.fail(
            f"{len(found)} import circles in riverbox (riverbox. left out):\n  {paths}", pytrace=False
        )


def test_the_core_has_no_import_circle_and_imports_only_itself() -> None:
    core = {m: e for m, e in graph().items() if part(m) == "core"}
    outside = sorted(f"{m} -> {t}" for m, e in core.items() for t in e if part(t) != "core")
    if outside:
        pytest.fail("the core imports outside the core:\n  " + "\n  ".join(outside), pytrace=False)
    assert cycles(core) == []


def test_every_import_points_down_the_layers() -> None:
    bad = sorted(f"{m} -> {t}" for m, e in graph().items() for t in e if not may_import(m, t))
    rules = "; ".join(f"{k}: {', '.join(sorted(v)) or 'itself only'}" for k, v in ALLOWED.items())
    if bad:
        pytest.fail(
            f"{len(bad)} imports break the layers of docs/design.md section 1 (a game may import the core"
            f" and itself; {rules}):\n  " + "\n  ".join(bad),
            pytrace=False,
        )


# -- games use the core's public methods only ----------------------------------------------------


def _private_names(path: Path, methods_only: bool = False) -> set[str]:
    """Private names (``_x``, not dunders) that ``path`` defines: its methods, and unless
    ``methods_only`` its attributes, slots and annotated fields."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            found.add(node.name)
        elif methods_only:
            continue
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            found.add(node.attr)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            found.add(node.target.id)
        elif isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets
        ):
            found.update(c.value for c in ast.walk(node.value) if isinstance(c, ast.Constant))
    return {n for n in found if isinstance(n, str) and n.startswith("_") and not n.startswith("__")}


def core_reaches(game: Path) -> list[str]:
    """Where ``game``'s modules touch a private name of the core's ``Game`` or ``State``
    (``state._own_events``, ``self._lkey``) other than a hook the game defines as a method of its
    own (``_legal``, ``_apply``), or append to a state's history directly."""
    core = _private_names(PACKAGE / "core" / "game.py")
    files = sorted(game.rglob("*.py"))
    hooks = set().union(*(_private_names(p, methods_only=True) for p in files))
    found = []
    for path in files:
        nodes = [
            n for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(n, ast.Attribute)
        ]
        for node in sorted(nodes, key=lambda n: (n.lineno, n.col_offset)):
            where = f"{path.relative_to(game.parent)}:{node.lineno}"
            if node.attr in core and node.attr not in hooks:
                found.append(f"{where} .{node.attr}")
            elif (
                node.attr == "append"
                and isinstance(node.value, ast.Attribute)
                and node.value.attr == "history"
            ):
                found.append(f"{where} .history.append (use record_chance or chance)")
    return found


def test_the_rule_sees_a_game_writing_the_cores_private_fields(tmp_path: Path) -> None:
    game = tmp_path / "demo"
    game.mkdir()
    (game / "rules.py").write_text(
        "def step(st, event, outcome):\n"
        "    st._own_events.append(event)\n"
        "    st.history.append((-1, outcome))\n"
        "    st._lkey = None\n"
        "    st.emit_event(event)\n",
        encoding="utf-8",
    )
    (game / "state.py").write_text(
        "class S:\n    def _legal(self, seat):\n        return []\n", encoding="utf-8"
    )
    found = [f.split()[1] for f in core_reaches(game)]
    assert found == ["._own_events", ".history.append", "._lkey"]


GAMES = sorted(p.name for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").is_file())


@pytest.mark.parametrize("game", GAMES)
def test_games_use_the_cores_public_methods_only(game: str) -> None:
    """The core's private fields (the event list, the legal cache, the history's chance entries) are
    written through ``emit``, ``emit_event``, ``chance``, ``record_chance`` and ``settle_legal``; a
    game overrides the core's hooks (``_legal``, ``_apply``, ``_setup``, ``_view``) by defining them."""
    found = core_reaches(PACKAGE / "games" / game)
    if found:
        pytest.fail(f"{game} reaches into the core:\n  " + "\n  ".join(found), pytrace=False)
