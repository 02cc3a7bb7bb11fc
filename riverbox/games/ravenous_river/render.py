"""The terminal drawing of a view (rich): row, bank, boats, scores, your hand and totem, last round."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from riverbox.core.i18n import translator
from riverbox.games.ravenous_river.content import CARDS
from riverbox.games.ravenous_river.scoring import ANIMALS, predator, prey
from riverbox.games.ravenous_river.words import DOMAIN, animal_word, card_text, card_title

COLOURS = {
    "lion": "bold yellow",
    "bull": "bold red",
    "horse": "dark_orange3",
    "hound": "grey70",
    "fox": "orange1",
    "cat": "magenta",
    "mouse": "cyan",
}
_PLACEHOLDER = {k.name for k in CARDS if k.placeholder}
CHAIN = (*ANIMALS, ANIMALS[0])


def animal(name: str, lang: str = "en") -> Text:
    return Text(animal_word(name, lang), style=COLOURS.get(name, ""))


def animals(names: list[str], empty: str = "(empty)", lang: str = "en") -> Text:
    if not names:
        return Text(translator(DOMAIN, lang)(empty), style="dim")
    return Text(" ").join(animal(a, lang) for a in names)


def card(name: str, lang: str = "en") -> Text:
    title = card_title(name, lang).removesuffix("*")
    t = Text(title, style="green")
    if name in _PLACEHOLDER:
        t.append("*", style="dim")
    return t


def render(view: dict[str, Any], log: list[dict[str, Any]], lang: str = "en") -> Any:
    """A rich renderable of ``view`` and ``log`` (what its seat may see and was told), in ``lang``."""
    _ = translator(DOMAIN, lang)
    seat = view["seat"]
    who = _("spectator") if seat is None else _("seat {seat}").format(seat=seat)
    over = view["phase"] == "over"
    when = _("game over") if over else _("round {round}").format(round=view["round"])
    title = _("Ravenous River - {when} - first to {target} VP - {who}").format(
        when=when, target=view["target"], who=who
    )
    parts: list[Any] = []

    scores = Table.grid(padding=(0, 2))
    voting = view["voted"] is not None
    for s, (sc, hs) in enumerate(zip(view["scores"], view["hand_sizes"], strict=True)):
        style = "bold" if s == seat else ""
        you = _(" (you)") if s == seat else ""
        if hs == 1:
            line = _("seat {seat}{you}: {vp} VP, 1 card").format(seat=s, you=you, vp=sc)
        else:
            line = _("seat {seat}{you}: {vp} VP, {cards} cards").format(seat=s, you=you, vp=sc, cards=hs)
        label = Text(line, style=style)
        if over and s in view["winners"]:
            label.append(_("  winner"), style="bold green")
        if voting:
            label.append(_(" [voted]") if view["voted"][s] else _(" [choosing]"), style="dim")
        elif view["turn"] == s:
            label.append(_("  <- to move"), style="bold cyan")
        scores.add_row(label)
    parts.append(scores)
    parts.append(Text(_("Food chain: ") + " > ".join(animal_word(a, lang) for a in CHAIN), style="dim"))

    row = Text(_("Row:   "))
    for i, x in enumerate(view["row"]):
        row.append(f"{i + 1}:")
        seen = view["row_seen_by"][i]
        others = [f"s{o}" for o in seen if o != seat]
        if x is None:
            row.append("--", style="dim")
        elif x == "?":
            row.append("??", style="on grey23")
            if others:
                row.append(_("({seats} saw)").format(seats="+".join(others)), style="dim")
        else:
            row.append_text(animal(x, lang))
            if seat in seen:  # face down, but this seat has looked at it
                row.append(
                    _("(face down; {seats} saw)").format(seats="+".join([_("you"), *others])), style="dim"
                )
            else:
                row.append(_("(face up)"), style="dim")
        row.append("  ")
    parts.append(row)
    parts.append(
        Text(_("Bank:  "))
        .append_text(animals(view["bank"], lang=lang))
        .append(_("   survivors +1 VP"), style="dim")
    )
    for b in range(2):
        status = view["boat_status"][b]
        shown = {
            "sailed": _("sailed home early, frozen"),
            "sunk": _("sunk for this round"),
            "in play": _("in play"),
        }.get(status, status)
        boat = Text(
            _("Boat {boat} [{status}]: ").format(boat=b + 1, status=shown),
            style="bold blue" if status == "in play" else "dim",
        )
        boat.append_text(animals(view["boats"][b], lang=lang))
        parts.append(boat)
    parts.append(
        Text(
            _("Home:  (the boats unload here at scoring; survivors +2 VP; animals left in the row +1)"),
            style="dim",
        )
    )

    if seat is not None:
        totems = view["totems"] or []
        me = Text(_("Your totems: ") if len(totems) > 1 or view["drawn"] else _("Your totem: "))
        if totems:
            for t in totems:
                me.append_text(animal(t, lang)).append(
                    _(" (eats {prey}, eaten by {predator})  ").format(
                        prey=animal_word(prey(t), lang), predator=animal_word(predator(t), lang)
                    )
                )
        elif view["drawn"]:
            me.append(_("choose two of ")).append_text(animals(view["drawn"], lang=lang))
        parts.append(me)
        returned = returned_totem(view)
        if returned:
            parts.append(
                Text(_("Returned totem: "))
                .append_text(animal(returned, lang))
                .append(_(" (drawn by you and put back: nobody's totem this round)"), style="dim")
            )
        parts.extend(hand_lines(view["hand"], lang))
    if view["discard"]:
        parts.append(
            Text(_("Discarded: ")).append_text(Text(", ").join(card(c, lang) for c in view["discard"]))
        )
    pending = view["pending"]
    report = next((e for e in reversed(log) if e["kind"] == "round_scored"), None)
    if pending:
        if pending["kind"] == "place" and pending["seat"] == seat:
            x = view["row"][pending["slot"]]
            parts.append(
                Text(
                    _("You are looking at the {animal} from row slot {slot}: ").format(
                        animal=animal_word(x, lang), slot=pending["slot"] + 1
                    ),
                    style="italic",
                ).append(_("place it face up, or discard a card to put it back face down."), style="italic")
            )
        elif pending["kind"] == "place":
            parts.append(
                Text(
                    _("seat {seat} is looking at row slot {slot}").format(
                        seat=pending["seat"], slot=pending["slot"] + 1
                    ),
                    style="italic",
                )
            )
        else:
            parts.append(
                Text(_("seat {seat} is resolving ").format(seat=pending["seat"]), style="italic").append_text(
                    card(pending["card"], lang)
                )
            )
    if view["last_vote"]:
        parts.append(last_vote_line(view["last_vote"], view["round"], lang))
    if report:
        gains = ", ".join(
            _("seat {seat} +{gain}").format(seat=s, gain=g) for s, g in enumerate(report["gains"])
        )
        parts.append(
            Text(
                _("Round {round} scored: {gains} (full report in the log)").format(
                    round=report["round"], gains=gains
                ),
                style="dim",
            )
        )
    if any(c in _PLACEHOLDER for c in (view["hand"] or []) + view["discard"]):
        parts.append(Text(_("* placeholder card (not the published card list)"), style="dim"))
    if view["phase"] == "vote":
        need = view["players"] // 2 + 1
        vote = _(
            "Secret vote (seat {seat} ended a turn empty-handed with every boat in play full):"
            " end the round now, or continue? {need} of {players} 'end' votes end it"
        ).format(seat=view["turn"], need=need, players=view["players"])
        parts.append(
            Text(vote + (_("; a tie continues.") if view["players"] % 2 == 0 else "."), style="bold magenta")
        )
        if view.get("my_vote"):
            parts.append(
                Text(
                    _("Your vote: {vote} (secret until everyone has voted)").format(
                        vote=_(str(view["my_vote"]).upper()) if lang != "en" else view["my_vote"]
                    )
                )
            )
    elif view["phase"] == "keep":
        parts.append(
            Text(_("Round setup: each player keeps two of three drawn totems."), style="bold magenta")
        )
    # The end-of-round report and the winner's sentence are told once, by the log (narrate);
    # the board only marks the winner, so a final screen does not print them twice.
    return Panel(Group(*parts), title=title, border_style="blue")


def last_vote_line(lv: dict[str, Any], current_round: int, lang: str = "en") -> Text:
    """The last revealed vote, labelled with its round so it never reads as the vote under way."""
    _ = translator(DOMAIN, lang)

    def vote(v: str) -> str:
        return v if lang == "en" else _(v.upper())

    each = ", ".join(_("seat {seat} {vote}").format(seat=s, vote=vote(v)) for s, v in enumerate(lv["votes"]))
    when = _("this round") if lv["round"] == current_round else _("round {round}").format(round=lv["round"])
    result = _("the round ended") if lv["round_ended"] else _("play continued")
    return Text(
        _("Earlier vote ({when}, revealed): {each} ({end} end, {cont} continue: {result})").format(
            when=when, each=each, end=lv["end"], cont=lv["continue"], result=result
        ),
        style="dim",
    )


def returned_totem(view: dict[str, Any]) -> str | None:
    """2 players: the third drawn totem a seat put back. Each seat draws from its own three, so the
    returned one is certainly nobody's totem; it stays on screen because that is worth knowing."""
    drawn, kept = view.get("drawn"), view.get("totems")
    if not drawn or not kept:
        return None
    rest = [t for t in drawn if t not in kept]
    return rest[0] if len(rest) == 1 else None


def hand_lines(hand: list[str], lang: str = "en") -> list[Text]:
    """Every card in the hand with its text, playable now or not (placeholder cards marked)."""
    _ = translator(DOMAIN, lang)
    if not hand:
        return [Text(_("Your hand: ")).append(_("(empty)"), style="dim")]
    lines = [Text(_("Your hand:"))]
    for name in hand:
        lines.append(Text("  ").append_text(card(name, lang)).append(": " + card_text(name, lang), style=""))
    return lines
