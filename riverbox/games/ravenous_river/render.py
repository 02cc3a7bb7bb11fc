"""The terminal drawing of a view (rich): row, bank, boats, scores, your hand and totem, last round."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from riverbox.games.ravenous_river.cards import CARDS
from riverbox.games.ravenous_river.scoring import ANIMALS, predator, prey
from riverbox.games.ravenous_river.words import card_text

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
_TITLES = {k.name: k.title for k in CARDS}
CHAIN = (*ANIMALS, ANIMALS[0])


def animal(name: str) -> Text:
    return Text(name, style=COLOURS.get(name, ""))


def animals(names: list[str], empty: str = "(empty)") -> Text:
    if not names:
        return Text(empty, style="dim")
    return Text(" ").join(animal(a) for a in names)


def card(name: str) -> Text:
    t = Text(_TITLES.get(name, name), style="green")
    if name in _PLACEHOLDER:
        t.append("*", style="dim")
    return t


def render(view: dict[str, Any], log: list[dict[str, Any]]) -> Any:
    """A rich renderable of ``view`` and ``log`` (what its seat may see and was told)."""
    seat = view["seat"]
    who = "spectator" if seat is None else f"seat {seat}"
    over = view["phase"] == "over"
    when = "game over" if over else f"round {view['round']}"
    title = f"Ravenous River - {when} - first to {view['target']} VP - {who}"
    parts: list[Any] = []

    scores = Table.grid(padding=(0, 2))
    voting = view["voted"] is not None
    for s, (sc, hs) in enumerate(zip(view["scores"], view["hand_sizes"], strict=True)):
        style = "bold" if s == seat else ""
        cards = "card" if hs == 1 else "cards"
        label = Text(f"seat {s}{' (you)' if s == seat else ''}: {sc} VP, {hs} {cards}", style=style)
        if over and s in view["winners"]:
            label.append("  winner", style="bold green")
        if voting:
            label.append(" [voted]" if view["voted"][s] else " [choosing]", style="dim")
        elif view["turn"] == s:
            label.append("  <- to move", style="bold cyan")
        scores.add_row(label)
    parts.append(scores)
    parts.append(Text("Food chain: " + " > ".join(CHAIN), style="dim"))

    row = Text("Row:   ")
    for i, x in enumerate(view["row"]):
        row.append(f"{i + 1}:")
        seen = view["row_seen_by"][i]
        others = [f"s{o}" for o in seen if o != seat]
        if x is None:
            row.append("--", style="dim")
        elif x == "?":
            row.append("??", style="on grey23")
            if others:
                row.append(f"({'+'.join(others)} saw)", style="dim")
        else:
            row.append_text(animal(x))
            if seat in seen:  # face down, but this seat has looked at it
                row.append(f"(face down; {'+'.join(['you', *others])} saw)", style="dim")
            else:
                row.append("(face up)", style="dim")
        row.append("  ")
    parts.append(row)
    parts.append(Text("Bank:  ").append_text(animals(view["bank"])).append("   survivors +1 VP", style="dim"))
    for b in range(2):
        status = view["boat_status"][b]
        shown = {"sailed": "sailed home early, frozen", "sunk": "sunk for this round"}.get(status, status)
        line = Text(f"Boat {b + 1} [{shown}]: ", style="bold blue" if status == "in play" else "dim")
        line.append_text(animals(view["boats"][b]))
        parts.append(line)
    parts.append(
        Text(
            "Home:  (the boats unload here at scoring; survivors +2 VP; animals left in the row +1)",
            style="dim",
        )
    )

    if seat is not None:
        totems = view["totems"] or []
        me = Text("Your totems: " if len(totems) > 1 or view["drawn"] else "Your totem: ")
        if totems:
            for t in totems:
                me.append_text(animal(t)).append(f" (eats {prey(t)}, eaten by {predator(t)})  ")
        elif view["drawn"]:
            me.append("choose two of ").append_text(animals(view["drawn"]))
        parts.append(me)
        returned = returned_totem(view)
        if returned:
            parts.append(
                Text("Returned totem: ")
                .append_text(animal(returned))
                .append(" (drawn by you and put back: nobody's totem this round)", style="dim")
            )
        parts.extend(hand_lines(view["hand"]))
    if view["discard"]:
        parts.append(Text("Discarded: ").append_text(Text(", ").join(card(c) for c in view["discard"])))
    pending = view["pending"]
    report = next((e for e in reversed(log) if e["kind"] == "round_scored"), None)
    if pending:
        if pending["kind"] == "place" and pending["seat"] == seat:
            x = view["row"][pending["slot"]]
            parts.append(
                Text(
                    f"You are looking at the {x} from row slot {pending['slot'] + 1}: ", style="italic"
                ).append("place it face up, or discard a card to put it back face down.", style="italic")
            )
        elif pending["kind"] == "place":
            parts.append(
                Text(f"seat {pending['seat']} is looking at row slot {pending['slot'] + 1}", style="italic")
            )
        else:
            parts.append(
                Text(f"seat {pending['seat']} is resolving ", style="italic").append_text(
                    card(pending["card"])
                )
            )
    if view["last_vote"]:
        parts.append(last_vote_line(view["last_vote"], view["round"]))
    if report:
        gains = ", ".join(f"seat {s} +{g}" for s, g in enumerate(report["gains"]))
        parts.append(Text(f"Round {report['round']} scored: {gains} (full report in the log)", style="dim"))
    if any(c in _PLACEHOLDER for c in (view["hand"] or []) + view["discard"]):
        parts.append(Text("* placeholder card (not the published card list)", style="dim"))
    if view["phase"] == "vote":
        need = view["players"] // 2 + 1
        parts.append(
            Text(
                f"Secret vote (seat {view['turn']} ended a turn empty-handed with every boat in play full):"
                f" end the round now, or continue? {need} of {view['players']} 'end' votes end it"
                + ("; a tie continues." if view["players"] % 2 == 0 else "."),
                style="bold magenta",
            )
        )
        if view.get("my_vote"):
            parts.append(Text(f"Your vote: {view['my_vote']} (secret until everyone has voted)"))
    elif view["phase"] == "keep":
        parts.append(Text("Round setup: each player keeps two of three drawn totems.", style="bold magenta"))
    # The end-of-round report and the winner's sentence are told once, by the log (narrate);
    # the board only marks the winner, so a final screen does not print them twice.
    return Panel(Group(*parts), title=title, border_style="blue")


def last_vote_line(lv: dict[str, Any], current_round: int) -> Text:
    """The last revealed vote, labelled with its round so it never reads as the vote under way."""
    each = ", ".join(f"seat {s} {v}" for s, v in enumerate(lv["votes"]))
    when = "this round" if lv["round"] == current_round else f"round {lv['round']}"
    result = "the round ended" if lv["round_ended"] else "play continued"
    return Text(
        f"Earlier vote ({when}, revealed): {each} ({lv['end']} end, {lv['continue']} continue: {result})",
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


def hand_lines(hand: list[str]) -> list[Text]:
    """Every card in the hand with its text, playable now or not (placeholder cards marked)."""
    if not hand:
        return [Text("Your hand: ").append("(empty)", style="dim")]
    lines = [Text("Your hand:")]
    for name in hand:
        lines.append(Text("  ").append_text(card(name)).append(": " + card_text(name), style=""))
    return lines
