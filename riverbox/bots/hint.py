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
    """Plain sentences in ``lang`` from ``analyse`` rows: the best moves and what each is worth.

    ``describe`` turns an action into words. Values on the returns scale read as a chance-like
    outlook; solo scores (River Wild) read as expected points.
    """
    _ = translator("riverbox", lang)
    lines = []
    total = sum(v for _, _, v in rows) or 1
    for action, value, visits in rows[:top]:
        if -1.0 <= value <= 1.0:
            outlook = _("outlook {value} (+1 a sure win, -1 a sure loss)").format(value=f"{value:+.2f}")
        else:
            outlook = _("about {points} points expected at the end").format(points=f"{value:.1f}")
        share = (
            _(", chosen in {percent}% of the search").format(percent=f"{100 * visits / total:.0f}")
            if visits
            else ""
        )
        line = _("{action}: {outlook}{share}")
        lines.append(line.format(action=describe(action), outlook=outlook, share=share))
    return lines
