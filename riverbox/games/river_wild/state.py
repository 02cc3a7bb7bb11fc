"""The River Wild game state: setup, legal placements, apply, views, determinize and JSON."""

from __future__ import annotations

from typing import Any, cast

from riverbox.core import Action, Rng, State
from riverbox.core.checks import describe
from riverbox.core.i18n import Message, translator
from riverbox.games.river_wild.actions import Place
from riverbox.games.river_wild.board import Board, key_pos, pos_key, scan_forward, unpack_animals
from riverbox.games.river_wild.content import ANIMALS, SIDES
from riverbox.games.river_wild.position import FIELDS as POSITION_FIELDS
from riverbox.games.river_wild.position import HAND_SIZE, WildGame
from riverbox.games.river_wild.rules import draw
from riverbox.games.river_wild.scoring import POINTS_PER_LAND, rank_name
from riverbox.games.river_wild.view import build_view
from riverbox.games.river_wild.words import DOMAIN, face_in


class RiverWildState(State):
    """Hand, deck (the top is the last element, face up: RW-13) and the layout (a Board)."""

    @property
    def wild(self) -> WildGame:
        """The game as River Wild's rules see it (rules, deck, action tables)."""
        return cast("WildGame", self.game)

    FIELDS = POSITION_FIELDS
    hand: list[int]  # card indices
    deck: list[int]  # card indices; deck[-1] is the visible top card
    board: Board

    # -- setup ------------------------------------------------------------------------------
    def _setup(self) -> None:
        game = self.wild
        labels = game.labels
        deck = list(range(game.deck.size))
        self.rng.shuffle(deck)
        # The shuffled order is nobody's knowledge; only each card turned up is seen.
        self.chance("shuffle " + " ".join([labels[i] for i in deck]), visible_to=())
        self.deck = deck
        self.hand = hand = deck[: -HAND_SIZE - 1 : -1]  # the top cards, drawn one by one
        del deck[-HAND_SIZE:]
        cards = [labels[i] for i in hand]
        top = labels[deck[-1]] if deck else None
        self.chance("deal " + " ".join(cards) + ("" if top is None else f", top {top}"))
        # The hand lies face up on the table and the top card of the deck too (RW-13): public.
        self.emit("dealt", cards=cards, top=top)
        self.board = Board.new(game.rules)
        self._settle()
        if not self.to_move:
            self._emit_final()

    def _settle(self) -> None:
        """RW-12: the game ends when the hand is empty or no card in it can be placed (an empty
        hand has no placement: ``Board.placements``)."""
        legal = self.board.placements(self.hand, self.wild.menu)  # self._legal(0), kept for apply
        if legal:
            self.to_move = (0,)
            self.settle_legal(0, legal)
        else:
            self.to_move = ()

    # -- rules ------------------------------------------------------------------------------
    def _legal(self, seat: int) -> list[Action]:
        return self.board.placements(self.hand, self.wild.menu)

    def _apply(self, action: Action, seat: int) -> None:
        """Place, tell it, draw, and see whether the game goes on (RW-12).

        Hot path (every step): the event of the placement and the chance outcome and event of
        the draw come ready-made from ``step_tables`` (the same values ``emit`` and ``chance``
        would store; ``rules.draw``), and the next legal placements are listed here once, for
        ``apply`` (``_legal``, as ``_settle`` does: none, RW-12, once the hand is empty or no card
        of it fits). The game is read as a plain local rather than through ``wild``:
        interpreted, that property and its ``cast`` are two calls at every step."""
        game: WildGame = self.game  # type: ignore[assignment]  # a RiverWild, which is a WildGame
        steps = game.steps
        fi, key, placed = steps.moves[action]
        hand = self.hand
        hand.remove(fi >> 1)
        board = self.board
        known = len(board.lands)
        board.place(fi, key)
        self.emit_event(placed)
        if len(board.lands) > known:
            self._emit_lands(known)
        drawn = draw(self.deck, hand, steps)
        if drawn is not None:
            self.record_chance(drawn[0])  # what chance(outcome.text) would store
            self.emit_event(drawn[1])
        legal = board.placements(hand, steps.menu)  # RW-12: the game goes on while some card fits
        if legal:
            self.to_move = (0,)
            self.settle_legal(0, legal)
        else:
            self.to_move = ()
            self._emit_final()

    def _emit_lands(self, known: int) -> None:
        """The Protected Lands (RW-5) a placement closed, each in turn, and the new score."""
        board = self.board
        for land in board.lands[known:]:
            self._emit_land(land)
        self.emit("scored", before=board.score(known), score=board.score())

    def _emit_land(self, land: tuple[int, int, int, int, int]) -> None:
        """A newly Protected Land: its cards and animals, the goals it reaches, its runestones.

        Read from the region's packed parts (``Board.reg``) rather than ``Board.region``: about
        one step in sixteen seals a land, and building its words cost about as much as a
        placement, interpreted (a goal's words were joined anew each time). The cards are read
        bit by bit (``scan_forward``: a land holds a few of the placements), the goals' words
        come ready-made per goal number (``Rules.goal_words``)."""
        size, first, second, cards, root = land
        game: WildGame = self.game  # type: ignore[assignment]  # a RiverWild, which is a WildGame
        board = self.board
        labels, placed = game.labels, board.placed
        names = [labels[placed[p][0] >> 1] if p else "the Source Card" for p in scan_forward(cards)]
        _, packed, goals = board.reg[root]
        frog, jackalope, unicorn, dragon = unpack_animals(packed)
        self.emit(
            "protected",
            size=size,
            cards=names,
            animals=[ANIMALS[0]] * frog
            + [ANIMALS[1]] * jackalope
            + [ANIMALS[2]] * unicorn
            + [ANIMALS[3]] * dragon,
        )
        if first or second:
            words = game.rules.goal_words
            self.emit("goals", goals=[words[x] for x in goals], first=first, second=second)
        runes = board.runes(cards)
        if runes:
            self.emit("runestones", count=runes.bit_count())

    def _emit_final(self) -> None:
        """RW-12: the final score, its rank and the cards left unplaced."""
        score = self.board.score()
        self.emit(
            "final",
            score=score,
            rank=rank_name(score),
            unplaced=[self.wild.label(ci) for ci in self.hand],
        )

    def explain_illegal(self, action: Action, seat: int) -> Message:
        """Name the rule an illegal placement breaks (from visible information only)."""
        from riverbox.games.river_wild.explain import explain

        return explain(self.wild, self.hand, self.deck, self.board, action)

    # -- results ----------------------------------------------------------------------------
    def scores(self) -> list[float]:
        """The running score of the layout (the final score once the game is over)."""
        return [float(self.board.score())]

    def winners(self) -> list[int]:
        """Solo: the player "wins" by finishing; the rank says how well."""
        return [0] if self.is_over else []

    def returns(self) -> list[float]:
        """The final score at the end (for search and learning), 0 before."""
        return [float(self.board.score())] if self.is_over else [0.0]

    def rank(self) -> str:
        return rank_name(self.board.score())

    # -- information --------------------------------------------------------------------------
    def layout(self) -> list[dict[str, Any]]:
        """The cards on the table, Source Card first, as JSON-ready dicts."""
        rules = self.wild.rules
        out: list[dict[str, Any]] = []
        for fi, key in self.board.placed:
            r, c = key_pos(key)
            face = rules.faces[fi]
            out.append({"card": face.card, "side": SIDES[face.side], "row": r, "col": c})
        return out

    def lands_view(self) -> list[dict[str, Any]]:
        board = self.board
        big = board.largest()
        out = []
        for i, (size, first, second, cards, _) in enumerate(board.lands):
            members = [p for p in range(len(board.placed)) if cards >> p & 1]
            out.append(
                {
                    "cards": members,
                    "size": size,
                    "first": first,
                    "second": second,
                    "largest": i == big,
                    "points": POINTS_PER_LAND + (first if i == big else second),
                }
            )
        return out

    def _view(self, seat: int | None) -> dict[str, Any]:
        return build_view(self)

    def __str__(self) -> str:
        cards = " ".join(f"c{d['card']}{d['side'][0]}@{d['row']},{d['col']}" for d in self.layout()[1:])
        return f"river-wild score {self.board.score()} | hand {self.view(0)['hand']} | layout {cards}"

    # -- copies and JSON ---------------------------------------------------------------------
    def _determinize_body(self, seat: int | None, rng: Rng) -> None:
        """Reshuffle the face-down part of the deck; the face-up top card stays (RW-13)."""
        if len(self.deck) > 2:
            unseen = sorted(self.deck[:-1])  # the sample must not depend on the hidden order
            rng.shuffle(unseen)
            self.deck[:-1] = unseen

    def _after_load(self) -> None:
        """Check that no card is in two places and that ``to_move`` fits the loaded position."""
        n = self.wild.deck.size
        where = self.hand + self.deck + [fi // 2 for fi, _ in self.board.placed[1:]]
        if len(set(where)) != len(where) or not all(0 <= ci < n for ci in where):
            raise ValueError("state JSON body: a card is in two places (hand, deck, layout) or is no card")
        if len(self.hand) > HAND_SIZE:
            raise ValueError(f"state JSON body: a hand holds at most {HAND_SIZE} cards")
        expected = self.to_move
        self._settle()
        if self.to_move != expected:
            raise ValueError(f"state JSON body: to_move {describe(expected)} does not fit the position")


def describe_placement(
    game: WildGame, action: Place, state: RiverWildState | None = None, lang: str = "en"
) -> str:
    """A friendly description of a placement; with ``state``, what it does to the score."""
    _ = translator(DOMAIN, lang)
    fi = 2 * game.deck.index_of(action.card) + action.side
    text = _("c{card} {side} at {row},{col} ({shows})").format(
        card=action.card,
        side=_(SIDES[action.side]),
        row=action.row,
        col=action.col,
        shows=face_in(game.face_words[fi], lang),
    )
    if state is not None and not state.is_over:
        before = state.board.score()
        board = state.board.copy()
        board.place(fi, pos_key(action.row, action.col), False)
        after = board.score()
        closed = len(board.lands) - len(state.board.lands)
        if closed == 1:
            text += _(": protects 1 land, score {before} -> {after}").format(before=before, after=after)
        elif closed:
            text += _(": protects {n} lands, score {before} -> {after}").format(
                n=closed, before=before, after=after
            )
    return text
