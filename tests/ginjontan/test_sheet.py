"""Gin-jon-tan's print-and-play kit: a score sheet with a row per round for every player, and the
round's sequence with the values a player scores by, from the game's own tables."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from cardgen.cli.main import cli
from cardgen.ginjontan import sheet_pdf
from cardgen.ginjontan.cards import tables
from cardgen.print import kit as kitpdf


def _kit(players: list[str], rounds: int, paper: str = "a4") -> kitpdf.BuiltKit:
    size = kitpdf.paper_size(paper)
    return kitpdf.build_kit("ginjontan", "Gin-jon-tan", sheet_pdf.parts(players, rounds, size), [], size)


@pytest.mark.parametrize("players,rounds,paper,sheets", [(2, 3, "a4", 1), (3, 12, "a4", 1), (5, 6, "letter", 2),
                                                         (8, 33, "a4", 6), (8, 33, "a3", 3)])  # fmt: skip
def test_score_sheet_has_a_row_per_round_for_every_player(players, rounds, paper, sheets):
    """Every player's column and every round's row, each sheet whole on its page (never tiled)."""
    names = [f"deck {i}" for i in range(1, players + 1)]
    kit = _kit(names, rounds, paper)
    pages = [i for i, p in enumerate(kit.pages) if p.title.startswith("Gin-jon-tan: score sheet")]
    assert len(pages) == sheets and all(kit.pages[i].tile.rows == kit.pages[i].tile.cols == 1 for i in pages)
    texts = [lab.text for lab in kit.labels() if lab.page in pages]
    for i, name in enumerate(names, 1):
        assert f"player {i}: {name}" in texts
    groups = -(-players // 3)
    games = max(1, sum(1 for t in texts if re.fullmatch(r"game \d+", t)))  # one small table fills its page, a table per game
    assert games == 1 or len(pages) == 1 and f"game {games}" in texts
    for r in range(1, rounds + 1):
        assert texts.count(str(r)) == groups * games  # each group of players has a row for every round
    assert texts.count("place") == groups * games and texts.count("tier") == groups * games
    assert sheet_pdf.COLUMN >= 7 * 3  # seven handwritten digits, 3 mm each


def test_the_round_sequence_and_the_scoring_values_come_from_the_tables():
    kit = _kit(["a", "b"], 3)
    reference = " ".join(lab.text for lab in kit.labels() if kit.pages[lab.page].part == "reference")
    t = tables()
    for colour in t.colours:
        assert f"{colour.name} x{colour.multiplier}" in reference
    for symbol in t.symbols:
        assert symbol.name in reference
    # the player's rulebook (docs/play/ginjontan.md) is the reference: the deal, then the round's steps
    for step in ("deals 9 cards", "swap one card", "Duels.", "Exchange.", "Combination round.", "Scoring.", "Next round."):
        assert step in reference


def test_kit_takes_one_deck_per_player(tmp_path):
    out = tmp_path / "k.pdf"
    r = CliRunner().invoke(cli, ["ginjontan", "kit", "--decks", "seed:a,seed:b", "--rounds", "6", "-o", str(out)])
    assert r.exit_code == 0, r.output
    assert "score sheet p1" in r.output and "deck seed a" in r.output and "deck seed b" in r.output
    r = CliRunner().invoke(cli, ["ginjontan", "kit", "--decks", "seed:a", "-o", str(out)])
    assert r.exit_code == 2 and "give 2 to 8" in r.output
