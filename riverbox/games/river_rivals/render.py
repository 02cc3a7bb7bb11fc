"""Terminal presentation for River Rivals: the river drawing, menu texts and log lines.

Everything here reads ``state.view(seat)`` or public board facts only, so nothing hidden is shown.
Seat 0 plays the purple fish, seat 1 the turquoise ones (RB components).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from riverbox.core import State
from riverbox.games.river_rivals import actions as A
from riverbox.games.river_rivals.content import (
    COLUMN_CAP,
    COLUMNS,
    EQ_INDEX,
    EQUIPMENT,
    KIND_INDEX,
    KINDS,
    MECH_INDEX,
    RAW,
)
from riverbox.games.river_rivals.equipment import BY_INDEX as EQUIP
from riverbox.games.river_rivals.frames import BY_SLUG
from riverbox.games.river_rivals.phases import Frame

COLOURS = ("magenta", "cyan")
FISH_NAMES = ("purple", "turquoise")
_EFFECT_NAMES = {k: v["name"] for k, v in RAW["effects"].items()}


PLACEHOLDER_NOTE = "* placeholder equipment (reconstructed, not the published card)"


def eq_title(index: int) -> str:
    """An equipment card's name as players read it; ``*`` marks a placeholder card, card by card,
    as Ravenous River marks its cards."""
    e = EQUIPMENT[index]
    return e.name + ("*" if e.placeholder else "")


def _eq(mechanic: str) -> str:
    i = MECH_INDEX.get(mechanic)
    return eq_title(i) if i is not None else mechanic


def _animal(slug: str) -> str:
    return KINDS[KIND_INDEX[slug]].name


def _effect_name(slug: str) -> str:
    eff = KINDS[KIND_INDEX[slug]].effect
    return _EFFECT_NAMES[eff] if eff else "no effect"


def _card_text(card: dict[str, Any], colour: str, pos: int) -> Text:
    t = Text()
    t.append(f"#{pos + 1} ", style="dim")
    t.append(f"{_animal(card['animal'])} {card['strength']}", style=f"bold {colour}")
    if card["shields"]:
        t.append(f" +{card['shields']}sh", style="yellow")
    t.append(" " + "●" * card["fish"] + "○" * (card["spaces"] - card["fish"]), style=colour)
    return t


def _strength_text(v: dict[str, Any], side: int, col: int, colour: str) -> Text:
    """Column total of one side and, for a full side, whether it would catch at its owner's turn end."""
    cards = v["board"][side][col]
    total = v["strength"][side][col]
    t = Text(f"strength {total}", style=f"italic {colour}")
    if len(cards) < COLUMN_CAP:
        t.append(f" · {len(cards)}/{COLUMN_CAP}", style="dim")
    elif total < v["strength"][1 - side][col] or all(c["fish"] >= c["spaces"] for c in cards):
        t.append(" ✗", style="bold red")  # weaker, or no free fish space
    else:
        t.append(" ✓", style="bold green")
    return t


_PHASE_WORDS = {
    "draft": "equipment draft",
    "main": "choose an action",
    "after": "equipment window, then the fish check",
    "check": "fish check",
    "over": "over",
}


def decision_words(v: dict[str, Any]) -> str:
    """What the header says is being decided: the pending decision if any, else the phase."""
    pend = v["pending"]
    if pend is None:
        return _PHASE_WORDS.get(v["phase"], v["phase"])
    rule = BY_SLUG[pend["type"]]
    return f"{rule.title or _eq(rule.mechanic)} decision"


LEGEND = (
    "#n = card n of that side (#1 nearest the river) · +Nsh = shield tokens, +1 strength each"
    " · ● fish ○ free fish space · n/3 cards on a side · a full side would catch ✓ or not ✗"
    " (weaker, or no free space)"
)


def prompt(v: dict[str, Any]) -> str | None:
    """What the player to move is asked now, in words (None at the start of a turn)."""
    pend = v["pending"]
    if pend is None:
        if v["phase"] == "after":
            return "Action done: use an 'in addition' equipment card now, or end the turn (fish check)."
        if v["phase"] == "draft":
            return "Equipment draft: the starting player picks 1, the other 2, the starter gets the last."
        return None
    col = pend["column"]
    s = v["active"]
    card = pend.get("card")
    here = ""
    if card is not None and col is not None and card - 1 < len(v["board"][s][col - 1]):
        here = f"your {_animal(v['board'][s][col - 1][card - 1]['animal'])} (column {col}, #{card})"
    rule = BY_SLUG[pend["type"]]
    default = "this card" if rule.frame != Frame.COPY else f"column {col}"
    return rule.prompt.format(here=here or default, col=col, eq=_eq(rule.mechanic))


def render(state: State, seat: int | None) -> Any:
    """The river with both sides, column strengths, fish, shields and (for a seat) its hand."""
    v = state.view(seat)
    me = seat if seat in (0, 1) else 0
    op = 1 - me
    head = Text()
    head.append("River Rivals", style="bold")
    head.append(f"  ({v['mode']} mode, turn {v['turn']})  ")
    if v["over"]:
        win = v["winners"]
        head.append(
            "game over: " + (" and ".join(f"seat {w}" for w in win) + " won" if win else "no winner"),
            style="bold green",
        )
    else:
        mover = v["to_move"][0] if v["to_move"] else v["active"]
        head.append(f"seat {mover} to move", style=COLOURS[mover])
        head.append(f" ({decision_words(v)})")
    note = Text("Card content is a placeholder reconstruction, not the published cards.", style="dim italic")

    def info(s: int) -> Text:
        t = Text()
        t.append(f"seat {s}{' (you)' if seat == s else ''}", style=f"bold {COLOURS[s]}")
        t.append(
            f"  fish {v['fish_caught'][s]}/8 ({FISH_NAMES[s]})  hand {v['hand_sizes'][s]}"
            f"  pile {v['pile_sizes'][s]}"
        )
        if v["removed"][s]:
            t.append("  removed: " + ", ".join(_animal(x) for x in v["removed"][s]), style="dim")
        for item in v["equipment"][s]:
            t.append(
                f"  [{eq_title(EQ_INDEX[item['id']])}{' - used' if item['used'] else ''}]",
                style="dim" if item["used"] else "green",
            )
        return t

    table = Table(show_header=True, header_style="bold blue", expand=False, padding=(0, 1))
    for c in range(COLUMNS):
        table.add_column(f"column {c + 1}", min_width=16, max_width=24)
    opp_cols = v["board"][op]
    for p in reversed(range(COLUMN_CAP)):
        table.add_row(*[_card_text(col[p], COLOURS[op], p) if p < len(col) else Text("") for col in opp_cols])
    table.add_row(*[_strength_text(v, op, c, COLOURS[op]) for c in range(COLUMNS)])
    table.add_row(*[Text("≈" * 16, style="blue") for _ in range(COLUMNS)])
    table.add_row(*[_strength_text(v, me, c, COLOURS[me]) for c in range(COLUMNS)])
    my_cols = v["board"][me]
    for p in range(COLUMN_CAP):
        table.add_row(*[_card_text(col[p], COLOURS[me], p) if p < len(col) else Text("") for col in my_cols])
    parts: list[Any] = [head, note, info(op), table, info(me)]
    shields = Text(f"shield supply: {v['shield_supply']}", style="yellow")
    parts.append(shields)
    parts.append(Text(LEGEND, style="dim"))
    for s in (me, op):
        for item in v["equipment"][s]:
            if not item["used"]:
                e = EQUIPMENT[EQ_INDEX[item["id"]]]
                owner = "you" if seat == s else f"seat {s}"
                kind = "permanent" if e.permanent else "once"
                title = eq_title(EQ_INDEX[item["id"]])
                parts.append(Text(f"{title} ({owner}, {kind}): {e.text}", style="dim green"))
    if v["offer"]:
        parts.append(
            Text("equipment on offer: " + ", ".join(eq_title(EQ_INDEX[e]) for e in v["offer"]), style="green")
        )
        for e_id in v["offer"]:
            e = EQUIPMENT[EQ_INDEX[e_id]]
            parts.append(Text(f"{eq_title(EQ_INDEX[e_id])}: {e.text}", style="dim green"))
    shown = [item["id"] for s in (0, 1) for item in v["equipment"][s]] + list(v["offer"] or [])
    if any(EQUIPMENT[EQ_INDEX[e_id]].placeholder for e_id in shown):
        parts.append(Text(PLACEHOLDER_NOTE, style="dim"))
    if v["hand"] is not None:
        hand = Text("your hand: ", style="bold")
        for i, slug in enumerate(v["hand"]):
            if i:
                hand.append(", ")
            k = KINDS[KIND_INDEX[slug]]
            hand.append(f"{k.name} {k.strength}", style=COLOURS[me])
            hand.append(f" ({_effect_name(slug)})", style="dim")
        if not v["hand"]:
            hand.append("(empty)", style="dim")
        parts.append(hand)
    ask = prompt(v) if not v["over"] and (seat is None or seat in v["to_move"]) else None
    if ask:
        parts.append(Text(ask, style="bold yellow"))
    return Group(*parts)


def _card_at(state: State, side: int, col: int, pos: int) -> str:
    board = state.view(None)["board"]
    cards = board[side][col]
    return _animal(cards[pos]["animal"]) if pos < len(cards) else "card"


def describe(action: Any, state: State) -> str:
    """Menu text for an action, worded for the pending decision it answers."""
    a: A.RvAction = action
    v = state.view(None)
    s = v["active"] if not v["offer"] else (v["to_move"][0] if v["to_move"] else 0)
    rule = BY_SLUG[v["pending"]["type"]] if v["pending"] else None
    label = rule.label.format(eq=_eq(rule.mechanic)) if rule is not None else ""
    t = a.type
    if t == A.PLAY:
        k = KINDS[a.animal]
        verb = f"{label}play" if label else "Play"
        return f"{verb} {k.name} (strength {k.strength}, {_effect_name(k.slug)}) into column {a.col + 1}"
    if t in (A.DRAW, A.DRAWX):
        room = v["hand_limits"][s] - v["hand_sizes"][s]
        n = max(0, min(3 if t == A.DRAWX else 2, room, v["pile_sizes"][s]))
        extra = f" ({_eq('clapper')}'s extra card)" if t == A.DRAWX else ""
        return f"Draw {n} card{'' if n == 1 else 's'}{extra}"
    if t == A.PASS:
        return "Pass: no card can be played and none drawn"
    if t == A.SKIP:
        return rule.skip_menu if rule is not None else "Skip"
    if t == A.END:
        return "End the action phase and check for fish"
    if t == A.FISH:
        text = (
            f"place a fish on your {_card_at(state, s, a.col, a.pos)} (column {a.col + 1}, card {a.pos + 1})"
        )
        return (label + text) if label else text[0].upper() + text[1:]
    if t in (A.MOVE, A.BOOTS):
        who = f"{_eq('boots')}: move" if t == A.BOOTS else "Move"
        return f"{who} your {_card_at(state, s, a.col, a.pos)} from column {a.col + 1} to column {a.to + 1}"
    if t == A.SHIELD:
        name = _card_at(state, s, a.col, a.pos)
        return f"{label}{'p' if label else 'P'}ut a shield on your {name} in column {a.col + 1}"
    if t == A.CLAW:
        card = v["board"][1 - s][a.col][a.pos] if a.pos < len(v["board"][1 - s][a.col]) else None
        if card and card["shields"]:
            extra = " (its shield absorbs the attack)"
        elif card:
            fish = card["fish"]
            goes = "goes" if fish == 1 else "go"
            extra = " (removed" + (f"; its {fish} fish {goes} back to their supply)" if fish else ")")
        else:
            extra = ""
        return f"Claw the opposing {_card_at(state, 1 - s, a.col, a.pos)} in column {a.col + 1}{extra}"
    if t == A.COPY:
        cards = v["board"][s][a.col]
        name = _card_at(state, s, a.col, a.pos)
        eff = _effect_name(cards[a.pos]["animal"]) if a.pos < len(cards) else "effect"
        return f"Copy the {eff} of your {name} in column {a.col + 1}"
    if t == A.USE:
        return EQUIP[a.equip].menu()
    if t == A.PICK:
        e = EQUIPMENT[a.equip]
        return f"Take {e.name} ({'permanent' if e.permanent else 'once'}): {e.text}"
    if t == A.TAKE:
        return f"Take the {KINDS[a.animal].name} from your draw pile"
    if t == A.BEAR:
        return f"Put the polar bear from your {A.SOURCES[a.source]} into column {a.col + 1}"
    if t == A.RECALL:
        return f"Shuffle a removed {KINDS[a.animal].name} back into your draw pile"
    if t == A.UNDERTOW:
        name = _card_at(state, 1 - s, a.col, a.pos)
        return f"Move the opposing {name} from column {a.col + 1} to column {a.to + 1}"
    if t == A.ENCORE:
        cards = v["board"][s][a.col]
        eff = _effect_name(cards[a.pos]["animal"]) if a.pos < len(cards) else "effect"
        return f"Resolve the {eff} of your {_card_at(state, s, a.col, a.pos)} in column {a.col + 1} again"
    return str(a)
