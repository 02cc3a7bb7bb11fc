"""Menu text for actions and play-log lines for a seat (``describe_action`` and ``narrate``).

Narration never tells a seat what it may not know: private chance outcomes of other seats are
skipped, and another seat's vote or kept totems are never named by its own line: votes are named
together by the public reveal line, totems by the end-of-round report. So the lines are the same
from a determinized history, where those secret actions are hidden (``action_visibility``).
"""

from __future__ import annotations

import re
from typing import Any, cast

from riverbox.core import CHANCE, Chance, State
from riverbox.games.ravenous_river import actions as A
from riverbox.games.ravenous_river.cards import CARD_NAMES, CARDS
from riverbox.games.ravenous_river.scoring import ANIMALS

_TITLE = {k.name: k.title + ("*" if k.placeholder else "") for k in CARDS}
"""Card titles for menus and logs; ``*`` marks a PLACEHOLDER card (not the published list)."""
_WHERE = ("the bank", "boat 1", "boat 2")
_RULING = re.compile(r" \(RR-[^)]*\)")
_PLAIN = [_RULING.sub("", k.text) for k in CARDS]
"""Card texts for menus, without the ruling ids the data file cites."""
_TITLE_BY_NAME = {k.name: k.title + ("*" if k.placeholder else "") for k in CARDS}


def card_title(kind: int) -> str:
    return _TITLE[CARD_NAMES[kind]]


def card_text(name: str) -> str:
    """A card's text as a player reads it (the data file's ruling ids left out)."""
    return _PLAIN[CARD_NAMES.index(name)]


def describe(action: Any, state: State) -> str:
    """A friendly menu line for ``action`` (mentions nothing hidden)."""
    op = action.op
    a, b, c = action.a, action.b, action.c
    row = getattr(state, "row", None)
    up = getattr(state, "up", 0)
    if op == A.LOOK:
        if row is not None and up >> a & 1 and row[a] >= 0:  # face up: public
            return f"Place: take the face-up {ANIMALS[row[a]]} from row slot {a + 1}"
        return f"Place: take the animal in row slot {a + 1} and look at it"
    if op == A.PLACE:
        return f"Put the animal you are looking at face up on {_WHERE[a]}"
    if op == A.RETURN:
        return f"Discard {card_title(a)} and put the animal back face down (only you know it)"
    if op == A.MOVE:
        src = state.where(a) if hasattr(state, "where") else -1
        origin = f" from {_WHERE[src]}" if src >= 0 else ""
        return f"Move the {ANIMALS[a]}{origin} to {_WHERE[b]}, discarding {card_title(c)}"
    if op == A.DISCARD:
        return f"Discard {card_title(a)} without using it"
    if op == A.PLAY:
        note = " (*placeholder card)" if CARDS[a].placeholder else ""
        return f"Play {card_title(a)}{note}: {_PLAIN[a]}"
    if op == A.SAIL:
        return f"Boat {a + 1} sails home now and is frozen until scoring"
    if op == A.SINK:
        return f"Sink the empty boat {a + 1} for the rest of the round"
    if op == A.CAPSIZE:
        return f"Tip every animal of boat {a + 1} onto the bank"
    if op == A.WAVES:
        if row is not None and up >> b & 1 and row[b] >= 0:  # face up: public
            return f"Swap the {ANIMALS[a]} (in a boat) with the face-up {ANIMALS[row[b]]} in row slot {b + 1}"
        return f"Swap the {ANIMALS[a]} (in a boat) with the face-up animal in row slot {b + 1}"
    if op == A.CROSS:
        return f"Swap the {ANIMALS[a]} (boat 1) with the {ANIMALS[b]} (boat 2)"
    if op == A.WASH:
        return f"Put the {ANIMALS[a]} from the bank back into the row, face up"
    if op == A.PEEK:
        slots = f"slots {a + 1} and {b + 1}" if b >= 0 else f"slot {a + 1}"
        return f"Look secretly at the row animal(s) in {slots}"
    if op == A.REVEAL:
        return f"Turn the animal in row slot {a + 1} face up for everyone"
    if op == A.SKIP:
        return "Turn nothing face up"
    if op == A.VOTE:
        return "Vote to END the round now" if a == 1 else "Vote to CONTINUE the round"
    if op == A.KEEP:
        hunt = ""
        if (b - a) % 7 in (1, 6):  # neighbours in the cycle: one eats the other where they meet
            x, y = (a, b) if (b - a) % 7 == 1 else (b, a)
            hunt = f" (the {ANIMALS[x]} eats the {ANIMALS[y]} wherever they meet)"
        return f"Keep the {ANIMALS[a]} and the {ANIMALS[b]} as your totems{hunt}"
    return str(action)


_SECRET_VOTE = "{who} has voted in secret."
_SECRET_KEEP = "{who} keeps two of the three totems drawn (secret until the end-of-round reveal)."


def _act_line(s: int, action: Any, seat: int | None) -> str:
    op = action.op
    who = f"seat {s}"
    if op == A.VOTE:  # another seat's vote is never named here: the reveal line names them all
        if s == seat:
            return f"You (seat {s}) vote {'END' if action.a == 1 else 'CONTINUE'}."
        return _SECRET_VOTE.format(who=who)
    if op == A.KEEP:  # another seat's totems are named by the end-of-round report
        if s == seat:
            return f"You (seat {s}) keep the {ANIMALS[action.a]} and the {ANIMALS[action.b]} as totems."
        return _SECRET_KEEP.format(who=who)
    if op == A.LOOK:
        return f"{who} takes row slot {action.a + 1} and looks at it."
    if op == A.PLACE:
        return f"{who} puts it face up on {_WHERE[action.a]}."
    if op == A.RETURN:
        return f"{who} discards {card_title(action.a)} and returns it face down."
    if op == A.MOVE:
        return f"{who} discards {card_title(action.c)} to move the {ANIMALS[action.a]} to {_WHERE[action.b]}."
    if op == A.DISCARD:
        return f"{who} discards {card_title(action.a)} without effect."
    if op == A.PLAY:
        return f"{who} plays {card_title(action.a)}."
    if op == A.SAIL:
        return f"{who} sends boat {action.a + 1} home early; it is frozen until scoring."
    if op == A.SINK:
        return f"{who} sinks the empty boat {action.a + 1}."
    if op == A.CAPSIZE:
        return f"{who} tips every animal of boat {action.a + 1} onto the bank."
    if op == A.WAVES:
        return f"{who} swaps the {ANIMALS[action.a]} with the face-up animal in row slot {action.b + 1}."
    if op == A.CROSS:
        return f"{who} swaps the {ANIMALS[action.a]} (boat 1) with the {ANIMALS[action.b]} (boat 2)."
    if op == A.WASH:
        return f"{who} washes the {ANIMALS[action.a]} from the bank back into the row, face up."
    if op == A.PEEK:
        slots = f"slots {action.a + 1} and {action.b + 1}" if action.b >= 0 else f"slot {action.a + 1}"
        return f"{who} looks secretly at row {slots}."
    if op == A.REVEAL:
        return f"{who} turns row slot {action.a + 1} face up."
    if op == A.SKIP:
        return f"{who} turns nothing face up."
    return f"{who}: {action}."


def narrate(state: State, seat: int | None, start: int) -> list[str]:
    """Lines for ``state.history[start:]`` as ``seat`` may know it, with full end-of-round reports."""
    from riverbox.games.ravenous_river.view import cached_report

    hist = state.history
    log: list[Any] = getattr(state, "round_log", [])
    two = state.game.players == 2
    reports = sum(1 for _, a in hist[:start] if isinstance(a, Chance) and a.text.startswith("reveal"))
    lines: list[str] = []
    skip = -1
    for i in range(start, len(hist)):
        if i == skip:
            continue
        s, a = hist[i][0], cast(Any, hist[i][1])
        if s != CHANCE and isinstance(a, Chance):  # another seat's secret action, hidden (determinize)
            lines.append((_SECRET_KEEP if two else _SECRET_VOTE).format(who=f"seat {s}"))
            continue
        if s != CHANCE and a.op == A.PLACE and i + 1 < len(hist):
            shown = hist[i + 1][1]
            if isinstance(shown, Chance) and shown.visible_to is None and shown.text.startswith("row"):
                animal = shown.text.rsplit(" ", 1)[1]
                lines.append(f"seat {s} puts the {animal} face up on {_WHERE[a.a]}.")
                skip = i + 1
                continue
        if s != CHANCE:
            lines.append(_act_line(s, a, seat))
            continue
        assert isinstance(a, Chance)
        vis = a.visible_to
        text = a.text
        if vis is not None and (seat is None or seat not in vis):
            if text.startswith("deal") or (text == "hidden" and not vis):
                lines.append(
                    "A new round: a fresh face-down row of all seven animals; cards and totems are dealt."
                )
            continue
        if text.startswith("reveal"):
            if reports < len(log):
                entry = log[reports]
                lines.extend(cached_report(entry)["lines"])
                total = entry[-1]
                best = max(total)
                target = state.game.options["target"]
                if best >= target and total.count(best) == 1:
                    lines.append(
                        f"Seat {total.index(best)} wins with {best} VP: {target}+ and strictly the most."
                    )
                else:
                    lines.append(f"Nobody has {target}+ VP and strictly the most: a new round starts.")
            else:
                lines.append(text)
            reports += 1
        elif text.startswith("row") and vis is not None:
            lines.append(f"You see: {text}.")
        elif text.startswith("row"):
            lines.append(f"Revealed: {text}.")
        elif text.startswith("seat") and vis is not None:
            lines.append(_deal_line(text, seat))
        elif text.startswith("vote:"):
            lines.append(_vote_line(text[6:]))
        else:
            text = _RULING.sub("", text)  # ruling ids are for developers, not players
            lines.append(text[0].upper() + text[1:] + ".")
    return lines


def _vote_line(body: str) -> str:
    """The reveal of a vote: every seat's choice, the tally and what happens (RR-19)."""
    each, _, tally = body.rpartition("; ")
    counts, _, outcome = tally.partition(" -> ")
    ends, _, rest = counts.partition(" end, ")
    tie = " (a tie: play goes on)" if ends == rest.partition(" ")[0] else ""
    each = each.replace(" end", " END").replace(" continue", " CONTINUE")
    shown = f"Votes revealed: {each}. " if each else ""
    return f"{shown}{counts}: {outcome}{tie}."


def _deal_line(text: str, seat: int | None) -> str:
    """``seat S gets totem(s) A [B C]; cards X Y`` as a sentence with card titles."""
    got, _, cards = text.split(" gets ", 1)[1].partition("; cards ")
    kind, _, animals = got.partition(" ")
    titles = ", ".join(_TITLE_BY_NAME.get(c, c) for c in cards.split())
    if kind == "totems":  # 2 players: three drawn, two to keep
        return f"You (seat {seat}) draw the totems {', '.join(animals.split())} (keep two); cards: {titles}."
    return f"You (seat {seat}) get the {animals} as your totem; cards: {titles}."
