"""River Wild bots: a greedy one-step bot and a lookahead bot that samples the unseen deck.

Both read only what the player knows: the view (layout, hand, face-up top card) and the legal
actions. The lookahead bot samples the face-down deck with ``state.determinize(seat)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from riverbox.core import Action, Rng, State
from riverbox.core.choose import choose_best
from riverbox.games.river_wild.actions import Place
from riverbox.games.river_wild.board import Board, pos_key, unpack

if TYPE_CHECKING:
    from riverbox.games.river_wild.position import WildGame


def board_from_view(game: WildGame, view: dict[str, Any]) -> Board:
    """The layout of a view as a Board (the bots' fast scratch pad)."""
    board = Board.new(game.rules)
    for item in view["layout"][1:]:
        fi = 2 * game.deck.index_of(item["card"]) + (1 if item["side"] == "back" else 0)
        board.place(fi, pos_key(item["row"], item["col"]))
    return board


def evaluate(board: Board, fi: int, key: int) -> tuple[int, int]:
    """(score after placing face ``fi`` at ``key``, minus the land slots left facing empty table)."""
    b = board.copy()
    b.place(fi, key, track=False)
    return b.score(), -b.open_land_slots()


def _face_key(game: WildGame, action: Action) -> tuple[int, int]:
    assert isinstance(action, Place)
    return 2 * game.deck.index_of(action.card) + action.side, pos_key(action.row, action.col)


class GreedyBot:
    """Places the card that scores most now; ties go to the layout with fewer open land slots."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, state: State, seat: int) -> Action:
        game: WildGame = state.game  # type: ignore[assignment]
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        board = board_from_view(game, state.view(seat))
        return choose_best(legal, lambda a: evaluate(board, *_face_key(game, a)), self.rng, draw_for_one=True)


def greedy_choice(board: Board, hand: list[int]) -> tuple[int, int] | None:
    """The greedy placement (face, key) for a hand of card indices, or None if none is legal."""
    best = None
    best_value: tuple[int, int] | None = None
    for fi, key in map(unpack, board.legal(hand)):
        value = evaluate(board, fi, key)
        if best_value is None or value > best_value:
            best, best_value = (fi, key), value
    return best


def greedy_rollout(board: Board, hand: list[int], deck: list[int]) -> int:
    """Play greedily to the end with a known deck order (deck[-1] on top); the final score.
    ``board``, ``hand`` and ``deck`` are consumed."""
    while hand:
        move = greedy_choice(board, hand)
        if move is None:
            break
        fi, key = move
        hand.remove(fi // 2)
        board.place(fi, key)
        if deck:
            hand.append(deck.pop())
    return board.score()


class LookaheadBot:
    """Monte Carlo lookahead: the ``width`` best greedy candidates are each played out greedily
    on ``samples`` decks sampled with ``determinize``; the best mean final score wins."""

    name = "lookahead"

    def __init__(self, seed: int = 0, samples: int = 8, width: int = 16) -> None:
        self.rng = Rng(seed)
        self.samples = samples
        self.width = width

    def act(self, state: State, seat: int) -> Action:
        game: WildGame = state.game  # type: ignore[assignment]
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        board = board_from_view(game, state.view(seat))
        ranked = sorted(
            ((evaluate(board, *_face_key(game, a)), i) for i, a in enumerate(legal)), reverse=True
        )
        candidates = [legal[i] for _, i in ranked[: self.width]]
        worlds = []
        for _ in range(self.samples):
            world = state.determinize(seat, self.rng.fork())
            worlds.append((list(world.hand), list(world.deck)))  # type: ignore[attr-defined]
        best: Action = candidates[0]
        best_total = -1.0
        for a in candidates:
            fi, key = _face_key(game, a)
            total = 0
            for hand, deck in worlds:
                b = board.copy()
                b.place(fi, key)
                h = hand.copy()
                h.remove(fi // 2)
                d = deck.copy()
                if d:
                    h.append(d.pop())
                total += greedy_rollout(b, h, d)
            if total > best_total:
                best, best_total = a, total
        return best


def play(game: WildGame, bot: Any, seed: int) -> State:
    """A whole game of ``bot`` from ``seed`` (for reports and tests)."""
    state = game.new_state(seed)
    while not state.is_over:
        state.apply(bot.act(state, 0), 0)
    return state
