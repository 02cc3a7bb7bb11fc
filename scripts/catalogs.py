"""Bring every Chinese catalog up to date with the strings the code and data mark for players.

    python scripts/catalogs.py            # add new message ids (empty), drop vanished ones
    python scripts/catalogs.py --check    # list, per domain, the ids still without a translation

Each domain's catalog (``riverbox/locale/zh/LC_MESSAGES/<domain>.po``) is merged with the ids
``riverbox.core.i18n.player_strings`` extracts (``babel.cfg``): translations already made are
kept, a new id gets an empty entry for a translator to fill, an id the code no longer uses is
removed. Run it from the project directory after adding or changing player text.
"""

from __future__ import annotations

import sys

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from riverbox.core.i18n import DOMAINS, catalog_path, missing, player_strings

LANG = "zh"


def update(domain: str) -> int:
    """Merge ``domain``'s catalog with its extracted ids; the number of ids added."""
    path = catalog_path(domain, LANG)
    header = f"# Simplified Chinese for riverbox, domain {domain!r} (see scripts/catalogs.py)."
    if path.is_file():
        with path.open("rb") as handle:
            old = read_po(handle, locale=LANG, domain=domain)
        if old.header_comment.startswith(header):  # keep the translators' notes (a glossary)
            header = old.header_comment
    else:
        old = Catalog(locale=LANG, domain=domain)
    new = Catalog(
        locale=LANG,
        domain=domain,
        project="riverbox",
        charset="utf-8",
        header_comment=header,
        creation_date=old.creation_date,
        revision_date=old.revision_date,
    )
    added = 0
    for text in player_strings(domain):
        before = old.get(text)
        if before is None:
            added += 1
        new.add(text, before.string if before is not None else "")
        if before is not None and before.fuzzy:
            new[text].flags.add("fuzzy")
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, new, width=0, omit_header=False, no_location=True, sort_output=False)
    return added


def main(argv: list[str]) -> int:
    if argv[1:] == ["--check"]:
        todo = {d: missing(d, LANG, player_strings(d)) for d in DOMAINS}
        for domain, ids in todo.items():
            print(f"{domain}: {len(ids)} without a translation")
        return 1 if any(todo.values()) else 0
    for domain in DOMAINS:
        print(f"{domain}: {update(domain)} new ids")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
