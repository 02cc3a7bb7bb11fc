"""The Ravenous River game object: description, options, action space and presentation hooks."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from riverbox.core import CHANCE, Chance, Game, GameInfo, OptionError, OptionSpec, Rng, State
from riverbox.core.events import EventText
from riverbox.core.game import Policy
from riverbox.core.i18n import N_, localized_file, message
from riverbox.games.ravenous_river import actions as A
from riverbox.games.ravenous_river.observe import OBSERVATION_SIZE, observation, state_blocks
from riverbox.games.ravenous_river.state import RavenousRiverState
from riverbox.games.ravenous_river.words import EVENT_TEXTS

RULES_FILE = Path(__file__).parent / "rules.md"


class RavenousRiver(Game):
    """Ravenous River (AEG 2016): secret animals cross a river; predators eat their prey."""

    info = GameInfo(
        name="ravenous-river",
        title=N_("Ravenous River"),
        min_players=2,
        max_players=7,
        default_players=4,
        summary=N_(
            "Secretly be one animal; put animals on the bank or in two boats; predators eat their prey."
        ),
        options=(
            OptionSpec(
                "target",
                6,
                N_("VP needed to win, with strictly the most VP"),
                minimum=1,
                maximum=99,  # RR-29
                label=N_("Points to win"),
            ),
            OptionSpec(
                "first_player",
                -1,
                N_("seat that starts round 1; -1 picks at random"),  # RR-10
                minimum=-1,
                maximum=6,
                label=N_("First player"),
            ),
        ),
        perfect_information=False,
    )
    num_action_ids = A.NUM_ACTION_IDS

    def __init__(self, players: int | None = None, **options: Any) -> None:
        super().__init__(players, **options)
        first = self.options["first_player"]
        if first >= self.players:
            raise OptionError(
                message(
                    "ravenous_river",
                    "ravenous-river: option first_player={first} is not a seat; use 0..{last},"
                    " or -1 for a random first player",
                    first=first,
                    last=self.players - 1,
                ),
                "first_player",
            )

    state_class = RavenousRiverState
    action_types = (A.Action,)
    event_texts: ClassVar[Mapping[str, EventText]] = EVENT_TEXTS
    domain: ClassVar[str] = "ravenous_river"
    languages: ClassVar[tuple[str, ...]] = ("en", "zh")

    # -- actions ------------------------------------------------------------------------------
    def all_actions(self) -> Sequence[A.Action]:
        return A.ACTIONS

    def parse_action(self, text: str, state: State | None = None) -> A.Action:
        """Notation with aliases: any case and spacing, and ``keep``/``peek`` in either order."""
        return A.parse(text)

    def action_visibility(self, action: Any, seat: int) -> frozenset[int] | None:
        """Votes (RR-19: secret until all are revealed together) and the two totems a player keeps
        (RR-26, 2 players: secret until the end-of-round reveal) are seen by their seat only, so
        ``determinize`` hides them from every other seat's history. Everything else is public:
        ``look rowN`` and ``peek rowN`` name slots, never animals (what is seen is a private chance
        outcome of its own)."""
        op = getattr(action, "op", None)
        return frozenset((seat,)) if op == A.VOTE or op == A.KEEP else None

    # -- presentation -------------------------------------------------------------------------
    def rules_text(self, lang: str = "en") -> str:
        from riverbox.core.text import unwrap_cjk

        return unwrap_cjk(localized_file(RULES_FILE, self.lang_for(lang)).read_text(encoding="utf-8"))

    def render(self, state: State, seat: int | None, lang: str = "en") -> Any:
        from riverbox.games.ravenous_river.render import render

        return render(state.view(seat), state.log(seat), self.lang_for(lang))

    def describe_action(self, action: Any, state: State, lang: str = "en") -> str:
        from riverbox.games.ravenous_river.menu import describe

        assert isinstance(state, RavenousRiverState)
        return describe(action, state, self.lang_for(lang))

    def menu_group(self, action: Any, state: State, lang: str = "en") -> tuple[str, str] | None:
        from riverbox.games.ravenous_river.menu import menu_group

        assert isinstance(state, RavenousRiverState)
        return menu_group(action, state, self.lang_for(lang))

    def narrate(self, state: State, seat: int | None, start: int, lang: str = "en") -> list[str]:
        """The sentences of the events ``seat`` was told since ``state.history[start]``.

        Kept while interfaces move to ``state.log`` (events carry no history position, so
        the events before ``start`` are counted on a replay of the actions before it).
        """
        events = state.log(seat)
        if start > 0:
            events = events[len(self._replay_to(state, start).log(seat)) :]
        return [line for e in events for line in self.describe_event(e, lang).split("\n")]

    def _replay_to(self, state: State, end: int) -> State:
        """The game after the players' actions of ``state.history[:end]`` (not determinized)."""
        if state.determinized:
            raise ValueError("ravenous-river: a determinized state has no replay; narrate it from 0")
        replayed = self.new_state(state.seed, state.generator)
        for seat, action in state.history[:end]:
            if seat != CHANCE and not isinstance(action, Chance):
                replayed.apply(action, seat)
        return replayed

    def heuristic_bot(self, seed: int = 0) -> Any:
        from riverbox.games.ravenous_river.bot import HeuristicBot

        return HeuristicBot(seed)

    def playout_policy(self, rng: Rng) -> Policy:
        from riverbox.games.ravenous_river.playout import playout_policy

        return playout_policy(rng)

    def search_beliefs(self, state: State, seat: int) -> Callable[[State, Rng], None] | None:
        """Search samples rivals' totems by how well they explain their placements (belief.py)."""
        from riverbox.games.ravenous_river.belief import search_beliefs

        return search_beliefs(state, seat)

    def win_chances(self, state: State) -> list[float] | None:
        """Search leaves with two players: each seat's chance to win from the scores (outlook.py)."""
        from riverbox.games.ravenous_river.outlook import win_chances

        return win_chances(state)

    # -- learning -----------------------------------------------------------------------------
    observation_size = OBSERVATION_SIZE

    def observation_tensor(self, view: dict[str, Any]) -> list[float]:
        return observation(view)

    def observation_state_blocks(self, state: State, seat: int | None) -> list[list[float]]:
        """The blocks of ``state.view(seat)`` read from the state (no view is built)."""
        assert isinstance(state, RavenousRiverState)
        return state_blocks(state, seat)
