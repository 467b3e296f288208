"""The print-and-play Spherion sphere as a player uses it: every cell holds a token on its territory
marker, every cell is on exactly one map, a token per monster with its short id matched to its card,
territory markers, and trackers for LP and the stored points."""

from __future__ import annotations

import re

import pytest

from cardgen.print import kit as kitpdf
from cardgen.spherion import board_pdf
from cardgen.spherion.board import SIZES, build_board
from cardgen.spherion.deck import seed_deck
from cardgen.spherion.position import LP


@pytest.mark.parametrize("size", list(SIZES))
def test_every_cell_holds_a_token_on_its_marker(size):
    maps = board_pdf.Maps(build_board(size, 3, 50))
    narrowest = min(maps.inscribed(c) for c in range(maps.board.cells))
    assert narrowest >= board_pdf.MARKER + 0.5 and board_pdf.MARKER > board_pdf.TOKEN
    assert narrowest == pytest.approx(board_pdf.CELL_MIN)


def _kit(decks=(), paper: str = "a3", size: str = "standard") -> kitpdf.BuiltKit:
    board = build_board(size, 0, 50)
    return kitpdf.build_kit("spherion", "Spherion", board_pdf.parts(board, 0, decks), [], kitpdf.paper_size(paper))


def test_every_cell_is_on_one_map_only():
    """The equator's rule: a cell's id is printed once, on the map of its half; the other half's rim cells are hatched, without ids."""
    board = build_board("standard", 0, 50)
    kit = _kit()
    maps = {i: p.title for i, p in enumerate(kit.pages) if p.part == "board" and " map" in p.title}
    assert len(maps) == 2
    seen: dict[int, list[str]] = {}
    for lab in kit.labels():
        if lab.page in maps and lab.text.startswith("#"):
            seen.setdefault(int(lab.text[1:].split()[0]), []).append(maps[lab.page])
    assert sorted(seen) == list(range(board.cells))
    for cell, where in seen.items():
        assert where == [f"Spherion, seed 0: the {('north', 'south')[board.half[cell]]} map"], cell
    assert {lab.text for lab in kit.labels() if lab.page in maps} >= {"0°", "90°", "180°", "270°"}  # where the rims meet


def test_a_token_per_monster_with_its_short_id_on_the_reference():
    decks = [seed_deck("north"), seed_deck("south")]
    kit = _kit(decks)
    texts = [lab.text for lab in kit.labels()]
    listed = {}  # short id -> serial, as the reference page lists them ('N1-N3: T0HG-9WE Crimson Oni, ...')
    for text in texts:
        found = re.match(r"([NS])(\d+)(?:-[NS](\d+))?: (\S+) ", text)
        if found:
            side, first, last, serial = found.groups()
            for k in range(int(first), int(last or first) + 1):
                listed[f"{side}{k}"] = serial
    for half, deck in enumerate(decks):
        monsters = [c for c in deck.cards("main") if c.is_monster]
        ids = board_pdf.monsters(deck, half)
        assert [card for _, card in ids] == monsters
        for short, card in ids:
            assert texts.count(short) == 1  # one token each, its short id on top
            assert listed[short] == card.serial
    reference = " ".join(lab.text for lab in kit.labels() if kit.pages[lab.page].part == "reference")
    assert re.search(r"\bN1(-N\d+)?: ", reference)  # the first monster, with its copies when it has several
    assert decks[0].master.serial in reference and decks[1].master.serial in reference


def test_territory_markers_and_trackers():
    kit = _kit()
    pieces = " ".join(lab.text for lab in kit.labels() if kit.pages[lab.page].part == "pieces")
    assert "north's territory markers" in pieces and "south's territory markers" in pieces
    trackers = [lab.text for lab in kit.labels() if kit.pages[lab.page].title == "Spherion: trackers"]
    assert "north: LP" in trackers and "south: LP" in trackers and str(LP) in trackers
    limits = board_pdf.limits()
    assert str(10 * (limits["move"] // 10)) in trackers and str(10 * (limits["summon"] // 10)) in trackers
    assert str(limits["turns"]) in trackers


@pytest.mark.parametrize("paper,pages", [("a3", 1), ("a4", 2), ("letter", 2)])
def test_a_map_prints_whole_on_a3_and_in_two_tiles_on_a4_and_letter(paper, pages):
    kit = _kit(paper=paper)
    north = [p for p in kit.pages if p.title == "Spherion, seed 0: the north map"]
    assert len(north) == pages
