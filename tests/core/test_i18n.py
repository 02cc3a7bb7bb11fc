"""Languages: catalogs read at run time, English fallback, messages in the reader's language,
and the completeness of every catalog a game declares (issue 12, "Languages").

The completeness test covers the shared ``riverbox`` domain and each game whose
``Game.languages`` lists a language: declaring ``zh`` is the promise that every string the
game marks for players (code, data files) has a finished Chinese translation.
"""

from __future__ import annotations

import io
import re
import string

import pytest

import riverbox
from riverbox.core import i18n
from riverbox.core.errors import IllegalAction
from riverbox.core.i18n import Message, check_lang, gettext, message, player_strings, translator
from riverbox.registry import game_class, register

register("toy", "tests.core.toy:ToyGame")

CJK = re.compile(r"[\u4e00-\u9fff]")


def _declared() -> list[tuple[str, str]]:
    """(domain, language) pairs the catalogs must be complete for."""
    pairs = {("riverbox", lang) for lang in i18n.LANGUAGES if lang != "en"}
    for info in riverbox.games():
        cls = game_class(info.name)
        pairs |= {(cls.domain, lang) for lang in cls.languages if lang != "en"}
    return sorted(pairs)


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


@pytest.mark.parametrize(("domain", "lang"), _declared())
def test_a_declared_language_translates_every_player_string(domain: str, lang: str) -> None:
    wanted = player_strings(domain)
    assert wanted, f"{domain}: extraction found no strings (is babel.cfg read?)"
    table = i18n.catalog(domain, lang)
    untranslated = [text for text in wanted if not table.get(text)]
    assert not untranslated, f"{domain}/{lang}: {len(untranslated)} without a translation: {untranslated[:8]}"
    for text in wanted:
        said = table[text]
        assert _fields(said) == _fields(text), f"{domain}/{lang}: fields differ in {text!r} -> {said!r}"
        if lang == "zh" and re.search(r"[A-Za-z]{4}", re.sub(r"\{[^}]*\}", "", text)):
            assert CJK.search(said), f"{domain}/zh: {text!r} is left in English: {said!r}"


def test_every_game_names_its_own_domain_and_known_languages() -> None:
    shipped = [game_class(info.name) for info in riverbox.games()]
    shipped = [cls for cls in shipped if cls.__module__.startswith("riverbox.games.")]
    assert len(shipped) == 4
    for cls in shipped:
        info = cls.info
        assert cls.domain in i18n.DOMAINS and cls.domain != "riverbox", info.name
        assert cls.__module__.startswith(f"riverbox.games.{cls.domain}"), info.name
        assert cls.languages[0] == "en" and set(cls.languages) <= set(i18n.LANGUAGES), info.name


def test_check_lang_names_the_choices() -> None:
    assert check_lang("zh") == "zh"
    for bad in ("xx", "", None, 3):
        with pytest.raises(ValueError, match="choose from en, zh"):
            check_lang(bad)


def test_english_is_the_message_id_and_a_missing_entry_falls_back_to_it() -> None:
    text = "{game}: {action} is not a legal action now"
    assert gettext("riverbox", "en", text) == text
    assert CJK.search(gettext("riverbox", "zh", text))
    assert gettext("riverbox", "zh", "no such sentence anywhere") == "no such sentence anywhere"
    assert translator("riverbox", "zh")(text) == gettext("riverbox", "zh", text)
    assert translator("riverbox", "en")(text) == text
    with pytest.raises(ValueError, match="no message domain"):
        gettext("nope", "zh", text)


def test_a_message_is_english_as_a_string_and_translated_on_request() -> None:
    inner = message("riverbox", "{game}: the game is over; no seat is to move", game="toy")
    outer = Message(
        "riverbox", "{game}: {action} is not a legal action now", (("game", "toy"), ("action", inner))
    )
    assert str(inner) == "toy: the game is over; no seat is to move"
    zh = outer.text("zh")
    assert zh.startswith("toy") and "toy：对局已结束" in zh  # the inner message follows the outer's language
    assert str(outer) == "toy: toy: the game is over; no seat is to move is not a legal action now"


def test_a_broken_translation_falls_back_to_the_english_template(monkeypatch: pytest.MonkeyPatch) -> None:
    text = "{game}: {action} is not a legal action now"
    monkeypatch.setitem(i18n.catalog("riverbox", "zh"), text, "{nope} 不合法")  # type: ignore[index]
    assert message("riverbox", text, game="g", action="a").text("zh") == "g: a is not a legal action now"


def test_refusals_keep_english_and_carry_their_template() -> None:
    state = riverbox.load("toy", players=2).new_state(1)
    mover = state.to_move[0]
    with pytest.raises(IllegalAction) as caught:
        state.apply(state.legal_actions()[0], 1 - mover)
    exc = caught.value
    assert str(exc) == f"toy: it is not seat {1 - mover}'s turn; seat {mover} is to move"
    assert exc.text("en") == str(exc)
    assert exc.text("zh") == f"toy：现在不是座位 {1 - mover} 的回合，轮到座位 {mover} 行动"
    assert IllegalAction("plain words").text("zh") == "plain words"


def test_events_and_rules_fall_back_to_english_for_a_language_a_game_lacks() -> None:
    game = riverbox.load("toy", players=2)
    assert game.languages == ("en",)
    assert game.describe_event({"kind": "bet", "seat": 1}, "zh") == "Seat 1 bets."
    assert game.rules_text("zh") == game.rules_text("en")


def test_json_extraction_takes_the_named_keys_as_players_read_them() -> None:
    data = b'{"cards": [{"name": "x-y", "title": "X Y", "text": "Do it (RR-1, RR-28)."}], "about": "no"}'
    found = [
        text for _, _, text, _ in i18n.extract_json(io.BytesIO(data), None, None, {"keys": "title text"})
    ]
    assert found == ["X Y", "Do it."]


def test_extraction_sorts_strings_into_domains_by_folder() -> None:
    core = player_strings("riverbox")
    assert "{game}: {action} is not a legal action now" in core
    cards = player_strings("ravenous_river")
    assert "Making Waves" in cards and "Making Waves" not in core
    with pytest.raises(ValueError, match="no message domain"):
        player_strings("chess")


def test_rules_in_another_language_come_from_the_file_next_to_the_english(
    tmp_path: pytest.TempPathFactory,
) -> None:
    rules = tmp_path / "rules.md"  # type: ignore[operator]
    rules.write_text("en")
    assert i18n.localized_file(rules, "zh") == rules
    (tmp_path / "rules.zh.md").write_text("zh")  # type: ignore[operator]
    assert i18n.localized_file(rules, "zh").read_text() == "zh"
    assert i18n.localized_file(rules, "en") == rules
