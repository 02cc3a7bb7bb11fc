"""River Wild in the terminal: the layout drawn as a picture (rich).

Each card is a block 16 characters wide and 5 high (8 per half card width), with one blank
column and one blank row between neighbouring cards so every card boundary shows. The picture
fits the width it is given: below about 150 columns the hand's card faces wrap as whole cards,
and a layout too wide for the terminal is drawn at a smaller scale (8 by 3). The edge slots
are painted on the card's rim (river ``~`` blue, mountain ``^`` grey, land green); the inside
of a card takes the colour of its nearest edge slot, so the river runs from its top slots to
its bottom slots and each land section fills its side. Protected Lands are highlighted in their
own colour and lettered (A, B, ...) with their points below. Open positions where a card in
hand may go are drawn as dotted outlines labelled with their ``row,col``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.panel import Panel
from rich.text import Text

from riverbox.core.i18n import N_, translator
from riverbox.games.river_wild.actions import Place
from riverbox.games.river_wild.board import key_pos
from riverbox.games.river_wild.content import ANIMALS, LAND, MOUNTAIN, RIVER, SIDES, Face
from riverbox.games.river_wild.scoring import POINTS_PER_LAND, RANKS, rank_name
from riverbox.games.river_wild.words import DOMAIN, goal_in, goal_words, word

if TYPE_CHECKING:
    from riverbox.games.river_wild.position import WildGame
    from riverbox.games.river_wild.state import RiverWildState


@dataclass(frozen=True)
class Scale:
    """Card size in characters; cards sit on a grid of half cards with a one-character gap."""

    cw: int  # card width (even)
    ch: int  # card height

    @property
    def hw(self) -> int:
        return self.cw // 2

    @property
    def step_x(self) -> int:
        """Characters per half-card column: side-by-side cards keep a two-character gap."""
        return self.hw + 1

    @property
    def step_y(self) -> int:
        return self.ch + 1

    @property
    def anchors(self) -> tuple[tuple[float, float], ...]:
        q, mid = (self.hw - 1) / 2, (self.ch - 1) / 2
        return (
            (q, 0.0),
            (self.hw + q, 0.0),
            (q, self.ch - 1.0),
            (self.hw + q, self.ch - 1.0),
            (0.0, mid),
            (self.cw - 1.0, mid),
        )


FULL = Scale(16, 5)
SMALL = Scale(8, 3)
CW, CH, HW = FULL.cw, FULL.ch, FULL.hw  # the full scale, for callers that measure the picture
CANDIDATE_GLYPHS = ("·", "+", "×", "○")
"""Outline characters of open positions, by column parity and row, so overlapping outlines differ."""
ICON = {0: "Frog", 1: "Jack", 2: "Unic", 3: "Drag"}
LAND_STYLES = (
    "black on green3",
    "black on gold3",
    "black on orchid",
    "black on dark_orange",
    "black on cyan3",
    "black on light_salmon3",
    "black on yellow3",
    "black on medium_purple2",
)
"""Protected Lands, by letter; their cells are filled with the lower-case letter (readable without colour)."""
OPEN_LAND = "grey70 on dark_green"
RIVER_STYLE = "bold bright_white on blue"
MOUNTAIN_STYLE = "bold white on grey42"
SLOT_CHAR: dict[int, str] = {LAND: " ", RIVER: "~", MOUNTAIN: "^"}


def _paint_face(face: Face, sc: Scale = FULL) -> list[list[tuple[int, int]]]:
    """A card-sized grid of (slot type, section index or -1) for a face."""
    grid: list[list[tuple[int, int]]] = []
    cw, ch, hw, anchors = sc.cw, sc.ch, sc.hw, sc.anchors
    edge = 2 if cw > 8 else 1
    for y in range(ch):
        row = []
        for x in range(cw):
            if y == 0:
                s = 0 if x < hw else 1
            elif y == ch - 1:
                s = 2 if x < hw else 3
            elif x < edge:
                s = 4
            elif x >= cw - edge:
                s = 5
            else:
                s = min(range(6), key=lambda i: (x - anchors[i][0]) ** 2 + (2.2 * (y - anchors[i][1])) ** 2)
            row.append((face.slots[s], face.section_of[s]))
        grid.append(row)
    return grid


class _Canvas:
    def __init__(self, width: int, height: int) -> None:
        self.chars = [[" "] * width for _ in range(height)]
        self.styles = [[""] * width for _ in range(height)]

    def put(self, x: int, y: int, ch: str, style: str | None = None) -> None:
        if 0 <= y < len(self.chars) and 0 <= x < len(self.chars[0]):
            self.chars[y][x] = ch
            if style is not None:
                self.styles[y][x] = style

    def text(self, x: int, y: int, s: str, style: str | None = None) -> None:
        for i, ch in enumerate(s):
            self.put(x + i, y, ch, style)

    def render(self) -> Text:
        out = Text(no_wrap=True, overflow="crop")
        for chars, styles in zip(self.chars, self.styles, strict=True):
            x = 0
            while x < len(chars):  # one segment per run of equal style
                end = x + 1
                while end < len(chars) and styles[end] == styles[x]:
                    end += 1
                out.append("".join(chars[x:end]), styles[x] or None)
                x = end
            out.append("\n")
        return out


def _section_label(face: Face, k: int) -> str:
    """A section's content in one short line: an animal, or a goal with its two numbers."""
    return _label_forms(face, k)[0][0]


def _label_forms(face: Face, k: int) -> list[list[str]]:
    """Ways to write a section's content on one line, best first.

    Goals read ``F+J 2/4`` (a Frog and a Jackalope; 2 points per set in the largest land, 4 in
    any other), squeezed to ``FJ 2/4``, ``FJ2/4`` or ``FJ`` when the section is narrow."""
    sec = face.sections[k]
    if sec.animal is not None:
        return [[ICON[sec.animal]], [ANIMALS[sec.animal][0]]]
    if sec.goal is None:
        return [[""]]
    g = sec.goal
    nums = f"{g.first}/{g.second}"
    if g.kind == "any":
        long = short = f"any{g.count}"
    else:
        long = g.label()
        short = long.replace("+", "")
    return [[f"{long} {nums}"], [f"{short} {nums}"], [f"{short}{nums}"], [short]]


def _runs(cells: list[tuple[int, int]], ch: int = CH) -> list[tuple[int, int, int]]:
    """Horizontal runs (y, x start, length) of a set of cells: inner rows first, the middle row
    first among them, then longer runs first."""
    rows: dict[int, list[int]] = {}
    for x, y in cells:
        rows.setdefault(y, []).append(x)
    runs = []
    for y, xs in rows.items():
        xs.sort()
        start = xs[0]
        for i, x in enumerate(xs):
            if i + 1 == len(xs) or xs[i + 1] != x + 1:
                runs.append((y, start, x - start + 1))
                if i + 1 < len(xs):
                    start = xs[i + 1]
    runs.sort(key=lambda r: (r[0] in (0, ch - 1), abs(r[0] - (ch - 1) // 2), -r[2]))
    return runs


def _place_label(forms: list[list[str]], runs: list[tuple[int, int, int]]) -> list[tuple[int, int, str]]:
    """(x, y, text) for the first form whose lines fit into distinct runs (centred in each)."""
    for lines in forms:
        spots: list[tuple[int, int, str]] = []
        used: set[int] = set()
        for line in lines:
            fit = [r for r in runs if r[2] >= len(line) and r[0] not in used]
            if not fit:
                break
            if spots:  # the second line goes next to the first if it can
                near = [r for r in fit if abs(r[0] - spots[0][1]) == 1]
                fit = near or fit
            y, x, n = fit[0]
            used.add(y)
            spots.append((x + (n - len(line)) // 2, y, line))
        else:
            return sorted(spots, key=lambda s: s[1])
    if not runs:
        return []
    y, x, n = max(runs, key=lambda r: r[2])
    return [(x, y, forms[-1][0][:n])]


def _draw_face(
    canvas: _Canvas, x0: int, y0: int, face: Face, land_of: dict[int, int], sc: Scale = FULL
) -> None:
    """One card at (x0, y0); ``land_of`` maps section index -> Protected Land index."""
    grid = _paint_face(face, sc)
    cw, ch = sc.cw, sc.ch
    for y in range(ch):
        for x in range(cw):
            kind, sec = grid[y][x]
            if kind == LAND:
                li = land_of.get(sec, -1)
                style = OPEN_LAND if li < 0 else LAND_STYLES[li % len(LAND_STYLES)]
                canvas.put(x0 + x, y0 + y, "." if li < 0 else chr(97 + li % 26), style)
            else:
                canvas.put(x0 + x, y0 + y, SLOT_CHAR[kind], RIVER_STYLE if kind == RIVER else MOUNTAIN_STYLE)
    # Labels: the card, each section's content, the runestone.
    name = "Src" if face.source else f"c{face.card}" + ("'" if face.side else "")
    nx = 1 if face.slots[0] != LAND else 0
    canvas.text(x0 + nx, y0, name, "bold black on white")
    # Label cells, so two labels never touch: a label keeps one free cell on either side.
    taken = {(x, 0) for x in range(nx, nx + len(name))}
    for sec in range(len(face.sections)):
        cells = [
            (x, y)
            for y in range(ch)
            for x in range(cw)
            if grid[y][x] == (LAND, sec) and not {(x - 1, y), (x, y), (x + 1, y)} & taken
        ]
        li = land_of.get(sec, -1)
        style = OPEN_LAND if li < 0 else LAND_STYLES[li % len(LAND_STYLES)]
        for x, y, text in _place_label(_label_forms(face, sec), _runs(cells, ch)):
            canvas.text(x0 + x, y0 + y, text, style)
            taken.update((x + i, y) for i in range(len(text)))
            for side in (x - 1, x + len(text)):  # a blank either side sets it apart from land letters
                if 0 <= side < cw and grid[y][side][0] == LAND:
                    canvas.put(x0 + side, y0 + y, " ")
    if face.runestone:
        river = [(x, y) for y in range(1, ch - 1) for x in range(cw) if grid[y][x][0] == RIVER]
        if river:
            mid = (ch - 1) / 2
            x, y = min(river, key=lambda q: (q[0] - (cw - 1) / 2) ** 2 + (q[1] - mid) ** 2)
            canvas.put(x0 + x, y0 + y, "◆", "bold magenta on blue")


def draw_cards(faces: list[Face], captions: list[str], width: int | None = None, group: int = 2) -> Text:
    """Faces side by side (a hand: each card's front and back), each with a caption above.

    ``width``: the characters available; the faces wrap onto more rows as whole cards, keeping
    each group of ``group`` faces (a card's front and back) together, and shrink to the small
    scale when not even one group fits."""
    sc = FULL
    if width is not None and group * (sc.cw + 2) - 2 > width:
        sc = SMALL
    per_row = len(faces) or 1
    if width is not None:
        fit = max(1, (width + 2) // (sc.cw + 2))
        per_row = max(group, fit - fit % group) if fit >= group else fit
    rows = max(1, -(-len(faces) // per_row))
    canvas = _Canvas(min(len(faces), per_row) * (sc.cw + 2), rows * (sc.ch + 2))
    for i, (face, caption) in enumerate(zip(faces, captions, strict=True)):
        x0, y0 = (i % per_row) * (sc.cw + 2), (i // per_row) * (sc.ch + 2)
        canvas.text(x0, y0, caption[: sc.cw], "bold")
        _draw_face(canvas, x0, y0 + 1, face, {}, sc)
    return canvas.render()


def layout_width(state: RiverWildState, sc: Scale = FULL) -> int:
    """Characters the layout picture needs at scale ``sc`` (open positions included)."""
    cols = [key_pos(key)[1] for _, key in state.board.placed]
    cols += [a.col for a in state.legal_actions(0) if isinstance(a, Place)] if not state.is_over else []
    return (max(cols) - min(cols) + 1) * sc.step_x + sc.cw - sc.step_x


def draw_layout(
    state: RiverWildState, seat: int | None, marks: bool = True, width: int | None = None
) -> Text:
    """The layout as a picture, with legal positions marked when ``marks``; drawn at the small
    scale when the full one is wider than ``width``."""
    sc = FULL if width is None or layout_width(state, FULL) <= width else SMALL
    game: WildGame = state.game  # type: ignore[assignment]
    board = state.board
    placed = [(game.rules.faces[fi], *key_pos(key)) for fi, key in board.placed]
    legal_pos = (
        sorted({(a.row, a.col) for a in state.legal_actions(0) if isinstance(a, Place)})
        if marks and not state.is_over
        else []
    )
    spots = [(r, c) for _, r, c in placed] + legal_pos
    min_h = min(c for _, c in spots)
    max_h = max(c for _, c in spots)
    max_r = max(r for r, _ in spots)
    sx, sy = sc.step_x, sc.step_y
    canvas = _Canvas((max_h - min_h) * sx + sc.cw, (max_r + 1) * sy)
    # Which Protected Land each (placement, section) belongs to.
    land_of: dict[tuple[int, int], int] = {}
    for p, (face, _, _) in enumerate(placed):
        for k in range(len(face.sections)):
            li = board.land_index(p, k)
            if li >= 0:
                land_of[(p, k)] = li
    for r, c in legal_pos:
        _draw_candidate(canvas, (c - min_h) * sx, r * sy, r, c, sc)
    for p, (face, r, c) in enumerate(placed):
        lands = {k: li for (q, k), li in land_of.items() if q == p}
        _draw_face(canvas, (c - min_h) * sx, r * sy, face, lands, sc)
    return canvas.render()


def _draw_candidate(canvas: _Canvas, x0: int, y0: int, r: int, c: int, sc: Scale) -> None:
    """An open position's outline (all four sides) and its ``row,col`` label. Open positions half
    a card apart overlap; each draws with its own character (by column parity) and its label on
    its own line, so the outlines stay apart."""
    glyph = CANDIDATE_GLYPHS[c % 2 + 2 * (r % 2)]
    right, bottom = x0 + sc.cw - 1, y0 + sc.ch - 1
    for x in range(x0, right + 1):
        for y in (y0, bottom):
            canvas.put(x, y, glyph, "dim")
    for y in range(y0, bottom + 1):
        canvas.put(x0, y, glyph, "dim")
        canvas.put(right, y, glyph, "dim")
    label = f"{glyph}{r},{c}"
    ly = y0 + (1 if c % 2 == 0 or sc.ch < 4 else sc.ch - 2)
    canvas.text(x0 + 2, ly, label, "bold yellow")


def _card_line(state: RiverWildState, card_index: int, lang: str = "en") -> Text:
    _ = translator(DOMAIN, lang)
    game: WildGame = state.game  # type: ignore[assignment]
    front = game.rules.faces[2 * card_index]
    parts = [_section_words(front, k, lang) for k in range(len(front.sections))]
    slots = "".join("LRM"[t - 1] for t in front.slots)
    return Text.assemble(
        (f"c{front.card}", "bold"),
        f"  {' | '.join(p for p in parts if p)}",
        ("  " + _("runestone") + " ◆" if front.runestone else "", "magenta"),
        (
            "  "
            + _("front top {top} bottom {bottom} sides {sides}; back = mirror").format(
                top=slots[0:2], bottom=slots[2:4], sides=slots[4:6]
            ),
            "dim",
        ),
    )


def _section_words(face: Face, k: int, lang: str) -> str:
    """A section's content for a line of text: the picture's label, in ``lang``."""
    if lang == "en":
        return _section_label(face, k)
    sec = face.sections[k]
    if sec.animal is not None:
        return word(ANIMALS[sec.animal], lang)
    if sec.goal is None:
        return ""
    return goal_in(goal_words(sec.goal), lang)


def _fits(state: RiverWildState, card_index: int, lang: str = "en") -> Text:
    """Where a card in hand may go now, per side (the positions of its legal placements)."""
    _ = translator(DOMAIN, lang)
    cid = state.wild.deck.ids[card_index]
    where: dict[int, list[str]] = {0: [], 1: []}
    for a in state.legal_actions(0):
        if isinstance(a, Place) and a.card == cid:
            where[a.side].append(f"{a.row},{a.col}")
    if not where[0] and not where[1]:
        return Text("      " + _("fits nowhere now") + "\n", style="dim")
    out = Text("      " + _("fits: "), style="dim")
    for side, mark in ((0, ""), (1, "'")):
        if where[side]:
            out.append(f"c{cid}{mark} ", style="bold")
            at = _("{side} at {positions}").format(side=_(SIDES[side]), positions="  ".join(where[side]))
            out.append(at + "   ")
    out.append("\n")
    return out


def _land_contents(state: RiverWildState, root: int, lang: str = "en") -> str:
    """What a Protected Land holds: its animals, runestones and goals."""
    _ = translator(DOMAIN, lang)
    _cards, animals, goals, runes = state.board.region(root)
    held = [word(ANIMALS[t], lang) + (f" x{n}" if n > 1 else "") for t, n in enumerate(animals) if n]
    n_runes = runes.bit_count()
    if n_runes == 1:
        held.append(_("1 runestone") + " ◆")
    elif n_runes:
        held.append(_("{n} runestones").format(n=n_runes) + " ◆")
    goal_text = _(", ").join(goal_in(goal_words(g), lang) for g in goals)
    return _("holds {held}; goals: {goals}").format(
        held=_(", ").join(held) if held else _("no animal"), goals=goal_text or _("none")
    )


def _next_rank(score: int, lang: str = "en") -> str:
    """The next rank up and the score it needs ('' at the top rank)."""
    _ = translator(DOMAIN, lang)
    for threshold, name in reversed(RANKS):
        if score < threshold:
            return _("{rank} at {score}").format(rank=word(name, lang), score=threshold)
    return ""


class Screen:
    """The River Wild screen as a rich renderable that fits the width it is given: rich hands
    ``__rich_console__`` the width of the terminal or of the pane it is drawn in."""

    def __init__(self, state: RiverWildState, seat: int | None, lang: str = "en") -> None:
        self.state = state
        self.seat = seat
        self.lang = lang

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield render_state(self.state, self.seat, width=options.max_width, lang=self.lang)


PANEL_MARGIN = 4
"""Characters the panel's border and padding take from the width."""

LEGEND = N_(
    "Legend: ~ river  ^ mountain  . open land  a, b.. Protected Land A, B..  ◆ runestone"
    "  c7' = back side (mirror)  outlined r,c = open position\n"
    "Goals: F Frog, J Jackalope, U Unicorn, D Dragon, any3 = three of any kind; 2/4 = points per"
    " set in the largest land / in the others."
)
PLACEHOLDER_LEGEND = N_("PLACEHOLDER deck: these are not the published River Wild cards.")


def render_state(state: RiverWildState, seat: int | None, width: int | None = None, lang: str = "en") -> Any:
    """What the player sees: the layout, the hand, the face-up top card and the score.

    ``width``: the terminal (or pane) width to fit; ``None`` returns a renderable that reads the
    width from the console when it is drawn. The picture itself keeps its one-cell letters and
    numbers in every language (a wide character would shift the cards); the words around it
    follow ``lang``."""
    if width is None:
        return Screen(state, seat, lang)
    _ = translator(DOMAIN, lang)
    inner = max(20, width - PANEL_MARGIN)
    game: WildGame = state.game  # type: ignore[assignment]
    view = state.view(seat)
    parts: list[Any] = [draw_layout(state, seat, width=inner)]
    lands = view["lands"]
    score_lines = Text()
    for i, land in enumerate(lands):
        style = LAND_STYLES[i % len(LAND_STYLES)]
        cards = " ".join(
            _("Source") if view["layout"][p]["card"] == 0 else f"c{view['layout'][p]['card']}"
            for p in land["cards"]
        )
        goal = land["first"] if land["largest"] else land["second"]
        which = _("largest land: first numbers") if land["largest"] else _("second numbers")
        score_lines.append(f" {chr(65 + i)} ", style)
        score_lines.append(" " + _("{cards} (size {size}): ").format(cards=cards, size=land["size"]))
        score_lines.append(
            _("{land} + {goal} goal points = {points}").format(
                land=POINTS_PER_LAND, goal=goal, points=land["points"]
            ),
            "bold",
        )
        score_lines.append(f"  [{which}]\n")
        score_lines.append(f"     {_land_contents(state, state.board.lands[i][4], lang)}\n", "dim")
    if not lands:
        score_lines.append(
            _("No Protected Land yet (land sealed all round by river and mountains).") + "\n", "dim"
        )
    parts.append(score_lines)
    score = view["score"]
    next_rank = _next_rank(score, lang)
    if view["over"]:
        final = Text.assemble(
            (_("Final score") + " ", "bold"),
            (str(score), "bold green"),
            (f"  — {word(rank_name(score), lang)}", "bold magenta"),
        )
        if next_rank:
            final.append("  " + _("(next rank: {rank})").format(rank=next_rank), "dim")
        if state.hand:
            unplaced = " ".join(game.label(ci) for ci in state.hand)
            final.append(
                "\n" + _("No card in hand fits anywhere; unplaced: {cards}.").format(cards=unplaced), "dim"
            )
        parts.append(final)
    else:
        now = word(rank_name(score), lang)
        parts.append(
            Text.assemble(
                (_("Score so far") + " ", "bold"),
                (str(score), "bold green"),
                ("  " + _("(rank now: {rank}").format(rank=now), "dim"),
                (_("; next: {rank})").format(rank=next_rank) if next_rank else _(")"), "dim"),
            )
        )
        hand = Text(_("Hand:") + "\n", style="bold")
        for ci in state.hand:
            hand.append("  ")
            hand.append(_card_line(state, ci, lang))
            hand.append("\n")
            hand.append(_fits(state, ci, lang))
        hand.append(
            _("Type a menu number, or a placement such as c7' 2,-1 (card, ' for its back, row,col)."),
            "dim",
        )
        parts.append(hand)
        shown = list(state.hand)
        captions = []
        if view["top"] is not None:
            shown.append(game.deck.index_of(view["top"]))
        faces = [game.rules.faces[2 * ci + side] for ci in shown for side in (0, 1)]
        for k, ci in enumerate(shown):
            top = k == len(state.hand)
            if lang == "en":
                tag = "top " if top else ""
                captions += [f"{tag}{game.label(ci)} front", f"{tag}{game.label(ci)} back"]
            else:  # one cell per character in the picture: the notation, with ' for the back
                tag = "> " if top else ""
                captions += [f"{tag}{game.label(ci)}", f"{tag}{game.label(ci)}'"]
        parts.append(draw_cards(faces, captions, width=inner))
        if view["top"] is not None:
            top_line = Text(_("Top of the deck (face up, drawn next): "), style="bold")
            top_line.append(_card_line(state, game.deck.index_of(view["top"]), lang))
            top_line.append(
                "\n" + _("{n} card(s) left in the deck.").format(n=view["deck_size"]), style="dim"
            )
            parts.append(top_line)
        else:
            parts.append(Text(_("The deck is empty."), style="dim"))
    legend = _(LEGEND)
    if view["placeholder"]:
        legend += "\n" + _(PLACEHOLDER_LEGEND)
    parts.append(Text(legend, style="dim"))
    title = _("River Wild — score {score}").format(score=score)
    if view["over"]:
        title += f" — {word(view['rank'], lang)}"
    return Panel(Group(*parts), title=title, expand=False, width=width)


__all__ = ["ANIMALS", "SIDES", "draw_layout", "render_state"]
