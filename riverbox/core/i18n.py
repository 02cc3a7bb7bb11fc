"""Languages: every text a player reads goes through a message catalog.

English is the source language: each English sentence is its own message id, so code reads as
it always did and a missing translation falls back to the English words. Other languages live in
gettext catalogs, ``riverbox/locale/<lang>/LC_MESSAGES/<domain>.po``, read at run time with Babel
(no compile step and no binary ``.mo`` files in git) and cached per (domain, language).

Domains: ``riverbox`` (core, terminal, server and web pages) and one per game, named as its
package (``ravenous_river``, ``river_rivals``, ``river_wild``, ``river_trek``), so a game's
translators never touch another game's catalog.

How code marks its texts (``babel.cfg`` extracts them with the keywords below):

* ``N_("...")`` marks a module-level string (a table of names) and returns it unchanged; it is
  translated where it is shown, with ``gettext``/``translator``;
* ``_ = translator(domain, lang)`` then ``_("...")`` inside a function that knows the language;
* ``gettext(domain, lang, "...")`` for a single lookup;
* content from data files (card names and texts) is extracted by :func:`extract_json` from the
  keys ``babel.cfg`` names for each file.

:func:`player_strings` lists every message id of a domain, so a test can check that a language
a game declares (``Game.languages``) has a real translation for each of them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import IO, Any, NamedTuple

from riverbox.core.text import player_text

LANGUAGES: tuple[str, ...] = ("en", "zh")
"""The languages riverbox speaks; English is the source, the others come from catalogs."""

LANGUAGE_NAMES: Mapping[str, str] = {"en": "English", "zh": "中文"}
"""Each language named in itself, for a language switch."""

DOMAINS: tuple[str, ...] = ("riverbox", "ravenous_river", "river_rivals", "river_wild", "river_trek")
"""The catalogs: the shared one, then one per game (named as the game's package)."""

PACKAGE = Path(__file__).resolve().parents[1]
"""The ``riverbox`` package directory, where ``locale/`` sits."""

KEYWORDS: Mapping[str, tuple[int, ...] | None] = {
    "N_": None,
    "_": None,
    "gettext": (3,),
    "message": (2,),
    "server_text": None,
    "refuse": None,
}
"""Extraction keywords: ``N_(text)``, ``_(text)``, ``gettext(domain, lang, text)``,
``message(domain, template, **fields)``, and ``server_text``/``refuse(template, **fields)``: a
server's or a game's own shorthand for ``message`` in its domain."""


def check_lang(lang: object) -> str:
    """``lang`` if riverbox speaks it, else ``ValueError`` naming the choices."""
    if not isinstance(lang, str) or lang not in LANGUAGES:
        shown = repr(lang)[:40]
        raise ValueError(f"no language {shown}; choose from {', '.join(LANGUAGES)}")
    return lang


def N_(text: str) -> str:
    """Mark ``text`` for extraction without translating it (it is translated where shown)."""
    return text


def catalog_path(domain: str, lang: str) -> Path:
    """Where the ``.po`` catalog of ``domain`` in ``lang`` lives."""
    return PACKAGE / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"


@cache
def catalog(domain: str, lang: str) -> Mapping[str, str]:
    """msgid -> msgstr for the finished entries of one catalog (read once, then cached).

    Fuzzy and empty entries are left out: a draft translation is not shown to players, who read
    the English instead. A missing catalog is an empty one (that language falls back to English).
    """
    if domain not in DOMAINS:
        raise ValueError(f"no message domain {domain!r}; choose from {', '.join(DOMAINS)}")
    check_lang(lang)
    path = catalog_path(domain, lang)
    if lang == "en" or not path.is_file():
        return {}
    from babel.messages.pofile import read_po  # Babel is needed only once a catalog is read

    with path.open("rb") as handle:
        messages = read_po(handle, locale=lang, domain=domain)
    found: dict[str, str] = {}
    for message in messages:
        text = message.string
        if (
            message.id
            and isinstance(message.id, str)
            and isinstance(text, str)
            and text
            and not message.fuzzy
        ):
            found[message.id] = text
    return found


def gettext(domain: str, lang: str, text: str) -> str:
    """``text`` in ``lang`` from ``domain``'s catalog (the English ``text`` when it has none)."""
    if lang == "en":
        return text
    return catalog(domain, lang).get(text, text)


def translator(domain: str, lang: str) -> Callable[[str], str]:
    """A one-argument ``gettext`` for ``domain`` in ``lang``, to bind as ``_`` in a function."""
    check_lang(lang)
    if lang == "en":
        return N_
    table = catalog(domain, lang)

    def translate(text: str) -> str:
        return table.get(text, text)

    return translate


def localized_file(path: Path, lang: str) -> Path:
    """``name.<lang>.ext`` next to ``path`` (``rules.zh.md`` for ``rules.md``) if it exists, else ``path``."""
    if lang == "en":
        return path
    other = path.with_name(f"{path.stem}.{lang}{path.suffix}")
    return other if other.is_file() else path


class Message(NamedTuple):
    """A sentence to show in the reader's language: its domain, English template and fields.

    ``str(message)`` is the English sentence (logs, API compatibility); ``text(lang)`` fills the
    translated template. A field that is itself a ``Message`` is put in the same language, so a
    reason can sit inside a sentence that names the action it refuses.
    """

    domain: str
    template: str
    fields: tuple[tuple[str, Any], ...] = ()

    def text(self, lang: str = "en") -> str:
        values = {k: v.text(lang) if isinstance(v, Message) else v for k, v in self.fields}
        template = gettext(self.domain, lang, self.template)
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):  # a broken translation must not hide the message
            return self.template.format(**values)

    def __str__(self) -> str:
        return self.text("en")


def message(domain: str, template: str, **fields: Any) -> Message:
    """A :class:`Message` from keyword fields."""
    return Message(domain, template, tuple(fields.items()))


def in_lang(text: str | Message, lang: str) -> str:
    """``text`` for a reader of ``lang``: a plain string is shown as it is."""
    return text.text(lang) if isinstance(text, Message) else text


# -- extraction ------------------------------------------------------------------------------
def extract_json(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Mapping[str, Any]
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel extractor for data files: every string under the keys named by the ``keys`` option.

    Strings are taken as players read them (ruling ids cut, see ``player_text``), since that is
    the text the game looks up in its catalog.
    """
    keys = set(str(options.get("keys", "")).replace(",", " ").split())
    data = json.loads(fileobj.read().decode("utf-8"))

    def walk(node: Any) -> Iterator[str]:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in keys and isinstance(value, str):
                    yield player_text(value)
                elif key in keys and isinstance(value, list) and all(isinstance(v, str) for v in value):
                    yield from (player_text(v) for v in value)
                else:
                    yield from walk(value)
        elif isinstance(node, list):
            for value in node:
                yield from walk(value)

    for text in walk(data):
        if text:
            yield 0, None, text, []


def _mapping(config: Path) -> tuple[list[tuple[str, str]], dict[str, dict[str, Any]]]:
    from babel.messages.frontend import parse_mapping_cfg

    with config.open(encoding="utf-8") as handle:
        return parse_mapping_cfg(handle, filename=str(config))


def _domain_of(relative: str) -> str:
    """The domain of a file, by its path inside the package: a game's own, or ``riverbox``.

    A game's files are its folder ``games/<game>/`` and the script that draws its table,
    ``web/static/games/<game-name>.js``; everything else is shared.
    """
    parts = relative.split("/")
    if len(parts) > 2 and parts[0] == "games" and parts[1] in DOMAINS:
        return parts[1]
    if parts[:3] == ["web", "static", "games"] and len(parts) == 4:
        game = parts[3].removesuffix(".js").replace("-", "_")
        if game in DOMAINS:
            return game
    return "riverbox"


@cache
def _all_strings(config: str) -> Mapping[str, tuple[str, ...]]:
    from babel.messages.extract import extract_from_dir

    method_map, options_map = _mapping(Path(config))
    found: dict[str, dict[str, None]] = {d: {} for d in DOMAINS}
    for filename, _line, text, _comments, _context in extract_from_dir(
        str(PACKAGE), method_map, options_map, keywords=dict(KEYWORDS)
    ):
        ids = text if isinstance(text, str) else text[0]
        if ids:
            found[_domain_of(filename.replace("\\", "/"))][ids] = None
    return {d: tuple(v) for d, v in found.items()}


def player_strings(domain: str, config: Path | None = None) -> tuple[str, ...]:
    """Every message id of ``domain``: marked strings in its code, templates and data files.

    Extraction follows ``babel.cfg`` (default: the one next to the package, in a source
    checkout), so the strings checked are those ``pybabel extract`` would put in the catalog.
    """
    if domain not in DOMAINS:
        raise ValueError(f"no message domain {domain!r}; choose from {', '.join(DOMAINS)}")
    path = config or PACKAGE.parent / "babel.cfg"
    if not path.is_file():
        raise FileNotFoundError(f"no extraction config at {path.name}: run from a source checkout")
    return _all_strings(str(path))[domain]


def missing(domain: str, lang: str, wanted: Iterable[str]) -> list[str]:
    """The ids of ``wanted`` that ``domain`` has no finished ``lang`` translation for."""
    table = catalog(domain, lang)
    return [text for text in wanted if not table.get(text)]


__all__ = [
    "DOMAINS",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "N_",
    "Message",
    "catalog",
    "check_lang",
    "extract_json",
    "gettext",
    "in_lang",
    "localized_file",
    "message",
    "missing",
    "player_strings",
    "translator",
]
