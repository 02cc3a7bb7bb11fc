"""A hint: the game's ``strong`` bot's choice for a seat, and why (its top choices' values in words).

One function serves the terminal (``play``'s ``hint``, the full-screen app's F3) and the server
(``POST /api/tables/{id}/hint``, answered in the bot worker process). The bot is handed a copy of
the position as the seat knows it: :meth:`State.determinize` from the seat re-deals everything
the seat cannot see, so no hint can rest on (or give away) another seat's hidden cards, whatever
bot the game's ``strong`` level names.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riverbox.core.game import Action, Game, State
from riverbox.core.i18n import translator


def hint_bot(game: Game, seed: int) -> Any:
    """The game's ``strong`` level, or its heuristic bot where it has no levels."""
    from riverbox.bots.base import make_bot

    try:
        return make_bot("strong", game, seed)
    except ValueError:
        return game.heuristic_bot(seed)


def hint(game: Game, state: State, seat: int, seed: int, lang: str = "en") -> tuple[Action, list[str]]:
    """The strongest bot's choice for ``seat`` and sentences (in ``lang``) on its top choices' values.

    ``state`` may be the full position: the bot sees only ``state.determinize(seat)``. The
    sentences are empty when the bot cannot say why (a heuristic answers without values).
    ``ValueError`` if the game has no bot to ask.
    """
    known = state.determinize(seat, seed)
    bot = hint_bot(game, seed)
    analyse = getattr(bot, "analyse", None)
    if analyse is None:
        return bot.act(known, seat), []
    rows = analyse(known, seat)
    return rows[0][0], explain(rows, lambda a: game.describe_action(a, known, lang), lang)


def explain(
    rows: list[tuple[Action, float, int]], describe: Callable[[Action], str], lang: str = "en", top: int = 3
) -> list[str]:
    """Plain sentences in ``lang`` from ``analyse`` rows: the best moves, what each is worth, and why
    the first beats the next best.

    ``describe`` turns an action into words. Values on the returns scale read as an outlook, and
    the gap between the first two as games won in 100 (a return of +1 is a win, -1 a loss, so a
    gap of 0.1 is 5 wins more in 100); solo scores (River Wild) read as expected points and the
    gap as points. The reason is the values' difference, never the search's visit share (which is
    the same for every option of a thin search and explains nothing).
    """
    _ = translator("riverbox", lang)
    lines = []
    for action, value, _visits in rows[:top]:
        lines.append(_("{action}: {outlook}").format(action=describe(action), outlook=_outlook(_, value)))
    if len(rows) > 1 and lines:
        lines[0] += _reason(_, rows[0][1], rows[1][1], describe(rows[1][0]))
    return lines


def _outlook(_: Callable[[str], str], value: float) -> str:
    if -1.0 <= value <= 1.0:
        return _("outlook {value} (+1 a sure win, -1 a sure loss)").format(value=f"{value:+.2f}")
    return _("about {points} points expected at the end").format(points=f"{value:.1f}")


def _reason(_: Callable[[str], str], best: float, second: float, other: str) -> str:
    """Why the first choice: the gap to the next best, in wins per 100 games or in points."""
    gap = best - second
    points = not (-1.0 <= best <= 1.0 and -1.0 <= second <= 1.0)
    amount = gap if points else gap * 50
    if amount >= 0.5:
        if points:
            return _(" — about {points} more points than the next best ({other})").format(
                points=f"{gap:.1f}", other=other
            )
        return _(" — about {wins} more wins in 100 games than the next best ({other})").format(
            wins=f"{amount:.0f}", other=other
        )
    return _(" — about as good as the next best ({other}); the search trusts it a little more").format(
        other=other
    )
