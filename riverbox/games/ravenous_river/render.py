"""The terminal drawing of a view (rich): row, bank, boats, scores, your hand and totem, last round."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from riverbox.games.ravenous_river.cards import CARDS
from riverbox.games.ravenous_river.scoring import ANIMALS, predator, prey

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


def render(view: dict[str, Any]) -> Any:
    """A rich renderable of ``view`` (what its seat may see)."""
    seat = view["seat"]
    who = "spectator" if seat is None else f"seat {seat}"
    title = f"Ravenous River - round {view['round']} - first to {view['target']} VP - {who}"
    parts: list[Any] = []

    scores = Table.grid(padding=(0, 2))
    voting = view["voted"] is not None
    for s, (sc, hs) in enumerate(zip(view["scores"], view["hand_sizes"], strict=True)):
        style = "bold" if s == seat else ""
        cards = "card" if hs == 1 else "cards"
        label = Text(f"seat {s}{' (you)' if s == seat else ''}: {sc} VP, {hs} {cards}", style=style)
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
        hand = Text("Your hand: ")
        if view["hand"]:
            hand.append_text(Text(", ").join(card(c) for c in view["hand"]))
        else:
            hand.append("(empty)", style="dim")
        parts.append(hand)
    if view["discard"]:
        parts.append(Text("Discarded: ").append_text(Text(", ").join(card(c) for c in view["discard"])))
    pending = view["pending"]
    report = view["last_round"]
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
        lv = view["last_vote"]
        each = ", ".join(f"seat {s} {v}" for s, v in enumerate(lv["votes"]))
        parts.append(Text(f"Last vote: {each} ({lv['end']} end, {lv['continue']} continue)", style="dim"))
    if report and view["phase"] != "over":
        gains = ", ".join(f"seat {s} +{g}" for s, g in enumerate(report["gains"]))
        parts.append(Text(f"Round {report['round']} scored: {gains} (full report in the log)", style="dim"))
    if any(c in _PLACEHOLDER for c in (view["hand"] or []) + view["discard"]):
        parts.append(Text("* placeholder card (not the published card list)", style="dim"))
    if view["phase"] == "over" and view["winners"]:
        w = view["winners"][0]
        won = "You win" if w == seat else f"Seat {w} wins"
        parts.append(Text(f"Game over: {won} with {view['scores'][w]} VP.", style="bold green"))
    elif view["phase"] == "vote":
        need = view["players"] // 2 + 1
        parts.append(
            Text(
                f"Secret vote (seat {view['turn']} ended a turn empty-handed with every boat in play full):"
                f" end the round now, or continue? {need} of {view['players']} 'end' votes end it"
                + ("; a tie continues." if view["players"] % 2 == 0 else "."),
                style="bold magenta",
            )
        )
    elif view["phase"] == "keep":
        parts.append(Text("Round setup: each player keeps two of three drawn totems.", style="bold magenta"))
    body = Panel(Group(*parts), title=title, border_style="blue")
    report = view["last_round"]
    if report and view["phase"] == "over":
        lines = Text("\n").join(Text(x) for x in report["lines"])
        return Group(body, Panel(lines, title=f"End of round {report['round']}", border_style="yellow"))
    return body
