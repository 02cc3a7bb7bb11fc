"""The rulings register (docs/rulings.md) names every ruling id the project cites, one rule per id.

Code comments, test names and docs cite rulings as ``RR-n`` (Ravenous River), ``RV-n`` (River Rivals),
``RW-n`` (River Wild) and ``RT-n`` (River Trek); test functions as ``test_rt_23_...``. A citation the
register lacks points nowhere a reader can follow, so it fails here; so does an id listed twice, a gap in
a game's numbering, and a citation of an id for a rule that was split off it (the register's table
"Ids split off another": RT-13 once also meant "Boa / Tree Frog only on a player's own turn", now RT-31).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REGISTER = ROOT / "docs" / "rulings.md"
SCANNED = ("riverbox", "tests", "examples", "scripts", "docs")
SUFFIXES = {".py", ".md", ".js", ".html", ".json", ".toml", ".txt", ".cfg", ".sh", ".po"}
PREFIXES = ("RR", "RV", "RW", "RT")

CITED = re.compile(r"\b(R[RVWT])-(\d+)\b")
TEST_NAME = re.compile(r"\bdef (test_\w+)")
IN_NAME = re.compile(r"(?:^|_)(rr|rv|rw|rt)_(\d+)(?=_|$)")
LISTED = re.compile(r"^- \*\*(R[RVWT]-\d+)\*\*", re.M)
SPLIT_ROW = re.compile(r"^\| (R[RVWT]-\d+) \| (R[RVWT]-\d+) \| (.+?) \|$", re.M)


def scanned_files() -> list[Path]:
    """Every text file that may cite a ruling; the register and this file (whose ids are samples) left out."""
    out = [ROOT / "README.md"]
    for top in SCANNED:
        out += [
            p
            for p in sorted((ROOT / top).rglob("*"))
            if p.is_file()
            and p.suffix in SUFFIXES
            and p not in (REGISTER, Path(__file__).resolve())
            and "__pycache__" not in p.parts
        ]
    return [p for p in out if p.exists()]


def citations(text: str) -> list[tuple[str, int]]:
    """(id, line number) for every ruling id in ``text``, in ``RT-23`` form or in a test's name."""
    found: list[tuple[str, int]] = []
    for no, line in enumerate(text.splitlines(), 1):
        found += [(f"{a}-{n}", no) for a, n in CITED.findall(line)]
        for name in TEST_NAME.findall(line):
            found += [(f"{a.upper()}-{n}", no) for a, n in IN_NAME.findall(name[len("test") :])]
    return found


def register() -> list[str]:
    return LISTED.findall(REGISTER.read_text(encoding="utf-8"))


def splits() -> list[tuple[str, str, list[str]]]:
    """(old id, new id, words of the new rule) from the register's table."""
    rows = SPLIT_ROW.findall(REGISTER.read_text(encoding="utf-8"))
    return [(old, new, [w.strip() for w in words.split(",")]) for old, new, words in rows if old != "old id"]


def test_citations_parse_both_forms() -> None:
    """The scanner sees ids in comments and in test names, and nothing in look-alikes."""
    text = 'x = 1  # RT-23, RW-10\ndef test_rt_9_rt_27_bridge() -> None:\n"ART-5 LRT-3 sport_12"\n'
    assert citations(text) == [("RT-23", 1), ("RW-10", 1), ("RT-9", 2), ("RT-27", 2)]


def test_register_lists_each_id_once_without_gaps() -> None:
    ids = register()
    twice = sorted(i for i, n in Counter(ids).items() if n > 1)
    assert not twice, f"listed more than once in docs/rulings.md: {twice}"
    for prefix in PREFIXES:
        numbers = sorted(int(i.split("-")[1]) for i in ids if i.startswith(prefix + "-"))
        assert numbers, f"docs/rulings.md lists no {prefix} ruling"
        assert numbers == list(range(1, len(numbers) + 1)), f"{prefix} numbering has a gap: {numbers}"


def test_every_cited_id_is_in_the_register() -> None:
    known = set(register())
    missing: dict[str, list[str]] = {}
    for path in scanned_files():
        for rid, line in citations(path.read_text(encoding="utf-8", errors="replace")):
            if rid not in known:
                missing.setdefault(rid, []).append(f"{path.relative_to(ROOT)}:{line}")
    assert not missing, f"ruling ids cited but not in docs/rulings.md: {missing}"


def split_misuses(text: str, table: list[tuple[str, str, list[str]]]) -> list[tuple[int, str, str]]:
    """(line, old id, new id) where ``text`` cites an old id and its line (or the next) speaks of the
    rule split off it without citing the new id. The next line counts only under a comment that is
    nothing but ids (``# RT-13, RT-21``), which labels the line below it."""
    lines = text.splitlines()
    out: list[tuple[int, str, str]] = []
    for old, new, words in table:
        pattern = re.compile("|".join(re.escape(w) for w in words), re.I)
        for rid, no in citations(text):
            line = lines[no - 1]
            bare = not re.sub(r"[#\s,;:()]+", "", CITED.sub("", line))  # a comment of ids only
            window = " ".join(lines[no - 1 : no + 1]) if bare else line
            if rid == old and new not in window and pattern.search(window):
                out.append((no, old, new))
    return out


def test_no_id_is_cited_for_a_rule_split_off_it() -> None:
    table = splits()
    assert ("RT-13", "RT-31", ["Boa", "Tree Frog", "frog"]) in table
    known = set(register())
    for old, new, _ in table:
        assert new in known and old in known, f"split {old} -> {new}: both must be listed"
    wrong = [
        f"{path.relative_to(ROOT)}:{no} cites {old}; that rule is {new}"
        for path in scanned_files()
        for no, old, new in split_misuses(path.read_text(encoding="utf-8", errors="replace"), table)
    ]
    assert not wrong, "\n".join(wrong)


def test_the_split_check_catches_an_old_citation() -> None:
    """The check above fails on the citations this register replaced, and passes the forced-move ones."""
    table = splits()
    bad = (
        "    if mover != BY_STANLEY:  # RT-13: Boa / Tree Frog only on a player's own turn\n"
        "    # RT-13, RT-21, RT-22\n"
        '    Kind.DROP: N_("the Boa and the Tree Frog are used during your own caravan moves only"),\n'
        "def test_rt_13_boa_frog_on_own_forced_move_never_peccary() -> None:\n"
    )
    assert [no for no, _, _ in split_misuses(bad, table)] == [1, 2, 4]
    good = (
        '"""RT-13: a caravan this tall must move at the end of a turn."""\n'
        "FROG_TOOL: Final = 2\n"
        "    # RT-31, RT-21, RT-22\n"
        '    Kind.DROP: N_("the Boa and the Tree Frog are used during your own caravan moves only"),\n'
    )
    assert split_misuses(good, table) == []
