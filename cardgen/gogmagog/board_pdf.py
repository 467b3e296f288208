"""Print-and-play Gog & Magog at true size: each player's half of the board, tokens, the reference.

Each player's half holds a card slot (63x88 mm cards, with room to pick them up) per lane and
rank: the defensive rank at the player's edge, the offensive rank towards the middle, where the
two halves meet, offensive rank to offensive rank. Lane N faces lane N, as in the engine, so the
second player's half, drawn to face the second player, numbers its lanes from that player's
right. Below the ranks, facing their owner, the energy and mana tracks: tens and ones, reaching
the engine's limits (the largest starting energy the engine accepts, and its largest mana cap
plus a mana well on every resource a legal deck may hold). Tokens: attack tokens (1 and 5) and
each player's four markers.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cardgen.errors import CardgenError
from cardgen.print.fonts import SANS_BOLD
from cardgen.print.kit import (
    Drawing,
    Part,
    Pieces,
    Reference,
    house_footer,
    label,
    rulebook_sections,
    token,
    track,
    write_parts,
)
from cardgen.print.sizes import Size

from .position import SEATS

CARD_W, CARD_H = 63.0, 88.0  # mm, the cards' trim (poker)
CLEARANCE = 2.0  # mm around a card in its slot, to pick it up
SLOT_W, SLOT_H = CARD_W + 2 * CLEARANCE, CARD_H + 2 * CLEARANCE
LANE_GAP, RANK_GAP = 4.0, 5.0
SIDE = 15.0  # mm: the rank labels on each side of the lanes
CELL = 14.0  # mm: a track's cell (the markers are 13 mm)
MARKER = 13.0
TRACK_LABEL = 5.0
MIDDLE = 8.0  # mm: the band at the middle of the table
PAD = 3.0
TRACKS_W = 10 * CELL + 8 + 4 * CELL + 8 + 10 * CELL
COLOURS = ((0.86, 0.58, 0.12), (0.13, 0.55, 0.62))  # gog, magog
OFFENSIVE, DEFENSIVE = (0.97, 0.9, 0.8), (0.86, 0.91, 0.97)
RED = (0.75, 0.16, 0.14)
INK = (0.1, 0.1, 0.12)


def limits() -> tuple[int, int]:
    """(energy, mana) the tracks must reach: the engine's largest starting energy, and its largest
    mana cap plus a mana well on every resource a legal deck holds by default."""
    from .deck import MAX_RESOURCES
    from .engine import GogmagogGame

    options = {o.name: o for o in GogmagogGame.options}
    return int(options["energy"].high), int(options["mana_cap"].high) + MAX_RESOURCES


def _tens(limit: int) -> list[str]:
    return [str(10 * k) for k in range(limit // 10 + 1)]


def half_size(lanes: int) -> tuple[float, float]:
    """A player's half in mm (width, height)."""
    ranks_w = 2 * SIDE + lanes * SLOT_W + (lanes - 1) * LANE_GAP
    width = max(ranks_w, TRACKS_W + 2 * PAD, len(_tens(limits()[0])) * CELL + 2 * PAD)
    height = PAD + 2 * (TRACK_LABEL + CELL) + 3 + 5 + 2 * SLOT_H + RANK_GAP + MIDDLE
    return width, height


def half(player: int, lanes: int = 5, energy: int = 20) -> Drawing:
    """Player `player`'s half (0: gog, 1: magog), drawn to face that player."""
    width, height = half_size(lanes)
    energy_limit, mana_limit = limits()
    name = SEATS[player]
    other = SEATS[1 - player]

    def draw(c: Canvas) -> None:
        colour = COLOURS[player]
        lanes_w = lanes * SLOT_W + (lanes - 1) * LANE_GAP
        x_lanes = (width - lanes_w) / 2
        # the tracks, nearest the player
        y = PAD
        row_b = [("energy, ones", [str(k) for k in range(10)], energy % 10),
                 ("mana, tens", _tens(mana_limit), -1), ("mana, ones", [str(k) for k in range(10)], 1)]  # fmt: skip
        x = (width - TRACKS_W) / 2
        for title, values, start in row_b:
            _track(c, x, y, title, values, start, colour)
            x += len(values) * CELL + 8
        y += TRACK_LABEL + CELL + 3
        tens = _tens(energy_limit)
        x = (width - TRACKS_W) / 2
        _track(c, x, y, "energy, tens", tens, energy // 10, colour)
        seat = x + len(tens) * CELL + 6
        c.setFillColorRGB(*colour)
        label(c, f"player {player + 1}: {name}", seat * mm, y * mm, (width - seat - PAD) * mm, (CELL + TRACK_LABEL) * mm,
              size=18, font=SANS_BOLD, align="left")
        y += TRACK_LABEL + CELL + 5
        # the two ranks: defensive at the back, offensive towards the middle
        for rank, (title, note, fill) in enumerate((("Defensive rank", "+1 defence, -1 attack", DEFENSIVE),
                                                    ("Offensive rank", "+1 attack, -1 defence", OFFENSIVE))):  # fmt: skip
            ry = y + rank * (SLOT_H + RANK_GAP)
            for k in range(lanes):
                lane = k + 1 if player == 0 else lanes - k  # lane N faces lane N across the table
                _slot(c, x_lanes + k * (SLOT_W + LANE_GAP), ry, lane, title.split()[0].lower(), fill)
            _side_label(c, 0, ry, title, note, up=True)
            _side_label(c, width - SIDE, ry, title, note, up=False)
        # the middle of the table
        my = y + 2 * SLOT_H + RANK_GAP
        c.setFillColorRGB(*colour)
        c.rect(0, (my + MIDDLE - 1.5) * mm, width * mm, 1.5 * mm, stroke=0, fill=1)
        c.setFillColorRGB(*INK)
        label(c, f"the middle of the table: {other}'s half lies beyond this edge, offensive rank against offensive rank, "
                 "lane N facing lane N", SIDE * mm, my * mm + 0.3 * mm, (width - 2 * SIDE) * mm, (MIDDLE - 2.2) * mm, size=8)
        c.setStrokeColorRGB(*colour)
        c.setLineWidth(1.2)
        c.rect(0, 0, width * mm, height * mm, stroke=1, fill=0)

    lanes_word = "lane 1 on your left" if player == 0 else "lane 1 on your right, facing gog's lane 1"
    note = f"Your tracks face you; {lanes_word}. {other.capitalize()}'s half lies beyond the middle edge, facing {other}."
    return Drawing(f"Gog & Magog: player {player + 1} ({name})'s half of the board", width, height, draw, note)


def _track(c: Canvas, x: float, y: float, title: str, values: list[str], start: int, colour: tuple[float, float, float]) -> None:
    c.setFillColorRGB(*INK)
    label(c, title, x * mm, (y + CELL) * mm, len(values) * CELL * mm, TRACK_LABEL * mm, size=8.5, font=SANS_BOLD,
          align="left", valign="bottom")
    track(c, x * mm, y * mm, values, CELL * mm, size=10, highlight=(start,) if start >= 0 else ())
    c.setStrokeColorRGB(*colour)
    c.setLineWidth(1.2)
    c.rect(x * mm, y * mm, len(values) * CELL * mm, CELL * mm, stroke=1, fill=0)


def _slot(c: Canvas, x: float, y: float, lane: int, rank: str, fill: tuple[float, float, float]) -> None:
    c.setFillColorRGB(*fill)
    c.setStrokeColorRGB(0.35, 0.35, 0.4)
    c.setLineWidth(0.8)
    c.roundRect(x * mm, y * mm, SLOT_W * mm, SLOT_H * mm, 3 * mm, stroke=1, fill=1)
    c.setDash(1.5, 2)
    c.setLineWidth(0.4)
    c.roundRect((x + CLEARANCE) * mm, (y + CLEARANCE) * mm, CARD_W * mm, CARD_H * mm, 2.5 * mm, stroke=1, fill=0)
    c.setDash()
    c.setFillColorRGB(0.45, 0.45, 0.5)
    label(c, f"lane {lane}", (x + 8) * mm, (y + SLOT_H / 2) * mm, (SLOT_W - 16) * mm, 10 * mm, size=16, font=SANS_BOLD)
    label(c, f"{rank} rank", (x + 8) * mm, (y + SLOT_H / 2 - 7) * mm, (SLOT_W - 16) * mm, 6 * mm, size=8.5)


def _side_label(c: Canvas, x: float, y: float, title: str, note: str, up: bool) -> None:
    c.saveState()
    if up:  # read from the player's left, bottom to top
        c.translate((x + SIDE) * mm, y * mm)
        c.rotate(90)
    else:  # from the right, top to bottom
        c.translate(x * mm, (y + SLOT_H) * mm)
        c.rotate(-90)
    c.setFillColorRGB(*INK)
    label(c, title, 2 * mm, (SIDE / 2) * mm, (SLOT_H - 4) * mm, (SIDE / 2 - 1) * mm, size=10, font=SANS_BOLD)
    label(c, note, 2 * mm, 1 * mm, (SLOT_H - 4) * mm, (SIDE / 2 - 1.5) * mm, size=8.5)
    c.restoreState()


def pieces() -> list[Pieces]:
    """Attack tokens and each player's markers."""

    def attack(value: str, fill: tuple[float, float, float]):
        def draw(c: Canvas, i: int) -> None:
            r = MARKER / 2 * mm
            token(c, r, r, r, [value, "attack"], fill)

        return draw

    def markers(player: int):
        kinds = (("×10", "energy"), ("×1", "energy"), ("×10", "mana"), ("×1", "mana"))

        def draw(c: Canvas, i: int) -> None:
            r = MARKER / 2 * mm
            token(c, r, r, r, kinds[i], COLOURS[player], ink=INK if player == 0 else (1, 1, 1), ring=INK)

        return draw

    out = [Pieces("attack tokens: 1", MARKER, MARKER, 40, attack("1", RED)),
           Pieces("attack tokens: 5", MARKER, MARKER, 16, attack("5", (0.5, 0.08, 0.08)))]  # fmt: skip
    for player in (0, 1):
        out.append(Pieces(f"{SEATS[player]}'s markers: energy and mana, tens and ones", MARKER, MARKER, 4, markers(player)))
    return out


def reference() -> Reference:
    """The player's rulebook with its card anatomy, and the choices cardgen made as its house rules."""
    energy_limit, mana_limit = limits()
    choices = (
        "Lane N faces the opponent's lane N; a lane holds one creature, in either rank (option lane_cards).",
        "20 energy each (option energy); 1 mana on your first turn, +1 a turn, at most 10 (start_mana, mana_growth, "
        "mana_cap); opening hand 5, at most 8 (hand_size, max_hand); decks of 30, 3 copies, 6 resources.",
        "Energy is lost only through a Flaw: Leech and Soul siphon are aimed at an empty enemy lane (option drain).",
        "Strikes and drains are attacks: from the offensive rank only, and the creature struck strikes back (option strike).",
        "At most 5 creatures on the board at once (max_creatures, creature_limit). Empty deck: draw nothing (empty_deck).",
        "You win when the opponent's energy reaches 0 or they have no creature left on the board, in hand or in the deck "
        "(option wipeout); after 200 turns the game is a draw (max_turns).",
        f"The tracks reach {10 * (energy_limit // 10) + 9} energy and {10 * (mana_limit // 10) + 9} mana: a marker on the "
        "tens track and one on the ones track; your value is their sum.",
    )
    return Reference("Gog & Magog: how to play", rulebook_sections("gogmagog", choices),
                     house_footer("gogmagog") + " Play against the bots with `cardgen play gogmagog`; options as "
                     "-o NAME=VALUE.")  # fmt: skip


def parts(lanes: int = 5, energy: int = 20) -> list[Part]:
    """Both halves, the tokens and the reference."""
    if not 1 <= lanes <= 7:
        raise CardgenError(f"bad number of lanes {lanes} (expected 1 to 7)")
    energy_limit, _ = limits()
    if not 1 <= energy <= energy_limit:
        raise CardgenError(f"bad energy {energy} (expected 1 to {energy_limit})")
    return [half(0, lanes, energy), half(1, lanes, energy), *pieces(), reference()]


def write_board_pdf(path: Path, paper: Size, lanes: int = 5, energy: int = 20) -> int:
    """Write both halves and the tokens to `path` at true size (tiled on smaller paper); returns the page count."""
    return write_parts(path, parts(lanes, energy), paper, "Gog & Magog")

