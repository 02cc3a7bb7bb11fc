"""Every string a player reads, gathered from many random games, for the ruling-id sweep.

Ruling ids (RR-14, RV-21, ...) and the word "spec" belong to code comments and test names; a
player has neither the rulings document nor any use for its numbering. The sweep collects rules
help, option help, rendered screens (at several widths), menu lines, the sentences of every
seat's event log, refusals of illegal actions and of unreadable notation, and checks them all.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator
from typing import Any

from rich.console import Console

import riverbox
from riverbox.core.i18n import gettext

RULING_ID = re.compile(r"\b(?:RR|RV|RW|RT)-\d+")
SPEC = re.compile(r"\bspec\b", re.IGNORECASE)
WIDTHS = (80, 120, 160)
GARBAGE = ("", "xyzzy", "place", "move 999", "play nothing col9", "vote maybe", "c99 1,1", "²")


def screen(game: riverbox.Game, state: riverbox.State, seat: int | None, width: int, lang: str = "en") -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(game.render(state, seat, lang))
    return out.getvalue()


def player_texts(
    name: str, seeds: range, render_every: int = 4, lang: str = "en", **options: Any
) -> Iterator[str]:
    """Every player-facing string of ``len(seeds)`` random games of ``name`` with ``options``,
    as a reader of ``lang`` sees it."""
    game = riverbox.load(name, **options)
    yield game.rules_text(lang)
    for opt in game.info.options:
        yield gettext(game.domain, lang, opt.help)
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_state(seed)
        for text in GARBAGE:
            try:
                game.parse_action(text, state)
            except riverbox.NotationError as exc:
                yield exc.text(lang)
        step = 0
        while not state.is_over:
            seat = rng.choice(state.to_move)
            legal = state.legal_actions(seat)
            if step % render_every == 0:
                for viewer in (seat, None):
                    yield screen(game, state, viewer, rng.choice(WIDTHS), lang)
            for action in legal:
                yield game.describe_action(action, state, lang)
            for _ in range(3):
                action = game.action_from_id(rng.randrange(game.num_action_ids))
                if action not in legal:
                    try:
                        state.clone().apply(action, seat)
                    except riverbox.IllegalAction as exc:
                        yield exc.text(lang)
            state.apply(rng.choice(legal), seat)
            step += 1
        for viewer in [*range(game.players), None]:
            yield from (game.describe_event(event, lang) for event in state.log(viewer))
            yield screen(game, state, viewer, rng.choice(WIDTHS), lang)
        try:
            state.apply(legal[0], seat)
        except riverbox.IllegalAction as exc:  # GameOver is one
            yield exc.text(lang)


def offending(texts: Iterator[str]) -> list[str]:
    """Where strings cite a ruling id or a spec (at most five snippets, for a readable failure)."""
    bad = []
    for text in texts:
        hit = RULING_ID.search(text) or SPEC.search(text)
        if hit:
            bad.append(text[max(0, hit.start() - 60) : hit.end() + 20])
    return bad[:5]


CJK = re.compile(r"[\u4e00-\u9fff]")
FIELD = re.compile(r"\{[^}]*\}")


def english_leaks(texts: Iterator[str], domain: str) -> list[str]:
    """English left in Chinese texts: any run of words from one of ``domain``'s message ids
    (between its fields, at least three words apart) found verbatim (at most five, for a readable failure).

    Commands and option names stay English on purpose; they are single words or notation, too
    short to count here."""
    from riverbox.core.i18n import player_strings

    pieces = set()
    for text in player_strings(domain):
        for piece in FIELD.split(text):
            piece = piece.strip(" .,;:()")
            if sum(1 for word in piece.split() if re.search(r"[A-Za-z]{2,}", word)) >= 3:
                pieces.add(piece)
    bad = []
    for text in texts:
        for piece in pieces:
            if piece in text:
                bad.append(f"{piece!r} in {text[:120]!r}")
                break
    return bad[:5]


def not_chinese(name: str, seeds: range, **options: Any) -> list[str]:
    """Menu lines, log sentences, refusals and notation refusals of random games that a Chinese
    reader would get without a Chinese character (at most five), and refusals whose English
    ``str`` changed language.
    """
    game = riverbox.load(name, **options)
    bad: list[str] = []
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_state(seed)
        for text in GARBAGE:
            try:
                game.parse_action(text, state)
            except riverbox.NotationError as exc:
                if not CJK.search(exc.text("zh")) or CJK.search(str(exc)):
                    bad.append(f"notation {exc.text('zh')!r} / {exc!s}")
        while not state.is_over:
            seat = rng.choice(state.to_move)
            legal = state.legal_actions(seat)
            bad += [f"menu {m!r}" for a in legal if not CJK.search(m := game.describe_action(a, state, "zh"))]
            for _ in range(2):
                action = game.action_from_id(rng.randrange(game.num_action_ids))
                if action not in legal:
                    try:
                        state.clone().apply(action, seat)
                    except riverbox.IllegalAction as exc:
                        if not CJK.search(exc.text("zh")) or CJK.search(str(exc)):
                            bad.append(f"refusal {exc.text('zh')!r} / {exc!s}")
            state.apply(rng.choice(legal), seat)
        for viewer in [*range(game.players), None]:
            for event in state.log(viewer):
                if not CJK.search(said := game.describe_event(event, "zh")):
                    bad.append(f"event {said!r}")
    return bad[:5]
