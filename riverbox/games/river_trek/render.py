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

from riverbox.core.i18n import N_, translator
from riverbox.games.river_trek.actions import A_DROP, Kind, TrekAction
from riverbox.games.river_trek.content import CROSSING, animal_data
from riverbox.games.river_trek.position import Phase, TrekData
from riverbox.games.river_trek.powers import BY_KIND
from riverbox.games.river_trek.words import DOMAIN, name

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
        return "BRG"  # a picture label, like the letters: the legend names it
    if sp["kind"] == "number":
        return f"${sp['value']}"
    return SYMBOL.get(sp["kind"], "·")


_VARIANTS = {"basic": N_("basic game"), "full": N_("full game"), "simple": N_("simple game")}


def render(view: dict[str, Any], lang: str = "en") -> Any:
    """A rich renderable of the table as ``view`` shows it: one grid per board (packed side by side
    when the terminal is wide enough), stacks top to bottom, then animals, players and the step."""
    _ = translator(DOMAIN, lang)
    parts: list[Any] = []
    head = Text()
    head.append(_("River Trek"), style="bold")
    variant = _(_VARIANTS[view["variant"]]) if view["variant"] in _VARIANTS else view["variant"]
    head.append(
        "  " + _("({variant}, {players} players)").format(variant=variant, players=view["players"]) + "  "
    )
    head.append(_("PLACEHOLDER boards - not the published layouts"), style="italic yellow")
    parts.append(head)
    parts.append(Columns([_board_table(view, b) for b in range(len(view["boards"]))], padding=(0, 2)))
    parts.append(Text(_(_LEGEND), style="dim"))
    if view["animals"]:
        parts.append(_animals_table(view, lang))
    parts.append(_players_table(view, lang))
    parts.append(Text(_status(view, lang)))
    return Group(*parts)


_LEGEND = N_(
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


def _animals_table(view: dict[str, Any], lang: str = "en") -> Table:
    _ = translator(DOMAIN, lang)
    table = Table(title=_("Animals"), title_justify="left", box=None, padding=(0, 1))
    for col in (_("tile"), _("animal"), "", _("token"), _("power")):
        table.add_column(col)
    data = animal_data()
    for a in view["animals"]:
        info = data[a["name"]]
        if a["holder"] >= 0:
            where = Text()
            where.append_text(_chip(view, a["holder"]))
            where.append(" " + _("holds it"))
        elif a["face_down"]:
            where = Text(_("spent (face down)"), style="dim")
        else:
            where = Text(_("on its tile"), style="magenta")
        tile = f"{a['space']} {a['name'][:3]}" if a["space"] >= 0 else "-"
        kind = _(_KINDS.get(info["kind"], info["kind"]))
        table.add_row(tile, _(info["title"]), kind, where, Text(_(info["summary"]), style="dim"))
    return table


_KINDS = {"SPEND": N_("SPEND"), "HOLD": N_("HOLD")}


def _players_table(view: dict[str, Any], lang: str = "en") -> Table:
    _ = translator(DOMAIN, lang)
    table = Table(title=_("Players"), title_justify="left", box=None, padding=(0, 1))
    for col in ("", _("money"), _("posts in hand"), _("explorers to place"), _("clearing"), _("animals")):
        table.add_column(col)
    for c, colour in enumerate(view["colours"]):
        money = (
            "-" if c >= len(view["money"]) else ("?" if view["money"][c] is None else f"${view['money'][c]}")
        )
        hand = str(view["hand_posts"][c]) if c < len(view["hand_posts"]) else "-"
        animals = _(", ").join(
            _(animal_data()[a["name"]]["title"]) for a in view["animals"] if a["holder"] == c
        )
        who = Text()
        who.append_text(_chip(view, c))
        who.append(" " + name(colour, lang) + (f" ({c})" if colour != "Stanley" else " " + _("(auto)")))
        if c in view["to_move"]:
            who.append(" <", style="bold")
        if view["scout"]["state"] == 1 and view["scout"]["holder"] == c:
            animals = _(", ").join(x for x in (animals, _("the Scout")) if x)
        table.add_row(who, money, hand, str(view["offboard"][c]), str(view["clearing"][c]), animals)
    return table


def _setup_explorer_step(view: dict[str, Any], steps: int, seat: int, lang: str) -> str:
    _ = translator(DOMAIN, lang)
    return _(
        "Setup: place {colour}'s starting explorer on a New Explorer "
        "space (a space already holding 3 is full; the Dock never is)"
    ).format(colour=name(view["colours"][view["setup_colour"]], lang))


def _post_step(view: dict[str, Any], steps: int, seat: int, lang: str) -> str:
    _ = translator(DOMAIN, lang)
    if 0 <= seat < len(view["hand_posts"]) and view["hand_posts"][seat] == 0:
        return _(
            "Step 1 of {steps}: you may move one of your trading posts (none left in hand), or skip"
        ).format(steps=steps)
    return _("Step 1 of {steps}: you may place a trading post, or skip").format(steps=steps)


def _drop_step(view: dict[str, Any], steps: int, seat: int, lang: str) -> str:
    _ = translator(DOMAIN, lang)
    if view["move"]["forced"]:
        return _("During the forced move: use the Boa or Tree Frog on this move? ('drop all' if not)")
    return _("During the caravan move: use the Boa or Tree Frog on this move? ('drop all' if not)")


def _place_step(view: dict[str, Any], steps: int, seat: int, lang: str) -> str:
    _ = translator(DOMAIN, lang)
    return _(
        "Step 3 of {steps}: place a new explorer on spaces {first}..{last} "
        "(a space already holding 2 is full; the Dock/Bridge never is)"
    ).format(steps=steps, first=view["dock"], last=view["basecamp"])


def _fixed(text: str) -> Callable[[dict[str, Any], int, int, str], str]:
    def step(view: dict[str, Any], steps: int, seat: int, lang: str) -> str:
        return translator(DOMAIN, lang)(text).format(steps=steps)

    return step


_STEP_TEXT: dict[str, Callable[[dict[str, Any], int, int, str], str]] = {
    "setup-explorer": _setup_explorer_step,
    "setup-post": _fixed(N_("Setup: place your starting trading post in any area")),
    "post": _post_step,
    "move": _fixed(N_("Step 2 of {steps}: move a caravan that holds at least one of your explorers")),
    "drop": _drop_step,
    "place": _place_step,
    "end": _fixed(N_("End of your turn: use an animal power now, or end your turn")),
    "monkey": _fixed(N_("Monkey: place up to two extra trading posts, then move posts, then 'done'")),
    "restack": _fixed(N_("Capybara: choose the colours of the restacked caravan from the bottom up")),
    "setup-tile": _fixed(N_("Setup: choose where the shifted animal tile goes")),
}
"""What each step asks of the player to move, by the view's phase name (the turn's steps are
numbered as in the rulebook)."""


def step_text(view: dict[str, Any], lang: str = "en") -> str:
    """What the player to move is asked to do, in words."""
    phase = view["phase"]
    text = _STEP_TEXT.get(phase)
    if text is None:
        return phase
    seat = view["to_move"][0] if view["to_move"] else -1
    return text(view, 5 if view["variant"] == "full" else 4, seat, lang)


def _tiebreak_note(view: dict[str, Any], winners: list[int], lang: str = "en") -> str:
    """Why the winner won when money was tied (RT-19)."""
    _ = translator(DOMAIN, lang)
    money = view["money"]
    if not winners or any(m is None for m in money):
        return ""
    best = money[winners[0]]
    tied = [s for s, m in enumerate(money) if m == best]
    if len(tied) == 1:
        return ""
    if len(winners) > 1:
        note = _("(shared: tied on ${money}, explorers in the clearing and the furthest caravan)")
    else:
        clearing = view["clearing"]
        if len({clearing[s] for s in tied}) > 1 and clearing[winners[0]] == max(clearing[s] for s in tied):
            note = _("(tied on ${money}; most explorers in the clearing)")
        else:
            note = _("(tied on ${money} and in the clearing; on top of the caravan furthest upstream)")
    return " " + note.format(money=best)


def _status(view: dict[str, Any], lang: str = "en") -> str:
    _ = translator(DOMAIN, lang)

    def colours(seq: Any, sep: str = " ") -> str:
        return sep.join(name(view["colours"][c], lang) for c in seq)

    lines = []
    if view["phase"] == "over":
        winners = view.get("winners", [])
        lines.append(
            _("Game over. Winner: {winners}").format(winners=colours(winners, _(" and ")))
            + _tiebreak_note(view, winners, lang)
        )
    else:
        who = name(view["colours"][view["to_move"][0]], lang) if view["to_move"] else "?"
        lines.append(
            _("Turn {number}: {who} to act. {step}").format(
                number=view["turn_number"], who=who, step=step_text(view, lang)
            )
        )
        if "move" in view:
            mv = view["move"]
            lines.append(
                _("moving caravan: next drop on space {space}; in hand (bottom first): {hand}").format(
                    space=mv["next"], hand=colours(mv["in_hand"])
                )
            )
        if "restack" in view:
            rs = view["restack"]
            built = colours(view["stacks"][rs["space"]]) or _("nothing yet")
            lines.append(
                _("restacking space {space}: bottom up so far: {built}; still to place: {left}").format(
                    space=rs["space"], built=built, left=colours(rs["left"])
                )
            )
    if view["scout"]["state"] == 1:
        holder = name(view["colours"][view["scout"]["holder"]], lang)
        lines.append(_("{who} has the Scout: the Civilization Event follows this turn").format(who=holder))
    if view["final_round"] and view["phase"] != "over":
        lines.append(
            _("final round: {players} still to play").format(players=colours(view["final_turns"], _(", ")))
        )
    return "\n".join(lines)


_SIZES = {"plus2": N_("+2 box"), "small": N_("small"), "large": N_("large")}


class Words:
    """How menus name spaces, caravans, areas and colours, read from a view (``powers.Words``),
    in the reader's language."""

    def __init__(self, view: dict[str, Any], lang: str = "en") -> None:
        self.view = view
        self.lang = lang
        self._ = translator(DOMAIN, lang)

    def colour(self, c: int) -> str:
        colours = self.view["colours"]
        return name(colours[c], self.lang) if 0 <= c < len(colours) else str(c)

    def caravan(self, i: int) -> str:
        _ = self._
        stacks = self.view["stacks"]
        if not 0 <= i < len(stacks) or not stacks[i]:
            return _("(empty)")
        st = stacks[i]
        tops = " ".join(_letter(self.view["colours"][c]) for c in reversed(st))
        return _("[{tops}, top first]").format(tops=tops) if len(st) > 1 else f"[{tops}]"

    def area(self, i: int) -> str:
        _ = self._
        areas = self.view["areas"]
        if not 0 <= i < len(areas):
            return _("area {area}").format(area=i)
        ar = areas[i]
        size = _(_SIZES["plus2" if ar["plus2"] else ("small" if ar["small"] else "large")])
        held = "".join(_letter(self.view["colours"][c]) * k for c, k in enumerate(ar["posts"]))
        spaces = _(", ").join(map(str, ar["spaces"]))
        if len(ar["spaces"]) > 1:
            pays = _("pays spaces {spaces}").format(spaces=spaces)
        else:
            pays = _("pays space {spaces}").format(spaces=spaces)
        if held:
            pays += _("; posts there: {posts}").format(posts=held)
        return _("#{area} {name} ({size}; {pays})").format(area=i, name=ar["name"], size=size, pays=pays)

    def space(self, i: int) -> str:
        _ = self._
        view = self.view
        if not 0 <= i < len(view["stacks"]):
            return _("space {space}").format(space=i)
        kind = view["spaces"][i]["kind"]
        if i == view["bridge"]:
            return _("the Bridge ({space})").format(space=i)
        if kind == "dock":
            return _("the Dock ({space})").format(space=i)
        if kind == "crossing":
            return _("crossing {space}").format(space=i)
        return _("space {space}").format(space=i)

    def in_hand(self) -> list[int]:
        move = self.view.get("move")
        return list(move["in_hand"]) if move else []

    def next_drop(self) -> tuple[int, int]:
        move = self.view.get("move")
        return (move["next"], move["direction"]) if move else (-1, 1)


def _place_menu(a: TrekAction, w: Words) -> str:
    view = w.view
    where = {"space": w.space(a.at), "caravan": w.caravan(a.at)}
    if view["phase"] == "setup-explorer":
        colour = name(view["colours"][view["setup_colour"]], w.lang)
        return w._("place {colour}'s starting explorer on {space} {caravan}").format(colour=colour, **where)
    return w._("place explorer on {space} {caravan}").format(**where)


def _drop_menu(a: TrekAction, w: Words) -> str:
    hand = w.in_hand()
    if not hand:
        return w._("drop the next explorer normally")
    nxt = w.space(w.next_drop()[0])
    return w._("drop {colour} on {space}, keeping the power for a later drop of this move").format(
        colour=w.colour(hand[0]), space=nxt
    )


def _drop_all_menu(a: TrekAction, w: Words) -> str:
    hand = w.in_hand()
    if not hand:
        return w._("drop every remaining explorer of this move plainly")
    nxt = w.space(w.next_drop()[0])
    return w._("no power this move: drop all {count} explorer(s) plainly, from {space} on").format(
        count=len(hand), space=nxt
    )


def _restack_menu(a: TrekAction, w: Words) -> str:
    colour = w.colour(a.colour)
    if w.lang == "en":
        return f"put {'an' if colour[0] in 'aeiou' else 'a'} {colour} explorer next (from the bottom)"
    return w._("put a {colour} explorer next (from the bottom)").format(colour=colour)


_MENUS: dict[int, Callable[[TrekAction, Words], str]] = {
    Kind.PLACE: _place_menu,
    Kind.POST: lambda a, w: w._("put a trading post in {area}").format(area=w.area(a.at)),
    Kind.MOVEPOST: lambda a, w: w._("move a trading post from {area} to {target}").format(
        area=w.area(a.at), target=w.area(a.to)
    ),
    Kind.SKIP: lambda a, w: w._("skip the trading-post step"),
    Kind.MOVE: lambda a, w: w._("move the caravan on {space} {caravan}").format(
        space=w.space(a.at), caravan=w.caravan(a.at)
    ),
    Kind.DROP: _drop_menu,
    Kind.DROPALL: _drop_all_menu,
    Kind.RESTACK: _restack_menu,
    Kind.DONE: lambda a, w: w._("finish using the Monkey"),
    Kind.END: lambda a, w: w._("end your turn"),
    # RT-18
    Kind.TILE: lambda a, w: w._(
        "put the next animal tile on space {space} (shifted off a crossing or another tile)"
    ).format(space=a.at),
}
"""Menu text for the kinds that are no animal power (those read their record in ``powers``)."""


def describe(action: Any, view: dict[str, Any], preview: str = "", lang: str = "en") -> str:
    """A friendly description of ``action`` for menus; ``preview`` (from ``move_preview``) is appended
    to caravan moves."""
    if not isinstance(action, TrekAction):
        return str(action)
    words = Words(view, lang)
    power = BY_KIND.get(action.kind)
    text = power.menu(action, words) if power is not None else _MENUS[action.kind](action, words)
    if preview and action.kind in (Kind.MOVE, Kind.MOVEBACK):
        text += f": {preview}"
    return text


def move_preview(state: TrekData, action: TrekAction, lang: str = "en") -> str:
    """Where each explorer of the caravan lands and who earns what, if every drop is plain.

    Played on a copy; money of others is left out when money is hidden (RT-28)."""
    _ = translator(DOMAIN, lang)
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
            drops.append(who + "→" + _("off the end"))
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
            gains.append(f"{_('you') if c == seat else name(state.name(c), lang)} +${delta}")
    notes = [
        _("drops {drops}").format(drops=_(", ").join(drops)),
        _(", ").join(gains) if gains else _("no income"),
    ]
    for s, animal in enumerate(state.animals):
        if sim.holder[s] != state.holder[s] and sim.holder[s] >= 0:
            title = _(animal_data()[animal]["title"])
            notes.append(
                _("{who} takes the {animal}").format(who=name(state.name(sim.holder[s]), lang), animal=title)
            )
    if sim.triggered and not state.triggered:
        notes.append(_("starts the final round"))
    return " | ".join(notes)
