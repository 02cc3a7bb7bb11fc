"""Bot moves, computed in a separate process so the server's event loop never thinks.

The worker keeps the states of the tables it served: a job whose moves extend the cached
game applies only the new ones, so a bot's turn costs its thinking, not a replay.
"""

from __future__ import annotations

import contextlib
import os
from collections import OrderedDict
from typing import Any

from riverbox.bots.base import make_bot
from riverbox.core.game import State
from riverbox.lab.tournament import end_with_parent
from riverbox.server.botpolicy import CAP_MARGIN, CAP_SLACK, OverBudget, capped_spec, chance_move, cpu_cap
from riverbox.server.service import BotJob
from riverbox.server.table import make_game

_STATES: OrderedDict[str, tuple[State, tuple[tuple[int, str], ...]]] = OrderedDict()
_KEEP = 512


def _state_for(job: BotJob) -> State:
    cached = _STATES.get(job.table)
    if cached is not None and job.moves[: len(cached[1])] == cached[1]:
        state, done = cached
    else:
        state = make_game(job.game, job.options).new_state(job.seed, job.generator)
        done = ()
    game = state.game
    for seat, text in job.moves[len(done) :]:
        state.apply(game.parse_action(text, state), seat)
    _STATES[job.table] = (state, job.moves)
    _STATES.move_to_end(job.table)
    while len(_STATES) > _KEEP:
        _STATES.popitem(last=False)
    return state


def choose(job: BotJob) -> str:
    """The notation of the move ``job.bot`` picks for ``job.seat``, within the table's CPU cap."""
    return decide(_state_for(job), job.seat, job.bot, job.seconds, job.bot_seed)


def decide(state: State, seat: int, bot: str, seconds: float, bot_seed: int) -> str:
    """``bot``'s move for ``seat`` in ``state``, held to ``seconds`` (here and in a queue's worker).

    The bot's own clock is set to the table's ``bot_seconds``; a bot that runs past it anyway
    (one with no clock, or a bug) is stopped at the cap and a random legal move is played
    instead, so the table goes on and the worker is free for the next table (issue 26).
    """
    spec = capped_spec(bot, state.game, seconds)
    try:
        with cpu_cap(seconds * CAP_MARGIN + CAP_SLACK):
            player: Any = make_bot(spec, state.game, bot_seed)
            return str(player.act(state.clone(), seat))
    except OverBudget:
        return chance_move(state, seat, bot_seed)


def choose_many(jobs: list[BotJob]) -> list[str | None]:
    """:func:`choose` for each job, in one trip to the worker (None for a job whose bot failed).

    Many tables' bots are due at once on a busy server; one message carrying all of them
    costs one pickling and one wake-up of each side instead of one per move, and a bot that
    fails spoils only its own answer.
    """
    out: list[str | None] = []
    for job in jobs:
        try:
            out.append(choose(job))
        except Exception:  # reported by the driver as that bot's failure
            out.append(None)
    return out


def hint(job: BotJob, lang: str) -> dict[str, Any]:
    """The game's ``strong`` choice for ``job.seat`` and why, in ``lang``, from what the seat knows."""
    return advise(_state_for(job), job.seat, job.seconds, job.bot_seed, job.seq, lang)


def advise(state: State, seat: int, seconds: float, seed: int, seq: int, lang: str) -> dict[str, Any]:
    """A hint's answer (here and in a queue's worker): ``{"seq", "action", "text", "why"}``.

    The bot sees the position determinized from the seat (see :func:`riverbox.bots.hint.hint`);
    the move's words are those the seat's own list of legal moves shows.
    """
    from riverbox.bots.hint import hint as strongest

    with cpu_cap(seconds * CAP_MARGIN + CAP_SLACK):  # OverBudget: the hint fails, asked again
        action, why = strongest(state.game, state, seat, seed, lang)
    text = state.game.describe_action(action, state, lang)
    return {"seq": seq, "action": str(action), "text": text, "why": why}


BOT_NICENESS = 10
"""How much lower the bot worker's CPU priority is than the server's (see :func:`start`)."""


def start(server: int | None = None) -> None:
    """The worker's initializer: end with the server, and run at a lower CPU priority than it.

    However the server ends (SIGKILL and the OOM killer included) its workers end too: the
    kernel signals them when it dies and a watch thread exits once the server is no longer
    their parent (:func:`riverbox.lab.tournament.end_with_parent`, as for ``simulate``'s pool).
    ``server`` is the server's process id: a worker that starts after the server died ends at once.
    Left running, they and the multiprocessing resource tracker they keep open were orphans for
    ever (issue 26 counted 42 after one run of the server tests).

    On a small machine the worker and the server's event loop compete for the same cores; a
    bot may think for its whole budget, a person's move must be answered at once. The kernel
    then lets the loop run first whenever both are ready, and bots use the time left over.
    """
    end_with_parent(server)
    with contextlib.suppress(OSError):  # not permitted here: run at the server's priority
        os.nice(BOT_NICENESS)


def warm() -> bool:
    """Import the games in the worker before the first job (called once at start)."""
    import riverbox.registry

    for info in riverbox.registry.games():
        make_game(info.name, {})
    return True
