"""The vendored pictures (scripts/vendor_art.py, scripts/art.json): what the tables draw is there,
small, licensed, served with a long cache lifetime, and shrinking never changes a path's numbers'
count."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

from fastapi.testclient import TestClient

import riverbox
from riverbox.games.river_trek.position import COLOURS as TREK_COLOURS
from riverbox.server.static import ART_CACHE

ROOT = Path(__file__).resolve().parents[2]


def vendor() -> ModuleType:
    spec = importlib.util.spec_from_file_location("vendor_art", ROOT / "scripts" / "vendor_art.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["vendor_art"] = module
    spec.loader.exec_module(module)
    return module


def test_the_copied_pictures_match_the_manifest_and_stay_small() -> None:
    art = vendor()
    assert art.check(art.manifest()) == []
    total = sum(p.stat().st_size for p in art.ART.glob("*.svg"))
    assert total <= art.LIMIT
    assert "CC BY-SA 4.0" in (art.ART / "ATTRIBUTION.txt").read_text()
    assert "Attribution-ShareAlike 4.0" in (art.ART / "LICENSE-openmoji.txt").read_text()


def test_every_animal_card_equipment_and_explorer_has_a_picture() -> None:
    names = set(vendor().manifest()["art"])
    rr = riverbox.load("ravenous-river").printed_content("en")
    rv = riverbox.load("river-rivals").printed_content("en")
    wanted = {*rr["animals"], *(f"card-{c}" for c in rr["cards"]), *rv["animals"]}
    wanted |= {f"equip-{e}" for e in rv["equipment"]}
    wanted |= {"boat", "bank", "home", "fish", "shield", "pile", "eye"}
    # River Trek's explorers: a picture per colour and one for Stanley (games/river-trek.js)
    wanted |= {f"explorer-{c}" for c in (*TREK_COLOURS, "stanley")}
    assert wanted <= names, sorted(wanted - names)


def test_shrinking_rounds_numbers_but_never_joins_two() -> None:
    art = vendor()
    path = '<path id="x" d="M1.96.5L0.04.26 -0.5,10.449"/>'
    small = art.shrink(path)
    assert 'id="' not in small
    numbers = re.findall(r"-?\d*\.?\d+", small.split('d="')[1])
    assert numbers == ["2", ".5", "0", ".3", "-.5", "10.4"], small


def test_pictures_are_served_with_a_long_cache_lifetime(lite: TestClient) -> None:
    picture = lite.get("/static/art/lion.svg")
    assert picture.status_code == 200 and picture.headers["content-type"].startswith("image/svg")
    assert picture.headers["cache-control"] == ART_CACHE
    assert "max-age=2592000" in ART_CACHE
    assert lite.get("/static/art/no-such.svg").status_code == 404
    assert "cache-control" not in lite.get("/static/table.js").headers
