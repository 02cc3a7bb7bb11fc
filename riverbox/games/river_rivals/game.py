"""The River Rivals game object: description, options, action space and presentation hooks."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from riverbox.core import Game, GameInfo, OptionSpec, State
from riverbox.core.events import EventText
from riverbox.core.i18n import N_, localized_file, translator
from riverbox.games.river_rivals import actions as A
from riverbox.games.river_rivals.content import EQUIPMENT, KINDS, RAW
from riverbox.games.river_rivals.observe import OBSERVATION_SIZE, encode, state_blocks
from riverbox.games.river_rivals.state import RiverRivalsState
from riverbox.games.river_rivals.words import DOMAIN, EVENT_TEXTS, narrate


class RiverRivals(Game):
    """The configured game (always 2 players)."""

    info = GameInfo(
        name="river-rivals",
        title=N_("River Rivals"),
        min_players=2,
        max_players=2,
        summary=N_(
            "Two animal clans play cards into four river columns; the first to place all 8 of "
            "their fish wins. Basic and advanced mode (equipment draft). Card content is a placeholder."
        ),
        options=(
            OptionSpec(
                "mode",
                "basic",
                N_("basic, or advanced with the equipment draft"),
                choices=("basic", "advanced"),
                label=N_("Mode"),
                choice_labels=(N_("basic"), N_("advanced (equipment draft)")),
            ),
            OptionSpec(
                "first",
                0,
                N_("the seat that begins (draws 4 cards, the other 5)"),
                minimum=0,
                maximum=1,
                label=N_("First seat"),
            ),
            OptionSpec(
                "chain_limit",
                0,
                N_("most extra cards Lightning may play per turn (0 = no limit)"),  # RV-7
                minimum=0,
                maximum=16,
                label=N_("Lightning chain limit"),
            ),
            OptionSpec(
                "copy_copy",
                False,
                N_("may a Copy Animal copy another Copy Animal (default no)"),
                label=N_("Copy may copy a Copy"),
            ),  # RV-8
            OptionSpec(
                "full_hand_draw",
                "forbidden",
                N_("at the hand limit, drawing is forbidden, or allowed and draws nothing"),  # RV-18
                choices=("forbidden", "empty"),
                label=N_("Drawing with a full hand"),
                choice_labels=(N_("forbidden"), N_("allowed, draws nothing")),
            ),
            OptionSpec(
                "stuck",
                "lose",
                N_("holding cards but unable to play or draw loses, or passes"),  # RV-20
                choices=("lose", "pass"),
                label=N_("A stuck player"),
                choice_labels=(N_("loses"), N_("passes")),
            ),
            OptionSpec(
                "poison",
                "pile",
                N_("Poison removes the top card of the catcher's pile, or a shield"),  # RV-25
                choices=("pile", "shield"),
                label=N_("Poison removes"),
                choice_labels=(N_("the top card of the pile"), N_("a shield")),
            ),
        ),
        default_players=2,
        perfect_information=False,
    )
    action_types = (A.RvAction,)
    num_action_ids = len(A.ACTIONS)
    state_class = RiverRivalsState

    def all_actions(self) -> list[A.RvAction]:
        return A.ACTIONS

    def parse_action(self, text: str, state: State | None = None) -> A.RvAction:
        """Notation is read case-insensitively, and a wrong word gets the forms it takes."""
        return A.parse(text)

    # -- presentation ----------------------------------------------------------------------------
    def rules_text(self, lang: str = "en") -> str:
        """The rules in ``lang`` (``rules.zh.md`` next to ``rules.md``), then the card content table."""
        lang = self.lang_for(lang)
        from riverbox.core.text import unwrap_cjk

        text = localized_file(Path(__file__).with_name("rules.md"), lang).read_text(encoding="utf-8")
        return unwrap_cjk(text + "\n" + placeholder_table(lang))

    def render(self, state: State, seat: int | None, lang: str = "en") -> Any:
        from riverbox.games.river_rivals.render import render

        return render(state, seat, self.lang_for(lang))

    def describe_action(self, action: Any, state: State, lang: str = "en") -> str:
        from riverbox.games.river_rivals.render import describe

        return describe(action, state, self.lang_for(lang))

    event_texts: ClassVar[dict[str, EventText]] = EVENT_TEXTS
    languages: ClassVar[tuple[str, ...]] = ("en", "zh")
    domain: ClassVar[str] = DOMAIN

    def narrate(self, state: State, seat: int | None, start: int, lang: str = "en") -> list[str]:
        """The play log from ``state.log(seat)``: what ``seat`` was told since history entry ``start``."""
        return narrate(state, seat, start, lambda event: self.describe_event(event, lang))

    def action_visibility(self, action: Any, seat: int) -> frozenset[int] | None:
        """Which card Binoculars takes from the draw pile is known only to its taker."""
        return frozenset({seat}) if getattr(action, "type", None) == A.TAKE else None

    def heuristic_bot(self, seed: int = 0) -> Any:
        from riverbox.games.river_rivals.bot import HeuristicBot

        return HeuristicBot(seed)

    # -- learning --------------------------------------------------------------------------------
    observation_size = OBSERVATION_SIZE

    def observation_tensor(self, view: dict[str, Any]) -> list[float]:
        return encode(view)

    def observation_state_blocks(self, state: State, seat: int | None) -> list[list[float]]:
        """The blocks of ``state.view(seat)`` read from the state (no view is built)."""
        assert isinstance(state, RiverRivalsState)
        return state_blocks(state, seat)


_VERIFIED = {
    "name": N_("name"),
    "strength": N_("strength"),
    "effect": N_("effect"),
    "fish_spaces": N_("fish spaces"),
    "count": N_("count"),
}


def placeholder_table(lang: str = "en") -> str:
    """The card content as Markdown, each placeholder entry marked (spec 1.5), in ``lang``."""
    _ = translator(DOMAIN, lang)
    effects = {k: v["name"] for k, v in RAW["effects"].items()}
    mark_word = _("PLACEHOLDER")
    lines = [
        _("## Card content (from data/content.json)"),
        "",
        _("Entries marked **PLACEHOLDER** are reconstructions, not the published game's cards."),
        "",
        _("| Animal | Strength | Effect | Fish spaces | Count | |"),
        "|---|---|---|---|---|---|",
    ]
    for k in KINDS:
        mark = ""
        if k.placeholder:
            verified = _(", ").join(_(_VERIFIED.get(x, x)) for x in k.verified)
            mark = mark_word + (" " + _("(verified: {fields})").format(fields=verified) if k.verified else "")
        eff = _(effects[k.effect]) if k.effect else "-"
        lines.append(f"| {_(k.name)} | {k.strength} | {eff} | {k.fish_spaces} | {k.count} | {mark} |")
    lines += ["", _("| Equipment | Type | Effect | |"), "|---|---|---|---|"]
    for e in EQUIPMENT:
        mark = mark_word if e.placeholder else ""
        kind = _("permanent") if e.permanent else _("once")
        lines.append(f"| {_(e.name)} | {kind} | {_(e.text)} | {mark} |")
    return "\n".join(lines) + "\n"
