"""River Trek: caravans of stacked explorers travel up a path beside a river.

>>> import riverbox
>>> game = riverbox.load("river-trek", players=3)
>>> state = game.new_state(seed=1)
>>> state.to_move
(0,)
>>> str(state.legal_actions()[0])
'place 0'
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from riverbox.core import Game, GameInfo, OptionSpec, State
from riverbox.games.river_trek import scoring
from riverbox.games.river_trek.actions import ACTION_ID, ALL_ACTIONS, NUM_ACTION_IDS, TrekAction, parse
from riverbox.games.river_trek.board import Path, animal_positions, middle_names
from riverbox.games.river_trek.state import COLOURS, TrekState

__all__ = ["COLOURS", "RiverTrek", "TrekAction", "TrekState", "scoring"]


class RiverTrek(Game):
    """River Trek for 2-4 players (2 players add the automatic player Stanley)."""

    info = GameInfo(
        name="river-trek",
        title="River Trek",
        min_players=2,
        max_players=4,
        default_players=4,
        summary=(
            "Move caravans of stacked explorers up a river path; each dropped explorer pays its owner "
            "from trading posts, washes down at river crossings or takes an animal power. Most money wins. "
            "Boards are placeholders (the published layouts are unknown)."
        ),
        options=(
            OptionSpec(
                "variant",
                "basic",
                "basic: 2 middle boards; full: 3 middle boards, Scout, Civilization Event and Bridge; "
                "simple: the basic game without animals",
                choices=("basic", "full", "simple"),
            ),
            OptionSpec("animals", True, "use the animal tiles and tokens (false = the Simpler Game)"),
            OptionSpec(
                "animal_shift",
                "forward",
                "an animal tile landing on a crossing or another tile shifts forward first, "  # RT-18
                "back first, or as seat 0 (the host) chooses during setup",
                choices=("forward", "back", "choose"),
            ),
            OptionSpec(
                "empty_tile_check",
                "any-move",
                "return a token whose tile empties after any move (Jaguar, Bush Dog too) "  # RT-15
                "or only after caravan moves",
                choices=("any-move", "caravan-move"),
            ),
            OptionSpec("hidden_money", False, "keep each player's money hidden from the others"),  # RT-28
        ),
        # Nothing is ever hidden: the boards and animals are drawn at setup, face up, before anyone
        # acts; face-down tokens are known (they sit on their own tile); money is public by default
        # and, with hidden_money, still follows from the public history (it is a display option).
        perfect_information=True,
    )
    num_action_ids = NUM_ACTION_IDS
    observation_size = 0  # set below from the encoder

    # -- configuration ------------------------------------------------------------------
    @property  # not cached_property: a subclass of the compiled Game has no __dict__ to cache in
    def animals_on(self) -> bool:
        return bool(self.options["animals"]) and self.options["variant"] != "simple"

    @property
    def middle_names(self) -> tuple[str, ...]:
        return tuple(middle_names())

    def tile_positions(self, path: Path) -> list[int]:
        """RT-18 tile positions with automatic shifts ("choose" games shift forward here; in play the
        host decides each shift during setup)."""
        return animal_positions(path, 4, "back" if self.options["animal_shift"] == "back" else "forward")

    def setup_sequence(self) -> tuple[tuple[int, int], ...]:
        """Who places which colour's starting explorer, in order (RB setup; RT-20 for Stanley)."""
        n = self.players
        seq: list[tuple[int, int]] = []
        if n == 2:
            for r in range(5):
                for seat in (0, 1):
                    seq.append((seat, seat))
                    if r < 3:
                        seq.append((seat, 2))
        else:
            rounds = 4 if n == 4 else 5
            for _ in range(rounds):
                seq.extend((seat, seat) for seat in range(n))
        return tuple(seq)

    # -- states -------------------------------------------------------------------------
    def new_state(self, seed: int = 0) -> TrekState:
        state = TrekState()
        state._setup_game(self, seed)
        return state

    def _blank_state(self) -> TrekState:
        return TrekState()

    # -- actions ------------------------------------------------------------------------
    def parse_action(self, text: str, state: State | None = None) -> TrekAction:
        return parse(text)

    def action_id(self, action: Any) -> int:
        try:
            return ACTION_ID[action]
        except (KeyError, TypeError):
            raise ValueError(f"river-trek: {action!r} is not a River Trek action") from None

    def action_from_id(self, action_id: int) -> TrekAction:
        if not isinstance(action_id, int) or not 0 <= action_id < NUM_ACTION_IDS:
            raise ValueError(f"river-trek: action id {action_id!r} is outside 0..{NUM_ACTION_IDS - 1}")
        return ALL_ACTIONS[action_id]

    # -- presentation -------------------------------------------------------------------
    def rules_text(self) -> str:
        return resources.files(__package__).joinpath("rules.md").read_text(encoding="utf-8")

    def render(self, state: State, seat: int | None) -> Any:
        from riverbox.games.river_trek.render import render

        return render(state.view(seat))

    def describe_action(self, action: Any, state: State) -> str:
        from riverbox.games.river_trek.actions import MOVE, MOVEBACK
        from riverbox.games.river_trek.render import describe, move_preview

        preview = ""
        if (
            isinstance(state, TrekState)
            and isinstance(action, TrekAction)
            and action.kind in (MOVE, MOVEBACK)
            and action in state.legal_actions()
        ):
            preview = move_preview(state, action)
        return describe(action, state.view(None), preview)

    def narrate(self, state: State, seat: int | None, start: int) -> list[str]:
        from riverbox.games.river_trek.render import narrate

        assert isinstance(state, TrekState)
        return narrate(self, state, seat, start)

    def heuristic_bot(self, seed: int = 0) -> Any:
        from riverbox.games.river_trek.bot import TrekBot

        return TrekBot(seed)

    def observation_tensor(self, view: dict[str, Any]) -> list[float]:
        from riverbox.games.river_trek.observe import encode

        return encode(view)


def _observation_size() -> int:
    from riverbox.games.river_trek.observe import SIZE

    return SIZE


RiverTrek.observation_size = _observation_size()
