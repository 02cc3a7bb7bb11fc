"""The terminal drawing of a view (rich): row, bank, boats, scores, your hand and totem, last round."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from riverbox.games.ravenous_river.cards import CARDS
from riverbox.games.ravenous_river.scoring import predator, prey

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
    for s, (sc, hs) in enumerate(zip(view["scores"], view["hand_sizes"], strict=True)):
        mark = ""
        if view["turn"] == s:
            mark = " <"
        style = "bold" if s == seat else ""
        label = Text(f"seat {s}{' (you)' if s == seat else ''}: {sc} VP, {hs} cards{mark}", style=style)
        if view["voted"] is not None:
            label.append(" [voted]" if view["voted"][s] else " [thinking]", style="dim")
        scores.add_row(label)
    parts.append(scores)

    row = Text("Row:   ")
    for i, x in enumerate(view["row"]):
        row.append(f"{i + 1}:")
        if x is None:
            row.append("--", style="dim")
        elif x == "?":
            row.append("??", style="on grey23")
        else:
            row.append_text(animal(x))
            if view["row_seen_by"][i]:
                row.append("(seen)", style="dim")
            else:
                row.append("(up)", style="dim")
        row.append("  ")
    parts.append(row)
    parts.append(Text("Bank:  ").append_text(animals(view["bank"])))
    for b in range(2):
        status = view["boat_status"][b]
        line = Text(f"Boat {b + 1} [{status}]: ", style="bold blue" if status == "in play" else "dim")
        line.append_text(animals(view["boats"][b]))
        parts.append(line)

    if seat is not None:
        totems = view["totems"] or []
        me = Text("Your totems: " if len(totems) > 1 else "Your totem: ")
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
    if pending:
        if pending["kind"] == "place":
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
        parts.append(Text(f"Last vote: {lv['end']} end, {lv['continue']} continue", style="dim"))
    if any(c in _PLACEHOLDER for c in (view["hand"] or []) + view["discard"]):
        parts.append(Text("* placeholder card (not the published card list)", style="dim"))
    if view["phase"] == "over" and view["winners"]:
        w = view["winners"][0]
        won = "You win" if w == seat else f"Seat {w} wins"
        parts.append(Text(f"Game over: {won} with {view['scores'][w]} VP.", style="bold green"))
    elif view["phase"] == "vote":
        parts.append(Text("Secret vote: end the round now, or continue?", style="bold magenta"))
    elif view["phase"] == "keep":
        parts.append(Text("Round setup: each player keeps two of three drawn totems.", style="bold magenta"))
    body = Panel(Group(*parts), title=title, border_style="blue")
    report = view["last_round"]
    if report and (view["phase"] == "over" or report["round"] == view["round"] - 1):
        lines = Text("\n").join(Text(x) for x in report["lines"])
        return Group(body, Panel(lines, title=f"End of round {report['round']}", border_style="yellow"))
    return body
