"""River Trek's ``Game`` class: its info and options, its action space and presentation hooks.

Configuration, not rules (the rules are in ``rules`` and the modules it calls; the state in
``state``), so this module stays interpreted in the compiled build.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar, cast

from riverbox.core import Game, GameInfo, OptionSpec, State
from riverbox.core.events import EventText
from riverbox.core.i18n import N_, localized_file
from riverbox.core.text import unwrap_cjk
from riverbox.games.river_trek.actions import ALL_ACTIONS, NUM_ACTION_IDS, Kind, TrekAction, parse
from riverbox.games.river_trek.bot import TrekBot
from riverbox.games.river_trek.build import build_position
from riverbox.games.river_trek.observe import SIZE, encode, state_blocks
from riverbox.games.river_trek.state import TrekState
from riverbox.games.river_trek.words import DOMAIN, EVENT_TEXTS, narrate


class RiverTrek(Game):
    """River Trek for 2-4 players (2 players add the automatic player Stanley)."""

    info = GameInfo(
        name="river-trek",
        title=N_("River Trek"),
        min_players=2,
        max_players=4,
        default_players=4,
        summary=(
            N_(
                "Move caravans of stacked explorers up a river path; each dropped explorer pays its owner "
                "from trading posts, washes down at river crossings or takes an animal power. "
                "Most money wins. Boards are placeholders (the published layouts are unknown)."
            )
        ),
        options=(
            OptionSpec(
                "variant",
                "basic",
                N_(
                    "basic: 2 middle boards; full: 3 middle boards, Scout, Civilization Event and Bridge; "
                    "simple: the basic game without animals"
                ),
                choices=("basic", "full", "simple"),
                label=N_("Variant"),
                choice_labels=(N_("basic"), N_("full"), N_("simple (no animals)")),
            ),
            OptionSpec(
                "animals",
                True,
                N_("use the animal tiles and tokens (false = the Simpler Game)"),
                label=N_("Animals"),
            ),
            OptionSpec(
                "animal_shift",
                "forward",
                N_(
                    "an animal tile landing on a crossing or another tile shifts forward first, "  # RT-18
                    "back first, or as seat 0 (the host) chooses during setup"
                ),
                choices=("forward", "back", "choose"),
                label=N_("Animal tile shift"),
                choice_labels=(N_("forward first"), N_("back first"), N_("the host chooses")),
            ),
            OptionSpec(
                "empty_tile_check",
                "any-move",
                N_(
                    "return a token whose tile empties after any move (Jaguar, Bush Dog too) "  # RT-15
                    "or only after caravan moves"
                ),
                choices=("any-move", "caravan-move"),
                label=N_("Empty tile check"),
                choice_labels=(N_("after any move"), N_("after caravan moves only")),
            ),
            OptionSpec(
                "hidden_money",
                False,
                N_("keep each player's money hidden from the others"),  # RT-28
                label=N_("Hidden money"),
            ),
        ),
        # Nothing is ever hidden: the boards and animals are drawn at setup, face up, before anyone
        # acts; face-down tokens are known (they sit on their own tile); money is public by default
        # and, with hidden_money, still follows from the public history (it is a display option).
        perfect_information=True,
    )
    num_action_ids = NUM_ACTION_IDS
    action_types = (TrekAction,)
    event_texts: ClassVar[dict[str, EventText]] = EVENT_TEXTS
    languages: ClassVar[tuple[str, ...]] = ("en", "zh")
    domain: ClassVar[str] = DOMAIN
    state_class = TrekState
    observation_size = SIZE

    # -- actions ------------------------------------------------------------------------
    def all_actions(self) -> tuple[TrekAction, ...]:
        return ALL_ACTIONS

    def parse_action(self, text: str, state: State | None = None) -> TrekAction:
        """Notation, plus the Otter's crossings in either order and errors naming what is wrong."""
        return parse(text)

    # -- positions by hand ---------------------------------------------------------------
    def position(self, **layout: Any) -> TrekState:
        """A mid-game position laid out by hand (tests, puzzles); see ``build.build_position``."""
        state = cast(TrekState, self.unset_state(0))
        build_position(state, **layout)
        return state

    # -- presentation -------------------------------------------------------------------
    def rules_text(self, lang: str = "en") -> str:
        return unwrap_cjk(
            localized_file(Path(__file__).parent / "rules.md", self.lang_for(lang)).read_text(
                encoding="utf-8"
            )
        )

    def render(self, state: State, seat: int | None, lang: str = "en") -> Any:
        from riverbox.games.river_trek.render import render  # rich is loaded only to draw

        return render(state.view(seat), self.lang_for(lang))

    def describe_action(self, action: Any, state: State, lang: str = "en") -> str:
        from riverbox.games.river_trek.render import describe, move_preview

        lang = self.lang_for(lang)
        preview = ""
        if (
            isinstance(state, TrekState)
            and isinstance(action, TrekAction)
            and action.kind in (Kind.MOVE, Kind.MOVEBACK)
            and action in state.legal_actions()
        ):
            preview = move_preview(state, action, lang)
        return describe(action, state.view(None), preview, lang)

    def narrate(self, state: State, seat: int | None, start: int, lang: str = "en") -> list[str]:
        return narrate(state, seat, start, lang)

    def heuristic_bot(self, seed: int = 0) -> Any:
        return TrekBot(seed)

    def leaf_measure(self, state: State) -> list[float]:
        from riverbox.games.river_trek.leaf import leaf_measure

        return leaf_measure(state)

    def observation_tensor(self, view: dict[str, Any]) -> list[float]:
        return encode(view)

    def observation_state_blocks(self, state: State, seat: int | None) -> list[list[float]]:
        """The blocks of ``state.view(seat)`` read from the state (no view is built)."""
        assert isinstance(state, TrekState)
        return state_blocks(state, seat)
