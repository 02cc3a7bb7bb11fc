"""The README stays the size people read, its links into docs/ resolve, and its two set-up commands
stay true.

The README is the front page (about 10 kB, as python-chess's and OpenSpiel's are); depth lives in
docs/. A page moved or renamed there must not leave the README pointing at nothing.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from typer.testing import CliRunner

from riverbox.cli.main import app

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
LIMIT = 11_000
"""Bytes: "about 10 kB" with room for a line or two."""

LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)|src=\"([^\"]+)\"")


def targets(text: str) -> list[str]:
    """Every relative link and image path of a markdown text (web addresses left out)."""
    found = [a or b for a, b in LINK.findall(text)]
    return [t for t in found if not re.match(r"[a-z]+:", t)]


def test_readme_is_about_ten_kilobytes() -> None:
    size = len(README.read_bytes())
    assert size <= LIMIT, f"README.md is {size} bytes; move depth into docs/ (limit {LIMIT})"


def test_every_link_of_the_readme_and_the_docs_resolves() -> None:
    readme_links = targets(README.read_text(encoding="utf-8"))
    assert any(t.startswith("docs/") for t in readme_links)
    missing = [t for t in readme_links if not (ROOT / t).exists()]
    for page in sorted((ROOT / "docs").glob("*.md")):
        missing += [
            f"{page.name}: {t}"
            for t in targets(page.read_text(encoding="utf-8"))
            if not (page.parent / t).exists()
        ]
    assert not missing, f"links to nothing: {missing}"


def test_the_link_pattern_finds_links_and_images() -> None:
    text = (
        '[a](docs/cli.md) [b](docs/server.md#api) ![c](docs/x.png) <img src="docs/y.png"> [w](https://x.org)'
    )
    assert targets(text) == ["docs/cli.md", "docs/server.md", "docs/x.png", "docs/y.png"]


def test_the_two_set_up_commands_stay_true() -> None:
    text = README.read_text(encoding="utf-8")
    assert 'pip install -e ".[web]" && riverbox serve --open' in text
    assert "bash scripts/test" in text and (ROOT / "scripts" / "test").is_file()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "web" in project["optional-dependencies"] and "riverbox" in project["scripts"]
    serve_help = CliRunner().invoke(app, ["serve", "--help"])
    assert serve_help.exit_code == 0 and "--open" in serve_help.stdout
