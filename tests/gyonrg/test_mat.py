"""The print-and-play Gyon-RG mat as players use it: 5x5 sectors a card fits in turned any way, both
main sectors where the engine has them, each side's 4th (+) and 5th (++) row marks where the engine
scores them, Victory and Action Point trackers."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from cardgen.cli.main import cli
from cardgen.gyonrg import mat_pdf
from cardgen.gyonrg.board import MAIN, NAMES, CardInfo, N
from cardgen.gyonrg.generator import generate
from cardgen.print import kit as kitpdf
from cardgen.print.sizes import CARD_SIZES, mm


def _kit(paper: str = "a3") -> kitpdf.BuiltKit:
    return kitpdf.build_kit("gyonrg", "Gyon-RG", mat_pdf.parts(), [], kitpdf.paper_size(paper))


def _mat_labels(kit: kitpdf.BuiltKit) -> list[kitpdf.Label]:
    """The mat's labels, each once: a label in the tiles' overlap is drawn on every tile that shows it."""
    out: list[tuple[kitpdf.Label, tuple[float, float]]] = []
    for lab in kit.labels():
        page = kit.pages[lab.page]
        if page.title != "Gyon-RG: the 5x5 mat":
            continue
        x = (lab.box.x - page.clip.x) / mm(1) + page.tile.x  # where on the mat, in mm
        y = (lab.box.y - page.clip.y) / mm(1) + page.tile.y
        if not any(o.text == lab.text and abs(x - ox) < 2 and abs(y - oy) < 2 for o, (ox, oy) in out):
            out.append((lab, (x, y)))
    return [lab for lab, _ in out]


def test_a_card_fits_a_sector_turned_any_way():
    poker = CARD_SIZES["poker"]
    assert mat_pdf.SECTOR >= max(poker.width, poker.height) + 4


def test_sectors_are_named_as_the_engine_names_them_for_both_seats():
    labels = _mat_labels(_kit())
    names = [lab.text for lab in labels if lab.text in NAMES]
    assert sorted(names) == sorted(NAMES * 2)  # each name once for each seat
    for s, name in enumerate(NAMES):
        assert mat_pdf.sector_name(s % N, s // N) == name


def test_both_main_sectors():
    assert [mat_pdf.MAIN.index(NAMES[s]) for s in MAIN] == [0, 1]
    texts = [lab.text for lab in _mat_labels(_kit())]
    assert texts.count("main sector") == 2 and "red's" in texts and "blue's" in texts


def test_row_marks_score_what_the_engine_scores():
    """The +1 / +2 a Captain adds on its owner's 4th and 5th rows, for each seat, as the engine counts it."""
    card = next(c for c in generate(5, 200) if len(c.goal.sectors) >= 3)
    info = CardInfo(0, card)
    for player in (0, 1):
        for sector, value in enumerate(info.goal_value[player]):
            if value:
                assert value == card.ship.deploy_cost + mat_pdf.bonus(sector // N, player)
    texts = [lab.text for lab in _mat_labels(_kit())]
    for name in mat_pdf.SEATS:
        assert f"{name}'s row 4" in texts and f"{name}'s row 5" in texts
        assert "+ 1 VP" in texts and "++ 2 VP" in texts
    assert texts.count("+ 1 VP") == 2 and texts.count("++ 2 VP") == 2


def test_victory_and_action_point_trackers():
    kit = _kit()
    texts = [lab.text for lab in kit.labels() if kit.pages[lab.page].title.startswith("Gyon-RG: Victory and Action Point trackers")]
    for name in mat_pdf.SEATS:
        assert f"{name}: Victory Points (10 win)" in texts and f"{name}: Action Points (6 a turn)" in texts
    assert "10" in texts and str(mat_pdf.AP_MOST) in texts


@pytest.mark.parametrize("paper,tiles", [("a3", 4), ("a4", 6)])
def test_board_command_prints_the_mat_at_card_scale(tmp_path, paper, tiles):
    out = tmp_path / "mat.pdf"
    r = CliRunner().invoke(cli, ["gyonrg", "board", "--paper", paper, "-o", str(out)])
    assert r.exit_code == 0, r.output
    pages = PdfReader(out).pages
    assert len(pages) == tiles + 1  # the mat's tiles, the trackers with the markers under them (no page of 4 markers)
    assert "cut along each outline" in pages[-1].extract_text()
    assert "tile 1,1 of" in pages[0].extract_text()
