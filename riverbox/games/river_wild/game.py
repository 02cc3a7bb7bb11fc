"""River Wild's Game class: info, options, the action space and the presentation hooks.

Configuration, not the hot loop (interpreted on the compiled build too): it builds the per-deck
tables the state reads (``board.rules_for``, ``tables.step_tables``) once per deck.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, ClassVar

from riverbox.core import CHANCE, Action, Game, GameInfo, OptionSpec, Rng, State
from riverbox.core.errors import NotationError
from riverbox.core.events import EventText
from riverbox.core.game import Policy
from riverbox.core.i18n import N_, localized_file, message
from riverbox.games.river_wild.actions import Place, parse_place, position_of, positions
from riverbox.games.river_wild.board import Menu, menu, pos_key, rules_for
from riverbox.games.river_wild.content import Deck, load_deck
from riverbox.games.river_wild.observe import encode, state_blocks
from riverbox.games.river_wild.scoring import (
    rank_name,
)
from riverbox.games.river_wild.state import RiverWildState, describe_placement
from riverbox.games.river_wild.tables import Steps, step_tables
from riverbox.games.river_wild.words import DOMAIN, EVENT_TEXTS, face_words


@cache
def _actions(deck: Deck) -> tuple[list[Place], dict[int, Place], dict[Action, tuple[int, int]], Menu[Action]]:
    """Every action of the id space: by id, by ``face index << 16 | position key``, each
    action's (face index, position key), and the menu the legal actions are read from."""
    n = deck.size
    per_face = positions(n)
    by_id: list[Place] = []
    by_face_key: dict[int, Place] = {}
    face_key: dict[Action, tuple[int, int]] = {}
    for ci, cid in enumerate(deck.ids):
        for side in (0, 1):
            fi = 2 * ci + side
            for pi in range(per_face):
                r, c = position_of(pi)
                a = Place(cid, side, r, c)
                by_id.append(a)
                by_face_key[fi << 16 | pos_key(r, c)] = a
                face_key[a] = (fi, pos_key(r, c))
    return by_id, by_face_key, face_key, menu(n, n, lambda fi, key: by_face_key[fi << 16 | key])


@cache
def _steps(deck: Deck) -> Steps:
    """The ready-made values of a step (``state.step_tables``), once per deck."""
    labels = [f"c{cid}" for cid in deck.ids]
    _, _, face_key, menu = _actions(deck)
    return step_tables(labels, [face_words(face) for face in deck.faces], face_key, menu)


def _make_game(players: int, options: dict[str, Any], deck: Deck | None) -> RiverWild:
    game = RiverWild(players, **options)
    return game if deck is None else game.with_deck(deck)


class RiverWild(Game):
    """River Wild for one player, on the deck of a data file (the placeholder deck by default)."""

    info = GameInfo(
        name="river-wild",
        title=N_("River Wild"),
        min_players=1,
        max_players=1,
        default_players=1,
        perfect_information=False,
        summary=(
            N_(
                "Solo tile-laying: extend a river down from its source with double-sided cards to enclose "
                "Protected Lands whose animals and runestones complete scoring goals. PLACEHOLDER deck."
            )
        ),
        options=(
            OptionSpec(
                "strict_top_river",
                False,
                N_(  # RW-3
                    "forbid river on a card's top edge facing empty table (default: allowed as long as "
                    "some top river meets river or mountain)"
                ),
                label=N_("Strict top river"),
            ),
            OptionSpec(
                "runestone_counts_for_all_goals",
                False,
                N_(  # RW-10
                    "a runestone's animal counts toward every goal of the land (default: one goal of "
                    "the player's choice)"
                ),
                label=N_("Runestone counts for every goal"),
            ),
            OptionSpec(
                "source_counts_for_size",
                True,
                N_(
                    "the Source Card counts toward a Protected Land's size when it holds part of it "  # RW-11
                    "(no effect with the placeholder Source, which has no land)"
                ),
                label=N_("Source counts for size"),
            ),
        ),
    )

    def __init__(self, players: int | None = None, **options: Any) -> None:
        super().__init__(players, **options)
        self.deck: Deck = load_deck()
        self._configure()

    def _configure(self) -> None:
        o = self.options
        self.rules = rules_for(
            self.deck, o["strict_top_river"], o["runestone_counts_for_all_goals"], o["source_counts_for_size"]
        )
        self._by_id, self._by_face_key, self.face_key, self.menu = _actions(self.deck)
        self.labels = [f"c{cid}" for cid in self.deck.ids]
        self.actions_changed()  # the id table of the base class follows the deck
        self.num_action_ids = len(self._by_id)
        self.face_words = [face_words(face) for face in self.rules.faces]
        self.steps = _steps(self.deck)
        self.observation_size = 4 * self.deck.size + 3 * self.deck.size + 4

    def with_deck(self, deck: Deck) -> RiverWild:
        """The same game played with another deck (tests, or the real cards once transcribed)."""
        self.deck = deck
        self._configure()
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickle as (options, deck) so states sent to worker processes stay small.
        deck = None if self.deck is load_deck() else self.deck
        return (_make_game, (self.players, dict(self.options), deck))

    def label(self, card_index: int) -> str:
        """A card's notation (``c7``) from its index in the deck."""
        return self.labels[card_index]

    state_class = RiverWildState
    event_texts: ClassVar[dict[str, EventText]] = EVENT_TEXTS
    languages: ClassVar[tuple[str, ...]] = ("en", "zh")
    domain: ClassVar[str] = DOMAIN

    # -- actions ------------------------------------------------------------------------------
    def parse_action(self, text: str, state: State | None = None) -> Place:
        card, side, row, col = parse_place(text)
        if card not in self.deck.ids:
            raise NotationError(
                message(
                    DOMAIN,
                    "river-wild: there is no card c{card}; cards are c{low}..c{high}",
                    card=card,
                    low=min(self.deck.ids),
                    high=max(self.deck.ids),
                )
            )
        n = self.deck.size
        if not 1 <= row <= n or not -row <= col <= row:
            raise NotationError(
                message(
                    DOMAIN,
                    "river-wild: {row},{col} is off the table; rows are 1..{n} below the Source Card and"
                    " a card in row r has a column from -r to r (half card widths)",
                    row=row,
                    col=col,
                    n=n,
                )
            )
        return Place(card, side, row, col)

    def all_actions(self) -> list[Place]:
        """Every placement of the id space: by face (card index, then side), then by position."""
        return self._by_id

    # -- presentation -------------------------------------------------------------------------
    def rules_text(self, lang: str = "en") -> str:
        """The rules in ``lang``: ``rules.md``, or ``rules.<lang>.md`` next to it."""
        from riverbox.core.text import unwrap_cjk

        return unwrap_cjk(
            localized_file(Path(__file__).parent / "rules.md", self.lang_for(lang)).read_text(
                encoding="utf-8"
            )
        )

    def render(self, state: State, seat: int | None, lang: str = "en") -> Any:
        from riverbox.games.river_wild.render import render_state

        assert isinstance(state, RiverWildState)
        return render_state(state, seat, lang=self.lang_for(lang))

    def describe_action(self, action: Action, state: State, lang: str = "en") -> str:
        if isinstance(action, Place):
            known = state if isinstance(state, RiverWildState) else None
            return describe_placement(self, action, known, self.lang_for(lang))
        return str(action)

    def narrate(self, state: State, seat: int | None, start: int, lang: str = "en") -> list[str]:
        """The sentences of ``state.log(seat)`` for ``state.history[start:]``.

        The setup's events come first, then each placement's events begin with its ``placed``
        event, so the events of the history from ``start`` on are those after the placements
        ``history[:start]`` holds (and after the setup's, once ``start`` is past it)."""
        log = state.log(seat)
        done = sum(1 for s, _ in state.history[:start] if s != CHANCE)
        if start == 0:
            first = 0
        else:
            starts = [i for i, e in enumerate(log) if e["kind"] == "placed"]
            first = starts[done] if done < len(starts) else len(log)
        return [self.describe_event(e, lang) for e in log[first:]]

    def heuristic_bot(self, seed: int = 0) -> Any:
        from riverbox.games.river_wild.bot import GreedyBot

        return GreedyBot(seed)

    def playout_policy(self, rng: Rng) -> Policy:
        from riverbox.games.river_wild.playout import playout_policy

        return playout_policy(rng)

    def extra_bots(self) -> dict[str, Any]:
        from riverbox.games.river_wild.bot import LookaheadBot
        from riverbox.games.river_wild.solve import HindsightBot, OracleBot

        return {"lookahead": LookaheadBot, "hindsight": HindsightBot, "oracle": OracleBot}

    def perfect_information_bound(self, state: State, nodes: int) -> tuple[int, int, bool]:
        """(upper bound, best line found, exact) for the rest of ``state``'s deal with the deck
        order known: no play of the deal scores more than the bound (``bound.pi_bound``). Reads
        the hidden deck order: for the lab's reports, never for play."""
        from riverbox.games.river_wild.bound import pi_bound

        assert isinstance(state, RiverWildState)
        found = pi_bound(state.board, state.hand, state.deck, nodes)
        return found.upper, found.lower, found.exact

    def outcome_label(self, state: State) -> str | None:
        return rank_name(state.scores()[0]) if state.is_over else None

    def observation_tensor(self, view: dict[str, Any]) -> list[float]:
        """Per card: in hand / face-up top / placed / unseen, then side, row and column if placed;
        then score / 50, Protected Lands / 8, deck size / n and whether the game is over."""
        return encode(self.deck.index_of, self.deck.size, view)

    def observation_state_blocks(self, state: State, seat: int | None) -> list[list[float]]:
        """The blocks of ``state.view(seat)`` read from the state (the view is public)."""
        assert isinstance(state, RiverWildState)
        return state_blocks(state)
