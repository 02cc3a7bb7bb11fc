"""Which bots a table may seat, within what budget, and how a bot move is held to its CPU cap.

A table's bot is chosen by level (``easy``, ``medium``, ``hard``, ``strong``) or by a spec whose
every setting is on the allow-list below, numbers within their caps. Without this one table's
``ismcts:think=150`` or ``workers=64`` held the bot worker for minutes and stalled every other
table's bots and hints (issue 26). The caps bound the work a spec asks for; the table's
``bot_seconds`` then bounds each move's CPU time, whatever the bot does (:func:`cpu_cap`).
"""

from __future__ import annotations

import contextlib
import random
import signal
import threading
from collections.abc import Iterator
from typing import Any, Final

from riverbox.bots.base import bot_settings, resolve
from riverbox.bots.levels import LEVEL_NAMES
from riverbox.bots.settings import THINK_KEYS, BotSpec, parse_spec
from riverbox.core.game import Game, State

BUDGET_CAPS: Final[dict[str, float]] = {
    "think": 10.0,
    "seconds": 10.0,
    "iterations": 200_000,
    "workers": 1,
    "depth": 64,
    "width": 32,
    "samples": 10_000,
    "worlds": 64,
    "playouts": 1_000,
    "beam": 16,
    "screen": 16,
    "max_candidates": 64,
}
"""Settings that buy work, and the most a table may ask for (``workers``: bots think in the
server's pool, never in processes of their own). ``think`` and ``seconds`` are further cut to the
table's ``bot_seconds`` at every move."""

FREE_SETTINGS: Final = frozenset(
    {"c", "bias", "epsilon", "rollout", "leaf", "model", "beliefs", "paired", "slip"}
)
"""Settings that shape a search (or the ``casual`` bot's share of slips) without making it longer:
allowed as given."""

BARRED_BOTS: Final = frozenset({"oracle"})
"""Bots a table may not seat: ``oracle`` plays River Wild with the deck known (a research bound)."""

CAP_MARGIN: Final = 1.25
CAP_SLACK: Final = 0.1
"""A move is stopped at ``bot_seconds * CAP_MARGIN + CAP_SLACK`` CPU seconds: a bot that keeps
to its budget finishes first, one that does not is stopped there."""


def check_table_bot(spec: str, game: Game) -> str:
    """``spec`` if a table may seat it (a level, or an allowed bot within the caps), else ``ValueError``.

    The error names the setting and its cap (or the levels), so the creator can fix the spec.
    """
    parsed = parse_spec(spec)
    if parsed.name in BARRED_BOTS:
        raise ValueError(
            f"bot {parsed.name!r} is not allowed at tables; choose a level: {', '.join(LEVEL_NAMES)}"
        )
    resolved = resolve(parsed, game)
    accepted = set(bot_settings(resolved, game))
    for key, value in resolved.settings:
        if key not in accepted:
            continue  # make_bot names the unknown key and the valid ones
        if key in FREE_SETTINGS:
            continue
        cap = BUDGET_CAPS.get(key)
        if cap is None:
            raise ValueError(f"bot setting {key} is not allowed at tables (allowed: {_allowed(accepted)})")
        try:
            number = float(value)
        except ValueError:
            raise ValueError(f"bot setting {key}={value} must be a number") from None
        if not number <= cap:
            raise ValueError(f"bot setting {key}={value} is over the server's limit of {cap:g}")
    return spec


def _allowed(accepted: set[str]) -> str:
    return ", ".join(sorted(k for k in accepted if k in FREE_SETTINGS or k in BUDGET_CAPS))


def capped_spec(spec: str, game: Game, seconds: float) -> BotSpec:
    """``spec`` with its thinking time cut to ``seconds`` (set when the bot has one and it is unset)
    and every budget within :data:`BUDGET_CAPS` (a table created before the caps may ask for more).

    A bot that keeps to its own clock then answers within the table's budget with a move it
    chose; :func:`cpu_cap` stops the rest.
    """
    resolved = resolve(spec, game)
    accepted = bot_settings(resolved, game)
    settings = dict(resolved.settings)
    for key, value in settings.items():
        cap = BUDGET_CAPS.get(key)
        with contextlib.suppress(ValueError):
            if cap is not None and float(value) > cap:
                settings[key] = f"{cap:g}"
    for key in THINK_KEYS:
        if key in accepted:
            given = settings.get(key, accepted[key])
            try:
                settings[key] = f"{min(float(given), seconds):g}"
            except (TypeError, ValueError):
                settings[key] = f"{seconds:g}"
    return BotSpec(resolved.name, tuple(settings.items()))


class OverBudget(BaseException):
    """A bot move ran past its CPU cap (a BaseException: a bot's ``except Exception`` cannot keep it)."""


RECAP = 0.05
"""CPU seconds between repeats of the cap's signal, once the cap is reached."""


@contextlib.contextmanager
def cpu_cap(seconds: float) -> Iterator[None]:
    """Stop the code inside with :class:`OverBudget` once this process used ``seconds`` of CPU.

    ``ITIMER_PROF`` counts the process's CPU time, so a bot waiting for a core on a busy machine
    is not cut short, and one that ignores its clock is stopped. Signals reach the main thread
    only: elsewhere (a test calling the worker in a thread) nothing is capped.
    """
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "ITIMER_PROF"):
        yield
        return

    def stop(_signum: int, _frame: Any) -> None:
        raise OverBudget

    old = signal.signal(signal.SIGPROF, stop)
    # and again every RECAP seconds of CPU after: an exception raised inside a garbage
    # collector's callback is lost, and the next one stops it
    signal.setitimer(signal.ITIMER_PROF, max(seconds, 0.001), RECAP)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old)


def chance_move(state: State, seat: int, seed: int) -> str:
    """A legal move for ``seat`` chosen at random: what a bot stopped at its cap (or lost) plays,
    so no table ever waits on a bot."""
    return str(random.Random(seed).choice(state.legal_actions(seat)))
