"""Print-and-play Gyon-RG at card scale: the 5x5 mat, Victory and Action Point trackers, reference.

The rulebook's "imaginary 5x5 grid" made real: sectors a card fits in whichever way its ship
faces (63x88 mm cards in 94 mm squares), named as the engine names them (columns a-e, rows 1-5
from the first player's side), both main sectors (c1 red's, c5 blue's), and along each side the
marks of that player's 4th row (+1 Victory Point) and 5th row (+2), counted from the player's own
side as the rulebook counts them: red's are rows 4 and 5, blue's rows 2 and 1. Everything of the
second player's is written to be read from the second player's seat.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cardgen.print.fonts import SANS_BOLD
from cardgen.print.kit import Drawing, Part, Pieces, Reference, house_footer, label, rulebook_sections, token, track

CARD_W, CARD_H = 63.0, 88.0
SECTOR = 94.0  # mm: a card turned any way fits, with room for the fingers
SIDE = 20.0  # mm: each player's row marks along their side of the mat
END = 12.0  # mm: column letters and the players' seats at the ends
SEATS = ("red", "blue")
COLOUR = ((0.78, 0.16, 0.14), (0.16, 0.34, 0.74))
TINT = ((0.99, 0.88, 0.86), (0.86, 0.9, 0.99))
INK, GRID, FLOOR = (0.1, 0.1, 0.12), (0.35, 0.35, 0.4), (0.96, 0.96, 0.95)
MAIN = ("c1", "c5")
CELL = 13.0
TRACK_LABEL = 5.0
AP_MOST = 20  # the Action Point track: 6 a turn, extra for the second player, Specials that add


def sector_name(col: int, row: int) -> str:
    """Column 0-4 and row 0-4 from the first player's side: 'a1'..'e5'."""
    return f"{'abcde'[col]}{row + 1}"


def bonus(row: int, player: int) -> int:
    """The Victory Points a Captain of `player` on mat row `row` (0 = row 1) adds to its deploy cost:
    its owner's 4th row +1, 5th row +2 (rows counted from the owner's side)."""
    own = row + 1 if player == 0 else 5 - row
    return {4: 1, 5: 2}.get(own, 0)


def mat() -> Drawing:
    """The 5x5 sectors, main sectors, row marks for both sides, seats at both ends."""
    width = 2 * SIDE + 5 * SECTOR
    height = 2 * END + 5 * SECTOR

    def draw(c: Canvas) -> None:
        for row in range(5):
            for col in range(5):
                x, y = (SIDE + col * SECTOR) * mm, (END + row * SECTOR) * mm
                name = sector_name(col, row)
                main = MAIN.index(name) if name in MAIN else None
                c.setFillColorRGB(*(TINT[main] if main is not None else FLOOR))
                c.setStrokeColorRGB(*GRID)
                c.setLineWidth(1.0)
                c.rect(x, y, SECTOR * mm, SECTOR * mm, stroke=1, fill=1)
                c.setDash(1.5, 2)
                c.setLineWidth(0.4)
                c.setStrokeColorRGB(0.6, 0.6, 0.62)
                ox, oy = (SECTOR - CARD_W) / 2 * mm, (SECTOR - CARD_H) / 2 * mm
                c.roundRect(x + ox, y + oy, CARD_W * mm, CARD_H * mm, 2.5 * mm, stroke=1, fill=0)
                c.setDash()
                c.setFillColorRGB(*INK)
                # the name twice: for red in the lower-left corner, for blue (turned) in the upper-right one
                _corner_name(c, name, x, y)
                _turned(c, x + SECTOR * mm, y + SECTOR * mm, lambda c, name=name: _corner_name(c, name, 0, 0))
                if main is not None:
                    c.setFillColorRGB(*COLOUR[main])
                    if main == 0:
                        _main_sector(c, main, x, y)
                    else:
                        _turned(c, x + SECTOR * mm, y + SECTOR * mm, lambda c, main=main: _main_sector(c, main, 0, 0))
        # the row marks: red's along the left edge, read from red's seat; blue's along the right, from blue's
        for row in range(5):
            y = (END + row * SECTOR) * mm
            for player in (0, 1):
                own = row + 1 if player == 0 else 5 - row
                plus = {4: "+", 5: "++"}.get(own, "")
                words: list[str] = [f"{SEATS[player]}'s row {own}"] + ([f"{plus} {bonus(row, player)} VP"] if plus else [])
                if player == 0:
                    _side(c, 0, y, words, player)
                else:
                    _turned(c, (2 * SIDE + 5 * SECTOR) * mm, y + SECTOR * mm, lambda c, words=words: _side(c, 0, 0, words, 1))
        # columns and seats at both ends
        for player in (0, 1):

            def end(c: Canvas, player: int = player) -> None:
                c.setFillColorRGB(*COLOUR[player])
                c.rect(0, 0, width * mm, 2 * mm, stroke=0, fill=1)
                c.setFillColorRGB(*INK)
                for col in range(5):
                    letter = "abcde"[col] if player == 0 else "edcba"[col]
                    label(c, letter, (SIDE + (col + 0.5) * SECTOR - 5) * mm, 2.5 * mm, 10 * mm, (END - 3) * mm, size=12, font=SANS_BOLD)
                c.setFillColorRGB(*COLOUR[player])
                label(c, f"{SEATS[player]} sits at this edge", 1 * mm, 2.5 * mm, (SIDE + SECTOR / 2 - 7) * mm, (END - 3) * mm,
                      size=10, font=SANS_BOLD, align="left")  # fmt: skip

            if player == 0:
                end(c)
            else:
                _turned(c, width * mm, height * mm, end)
        c.setStrokeColorRGB(*GRID)
        c.setLineWidth(1.2)
        c.rect(0, 0, width * mm, height * mm, stroke=1, fill=0)

    return Drawing("Gyon-RG: the 5x5 mat", width, height, draw,
                   f"A {CARD_W:g}x{CARD_H:g} mm card fits a sector turned any way. Red sits at the edge by row 1, blue "
                   "by row 5; each reads the marks on their own side.")  # fmt: skip


def _corner_name(c: Canvas, name: str, x: float, y: float) -> None:
    label(c, name, x + 1.5 * mm, y + 1.2 * mm, 9 * mm, 4.5 * mm, size=10, font=SANS_BOLD, align="left")


def _main_sector(c: Canvas, player: int, x: float, y: float) -> None:
    for words, dy in ((f"{SEATS[player]}'s", 1.0), ("main sector", -8.0)):
        label(c, words, x + 12 * mm, y + (SECTOR / 2 + dy) * mm, (SECTOR - 24) * mm, 8 * mm, size=16, font=SANS_BOLD)


def _turned(c: Canvas, x: float, y: float, draw: Any) -> None:
    """Draw with the origin at (x, y) turned half a turn: what the second player reads."""
    c.saveState()
    c.translate(x, y)
    c.rotate(180)
    draw(c)
    c.restoreState()


def _side(c: Canvas, x: float, y: float, words: list[str], player: int) -> None:
    """A row's mark in the side strip, from (x, y) at the sector's lower edge."""
    plus = len(words) > 1
    if plus:
        c.setFillColorRGB(*TINT[player])
        c.rect(x + 1 * mm, y + 1 * mm, (SIDE - 2) * mm, (SECTOR - 2) * mm, stroke=0, fill=1)
    c.saveState()
    c.translate(x + SIDE * mm, y)
    c.rotate(90)  # along the side, read from the player's seat
    c.setFillColorRGB(*(COLOUR[player] if plus else INK))
    label(c, words[0], 4 * mm, (SIDE / 2 + 0.5) * mm, (SECTOR - 8) * mm, (SIDE / 2 - 2) * mm, size=10, font=SANS_BOLD)
    if plus:
        label(c, words[1], 4 * mm, 1.5 * mm, (SECTOR - 8) * mm, (SIDE / 2 - 2) * mm, size=12, font=SANS_BOLD)
    c.restoreState()


def trackers(vp_to_win: int = 10) -> Drawing:
    """Each player's Victory Points (to the winning score) and Action Points."""
    step = TRACK_LABEL + CELL + 3
    rows: list[tuple[int, str, list[str], int | None]] = []
    for player in (0, 1):
        name = SEATS[player]
        rows.append((player, f"{name}: Victory Points ({vp_to_win} win)", [str(v) for v in range(vp_to_win + 1)], 0))
        ap = [str(v) for v in range(AP_MOST + 1)]
        rows.append((player, f"{name}: Action Points (6 a turn)", ap[:11], 6))
        rows.append((player, f"{name}: Action Points, on", ap[11:], None))
    width = 3 + max(len(v) for _, _, v, _ in rows) * CELL + 3
    height = len(rows) * step + 8 + 3

    def draw(c: Canvas) -> None:
        for r, (player, title, values, start) in enumerate(rows):
            y = height - (r + 1) * step - (8 if player else 0)
            c.setFillColorRGB(*COLOUR[player])
            label(c, title, 3 * mm, (y + CELL) * mm, len(values) * CELL * mm, TRACK_LABEL * mm, size=8.5, font=SANS_BOLD,
                  align="left", valign="bottom")  # fmt: skip
            track(c, 3 * mm, y * mm, values, CELL * mm, size=9, highlight=() if start is None else (start,))

    return Drawing("Gyon-RG: Victory and Action Point trackers", width, height, draw,
                   "A VP marker and an AP marker each. Action Points: set to 6 at the start of your turn; what is left "
                   "may pay a Special kept back for the opponent's turn.")  # fmt: skip


def pieces() -> list[Pieces]:
    r = (CELL - 1) / 2 * mm
    out = []
    for player in (0, 1):

        def draw(c: Canvas, i: int, player: int = player) -> None:
            token(c, r, r, r, (("VP",), ("AP",))[i], COLOUR[player], size=11)

        out.append(Pieces(f"{SEATS[player]}'s markers: Victory Points, Action Points", CELL - 1, CELL - 1, 2, draw))
    return out


def reference(options: dict[str, Any] | None = None) -> Reference:
    """The player's rulebook with its card anatomy, and the choices cardgen made as its house rules."""
    choices = (
        "Sectors are named a-e by 1-5 from red's side; red's main sector is c1, blue's c5 (the mat's tinted sectors).",
        "Each player reads their cards from their own side: blue turns every diagram (weapons, blind spot, deploy, "
        "goals) half a turn. Ships at rest face the opponent.",
        "6 Action Points a turn, unused points lost (option action_points); red starts (first_player).",
        "A rotation turns a fleet to any facing for the Captain's rotate cost (option rotation); after its attack and "
        "at the end of the turn it faces the opponent again.",
        "Ships below a destroyed Captain fall while the points left are at least their shield (option enough).",
        "At most 5 ships share a sector (max_fleet); after 60 turns the higher Victory Points win (max_turns).",
        "The deck on your left, the scrap yard on your right, as the rulebook lays them out.",
    )
    return Reference("Gyon-RG: how to play", rulebook_sections("gyonrg", choices),
                     house_footer("gyonrg") + " Play it against the bots with `cardgen play gyonrg`; options as "
                     "-o NAME=VALUE.")  # fmt: skip


def parts() -> list[Part]:
    return [mat(), trackers(), *pieces(), reference()]
