"""Spherion print-and-play: cards through the shared pipeline, the board sheet, the web hooks."""

from __future__ import annotations

from click.testing import CliRunner
from pypdf import PdfReader

from cardgen.cli.main import cli
from cardgen.print.face import CardBox
from cardgen.spherion.cards import generate
from cardgen.spherion.face import SpherionFace


def _text(path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(str(path)).pages)


def test_print_shows_every_field_a_player_needs(tmp_path):
    out = tmp_path / "c.pdf"
    r = CliRunner().invoke(cli, ["spherion", "print", "-s", "face", "-n", "9", "-o", str(out)])
    assert r.exit_code == 0, r.output
    text = _text(out)
    for card in generate("face", 9):
        assert card.serial in text and all(word in text for word in card.name.split())  # a name may take two lines
        if card.is_monster:
            assert str(card.atk) in text and str(card.defence) in text and f"Level {card.level}" in text
            assert card.reading in text and "ATK" in text and "DEF" in text
        else:
            assert card.kind_name.capitalize() in text and "ACTIVATE" in text and "EFFECT" in text
    # cmyk and a shop profile go through the same face
    r = CliRunner().invoke(cli, ["spherion", "print", "-s", "face", "-n", "2", "--colour", "cmyk", "-o", str(tmp_path / "k.pdf")])
    assert r.exit_code == 0, r.output


def test_too_small_cards_are_refused_by_name(tmp_path):
    r = CliRunner().invoke(cli, ["spherion", "print", "-n", "1", "--card-size", "30x40", "-o", str(tmp_path / "x.pdf")])
    assert r.exit_code == 1 and "below the 5 pt minimum" in r.output and not (tmp_path / "x.pdf").exists()
    face = SpherionFace()
    face.check(CardBox.from_mm(63, 88, 3))  # poker is fine


def test_png_and_deck_print(tmp_path):
    r = CliRunner().invoke(cli, ["spherion", "png", "-s", "p", "-n", "2", "--dpi", "72", "-o", str(tmp_path / "png")])
    assert r.exit_code == 0, r.output
    names = sorted(p.name for p in (tmp_path / "png").glob("T*.png"))
    assert names == sorted(f"{c.serial}.png" for c in generate("p", 2))
    deck = tmp_path / "d.txt"
    assert CliRunner().invoke(cli, ["spherion", "deck", "build", "-s", "p", "-o", str(deck)]).exit_code == 0
    r = CliRunner().invoke(cli, ["spherion", "deck", "print", str(deck), "-o", str(tmp_path / "d.pdf")])
    assert r.exit_code == 0 and "41 cards" in r.output  # the deck master and 40 main-deck cards
    bad = tmp_path / "bad.txt"
    bad.write_text("main:\n")
    r = CliRunner().invoke(cli, ["spherion", "deck", "print", str(bad), "-o", str(tmp_path / "b.pdf")])
    assert r.exit_code == 1 and "not a legal deck" in r.output


def test_board_sheet_and_text(tmp_path):
    out = tmp_path / "b.pdf"
    r = CliRunner().invoke(cli, ["spherion", "board", "-s", "4", "--size", "medium", "-o", str(out)])
    assert r.exit_code == 0, r.output
    pages = PdfReader(str(out)).pages
    assert len(pages) == 5  # a map of each half whole on a4, the trackers, two pages of pieces
    text = pages[0].extract_text() + pages[1].extract_text()
    for cell in (0, 91, 45, 46):  # both poles and cells on the equator carry their ids
        assert f"#{cell}" in text.split()
    r = CliRunner().invoke(cli, ["spherion", "board", "--size", "small", "--text"])
    assert r.exit_code == 0 and "42 cells" in r.output and "#41" in r.output and "pent" in r.output
    r = CliRunner().invoke(cli, ["spherion", "board", "--size", "huge"])
    assert r.exit_code == 2


def test_web_hooks_draw_and_check():
    from cardgen.web.games import hooks

    web = hooks("spherion")
    card = next(iter(generate(1, 1)))
    assert web.card(card.serial) == card
    checked = web.read_deck("main:\n1 " + card.serial, "x")
    assert {p.code for p in checked.problems} >= {"no-master", "main-size"}


def test_a_print_on_demand_shop_prints_spherion_at_its_own_poker_size(tmp_path):
    # issue 48: --shop pod stopped with "text at 5.0 pt, below the 5 pt minimum" (really 4.97) on a
    # 63x88 mm card; the shops' poker card is 2.5x3.5 in, where the face keeps its 5 pt
    out = tmp_path / "pod.pdf"
    r = CliRunner().invoke(cli, ["spherion", "print", "-s", "1", "-n", "9", "--shop", "pod", "-o", str(out)])
    assert r.exit_code == 0, r.output
    assert "single 63.5x88.9 mm pages" in r.output
    trim = PdfReader(str(out)).pages[0].trimbox
    assert round(float(trim.width) / 72 * 25.4, 1) == 63.5 and round(float(trim.height) / 72 * 25.4, 1) == 88.9
    checked = CliRunner().invoke(cli, ["preflight", "--shop", "pod", str(out)])
    assert checked.exit_code == 0 and "passes the pod profile" in checked.output


def test_a_refused_size_rounds_the_text_down_and_names_sizes_by_what_they_are(tmp_path):
    r = CliRunner().invoke(cli, ["spherion", "print", "-s", "1", "-n", "2", "--shop", "pod", "--card-size", "63x88",
                                 "-o", str(tmp_path / "x.pdf")])
    assert r.exit_code == 1
    # 4.97 pt is below 5 pt and must not read "5.0 pt"; "tarot" is the 70x120 mm card
    assert "would draw Spherion text at 4.96 pt, below the 5 pt minimum" in r.output
    assert "use a card of at least 63.4x88.4 mm (of the named sizes: tarot (70x120 mm))" in r.output
