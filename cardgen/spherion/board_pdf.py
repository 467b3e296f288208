"""Print-and-play Spherion at true size: a map per hemisphere, tokens, markers, trackers, reference.

Each map is an azimuthal equidistant projection centred on its pole (distances from the pole are
true, so no cell is squeezed): the cells of that half only, each drawn as its real polygon with its
id, at a scale where the narrowest cell holds a 14 mm token on a 15 mm territory marker.

The equator has one rule: every cell is on one map, the map of the half it belongs to. The other
half's cells along the rim are drawn grey and hatched, without ids: they show how the maps join
(the rim carries the true longitudes on both maps) and nothing is placed on them.

Territory: a map's tint is its half's starting owner (the rulebook: each half is its player's
territory at the start); a cell a player takes from the other gets that player's marker, which
is turned over or swapped as the cell changes hands. Tokens: a deck master each, a token per
monster of each deck with its short id (N1, N2... for north's deck, S1... for south's, listed on
the reference page beside each card's serial), face-down tokens in pairs and power-ups.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cardgen.print.fonts import SANS_BOLD
from cardgen.print.kit import (
    Drawing,
    Part,
    Pieces,
    Reference,
    Section,
    house_footer,
    label,
    rulebook_sections,
    token,
    track,
    write_parts,
)
from cardgen.print.sizes import Size

from .board import Board

CELL_MIN = 15.8  # mm: the narrowest cell's inscribed circle (a 15 mm marker, a 14 mm token on it)
TOKEN = 14.0  # mm: a token's diameter
MARKER = 15.0  # mm: a territory marker, across its flats
GHOST = 3.0  # mm of the other half shown past the rim
RING = 4.2  # mm: the longitude ring
CORNER = 52.0  # mm: a legend's width in a corner of the map's square
SEATS = ("north", "south")
TINT = ((0.8, 0.87, 0.97), (0.97, 0.83, 0.81))
COLOUR = ((0.16, 0.33, 0.72), (0.74, 0.17, 0.14))
WALL, LINE, INK, GHOST_FILL = (0.3, 0.3, 0.33), (0.25, 0.25, 0.3), (0.1, 0.1, 0.12), (0.86, 0.86, 0.86)
TRACK_CELL = 12.0  # mm: both players' trackers side by side fit one landscape letter page (12.5 needed two)
TRACK_LABEL = 5.0


def _corners(board: Board) -> list[list[tuple[float, float, float]]]:
    """Each cell's polygon on the sphere: the centres of its triangles, in order around it."""
    around: list[list[tuple[float, float, float]]] = [[] for _ in range(board.cells)]
    for a, b, c in board.faces:
        p = [sum(board.centres[k][i] for k in (a, b, c)) for i in range(3)]
        n = math.sqrt(sum(v * v for v in p))
        q = (p[0] / n, p[1] / n, p[2] / n)
        for k in (a, b, c):
            around[k].append(q)
    out = []
    for cell, pts in enumerate(around):
        cx, cy, cz = board.centres[cell]
        ex, ey, ez = (-cy, cx, 0.0) if abs(cx) + abs(cy) > 1e-9 else (1.0, 0.0, 0.0)
        nx, ny, nz = cy * ez - cz * ey, cz * ex - cx * ez, cx * ey - cy * ex
        pts.sort(key=lambda p: math.atan2(p[0] * nx + p[1] * ny + p[2] * nz, p[0] * ex + p[1] * ey + p[2] * ez))
        out.append(pts)
    return out


def _project(p: tuple[float, float, float], south: bool) -> tuple[float, float]:
    """Radians from the map's pole, along the bearing (the south map is seen from the south pole)."""
    x, y, z = p
    if south:
        z, y = -z, -y
    c = math.acos(max(-1.0, min(1.0, z)))
    lon = math.atan2(y, x)
    return c * math.cos(lon), c * math.sin(lon)


def _inscribed(centre: tuple[float, float], poly: list[tuple[float, float]]) -> float:
    """The radius of the largest circle about the centre inside the polygon."""
    cx, cy = centre
    best = math.inf
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        ex, ey = x2 - x1, y2 - y1
        best = min(best, abs((cx - x1) * ey - (cy - y1) * ex) / math.hypot(ex, ey))
    return best


class Maps:
    """The projected cells of a board: per half, its cells' centres and polygons in mm, and the scale."""

    def __init__(self, board: Board) -> None:
        self.board = board
        corners = _corners(board)
        self.cells: list[dict[int, tuple[tuple[float, float], list[tuple[float, float]]]]] = [{}, {}]
        for south in (0, 1):
            for cell in range(board.cells):
                self.cells[south][cell] = (_project(board.centres[cell], bool(south)),
                                           [_project(p, bool(south)) for p in corners[cell]])  # fmt: skip
        narrowest = min(_inscribed(*self.cells[board.half[c]][c]) for c in range(board.cells))
        self.scale = CELL_MIN / 2 / narrowest  # mm per radian
        rim = max(math.hypot(x, y) for h in (0, 1) for c, (_, poly) in self.cells[h].items() if board.half[c] == h for x, y in poly)
        self.rim = rim * self.scale
        self.size = 2 * (self.rim + GHOST + RING + 0.5)

    def inscribed(self, cell: int) -> float:
        """The cell's inscribed diameter on its map, mm."""
        return 2 * _inscribed(*self.cells[self.board.half[cell]][cell]) * self.scale


def hemisphere(maps: Maps, half: int, seed: Any) -> Drawing:
    """The map of one half (0 north, 1 south), its cells only."""
    board = maps.board
    size = maps.size
    centre = size / 2 * mm
    k = maps.scale * mm

    def at(p: tuple[float, float]) -> tuple[float, float]:
        return centre + p[0] * k, centre + p[1] * k

    def polygon(c: Canvas, poly: list[tuple[float, float]], stroke: int = 1, fill: int = 1) -> None:
        path = c.beginPath()
        for i, p in enumerate(poly):
            x, y = at(p)
            path.moveTo(x, y) if i == 0 else path.lineTo(x, y)
        path.close()
        c.drawPath(path, stroke=stroke, fill=fill)

    def draw(c: Canvas) -> None:
        mine = [cell for cell in range(board.cells) if board.half[cell] == half]
        ghosts = sorted({n for cell in mine for n in board.neighbours[cell] if board.half[n] != half})
        c.saveState()
        clip = c.beginPath()
        clip.circle(centre, centre, (maps.rim + GHOST) * mm)
        c.clipPath(clip, stroke=0, fill=0)
        for cell in ghosts:  # the other map's cells, hatched: nothing goes on them
            _, poly = maps.cells[half][cell]
            c.setFillColorRGB(*GHOST_FILL)
            c.setStrokeColorRGB(0.6, 0.6, 0.6)
            c.setLineWidth(0.4)
            polygon(c, poly)
            c.saveState()
            hatch = c.beginPath()
            for i, p in enumerate(poly):
                x, y = at(p)
                hatch.moveTo(x, y) if i == 0 else hatch.lineTo(x, y)
            hatch.close()
            c.clipPath(hatch, stroke=0, fill=0)
            x0, y0 = at(maps.cells[half][cell][0])
            for d in range(-12, 13, 2):
                c.line(x0 + d * mm - 15 * mm, y0 - 15 * mm, x0 + d * mm + 15 * mm, y0 + 15 * mm)
            c.restoreState()
        c.restoreState()
        for cell in mine:
            ctr, poly = maps.cells[half][cell]
            wall = cell in board.wall
            c.setFillColorRGB(*(WALL if wall else TINT[half]))
            c.setStrokeColorRGB(*LINE)
            c.setLineWidth(1.6 if board.is_pentagon(cell) else 0.6)
            polygon(c, poly)
            x, y = at(ctr)
            box = maps.inscribed(cell) * 0.62 * mm
            c.setFillColorRGB(*((1, 1, 1) if wall else INK))
            text = f"#{cell}" + (" wall" if wall else "")
            label(c, text, x - box / 2, y - box / 4, box, box / 2, size=8, font=SANS_BOLD if cell in board.poles else "CardgenSans",
                  max_lines=1)  # fmt: skip
        # the longitude ring: the same longitudes on both maps, where their rims meet
        r0 = (maps.rim + GHOST) * mm
        c.setStrokeColorRGB(*LINE)
        c.setLineWidth(0.8)
        c.circle(centre, centre, r0, stroke=1, fill=0)
        for deg in range(0, 360, 30):
            a = math.radians(deg if half == 0 else -deg)
            ca, sa = math.cos(a), math.sin(a)
            rx, ry = centre + (r0 + (RING / 2 + 0.5) * mm) * ca, centre + (r0 + (RING / 2 + 0.5) * mm) * sa
            c.saveState()  # along the rim, upright as far as it can be: the tick on the longitude, its label beside it
            c.translate(rx, ry)
            c.rotate(math.degrees(a) - 90 if sa >= -1e-9 else math.degrees(a) + 90)
            c.line(0, -(RING / 2 + 0.5) * mm, 0, (RING / 2 - 0.5) * mm)
            c.setFillColorRGB(*INK)
            label(c, f"{deg}°", 0.8 * mm, -1.6 * mm, 8 * mm, 3.2 * mm, size=7, align="left")
            c.restoreState()
        _legend(c, size, half, board, seed)

    other = SEATS[1 - half]
    return Drawing(f"Spherion, seed {seed}: the {SEATS[half]} map", size, size, draw,
                   f"The {SEATS[half]} half's {sum(1 for h in board.half if h == half)} cells. Grey hatched cells at the rim "
                   f"are on the {other} map: they show how the maps join; put nothing on them.")  # fmt: skip


def _legend(c: Canvas, size: float, half: int, board: Board, seed: Any) -> None:
    """Texts in the corners of the map's square, outside the disc."""
    w, h = CORNER * mm, 20 * mm
    top, right = size * mm, size * mm
    c.setFillColorRGB(*COLOUR[half])
    label(c, f"the {SEATS[half]} map", 1 * mm, top - 9 * mm, w, 8 * mm, size=14, font=SANS_BOLD, align="left")
    c.setFillColorRGB(*INK)
    pole = board.poles[half]
    label(c, f"{SEATS[half]}'s deck master starts on #{pole}, the pole; the other half's cells are on the "
             f"{SEATS[1 - half]} map", 1 * mm, top - h - 1 * mm, w, h - 10 * mm, size=7.5, align="left", valign="top", max_lines=3)
    label(c, f"seed {seed}: {board.cells} cells, {len(board.wall)} of them wall (dark), 12 pentagons (bold outline)",
          right - w - 1 * mm, top - h, w, h - 1 * mm, size=7.5, align="right", valign="top", max_lines=3)
    label(c, f"the tint: {SEATS[half]}'s territory at the start; a cell taken since carries its new owner's marker",
          1 * mm, 1 * mm, w, h - 2 * mm, size=7.5, align="left", valign="bottom", max_lines=4)
    label(c, "every cell is on one map only: its half's. Hatched rim cells: the other map's, for joining only",
          right - w - 1 * mm, 1 * mm, w, h - 2 * mm, size=7.5, align="right", valign="bottom", max_lines=4)


# ----- pieces ----------------------------------------------------------------------------


def monsters(deck: Any, half: int) -> list[tuple[str, Any]]:
    """(short id, card) for every monster copy of the deck's main deck, in the deck's order: N1, N2, ..."""
    letter = SEATS[half][0].upper()
    cards = [card for card in deck.cards("main") if card.is_monster]
    return [(f"{letter}{i}", card) for i, card in enumerate(cards, 1)]


def pieces(decks: Sequence[Any] = (), markers: int = 40) -> list[Pieces]:
    """Deck masters, monster tokens (with decks), face-down tokens, power-ups, territory and tracker markers."""
    r = TOKEN / 2 * mm
    out: list[Pieces] = []

    def disc(lines: Sequence[str], half: int, fill: tuple[float, float, float] | None = None, ink=(1, 1, 1)):
        def draw(c: Canvas, i: int) -> None:
            token(c, r, r, r, lines, fill or COLOUR[half], ink=ink)

        return draw

    for half in (0, 1):
        out.append(Pieces(f"{SEATS[half]}'s deck master", TOKEN, TOKEN, 1,
                          disc([SEATS[half][0].upper(), "deck", "master"], half)))  # fmt: skip
    for half, deck in enumerate(decks[:2]):
        ids = monsters(deck, half)

        def draw(c: Canvas, i: int, ids: list[tuple[str, Any]] = ids, half: int = half) -> None:
            short, card = ids[i]
            token(c, r, r, r, [short, str(card.atk), str(card.defence)], TINT[half], ink=INK, ring=COLOUR[half])

        out.append(Pieces(f"{SEATS[half]}'s monsters: short id, ATK, DEF (the reference page lists their cards)",
                          TOKEN, TOKEN, len(ids), draw))  # fmt: skip
    for half in (0, 1):
        letter = SEATS[half][0].upper()

        def hidden(c: Canvas, i: int, letter: str = letter, half: int = half) -> None:
            token(c, r, r, r, [f"{letter}?{i // 2 + 1}", "face", "down"], (0.35, 0.35, 0.38), ring=COLOUR[half])

        out.append(Pieces(f"{SEATS[half]}'s face-down cards, in pairs: one on the cell, its twin on the card",
                          TOKEN, TOKEN, 10, hidden))  # fmt: skip
    out.append(Pieces("power-ups (face down: what they are is drawn when touched)", TOKEN, TOKEN, 8,
                      disc(["?", "power", "up"], 0, (0.55, 0.42, 0.75))))  # fmt: skip
    for half in (0, 1):
        out.append(Pieces(f"{SEATS[half]}'s territory markers: a cell {SEATS[half]} took from {SEATS[1 - half]}",
                          MARKER * 2 / math.sqrt(3), MARKER, markers, _hexagon(half)))  # fmt: skip
    kinds = (("LP",), ("S×1",), ("S×10",), ("M×1",), ("M×10",))
    for half in (0, 1):

        def marker(c: Canvas, i: int, half: int = half) -> None:
            rr = (TRACK_CELL - 1) / 2 * mm
            token(c, rr, rr, rr, kinds[i], COLOUR[half], size=11)

        out.append(Pieces(f"{SEATS[half]}'s tracker markers", TRACK_CELL - 1, TRACK_CELL - 1, len(kinds), marker))
    out.append(Pieces("the turn marker", TRACK_CELL - 1, TRACK_CELL - 1, 1,
                      lambda c, i: token(c, (TRACK_CELL - 1) / 2 * mm, (TRACK_CELL - 1) / 2 * mm, (TRACK_CELL - 1) / 2 * mm,
                                         ["turn"], (0.2, 0.2, 0.22), size=9)))  # fmt: skip
    return out


def _hexagon(half: int):
    def draw(c: Canvas, i: int) -> None:
        w, h = MARKER * 2 / math.sqrt(3) * mm, MARKER * mm
        path = c.beginPath()
        for k in range(6):
            a = math.radians(60 * k)
            x, y = w / 2 + w / 2 * math.cos(a), h / 2 + w / 2 * math.sin(a)
            path.moveTo(x, y) if k == 0 else path.lineTo(x, y)
        path.close()
        c.setFillColorRGB(*COLOUR[half])
        c.setStrokeColorRGB(*INK)
        c.setLineWidth(0.5)
        c.drawPath(path, stroke=1, fill=1)
        c.setFillColorRGB(1, 1, 1)
        label(c, SEATS[half], w / 2 - h * 0.36, h * 0.08, h * 0.72, h * 0.2, size=7)

    return draw


# ----- trackers --------------------------------------------------------------------------


def limits() -> dict[str, int]:
    """What the trackers reach: LP (never above the start, healing capped), and the points a
    default game can store (every die on that face, every turn up to the hard cap)."""
    from .position import LP
    from .settings import Settings

    o = {opt.name: opt for opt in Settings.options}
    dice, turns = int(o["dice"].default), int(o["max_turns"].default)
    return {"lp": LP, "summon": dice * turns, "move": 2 * dice * turns, "turns": turns, "decide": int(o["turns"].default)}


def trackers() -> Drawing:
    """Each player's LP, Summon and Move points (ones and tens) in a column, and the turn below."""
    lim = limits()
    cell = TRACK_CELL
    step = TRACK_LABEL + cell + 3
    column = 10 * cell + 8

    def tens(limit: int) -> list[str]:
        return [str(10 * k) for k in range(limit // 10 + 1)]

    def ones() -> list[str]:
        return [str(v) for v in range(10)]

    # (column, row, title, values, highlighted)
    tracks: list[tuple[int, int, str, list[str], int | None]] = []
    for half in (0, 1):
        summon, move = tens(lim["summon"]), tens(lim["move"])
        rows: list[tuple[str, list[str], int | None]] = [("LP", [str(v) for v in range(lim["lp"] + 1)], lim["lp"]),
                                                          ("Summon points, ones (S×1)", ones(), 0)]  # fmt: skip
        rows += [(f"Summon points, tens (S×10){'' if k == 0 else ', on'}", summon[k : k + 10], 0 if k == 0 else None)
                 for k in range(0, len(summon), 10)]  # fmt: skip
        rows += [("Move points, ones (M×1)", ones(), 0)]
        rows += [(f"Move points, tens (M×10){'' if k == 0 else ', on'}", move[k : k + 10], 0 if k == 0 else None)
                 for k in range(0, len(move), 10)]  # fmt: skip
        tracks += [(half, r, f"{SEATS[half]}: {title}", values, start) for r, (title, values, start) in enumerate(rows)]
    depth = 1 + max(r for _, r, *_ in tracks)
    turns = [str(t) for t in range(1, lim["turns"] + 1)]
    per_row = min(len(turns), int((2 * column - 8) // cell))
    decide = lim["decide"] - 1
    for k in range(0, len(turns), per_row):
        title = f"turn (after turn {lim['decide']}: territory, then LP decide)" if k == 0 else "turn, on"
        tracks.append((0, depth + k // per_row, title, turns[k : k + per_row], decide - k if 0 <= decide - k < per_row else None))
    width = 2 * column + 3
    height = (1 + max(r for _, r, *_ in tracks)) * step + 3

    def draw(c: Canvas) -> None:
        for col, r, title, values, start in tracks:
            x, y = 3 + col * column, height - (r + 1) * step
            c.setFillColorRGB(*INK)
            label(c, title, x * mm, (y + cell) * mm, max(len(values) * cell, 70) * mm, TRACK_LABEL * mm, size=8.5,
                  font=SANS_BOLD, align="left", valign="bottom")  # fmt: skip
            track(c, x * mm, y * mm, values, cell * mm, size=9, highlight=() if start is None else (start,))
        for half in (0, 1):
            x, y = 3 + half * column + (lim["lp"] + 1) * cell + 4, height - step
            c.setFillColorRGB(*COLOUR[half])
            label(c, SEATS[half], x * mm, y * mm, (column - 8 - (lim["lp"] + 1) * cell - 4) * mm, cell * mm, size=18,
                  font=SANS_BOLD, align="left")  # fmt: skip

    return Drawing("Spherion: trackers", width, height, draw,
                   "A marker per track: LP; Summon and Move points stored (ones and tens: the value is their sum); the turn.")


# ----- reference -------------------------------------------------------------------------


def reference(decks: Sequence[Any] = (), cells: int = 162) -> Reference:
    """The turn in steps, the choices cardgen made (docs/rules/spherion.md) and, with decks, which
    token stands for which card."""
    choices = (
        f"The board: {cells} cells (hexagons and 12 pentagons); the deck masters start on the poles (option size).",
        "The wall: seeded, along the equator, in mirror pairs, never cutting a cell off (options wall; the board's seed).",
        "The equator: every cell is on one map, its half's; the hatched rim cells belong to the other map.",
        "Face-up monsters move 2 cells a turn, face-down cards 1, the deck master 1; defence position moves but "
        "never attacks (option attacker for face-down attackers).",
        "Healing never lifts a deck master above 5 LP (option heal). Checkmate: every free neighbour holds an "
        "opposing monster, walls count as blocked (option checkmate).",
        "After 20 turns territory decides, then LP; a game still tied after 30 turns is a draw (turns, max_turns). "
        "Godai relics of all five elements in hand win (option godai).",
        "A face-down card on the sphere: one of your face-down tokens on its cell and its twin on the card, face "
        "down in front of you. Turned face up: swap in the monster's own token.",
    )
    sections = list(rulebook_sections("spherion", choices))
    for half, deck in enumerate(decks[:2]):
        lines = []
        master = deck.master
        if master is not None:
            lines.append(f"{SEATS[half][0].upper()} deck master: {master.serial} {master.name}, {master.element} L{master.level}, "
                         f"{master.atk}/{master.defence}")  # fmt: skip
        ids = monsters(deck, half)
        k = 0
        while k < len(ids):
            j = k
            while j + 1 < len(ids) and ids[j + 1][1] == ids[k][1]:
                j += 1
            card = ids[k][1]
            tokens = ids[k][0] if j == k else f"{ids[k][0]}-{ids[j][0]}"
            lines.append(f"{tokens}: {card.serial} {card.name}, {card.element} L{card.level}, {card.atk}/{card.defence}")
            k = j + 1
        sections.append(Section(f"{SEATS[half]}'s monster tokens and their cards", tuple(lines)))
    return Reference("Spherion: how to play", tuple(sections),
                     house_footer("spherion") + " Play it against the bots with `cardgen play spherion --seed S` (the "
                     "board of seed S); options as -o NAME=VALUE.")  # fmt: skip


def parts(board: Board, seed: Any, decks: Sequence[Any] = ()) -> list[Part]:
    """Both maps, the trackers, the pieces and the reference."""
    maps = Maps(board)
    return [hemisphere(maps, 0, seed), hemisphere(maps, 1, seed), trackers(), *pieces(decks), reference(decks, board.cells)]


def write_board_pdf(path: Path, board: Board, paper: Size, seed: Any = "0") -> int:
    """The maps, trackers and pieces at true size (tiled on smaller paper); returns the page count."""
    return write_parts(path, parts(board, seed), paper, f"Spherion (seed {seed})")
