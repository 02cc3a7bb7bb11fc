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
from riverbox.core.i18n import N_, translator
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
from riverbox.games.river_rivals.position import Frame
from riverbox.games.river_rivals.words import source

COLOURS = ("magenta", "cyan")
FISH_NAMES = (N_("purple"), N_("turquoise"))
_EFFECT_NAMES = {k: v["name"] for k, v in RAW["effects"].items()}
DOMAIN = "river_rivals"


PLACEHOLDER_NOTE = N_("* placeholder equipment (reconstructed, not the published card)")


def eq_title(index: int, lang: str = "en") -> str:
    """An equipment card's name as players read it; ``*`` marks a placeholder card, card by card,
    as Ravenous River marks its cards."""
    e = EQUIPMENT[index]
    return translator(DOMAIN, lang)(e.name) + ("*" if e.placeholder else "")


def _eq(mechanic: str, lang: str = "en") -> str:
    i = MECH_INDEX.get(mechanic)
    return eq_title(i, lang) if i is not None else mechanic


def _animal(slug: str, lang: str = "en") -> str:
    return translator(DOMAIN, lang)(KINDS[KIND_INDEX[slug]].name)


def _effect_name(slug: str, lang: str = "en") -> str:
    _ = translator(DOMAIN, lang)
    eff = KINDS[KIND_INDEX[slug]].effect
    return _(_EFFECT_NAMES[eff]) if eff else _("no effect")


def _card_text(card: dict[str, Any], colour: str, pos: int, lang: str) -> Text:
    _ = translator(DOMAIN, lang)
    t = Text()
    t.append(f"#{pos + 1} ", style="dim")
    t.append(f"{_animal(card['animal'], lang)} {card['strength']}", style=f"bold {colour}")
    if card["shields"]:
        t.append(_(" +{n}sh").format(n=card["shields"]), style="yellow")
    t.append(" " + "●" * card["fish"] + "○" * (card["spaces"] - card["fish"]), style=colour)
    return t


def _strength_text(v: dict[str, Any], side: int, col: int, colour: str, lang: str) -> Text:
    """Column total of one side and, for a full side, whether it would catch at its owner's turn end."""
    cards = v["board"][side][col]
    total = v["strength"][side][col]
    _ = translator(DOMAIN, lang)
    t = Text(_("strength {n}").format(n=total), style=f"italic {colour}")
    if len(cards) < COLUMN_CAP:
        t.append(f" · {len(cards)}/{COLUMN_CAP}", style="dim")
    elif total < v["strength"][1 - side][col] or all(c["fish"] >= c["spaces"] for c in cards):
        t.append(" ✗", style="bold red")  # weaker, or no free fish space
    else:
        t.append(" ✓", style="bold green")
    return t


_PHASE_WORDS = {
    "draft": N_("equipment draft"),
    "main": N_("choose an action"),
    "after": N_("equipment window, then the fish check"),
    "check": N_("fish check"),
    "over": N_("over"),
}


def decision_words(v: dict[str, Any], lang: str = "en") -> str:
    """What the header says is being decided: the pending decision if any, else the phase."""
    _ = translator(DOMAIN, lang)
    pend = v["pending"]
    if pend is None:
        return _(_PHASE_WORDS.get(v["phase"], v["phase"]))
    rule = BY_SLUG[pend["type"]]
    name = _(rule.title) if rule.title else _eq(rule.mechanic, lang)
    return _("{decision} decision").format(decision=name)


LEGEND = N_(
    "#n = card n of that side (#1 nearest the river) · +Nsh = shield tokens, +1 strength each"
    " · ● fish ○ free fish space · n/3 cards on a side · a full side would catch ✓ or not ✗"
    " (weaker, or no free space)"
)


def prompt(v: dict[str, Any], lang: str = "en") -> str | None:
    """What the player to move is asked now, in words (None at the start of a turn)."""
    _ = translator(DOMAIN, lang)
    pend = v["pending"]
    if pend is None:
        if v["phase"] == "after":
            return _("Action done: use an 'in addition' equipment card now, or end the turn (fish check).")
        if v["phase"] == "draft":
            return _("Equipment draft: the starting player picks 1, the other 2, the starter gets the last.")
        return None
    col = pend["column"]
    s = v["active"]
    card = pend.get("card")
    here = ""
    if card is not None and col is not None and card - 1 < len(v["board"][s][col - 1]):
        name = _animal(v["board"][s][col - 1][card - 1]["animal"], lang)
        here = _("your {animal} (column {column}, #{card})").format(animal=name, column=col, card=card)
    rule = BY_SLUG[pend["type"]]
    default = _("this card") if rule.frame != Frame.COPY else _("column {column}").format(column=col)
    return _(rule.prompt).format(here=here or default, col=col, eq=_eq(rule.mechanic, lang))


def render(state: State, seat: int | None, lang: str = "en") -> Any:
    """The river with both sides, column strengths, fish, shields and (for a seat) its hand."""
    _ = translator(DOMAIN, lang)
    v = state.view(seat)
    me = seat if seat in (0, 1) else 0
    op = 1 - me
    head = Text()
    head.append(_("River Rivals"), style="bold")
    mode = _("basic mode") if v["mode"] == "basic" else _("advanced mode")
    head.append("  " + _("({mode}, turn {turn})").format(mode=mode, turn=v["turn"]) + "  ")
    if v["over"]:
        win = v["winners"]
        if not win:
            over = _("game over: no winner")
        elif len(win) == 1:
            over = _("game over: seat {seat} won").format(seat=win[0])
        else:
            over = _("game over: seats {seats} won").format(seats=_(", ").join(str(w) for w in win))
        head.append(over, style="bold green")
    else:
        mover = v["to_move"][0] if v["to_move"] else v["active"]
        head.append(_("seat {seat} to move").format(seat=mover), style=COLOURS[mover])
        head.append(f" ({decision_words(v, lang)})")
    note = Text(
        _("Card content is a placeholder reconstruction, not the published cards."), style="dim italic"
    )

    def info(s: int) -> Text:
        t = Text()
        who = _("seat {seat} (you)") if seat == s else _("seat {seat}")
        t.append(who.format(seat=s), style=f"bold {COLOURS[s]}")
        t.append(
            "  "
            + _("fish {caught}/8 ({colour})  hand {hand}  pile {pile}").format(
                caught=v["fish_caught"][s],
                colour=_(FISH_NAMES[s]),
                hand=v["hand_sizes"][s],
                pile=v["pile_sizes"][s],
            )
        )
        if v["removed"][s]:
            removed = _(", ").join(_animal(x, lang) for x in v["removed"][s])
            t.append("  " + _("removed: {cards}").format(cards=removed), style="dim")
        for item in v["equipment"][s]:
            title = eq_title(EQ_INDEX[item["id"]], lang)
            shown = _("{equipment} - used").format(equipment=title) if item["used"] else title
            t.append(f"  [{shown}]", style="dim" if item["used"] else "green")
        return t

    table = Table(show_header=True, header_style="bold blue", expand=False, padding=(0, 1))
    for c in range(COLUMNS):
        table.add_column(_("column {column}").format(column=c + 1), min_width=16, max_width=24)
    opp_cols = v["board"][op]
    for p in reversed(range(COLUMN_CAP)):
        table.add_row(
            *[_card_text(col[p], COLOURS[op], p, lang) if p < len(col) else Text("") for col in opp_cols]
        )
    table.add_row(*[_strength_text(v, op, c, COLOURS[op], lang) for c in range(COLUMNS)])
    table.add_row(*[Text("≈" * 16, style="blue") for _c in range(COLUMNS)])
    table.add_row(*[_strength_text(v, me, c, COLOURS[me], lang) for c in range(COLUMNS)])
    my_cols = v["board"][me]
    for p in range(COLUMN_CAP):
        table.add_row(
            *[_card_text(col[p], COLOURS[me], p, lang) if p < len(col) else Text("") for col in my_cols]
        )
    parts: list[Any] = [head, note, info(op), table, info(me)]
    shields = Text(_("shield supply: {n}").format(n=v["shield_supply"]), style="yellow")
    parts.append(shields)
    parts.append(Text(_(LEGEND), style="dim"))
    for s in (me, op):
        for item in v["equipment"][s]:
            if not item["used"]:
                e = EQUIPMENT[EQ_INDEX[item["id"]]]
                owner = _("you") if seat == s else _("seat {seat}").format(seat=s)
                kind = _("permanent") if e.permanent else _("once")
                title = eq_title(EQ_INDEX[item["id"]], lang)
                line = _("{equipment} ({owner}, {kind}): {text}").format(
                    equipment=title, owner=owner, kind=kind, text=_(e.text)
                )
                parts.append(Text(line, style="dim green"))
    if v["offer"]:
        offered = _(", ").join(eq_title(EQ_INDEX[e], lang) for e in v["offer"])
        parts.append(Text(_("equipment on offer: {offer}").format(offer=offered), style="green"))
        for e_id in v["offer"]:
            e = EQUIPMENT[EQ_INDEX[e_id]]
            parts.append(Text(f"{eq_title(EQ_INDEX[e_id], lang)}: {_(e.text)}", style="dim green"))
    shown = [item["id"] for s in (0, 1) for item in v["equipment"][s]] + list(v["offer"] or [])
    if any(EQUIPMENT[EQ_INDEX[e_id]].placeholder for e_id in shown):
        parts.append(Text(_(PLACEHOLDER_NOTE), style="dim"))
    if v["hand"] is not None:
        hand = Text(_("your hand: "), style="bold")
        for i, slug in enumerate(v["hand"]):
            if i:
                hand.append(_(", "))
            k = KINDS[KIND_INDEX[slug]]
            hand.append(f"{_(k.name)} {k.strength}", style=COLOURS[me])
            hand.append(f" ({_effect_name(slug, lang)})", style="dim")
        if not v["hand"]:
            hand.append(_("(empty)"), style="dim")
        parts.append(hand)
    ask = prompt(v, lang) if not v["over"] and (seat is None or seat in v["to_move"]) else None
    if ask:
        parts.append(Text(ask, style="bold yellow"))
    return Group(*parts)


def _card_at(state: State, side: int, col: int, pos: int, lang: str = "en") -> str:
    board = state.view(None)["board"]
    cards = board[side][col]
    _ = translator(DOMAIN, lang)
    return _animal(cards[pos]["animal"], lang) if pos < len(cards) else _("card")


def describe(action: Any, state: State, lang: str = "en") -> str:
    """Menu text for an action, worded for the pending decision it answers."""
    _ = translator(DOMAIN, lang)
    a: A.RvAction = action
    v = state.view(None)
    s = v["active"] if not v["offer"] else (v["to_move"][0] if v["to_move"] else 0)
    rule = BY_SLUG[v["pending"]["type"]] if v["pending"] else None
    label = _(rule.label).format(eq=_eq(rule.mechanic, lang)) if rule is not None and rule.label else ""
    t = a.type
    if t == A.PLAY:
        k = KINDS[a.animal]
        body = _("{animal} (strength {strength}, {effect}) into column {column}").format(
            animal=_(k.name), strength=k.strength, effect=_effect_name(k.slug, lang), column=a.col + 1
        )
        verb = label + _("play") if label else _("Play")
        return f"{verb} {body}"
    if t in (A.DRAW, A.DRAWX):
        room = v["hand_limits"][s] - v["hand_sizes"][s]
        n = max(0, min(3 if t == A.DRAWX else 2, room, v["pile_sizes"][s]))
        what = _("Draw 1 card") if n == 1 else _("Draw {n} cards").format(n=n)
        if t == A.DRAWX:
            return what + " " + _("({equipment}'s extra card)").format(equipment=_eq("clapper", lang))
        return what
    if t == A.PASS:
        return _("Pass: no card can be played and none drawn")
    if t == A.SKIP:
        return _(rule.skip_menu) if rule is not None and rule.skip_menu else _("Skip")
    if t == A.END:
        return _("End the action phase and check for fish")
    if t == A.FISH:
        text = _("place a fish on your {animal} (column {column}, card {card})").format(
            animal=_card_at(state, s, a.col, a.pos, lang), column=a.col + 1, card=a.pos + 1
        )
        return (label + text) if label else text[0].upper() + text[1:]
    if t in (A.MOVE, A.BOOTS):
        fields = {"animal": _card_at(state, s, a.col, a.pos, lang), "column": a.col + 1, "to": a.to + 1}
        if t == A.BOOTS:
            return _("{equipment}: move your {animal} from column {column} to column {to}").format(
                equipment=_eq("boots", lang), **fields
            )
        return _("Move your {animal} from column {column} to column {to}").format(**fields)
    if t == A.SHIELD:
        text = _("put a shield on your {animal} in column {column}").format(
            animal=_card_at(state, s, a.col, a.pos, lang), column=a.col + 1
        )
        return (label + text) if label else text[0].upper() + text[1:]
    if t == A.CLAW:
        card = v["board"][1 - s][a.col][a.pos] if a.pos < len(v["board"][1 - s][a.col]) else None
        if card and card["shields"]:
            extra = " " + _("(its shield absorbs the attack)")
        elif card and card["fish"] == 1:
            extra = " " + _("(removed; its 1 fish goes back to their supply)")
        elif card and card["fish"]:
            extra = " " + _("(removed; its {fish} fish go back to their supply)").format(fish=card["fish"])
        elif card:
            extra = " " + _("(removed)")
        else:
            extra = ""
        name = _card_at(state, 1 - s, a.col, a.pos, lang)
        claw = _("Claw the opposing {animal} in column {column}")
        return claw.format(animal=name, column=a.col + 1) + extra
    if t == A.COPY:
        cards = v["board"][s][a.col]
        name = _card_at(state, s, a.col, a.pos, lang)
        eff = _effect_name(cards[a.pos]["animal"], lang) if a.pos < len(cards) else _("effect")
        return _("Copy the {effect} of your {animal} in column {column}").format(
            effect=eff, animal=name, column=a.col + 1
        )
    if t == A.USE:
        return EQUIP[a.equip].menu(lang)
    if t == A.PICK:
        e = EQUIPMENT[a.equip]
        kind = _("permanent") if e.permanent else _("once")
        return _("Take {equipment} ({kind}): {text}").format(equipment=_(e.name), kind=kind, text=_(e.text))
    if t == A.TAKE:
        return _("Take the {animal} from your draw pile").format(animal=_(KINDS[a.animal].name))
    if t == A.BEAR:
        return _("Put the polar bear from your {source} into column {column}").format(
            source=source(A.SOURCES[a.source], lang), column=a.col + 1
        )
    if t == A.RECALL:
        return _("Shuffle a removed {animal} back into your draw pile").format(animal=_(KINDS[a.animal].name))
    if t == A.UNDERTOW:
        name = _card_at(state, 1 - s, a.col, a.pos, lang)
        return _("Move the opposing {animal} from column {column} to column {to}").format(
            animal=name, column=a.col + 1, to=a.to + 1
        )
    if t == A.ENCORE:
        cards = v["board"][s][a.col]
        eff = _effect_name(cards[a.pos]["animal"], lang) if a.pos < len(cards) else _("effect")
        return _("Resolve the {effect} of your {animal} in column {column} again").format(
            effect=eff, animal=_card_at(state, s, a.col, a.pos, lang), column=a.col + 1
        )
    return str(a)
