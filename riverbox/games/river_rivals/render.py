"""Terminal presentation for River Rivals: the river drawing, menu texts and log lines.

Everything here reads ``state.view(seat)`` or public board facts only, so nothing hidden is shown.
Seat 0 plays the purple fish, seat 1 the turquoise ones (RB components).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from riverbox.core import CHANCE, Chance, State
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

COLOURS = ("magenta", "cyan")
FISH_NAMES = ("purple", "turquoise")
_EFFECT_NAMES = {k: v["name"] for k, v in RAW["effects"].items()}


def _eq(mechanic: str) -> str:
    i = MECH_INDEX.get(mechanic)
    return EQUIPMENT[i].name if i is not None else mechanic


def _animal(slug: str) -> str:
    return KINDS[KIND_INDEX[slug]].name


def _effect_name(slug: str) -> str:
    eff = KINDS[KIND_INDEX[slug]].effect
    return _EFFECT_NAMES[eff] if eff else "no effect"


def _card_text(card: dict[str, Any], colour: str) -> Text:
    t = Text()
    t.append(f"{_animal(card['animal'])} {card['strength']}", style=f"bold {colour}")
    if card["shields"]:
        t.append(f" +{card['shields']}sh", style="yellow")
    t.append(" " + "●" * card["fish"] + "○" * (card["spaces"] - card["fish"]), style=colour)
    return t


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
        head.append(f"seat {v['active']} to move", style=COLOURS[v["active"]])
        head.append(f" ({v['phase']})")
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
                f"  [{EQUIPMENT[EQ_INDEX[item['id']]].name}{' - used' if item['used'] else ''}]",
                style="dim" if item["used"] else "green",
            )
        return t

    table = Table(show_header=True, header_style="bold blue", expand=False, padding=(0, 1))
    for c in range(COLUMNS):
        table.add_column(f"column {c + 1}", min_width=14, max_width=18)
    opp_cols = v["board"][op]
    for p in reversed(range(COLUMN_CAP)):
        table.add_row(*[_card_text(col[p], COLOURS[op]) if p < len(col) else Text("") for col in opp_cols])
    table.add_row(*[Text(f"strength {x}", style=f"italic {COLOURS[op]}") for x in v["strength"][op]])
    table.add_row(*[Text("≈" * 14, style="blue") for _ in range(COLUMNS)])
    table.add_row(*[Text(f"strength {x}", style=f"italic {COLOURS[me]}") for x in v["strength"][me]])
    my_cols = v["board"][me]
    for p in range(COLUMN_CAP):
        table.add_row(*[_card_text(col[p], COLOURS[me]) if p < len(col) else Text("") for col in my_cols])
    parts: list[Any] = [head, note, info(op), table, info(me)]
    shields = Text(f"shield supply: {v['shield_supply']}", style="yellow")
    parts.append(shields)
    if v["offer"]:
        parts.append(
            Text(
                "equipment on offer: " + ", ".join(EQUIPMENT[EQ_INDEX[e]].name for e in v["offer"]),
                style="green",
            )
        )
    if v["hand"] is not None:
        hand = Text("your hand: ", style="bold")
        for i, slug in enumerate(v["hand"]):
            if i:
                hand.append(", ")
            k = KINDS[KIND_INDEX[slug]]
            hand.append(f"{k.name} {k.strength}", style=COLOURS[me])
            hand.append(f" ({_effect_name(slug)})", style="dim")
        parts.append(hand)
    if v["pending"]:
        pend = v["pending"]
        where = f" in column {pend['column']}" if pend["column"] else ""
        parts.append(Text(f"pending: {pend['type']}{where}", style="bold yellow"))
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
    pend = v["pending"]["type"] if v["pending"] else None
    t = a.type
    if t == A.PLAY:
        k = KINDS[a.a]
        verb = "Lightning: also play" if pend == "lightning" else "Play"
        return f"{verb} {k.name} (strength {k.strength}, {_effect_name(k.slug)}) into column {a.b + 1}"
    if t in (A.DRAW, A.DRAWX):
        room = v["hand_limits"][s] - v["hand_sizes"][s]
        n = max(0, min(3 if t == A.DRAWX else 2, room, v["pile_sizes"][s]))
        extra = f" ({_eq('clapper')}'s extra card)" if t == A.DRAWX else ""
        return f"Draw {n} card{'' if n == 1 else 's'}{extra}"
    if t == A.PASS:
        return "Pass: no card can be played and none drawn"
    if t == A.SKIP:
        return {
            "quick-catch": "Skip the Quick Catch",
            "movement": "Skip the Movement",
            "shield": "Skip Shield Strength",
            "shield-polish": "No second shield",
            "claw": "Skip the Claw Attack",
            "lightning": "Play no further card",
            "copy": "Copy nothing",
            "big-net": "No second fish",
            "recall-horn": "Stop recalling",
            "polar-bear-surprise": "Play no polar bear now",
        }.get(pend or "", "Skip")
    if t == A.END:
        return "End the action phase and check for fish"
    if t == A.FISH:
        why = {
            "quick-catch": "Quick Catch: ",
            "catch": "Catch: ",
            "big-net": f"{_eq('net')}: second fish, ",
            "bait-bucket": f"{_eq('bait')}: ",
        }.get(pend or "", "")
        text = f"place a fish on your {_card_at(state, s, a.a, a.b)} (column {a.a + 1}, card {a.b + 1})"
        return (why + text) if why else text[0].upper() + text[1:]
    if t in (A.MOVE, A.BOOTS):
        who = f"{_eq('boots')}: move" if t == A.BOOTS else "Move"
        return f"{who} your {_card_at(state, s, a.a, a.b)} from column {a.a + 1} to column {a.c + 1}"
    if t == A.SHIELD:
        why = {
            "shield": "Shield Strength: ",
            "shield-polish": f"{_eq('polish')}: second ",
            "spare-shields": f"{_eq('spare')}: ",
        }.get(pend or "", "")
        name = _card_at(state, s, a.a, a.b)
        return f"{why}{'p' if why else 'P'}ut a shield on your {name} in column {a.a + 1}"
    if t == A.CLAW:
        card = v["board"][1 - s][a.a][a.b] if a.b < len(v["board"][1 - s][a.a]) else None
        extra = " (its shield absorbs the attack)" if card and card["shields"] else ""
        return f"Claw the opposing {_card_at(state, 1 - s, a.a, a.b)} in column {a.a + 1}{extra}"
    if t == A.COPY:
        name = _card_at(state, s, a.a, a.b)
        return f"Copy the effect of your {name} in column {a.a + 1}"
    if t == A.USE:
        e = EQUIPMENT[a.a]
        return f"Use {e.name}: {e.text}"
    if t == A.PICK:
        e = EQUIPMENT[a.a]
        return f"Take {e.name} ({'permanent' if e.permanent else 'once'}): {e.text}"
    if t == A.TAKE:
        return f"Take the {KINDS[a.a].name} from your draw pile"
    if t == A.BEAR:
        return f"Put the polar bear from your {A.SOURCES[a.a]} into column {a.b + 1}"
    if t == A.RECALL:
        return f"Shuffle a removed {KINDS[a.a].name} back into your draw pile"
    if t == A.UNDERTOW:
        return (
            f"Move the opposing {_card_at(state, 1 - s, a.a, a.b)} from column {a.a + 1} to column {a.c + 1}"
        )
    if t == A.ENCORE:
        return f"Resolve the effect of your {_card_at(state, s, a.a, a.b)} in column {a.a + 1} again"
    return str(a)


def _past(text: str) -> str:
    words = text.split()
    head = words[0]
    rest = " ".join(words[1:])
    return {
        "play": f"plays {rest}",
        "draw": "draws" + (f" with {_eq('clapper')}" if rest else ""),
        "pass": "passes",
        "skip": "declines",
        "end": "ends the action phase",
        "fish": f"places a fish on {rest}",
        "move": f"moves {rest}",
        "boots": f"moves ({_eq('boots')}) {rest}",
        "shield": f"shields {rest}",
        "claw": f"claws the opposing {rest}",
        "copy": f"copies {rest}",
        "use": f"uses {rest}",
        "pick": f"picks {rest}",
        "take": f"takes {rest} from the draw pile",
        "bear": f"places a polar bear ({rest})",
        "recall": f"recalls {rest}",
        "undertow": f"pulls the opposing {rest}",
        "encore": f"repeats {rest}",
    }.get(head, text)


def narrate(state: State, seat: int | None, start: int) -> list[str]:
    """Log lines for ``state.history[start:]`` as ``seat`` may know them (hidden draws stay hidden)."""
    lines: list[str] = []
    for s, a in state.history[start:]:
        if s == CHANCE and isinstance(a, Chance):
            if a.visible_to is None or (seat is not None and seat in a.visible_to):
                lines.append(a.text)
            elif a.text.startswith("seat ") and " draws " in a.text:
                n = len(a.text.split(" draws ", 1)[1].split(","))
                lines.append(f"{a.text.split(' draws ')[0]} draws {n} card{'s' if n > 1 else ''}")
            elif " peeks " in a.text:
                lines.append(f"{a.text.split(' peeks ')[0]} takes cards from the opposing draw pile")
            elif " looks through " in a.text:
                lines.append(f"{a.text.split(' looks through ')[0]} looks through their draw pile")
        elif seat != s and str(a).startswith("take "):
            lines.append(f"seat {s} takes a card from their draw pile")  # Binoculars: a secret choice
        else:
            lines.append(f"seat {s} {_past(str(a))}")
    return lines
