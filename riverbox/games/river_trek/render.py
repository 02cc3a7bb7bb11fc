"""River Trek in the terminal: the path drawn as a picture (rich), action descriptions, narration.

Everything here works from ``view`` dicts, so a seat is never shown more than it may know.
"""

from __future__ import annotations

import re
import threading
from typing import TYPE_CHECKING, Any

from rich.columns import Columns
from rich.console import Group
from rich.table import Table
from rich.text import Text

from riverbox.core import CHANCE, Chance
from riverbox.games.river_trek.actions import (
    BOA,
    CAPYBARA,
    DOG,
    DONE,
    DROP,
    DROPALL,
    END,
    FROG,
    JAGUAR,
    MONKEY,
    MOVE,
    MOVEBACK,
    MOVEPOST,
    OTTER,
    PLACE,
    POST,
    RESTACK,
    SKIP,
    TILE,
    TrekAction,
)
from riverbox.games.river_trek.board import animal_data

if TYPE_CHECKING:
    from riverbox.games.river_trek import RiverTrek
    from riverbox.games.river_trek.state import TrekState

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


def step_text(view: dict[str, Any]) -> str:
    """What the player to move is asked to do, in words (the turn's steps are numbered as in RB)."""
    phase = view["phase"]
    steps = 5 if view["variant"] == "full" else 4
    seat = view["to_move"][0] if view["to_move"] else -1
    if phase == "setup-explorer":
        return (
            f"Setup: place {view['colours'][view['setup_colour']]}'s starting explorer on a New Explorer "
            "space (a space already holding 3 is full; the Dock never is)"
        )
    if phase == "setup-post":
        return "Setup: place your starting trading post in any area"
    if phase == "post":
        if 0 <= seat < len(view["hand_posts"]) and view["hand_posts"][seat] == 0:
            return f"Step 1 of {steps}: you may move one of your trading posts (none left in hand), or skip"
        return f"Step 1 of {steps}: you may place a trading post, or skip"
    if phase == "move":
        return f"Step 2 of {steps}: move a caravan that holds at least one of your explorers"
    if phase == "drop":
        mv = view["move"]
        kind = "forced move" if mv["forced"] else "caravan move"
        return f"During the {kind}: use the Boa or Tree Frog on this move? ('drop all' if not)"
    if phase == "place":
        return (
            f"Step 3 of {steps}: place a new explorer on spaces {view['dock']}..{view['basecamp']} "
            "(a space already holding 2 is full; the Dock/Bridge never is)"
        )
    if phase == "end":
        return "End of your turn: use an animal power now, or end your turn"
    if phase == "monkey":
        return "Monkey: place up to two extra trading posts, then move posts, then 'done'"
    if phase == "restack":
        return "Capybara: choose the colours of the restacked caravan from the bottom up"
    if phase == "setup-tile":
        return "Setup: choose where the shifted animal tile goes"
    return phase


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


def describe(action: Any, view: dict[str, Any], preview: str = "") -> str:
    """A friendly description of ``action`` for menus; ``preview`` (from ``move_preview``) is appended
    to caravan moves."""
    if not isinstance(action, TrekAction):
        return str(action)
    k, a, b = action.kind, action.a, action.b
    stacks = view["stacks"]
    areas = view["areas"]
    colours = view["colours"]

    def caravan(i: int) -> str:
        if not 0 <= i < len(stacks) or not stacks[i]:
            return "(empty)"
        st = stacks[i]
        tops = " ".join(_letter(colours[c]) for c in reversed(st))
        return f"[{tops}, top first]" if len(st) > 1 else f"[{tops}]"

    def area(i: int) -> str:
        if not 0 <= i < len(areas):
            return f"area {i}"
        ar = areas[i]
        size = "+2 box" if ar["plus2"] else ("small" if ar["small"] else "large")
        held = "".join(_letter(colours[c]) * k for c, k in enumerate(ar["posts"]))
        return f"#{i} {ar['name']} ({size}; pays space{'s' if len(ar['spaces']) > 1 else ''} " + (
            ", ".join(map(str, ar["spaces"])) + (f"; posts there: {held}" if held else "") + ")"
        )

    def space(i: int) -> str:
        if not 0 <= i < len(stacks):
            return f"space {i}"
        kind = view["spaces"][i]["kind"]
        if i == view["bridge"]:
            return f"the Bridge ({i})"
        if kind == "dock":
            return f"the Dock ({i})"
        if kind == "crossing":
            return f"crossing {i}"
        return f"space {i}"

    mv = view.get("move")
    if k == PLACE:
        who = ""
        if view["phase"] == "setup-explorer":
            who = f"{colours[view['setup_colour']]}'s starting "
        return f"place {who}explorer on {space(a)} {caravan(a)}"
    if k == POST:
        return f"put a trading post in {area(a)}"
    if k == MOVEPOST:
        return f"move a trading post from {area(a)} to {area(b)}"
    if k == SKIP:
        return "skip the trading-post step"
    if k == MOVE:
        return f"move the caravan on {space(a)} {caravan(a)}" + (f": {preview}" if preview else "")
    if k == MOVEBACK:
        return f"Peccary: move the caravan on {space(a)} {caravan(a)} DOWNSTREAM" + (
            f": {preview}" if preview else ""
        )
    if k in (DROP, DROPALL, BOA, FROG) and mv and mv["in_hand"]:
        nxt, hand = mv["next"], mv["in_hand"]
        if k == DROPALL:
            return f"no power this move: drop all {len(hand)} explorer(s) plainly, from {space(nxt)} on"
        if k == DROP:
            return f"drop {colours[hand[0]]} on {space(nxt)}, keeping the power for a later drop of this move"
        if k == BOA and len(hand) >= 2:
            return f"Emerald Tree Boa: drop {colours[hand[0]]} and {colours[hand[1]]} both on {space(nxt)}"
        if k == FROG:
            after = space(nxt + mv["direction"])
            return f"Tree Frog: jump over {space(nxt)}; {colours[hand[0]]} drops on {after}"
    if k == DROPALL:
        return "drop every remaining explorer of this move plainly"
    if k == DROP:
        return "drop the next explorer normally"
    if k == BOA:
        return "Emerald Tree Boa: drop two explorers on the next space"
    if k == FROG:
        return "Tree Frog: jump over the next space"
    if k == JAGUAR:
        return f"Jaguar: move your explorer from the top of {space(a)} onto {space(b)} {caravan(b)}"
    if k == OTTER:
        return f"Otter: swap the caravans on {space(a)} {caravan(a)} and {space(b)} {caravan(b)}"
    if k == CAPYBARA:
        return f"Capybara: restack the caravan on {space(a)} {caravan(a)}"
    if k == RESTACK:
        name = colours[a] if a < len(colours) else str(a)
        return f"put {'an' if name[0] in 'aeiou' else 'a'} {name} explorer next (from the bottom)"
    if k == MONKEY:
        return "Monkey: place up to two extra trading posts, then move posts"
    if k == DONE:
        return "finish using the Monkey"
    if k == DOG:
        return f"Bush Dog: step your explorer on {space(a)} {'up' if b > 0 else 'down'} to {space(a + b)}"
    if k == END:
        return "end your turn"
    if k == TILE:
        return f"put the next animal tile on space {a} (shifted off a crossing or another tile)"  # RT-18
    return str(action)


def move_preview(state: TrekState, action: TrekAction) -> str:
    """Where each explorer of the caravan lands and who earns what, if every drop is plain.

    Played on a copy; money of others is left out when money is hidden (RT-28)."""
    from riverbox.games.river_trek.actions import A_DROP
    from riverbox.games.river_trek.state import P_DROP, TrekState

    seat = state.cur
    src = state.stacks[action.a]
    d = 1 if action.kind == MOVE else -1
    last = len(state.stacks) - 1
    kinds = state.path.kinds
    drops = []
    for i, c in enumerate(src):
        p = action.a + d * (i + 1)
        who = _letter(state._name(c))
        if p > last:
            drops.append(f"{who}→off the end")
            continue
        p = max(p, state.dock)
        drops.append(f"{who}→{p}{'≈' if kinds[p] == 2 and p != state.dock else ''}")
    sim = state.clone()
    assert isinstance(sim, TrekState)
    sim.off[seat] = max(sim.off[seat], 1)  # stop the copy at "place a new explorer"
    sim.apply(action, seat)
    guard = 0
    while sim.phase == P_DROP and guard < 40:
        sim.apply(A_DROP, seat)
        guard += 1
    hidden = state.game.options["hidden_money"]
    gains = []
    for c in range(state.n):
        delta = sim.money[c] - state.money[c]
        if delta and (c == seat or not hidden):
            gains.append(f"{'you' if c == seat else state._name(c)} +${delta}")
    notes = ["drops " + ", ".join(drops), ", ".join(gains) if gains else "no income"]
    for s, name in enumerate(state.animals):
        if sim.holder[s] != state.holder[s] and sim.holder[s] >= 0:
            notes.append(f"{state._name(sim.holder[s])} takes the {animal_data()[name]['title']}")
    if sim.triggered and not state.triggered:
        notes.append("starts the final round")
    return " | ".join(notes)


_MONEY = re.compile(r"\(?\+\$\d+\)?|pays \$\d+")


_CACHE_LOCK = threading.Lock()
_CACHE: dict[int, TrekState] = {}


def _replica(game: RiverTrek, state: TrekState) -> TrekState:
    """A logging replay of ``state``'s history, continued from the last one when it is a prefix
    (play calls ``narrate`` after every action, so each call replays only the new actions)."""
    cached = _CACHE.get(id(game))
    n = len(cached.history) if cached is not None else 0
    if (
        cached is None
        or cached.game is not game
        or cached.seed != state.seed
        or n > len(state.history)
        or state.history[:n] != cached.history
    ):
        cached = game.new_state(state.seed)
        cached._log = []
    for s, a in state.history[len(cached.history) :]:
        if isinstance(a, Chance) or s == CHANCE:
            continue
        cached.apply(a, s)
    if len(_CACHE) > 64:
        _CACHE.clear()
    _CACHE[id(game)] = cached
    return cached


def narrate(game: RiverTrek, state: TrekState, seat: int | None, start: int) -> list[str]:
    """Lines for ``state.history[start:]``: each action, each drop of a caravan move with its income,
    Stanley's turns. The game is replayed with logging on, so the hot path stays lean."""
    if state._log is not None:  # a state that logs as it plays (tests, hand-built positions)
        replica = state
    else:
        with _CACHE_LOCK:
            replica = _replica(game, state)
    events: dict[int, list[str]] = {}
    for idx, text in replica._log or []:
        events.setdefault(idx, []).append(text)
    hidden = game.options["hidden_money"]
    mine = None if seat is None else replica._name(seat)
    lines: list[str] = []
    for idx in range(start, len(state.history)):
        s, a = state.history[idx]
        if isinstance(a, Chance):
            text = str(a)
            if not text.startswith("stanley"):
                lines.append(f"setup: {text}")
            elif not events.get(idx):  # Stanley's turn is told by its own events
                lines.append("Stanley: " + text[len("stanley ") :])
        elif not events.get(idx):
            lines.append(f"{replica._name(s)}: {a}")
        for ev in events.get(idx, []):
            if hidden and (mine is None or not ev.strip().startswith(mine)):
                ev = _MONEY.sub("(paid)", ev)
            lines.append(ev)
    return lines
