"""`cardgen gyre score|board|highscores`, the high-score file, and the board PDF."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from cardgen.cli.main import cli
from cardgen.engine import load_game
from cardgen.gyre.diagram import parse_diagram
from cardgen.gyre.highscore import load, record_game

FIG8 = """gyre size=5 players=2
R R R . .
R R R . .
B R B . .
. . . . .
. . . . .
"""


@pytest.fixture
def runner():
    return CliRunner()


@pytest.fixture
def fig8(tmp_path):
    p = tmp_path / "fig8.txt"
    p.write_text(FIG8)
    return str(p)


def test_score_text(runner, fig8):
    res = runner.invoke(cli, ["gyre", "score", fig8])
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert lines[0].startswith("R ") and "B " in lines[0]
    assert "62" in res.output  # the centre tile of Figure 8


def test_score_json_and_explain(runner, fig8):
    res = runner.invoke(cli, ["gyre", "score", fig8, "--json", "--explain", "2,2"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    state = parse_diagram(FIG8)
    assert data["scores"] == {"R": state.scores()[0], "B": state.scores()[1]}
    assert data["tiles"][1][1] == 62
    assert sum(v for row in data["tiles"] for v in row) == sum(state.scores())
    assert data["explain"]["score"] == 62 and data["explain"]["same"] == 6


def test_explain_text_is_the_score_popup(runner, fig8):
    res = runner.invoke(cli, ["gyre", "score", fig8, "--explain", "b2"])
    assert res.exit_code == 0, res.output
    assert "doubled 6 times = 64, minus 2 opponent neighbours = 62" in res.output


def test_score_reads_stdin(runner):
    res = runner.invoke(cli, ["gyre", "score", "-", "--json"], input=FIG8)
    assert res.exit_code == 0 and json.loads(res.output)["size"] == 5


@pytest.mark.parametrize(
    "args,code,needle",
    [
        (["gyre", "score", "/nonexistent/x.txt"], 1, "error: cannot read diagram"),
        (["gyre", "score", "FIG", "--explain", "9,9"], 2, "expected ROW,COL from 1 to 5"),
        (["gyre", "score", "BAD"], 1, "error: bad gyre diagram: line 1: 'Q' is not a tile"),
        (["gyre", "board", "--size", "3"], 2, "3 is out of range: expected a whole number from 4 to 19"),
        (["gyre", "board", "--paper", "a5"], 2, "'a5' is not one of 'a4', 'letter'"),
        (["gyre", "board", "-o", "/dev/null/b.pdf"], 1, "error: cannot write '/dev/null/b.pdf': not a directory"),
    ],
)
def test_cli_errors_are_one_line(runner, fig8, tmp_path, args, code, needle):
    bad = tmp_path / "bad.txt"
    bad.write_text("Q...\n....\n....\n....\n")
    args = [fig8 if a == "FIG" else str(bad) if a == "BAD" else a for a in args]
    res = runner.invoke(cli, args)
    assert res.exit_code == code, res.output
    assert needle in res.output
    assert "Traceback" not in res.output


@pytest.mark.parametrize("paper,size,players", [("a4", 8, 2), ("letter", 19, 4), ("a4", 4, 3)])
def test_board_pdf(runner, tmp_path, paper, size, players):
    out = tmp_path / "board.pdf"
    res = runner.invoke(cli, ["gyre", "board", "-o", str(out), "--paper", paper, "--size", str(size),
                              "--players", str(players)])
    assert res.exit_code == 0, res.output
    reader = PdfReader(str(out))
    assert len(reader.pages) >= 2
    w, h = float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height)
    assert (round(w), round(h)) == ((595, 842) if paper == "a4" else (612, 792))
    text = reader.pages[0].extract_text()
    assert f"Gyre {size} x {size}" in " ".join(text.split()) or f"Gyre  {size} x {size}" in text
    assert [p.name for p in tmp_path.iterdir()] == ["board.pdf"]  # no temp file left behind


def test_board_pdf_is_written_atomically(tmp_path, monkeypatch):
    """A failure while writing leaves the old file intact and no temp file."""
    from cardgen import files
    from cardgen.gyre.board_pdf import write_board_pdf

    out = tmp_path / "board.pdf"
    out.write_bytes(b"old")

    def boom(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "replace", boom)
    with pytest.raises(Exception, match="cannot write .*: no space left on device"):
        write_board_pdf(out)
    assert out.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["board.pdf"]


def test_high_score_file(tmp_path, monkeypatch):
    path = tmp_path / "hs.json"
    monkeypatch.setenv("CARDGEN_GYRE_HIGHSCORES", str(path))
    win = parse_diagram("R R R R\nR R R R\nR R B R\nR R R R\n")  # a finished 4x4 game
    msg = record_game(win, when="2026-01-01")
    margin = win.scores()[0] - win.scores()[1]
    assert f"new high score for 4x4/2p: {margin}" in msg
    assert load(path)["4x4/2p"] == {"margin": margin, "winner": "R", "scores": win.scores(), "date": "2026-01-01"}
    worse = parse_diagram("R R R R\nR B B R\nR B B R\nR R R R\n")
    msg = record_game(worse)
    assert f"high score for 4x4/2p: {margin}" in msg and load(path)["4x4/2p"]["margin"] == margin
    res = CliRunner().invoke(cli, ["gyre", "highscores"])
    assert "4x4/2p" in res.output and str(margin) in res.output
    # an unreadable file is not fatal
    path.write_text("{nonsense")
    assert load(path) == {}
    assert load_game("gyre").on_game_end(win).startswith("winning margin")


def test_play_shows_high_score_after_a_human_game(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDGEN_GYRE_HIGHSCORES", str(tmp_path / "hs.json"))
    # a human on a 4x4 board who always types the first legal move by number
    res = CliRunner().invoke(cli, ["play", "gyre", "--bots", "human,random", "-o", "size=4", "--seed", "2",
                                   "--no-color"], input="1\n" * 40)
    assert res.exit_code == 0, res.output
    assert "game over" in res.output
    assert "high score" in res.output or "a tie" in res.output


@pytest.mark.parametrize("size,paper,tiles", [(8, "a4", 1), (12, "a3", 1), (19, "a4", 6), (19, "a3", 4)])
def test_board_prints_at_true_size(size, paper, tiles):
    """A printed tile fits a square of the board, whatever the paper: a board bigger than the page is tiled, not shrunk."""
    from cardgen.gyre import board_pdf
    from cardgen.print import kit as kitpdf
    from cardgen.print.sizes import mm

    assert board_pdf.PIECE < board_pdf.TILE and board_pdf.DISK < board_pdf.TILE
    built = kitpdf.build_kit("gyre", "Gyre", board_pdf.parts(size, 2), [], kitpdf.paper_size(paper))
    boards = [p for p in built.pages if p.part == "board"]
    assert len(boards) == tiles
    side = size * board_pdf.TILE + 2 * board_pdf.LABELS
    assert max(mm(p.tile.x + p.tile.w) for p in boards) == pytest.approx(mm(side))
    assert all(p.clip.width == pytest.approx(mm(p.tile.w)) for p in boards)  # every tile at 1:1
    pieces = [lab for lab in built.labels() if built.pages[lab.page].part == "pieces" and lab.text == "R"]
    assert pieces and all(lab.box.width <= mm(board_pdf.PIECE) for lab in pieces)
