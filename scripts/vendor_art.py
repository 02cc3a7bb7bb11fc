"""Copy the few pictures the tables use from the OpenMoji npm package into riverbox/web/static/art/.

    python scripts/vendor_art.py            # fetch the package (npm pack), copy and shrink the SVGs
    python scripts/vendor_art.py --check    # the copied files match scripts/art.json (no network)

``scripts/art.json`` maps each of our names (``lion``, ``equip-big-net``, ...) to the set's
file; only those files are copied, as ``art/<name>.svg``, with the set's licence and an
attribution file beside them. Nothing is built at install time: the copies are committed. The
SVGs keep their shapes; the script only drops metadata and ids and rounds coordinates to one
decimal on the 72-unit grid (a third of the bytes, no visible change), so the whole set stays
small (see ``LIMIT``).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "scripts" / "art.json"
ART = ROOT / "riverbox" / "web" / "static" / "art"
LIMIT = 300_000
"""Bytes all the pictures may take together (the issue's page-weight bound)."""

NUMBER = re.compile(r"-?\d*\.\d+")


def shrink(svg: str) -> str:
    """The same picture in fewer bytes: no ids, comments or line breaks; coordinates to 0.1."""
    svg = re.sub(r"<!--.*?-->", "", svg, flags=re.S)
    svg = re.sub(r'\s(id|data-name)="[^"]*"', "", svg)
    svg = NUMBER.sub(_rounded, svg)
    svg = re.sub(r">\s+<", "><", svg)
    return re.sub(r"\s+", " ", svg).strip() + "\n"


def _rounded(match: re.Match[str]) -> str:
    """A number to one decimal, kept apart from a next number that starts with its point."""
    text = _short(float(match.group()))
    follows = match.string[match.end() : match.end() + 1]
    return f"{text} " if follows == "." and "." not in text else text


def _short(value: float) -> str:
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    if text in ("-0", ""):
        return "0"
    return text.replace("0.", ".", 1) if text.startswith("0.") else text.replace("-0.", "-.", 1)


def manifest() -> dict[str, object]:
    with MANIFEST.open(encoding="utf-8") as handle:
        data: dict[str, object] = json.load(handle)
    return data


def fetch(package: str, folder: Path) -> Path:
    """``npm pack`` the package into ``folder``; the tarball's path."""
    subprocess.run(["npm", "pack", package, "--silent"], cwd=folder, check=True, capture_output=True)
    tarballs = sorted(folder.glob("*.tgz"))
    if not tarballs:
        raise SystemExit(f"npm pack {package} made no tarball")
    return tarballs[0]


def copy(tarball: Path, data: dict[str, object]) -> int:
    """Copy the manifest's pictures, the licence and the attribution; the bytes written."""
    art = data["art"]
    assert isinstance(art, dict)
    source = str(data["source"])
    ART.mkdir(parents=True, exist_ok=True)
    for old in ART.glob("*.svg"):
        old.unlink()
    total = 0
    with tarfile.open(tarball) as tar:
        for name, code in sorted(art.items()):
            member = tar.extractfile(source.format(code=code))
            if member is None:
                raise SystemExit(f"{name}: {code} is not in the package")
            text = shrink(member.read().decode("utf-8"))
            (ART / f"{name}.svg").write_text(text, encoding="utf-8")
            total += len(text.encode())
        licence = tar.extractfile(str(data["licence"]))
        if licence is None:
            raise SystemExit("the package has no licence file")
        (ART / "LICENSE-openmoji.txt").write_bytes(licence.read())
    (ART / "ATTRIBUTION.txt").write_text(f"{data['attribution']}\n", encoding="utf-8")
    return total


def check(data: dict[str, object]) -> list[str]:
    """What is wrong with the copied pictures (missing, unlisted, over the size limit)."""
    art = data["art"]
    assert isinstance(art, dict)
    have = {p.stem for p in ART.glob("*.svg")}
    problems = [f"missing: {n}.svg" for n in sorted(set(art) - have)]
    problems += [f"not in scripts/art.json: {n}.svg" for n in sorted(have - set(art))]
    total = sum(p.stat().st_size for p in ART.glob("*.svg"))
    if total > LIMIT:
        problems.append(f"the pictures take {total} bytes, more than {LIMIT}")
    if not (ART / "LICENSE-openmoji.txt").is_file() or not (ART / "ATTRIBUTION.txt").is_file():
        problems.append("the licence or the attribution is missing")
    return problems


def main(argv: list[str]) -> int:
    data = manifest()
    if "--check" not in argv:
        with tempfile.TemporaryDirectory() as folder:
            total = copy(fetch(str(data["package"]), Path(folder)), data)
        print(f"copied {len(data['art'])} pictures, {total} bytes")  # type: ignore[arg-type]
    problems = check(data)
    for line in problems:
        print(line, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
