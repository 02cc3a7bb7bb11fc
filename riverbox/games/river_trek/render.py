"""River Trek in the terminal: the path drawn as a picture (rich), action descriptions, narration.

Everything here works from ``view`` dicts, so a seat is never shown more than it may know.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.columns import Columns
from rich.console import Group
from rich.table import Table
from rich.text import Text

from riverbox.games.river_trek.actions import A_DROP, Kind, TrekAction
from riverbox.games.river_trek.board import CROSSING, animal_data
from riverbox.games.river_trek.position import Phase, TrekData
from riverbox.games.river_trek.powers import BY_KIND

STYLES = {
    "green": "bold white on green4",
    "orange": "bold black on dark_orange",
    "purple": "bold white on purple",
    "blue": "bold white on blue3",
    "Stanley": "bold white on purple",
}
FG = {"green": "bold green", "orange": "bold dark_orange", "purple": "bold magenta", "blue": "bold blue"}
SYMBOL = {"dock": "⚓", "crossing": "≈", "normal": "·", "star": "*"}


def _letter(name: str) -> str:
    return "S" if name == "Stanley" else name[0].upper()


def _chip(view: dict[str, Any], colour: int) -> Text:
    name = view["colours"][colour]
    return Text(f" {_letter(name)} ", style=STYLES.get(name, "bold"))


def _space_label(view: dict[str, Any], i: int) -> str:
    sp = view["spaces"][i]
    if i == view["bridge"]:
        return "BRG"
    if sp["kind"] == "number":
        return f"${sp['value']}"
    return SYMBOL.get(sp["kind"], "·")


def render(view: dict[str, Any]) -> Any:
    """A rich renderable of the table as ``view`` shows it: one grid per board (packed side by side
    when the terminal is wide enough), stacks top to bottom, then animals, players and the step."""
    parts: list[Any] = []
    head = Text()
    head.append("River Trek", style="bold")
    head.append(f"  ({view['variant']} game, {view['players']} players)  ")
    head.append("PLACEHOLDER boards - not the published layouts", style="italic yellow")
    parts.append(head)
    parts.append(Columns([_board_table(view, b) for b in range(len(view["boards"]))], padding=(0, 2)))
    parts.append(Text(_LEGEND, style="dim"))
    if view["animals"]:
        parts.append(_animals_table(view))
    parts.append(_players_table(view))
    parts.append(Text(_status(view)))
    return Group(*parts)


_LEGEND = (
    "⚓ Dock  ≈ river crossing  B Base camp  S Scout  x unusable (below the Bridge)\n"
    "stacks: top first   #n = trading-post area paying that space\n"
    "an area's posts are shown under its first space; trading posts per player:\n"
    "1 in a small area (Start, + box), 2 in any other"
)
"""Short lines (at most 78 characters), so an 80-column terminal never wraps a word onto a line
of its own."""


def _board_table(view: dict[str, Any], b: int) -> Table:
    stacks = view["stacks"]
    tiles = {a["space"]: a for a in view["animals"]}
    starts = [*view["board_start"], len(stacks)]
    area_names = {a["id"]: a["name"].split("-")[-1] for a in view["areas"]}
    lo, hi = starts[b], starts[b + 1]
    table = Table(title=view["boards"][b], title_justify="left", show_lines=False, padding=(0, 0), box=None)
    height = max(len(stacks[i]) for i in range(lo, hi))
    for i in range(lo, hi):
        table.add_column(Text(f"{i:>3}", style="dim"), justify="center", width=6)
    row: list[Any] = []
    for i in range(lo, hi):
        t = Text(_space_label(view, i), style="cyan" if view["spaces"][i]["kind"] == "crossing" else "")
        marks = []
        if i == view["basecamp"]:
            marks.append("B")
        if view["scout"]["state"] == 0 and i == view["scout"]["space"]:
            marks.append("S")
        if view["dock"] <= i <= view["basecamp"]:
            t.stylize("underline")
        if 0 <= i < view["bridge"]:
            t = Text("x", style="dim")  # below the Bridge: unusable (RT-27)
        if marks:
            t.append("".join(marks), style="bold yellow")
        row.append(t)
    table.add_row(*row)
    for level in range(height - 1, -1, -1):
        cells: list[Any] = []
        for i in range(lo, hi):
            st = stacks[i]
            cells.append(_chip(view, st[level]) if level < len(st) else Text(""))
        table.add_row(*cells)
    arow: list[Any] = []
    for i in range(lo, hi):
        cell = Text()
        for a in view["spaces"][i]["areas"]:
            cell.append(f"#{a}{area_names[a] if area_names[a] != '+2' else '+'}", style="dim")
        arow.append(cell)
    if any(len(c) for c in arow):
        table.add_row(*arow)
    prow: list[Any] = []
    for i in range(lo, hi):
        cell = Text()
        for a in view["spaces"][i]["areas"]:
            area = view["areas"][a]
            if area["spaces"][0] != i:
                continue
            for seat, k in enumerate(area["posts"]):
                name = view["colours"][seat]
                cell.append(_letter(name) * k, style=FG.get(name, "bold"))
        prow.append(cell)
    if any(len(c) for c in prow):
        table.add_row(*prow)
    trow: list[Any] = []
    for i in range(lo, hi):
        a = tiles.get(i)
        if a is None:
            trow.append(Text(""))
            continue
        name = a["name"][:3]
        if a["holder"] >= 0:
            trow.append(Text(f"{name}:{_letter(view['colours'][a['holder']])}", style="dim"))
        else:
            trow.append(Text(name, style="dim italic" if a["face_down"] else "bold magenta"))
    if any(len(c) for c in trow):
        table.add_row(*trow)
    return table


def _animals_table(view: dict[str, Any]) -> Table:
    table = Table(title="Animals", title_justify="left", box=None, padding=(0, 1))
    for col in ("tile", "animal", "", "token", "power"):
        table.add_column(col)
    data = animal_data()
    for a in view["animals"]:
        info = data[a["name"]]
        if a["holder"] >= 0:
            where = Text()
            where.append_text(_chip(view, a["holder"]))
            where.append(" holds it")
        elif a["face_down"]:
            where = Text("spent (face down)", style="dim")
        else:
            where = Text("on its tile", style="magenta")
        tile = f"{a['space']} {a['name'][:3]}" if a["space"] >= 0 else "-"
        table.add_row(tile, info["title"], info["kind"], where, Text(info["summary"], style="dim"))
    return table


def _players_table(view: dict[str, Any]) -> Table:
    table = Table(title="Players", title_justify="left", box=None, padding=(0, 1))
    for col in ("", "money", "posts in hand", "explorers to place", "clearing", "animals"):
        table.add_column(col)
    for c, name in enumerate(view["colours"]):
        money = (
            "-" if c >= len(view["money"]) else ("?" if view["money"][c] is None else f"${view['money'][c]}")
        )
        hand = str(view["hand_posts"][c]) if c < len(view["hand_posts"]) else "-"
        animals = ", ".join(animal_data()[a["name"]]["title"] for a in view["animals"] if a["holder"] == c)
        who = Text()
        who.append_text(_chip(view, c))
        who.append(f" {name}" + (f" ({c})" if name != "Stanley" else " (auto)"))
        if c in view["to_move"]:
            who.append(" <", style="bold")
        if view["scout"]["state"] == 1 and view["scout"]["holder"] == c:
            animals = ", ".join(x for x in (animals, "the Scout") if x)
        table.add_row(who, money, hand, str(view["offboard"][c]), str(view["clearing"][c]), animals)
    return table


def _setup_explorer_step(view: dict[str, Any], steps: int, seat: int) -> str:
    return (
        f"Setup: place {view['colours'][view['setup_colour']]}'s starting explorer on a New Explorer "
        "space (a space already holding 3 is full; the Dock never is)"
    )


def _post_step(view: dict[str, Any], steps: int, seat: int) -> str:
    if 0 <= seat < len(view["hand_posts"]) and view["hand_posts"][seat] == 0:
        return f"Step 1 of {steps}: you may move one of your trading posts (none left in hand), or skip"
    return f"Step 1 of {steps}: you may place a trading post, or skip"


def _drop_step(view: dict[str, Any], steps: int, seat: int) -> str:
    kind = "forced move" if view["move"]["forced"] else "caravan move"
    return f"During the {kind}: use the Boa or Tree Frog on this move? ('drop all' if not)"


def _place_step(view: dict[str, Any], steps: int, seat: int) -> str:
    return (
        f"Step 3 of {steps}: place a new explorer on spaces {view['dock']}..{view['basecamp']} "
        "(a space already holding 2 is full; the Dock/Bridge never is)"
    )


_STEP_TEXT: dict[str, Callable[[dict[str, Any], int, int], str]] = {
    "setup-explorer": _setup_explorer_step,
    "setup-post": lambda view, steps, seat: "Setup: place your starting trading post in any area",
    "post": _post_step,
    "move": lambda view, steps, seat: (
        f"Step 2 of {steps}: move a caravan that holds at least one of your explorers"
    ),
    "drop": _drop_step,
    "place": _place_step,
    "end": lambda view, steps, seat: "End of your turn: use an animal power now, or end your turn",
    "monkey": lambda view, steps, seat: (
        "Monkey: place up to two extra trading posts, then move posts, then 'done'"
    ),
    "restack": lambda view, steps, seat: (
        "Capybara: choose the colours of the restacked caravan from the bottom up"
    ),
    "setup-tile": lambda view, steps, seat: "Setup: choose where the shifted animal tile goes",
}
"""What each step asks of the player to move, by the view's phase name (the turn's steps are
numbered as in the rulebook)."""


def step_text(view: dict[str, Any]) -> str:
    """What the player to move is asked to do, in words."""
    phase = view["phase"]
    text = _STEP_TEXT.get(phase)
    if text is None:
        return phase
    seat = view["to_move"][0] if view["to_move"] else -1
    return text(view, 5 if view["variant"] == "full" else 4, seat)


def _tiebreak_note(view: dict[str, Any], winners: list[int]) -> str:
    """Why the winner won when money was tied (RT-19)."""
    money = view["money"]
    if not winners or any(m is None for m in money):
        return ""
    best = money[winners[0]]
    tied = [s for s, m in enumerate(money) if m == best]
    if len(tied) == 1:
        return ""
    if len(winners) > 1:
        return f" (shared: tied on ${best}, explorers in the clearing and the furthest caravan)"
    clearing = view["clearing"]
    if len({clearing[s] for s in tied}) > 1 and clearing[winners[0]] == max(clearing[s] for s in tied):
        return f" (tied on ${best}; most explorers in the clearing)"
    return f" (tied on ${best} and in the clearing; on top of the caravan furthest upstream)"


def _status(view: dict[str, Any]) -> str:
    lines = []
    if view["phase"] == "over":
        winners = view.get("winners", [])
        names = [view["colours"][w] for w in winners]
        lines.append("Game over. Winner: " + " and ".join(names) + _tiebreak_note(view, winners))
    else:
        who = view["colours"][view["to_move"][0]] if view["to_move"] else "?"
        lines.append(f"Turn {view['turn_number']}: {who} to act. {step_text(view)}")
        if "move" in view:
            mv = view["move"]
            hand = " ".join(view["colours"][c] for c in mv["in_hand"])
            lines.append(f"moving caravan: next drop on space {mv['next']}; in hand (bottom first): {hand}")
        if "restack" in view:
            rs = view["restack"]
            built = " ".join(view["colours"][c] for c in view["stacks"][rs["space"]]) or "nothing yet"
            left = " ".join(view["colours"][c] for c in rs["left"])
            lines.append(f"restacking space {rs['space']}: bottom up so far: {built}; still to place: {left}")
    if view["scout"]["state"] == 1:
        holder = view["colours"][view["scout"]["holder"]]
        lines.append(f"{holder} has the Scout: the Civilization Event follows this turn")
    if view["final_round"] and view["phase"] != "over":
        lines.append(
            "final round: " + ", ".join(view["colours"][a] for a in view["final_turns"]) + " still to play"
        )
    return "\n".join(lines)


class Words:
    """How menus name spaces, caravans, areas and colours, read from a view (``powers.Words``)."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view

    def colour(self, c: int) -> str:
        colours = self.view["colours"]
        return colours[c] if 0 <= c < len(colours) else str(c)

    def caravan(self, i: int) -> str:
        stacks = self.view["stacks"]
        if not 0 <= i < len(stacks) or not stacks[i]:
            return "(empty)"
        st = stacks[i]
        tops = " ".join(_letter(self.view["colours"][c]) for c in reversed(st))
        return f"[{tops}, top first]" if len(st) > 1 else f"[{tops}]"

    def area(self, i: int) -> str:
        areas = self.view["areas"]
        if not 0 <= i < len(areas):
            return f"area {i}"
        ar = areas[i]
        size = "+2 box" if ar["plus2"] else ("small" if ar["small"] else "large")
        held = "".join(_letter(self.view["colours"][c]) * k for c, k in enumerate(ar["posts"]))
        return f"#{i} {ar['name']} ({size}; pays space{'s' if len(ar['spaces']) > 1 else ''} " + (
            ", ".join(map(str, ar["spaces"])) + (f"; posts there: {held}" if held else "") + ")"
        )

    def space(self, i: int) -> str:
        view = self.view
        if not 0 <= i < len(view["stacks"]):
            return f"space {i}"
        kind = view["spaces"][i]["kind"]
        if i == view["bridge"]:
            return f"the Bridge ({i})"
        if kind == "dock":
            return f"the Dock ({i})"
        if kind == "crossing":
            return f"crossing {i}"
        return f"space {i}"

    def in_hand(self) -> list[int]:
        move = self.view.get("move")
        return list(move["in_hand"]) if move else []

    def next_drop(self) -> tuple[int, int]:
        move = self.view.get("move")
        return (move["next"], move["direction"]) if move else (-1, 1)


def _place_menu(a: TrekAction, w: Words) -> str:
    view = w.view
    who = f"{view['colours'][view['setup_colour']]}'s starting " if view["phase"] == "setup-explorer" else ""
    return f"place {who}explorer on {w.space(a.at)} {w.caravan(a.at)}"


def _drop_menu(a: TrekAction, w: Words) -> str:
    hand = w.in_hand()
    if not hand:
        return "drop the next explorer normally"
    nxt = w.space(w.next_drop()[0])
    return f"drop {w.colour(hand[0])} on {nxt}, keeping the power for a later drop of this move"


def _drop_all_menu(a: TrekAction, w: Words) -> str:
    hand = w.in_hand()
    if not hand:
        return "drop every remaining explorer of this move plainly"
    nxt = w.space(w.next_drop()[0])
    return f"no power this move: drop all {len(hand)} explorer(s) plainly, from {nxt} on"


def _restack_menu(a: TrekAction, w: Words) -> str:
    name = w.colour(a.colour)
    return f"put {'an' if name[0] in 'aeiou' else 'a'} {name} explorer next (from the bottom)"


_MENUS: dict[int, Callable[[TrekAction, Words], str]] = {
    Kind.PLACE: _place_menu,
    Kind.POST: lambda a, w: f"put a trading post in {w.area(a.at)}",
    Kind.MOVEPOST: lambda a, w: f"move a trading post from {w.area(a.at)} to {w.area(a.to)}",
    Kind.SKIP: lambda a, w: "skip the trading-post step",
    Kind.MOVE: lambda a, w: f"move the caravan on {w.space(a.at)} {w.caravan(a.at)}",
    Kind.DROP: _drop_menu,
    Kind.DROPALL: _drop_all_menu,
    Kind.RESTACK: _restack_menu,
    Kind.DONE: lambda a, w: "finish using the Monkey",
    Kind.END: lambda a, w: "end your turn",
    # RT-18
    Kind.TILE: lambda a, w: (
        f"put the next animal tile on space {a.at} (shifted off a crossing or another tile)"
    ),
}
"""Menu text for the kinds that are no animal power (those read their record in ``powers``)."""


def describe(action: Any, view: dict[str, Any], preview: str = "") -> str:
    """A friendly description of ``action`` for menus; ``preview`` (from ``move_preview``) is appended
    to caravan moves."""
    if not isinstance(action, TrekAction):
        return str(action)
    words = Words(view)
    power = BY_KIND.get(action.kind)
    text = power.menu(action, words) if power is not None else _MENUS[action.kind](action, words)
    if preview and action.kind in (Kind.MOVE, Kind.MOVEBACK):
        text += f": {preview}"
    return text


def move_preview(state: TrekData, action: TrekAction) -> str:
    """Where each explorer of the caravan lands and who earns what, if every drop is plain.

    Played on a copy; money of others is left out when money is hidden (RT-28)."""
    seat = state.cur
    src = state.stacks[action.at]
    d = 1 if action.kind == Kind.MOVE else -1
    last = len(state.stacks) - 1
    kinds = state.path.kinds
    drops = []
    for i, c in enumerate(src):
        p = action.at + d * (i + 1)
        who = _letter(state.name(c))
        if p > last:
            drops.append(f"{who}→off the end")
            continue
        p = max(p, state.dock)
        drops.append(f"{who}→{p}{'≈' if kinds[p] == CROSSING and p != state.dock else ''}")
    sim = state.clone()
    assert isinstance(sim, TrekData)
    sim.off[seat] = max(sim.off[seat], 1)  # stop the copy at "place a new explorer"
    sim.apply(action, seat)
    guard = 0
    while sim.phase == Phase.DROP and guard < 40:
        sim.apply(A_DROP, seat)
        guard += 1
    hidden = state.game.options["hidden_money"]
    gains = []
    for c in range(state.n):
        delta = sim.money[c] - state.money[c]
        if delta and (c == seat or not hidden):
            gains.append(f"{'you' if c == seat else state.name(c)} +${delta}")
    notes = ["drops " + ", ".join(drops), ", ".join(gains) if gains else "no income"]
    for s, name in enumerate(state.animals):
        if sim.holder[s] != state.holder[s] and sim.holder[s] >= 0:
            notes.append(f"{state.name(sim.holder[s])} takes the {animal_data()[name]['title']}")
    if sim.triggered and not state.triggered:
        notes.append("starts the final round")
    return " | ".join(notes)
