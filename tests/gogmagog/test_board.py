"""The print-and-play Gog & Magog board as a player at the table uses it: cards fit their slots,
the tracks reach what the engine allows, each player's half faces that player, labels do not
sit on each other and token labels stay inside their tokens."""

from __future__ import annotations

import math

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from cardgen.cli.main import cli
from cardgen.gogmagog import board_pdf
from cardgen.gogmagog.engine import GogmagogGame
from cardgen.print import kit as kitpdf
from cardgen.print.sizes import CARD_SIZES, mm


def _kit(lanes: int = 5, paper: str = "a3") -> kitpdf.BuiltKit:
    return kitpdf.build_kit("gogmagog", "Gog & Magog", board_pdf.parts(lanes), [], kitpdf.paper_size(paper))


def _labels(kit: kitpdf.BuiltKit, page: int) -> list[kitpdf.Label]:
    return [lab for lab in kit.labels() if lab.page == page]


def test_a_card_fits_its_slot_with_room_to_pick_it_up():
    poker = CARD_SIZES["poker"]
    assert board_pdf.SLOT_W - poker.width >= 2 * 1.5 and board_pdf.SLOT_H - poker.height >= 2 * 1.5
    kit = _kit()
    # on the printed page: each 'lane N' label sits in a slot a card covers, slots a card apart
    for page in (0, 1):
        lanes = sorted((lab.box.x, lab.box.y) for lab in _labels(kit, page) if lab.text.startswith("lane "))
        assert len(lanes) == 10
        xs = sorted({round(x, 1) for x, _ in lanes})
        assert all(b - a >= mm(poker.width) for a, b in zip(xs, xs[1:]))


def test_the_tracks_reach_the_engines_limits():
    options = {o.name: o for o in GogmagogGame.options}
    energy, mana = board_pdf.limits()
    assert energy == options["energy"].high and mana >= options["mana_cap"].high
    kit = _kit()
    text = {lab.text for lab in _labels(kit, 0)}
    tens_energy = {str(v) for v in range(0, energy + 1, 10)}
    assert tens_energy <= text and {str(v) for v in range(10)} <= text
    assert {"energy, tens", "energy, ones", "mana, tens", "mana, ones"} <= text
    assert str(10 * (mana // 10)) in text  # the mana tens reach the cap plus the wells


def test_each_half_faces_its_player():
    """Tracks at the player's own edge, the middle edge away from them; lane N faces lane N, so the
    second player's half numbers its lanes from that player's right."""
    kit = _kit()
    for page, order in ((0, [1, 2, 3, 4, 5]), (1, [5, 4, 3, 2, 1])):
        labels = _labels(kit, page)
        track = min(lab.box.y for lab in labels if lab.text == "energy, ones")
        middle = next(lab.box.y for lab in labels if lab.text.startswith("the middle of the table"))
        ranks = [lab.box.y for lab in labels if lab.text.startswith("lane ")]
        assert track < min(ranks) < max(ranks) < middle
        row = sorted((lab.box.x, int(lab.text.split()[1])) for lab in labels if lab.text.startswith("lane ") and
                     lab.box.y == max(ranks))  # fmt: skip
        assert [n for _, n in row] == order
    assert "player 2 (magog)" in kit.pages[1].title


def test_rank_labels_stand_apart():
    kit = _kit()
    for page in (0, 1):
        boxes = [lab.box for lab in _labels(kit, page) if lab.text.endswith(" rank") and lab.text[0].isupper()]
        assert len(boxes) == 4  # each rank named on both sides
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                assert a.x >= b.right or b.x >= a.right or a.y >= b.top or b.y >= a.top


def test_token_labels_stay_inside_their_tokens():
    kit = _kit()
    pieces = next(i for i, p in enumerate(kit.pages) if p.part == "pieces")
    labels = [lab.box for lab in _labels(kit, pieces) if lab.text.startswith(("×", "1", "5"))]
    assert len(labels) == 40 + 16 + 8
    r = mm(board_pdf.MARKER) / 2
    for top in labels:
        # a token's two labels (its value, then what it is below) fill the square inscribed in its disc
        (below,) = [b for b in _labels(kit, pieces) if b.box.x == top.x and 0 < top.y - b.box.y < r and b.box != top]
        x0, y0, x1, y1 = top.x, below.box.y, top.right, top.top
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        assert all(math.hypot(x - cx, y - cy) <= r + 0.01 for x in (x0, x1) for y in (y0, y1))


@pytest.mark.parametrize("paper,pages", [("a4", 5), ("a3", 3)])
def test_board_command_prints_the_true_size_halves(tmp_path, paper, pages):
    out = tmp_path / "b.pdf"
    r = CliRunner().invoke(cli, ["gogmagog", "board", "--paper", paper, "-o", str(out)])
    assert r.exit_code == 0, r.output
    reader = PdfReader(out)
    assert len(reader.pages) == pages  # each half whole on a3, in two tiles on a4; one page of tokens
    text = " ".join(p.extract_text() for p in reader.pages)
    assert "player 2 (magog)'s half" in text and "attack tokens" in text
