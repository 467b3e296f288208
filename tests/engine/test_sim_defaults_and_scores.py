"""Issue 47: `simulate` and `arena` seat the bots `play` does when none are named; the simulate
table counts wins as wins, draws in a column of their own; an Elo difference at a score of 0 %
or 100 % reads as a bound, not as a measured number."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cardgen.cli.main import cli
from cardgen.engine import bots as bots_module
from cardgen.engine import load_game
from cardgen.engine.arena import ArenaResult, Pairing, Rating, elo_of, format_arena
from cardgen.engine.simulate import format_summary, summarise


@pytest.fixture
def quick_levels(monkeypatch):
    """The difficulty names, each standing for a tiny search: the defaults are checked, not their speed."""
    for name in ("easy", "medium", "hard"):
        monkeypatch.setitem(bots_module.DIFFICULTIES, name, "mcts:iterations=5")


def test_simulate_without_bots_seats_medium_everywhere(quick_levels):
    result = CliRunner().invoke(cli, ["simulate", "toy-bid", "-n", "2", "--seed", "1", "--no-progress", "--json"])
    assert result.exit_code == 0, result.output
    seats = load_game("toy-bid").num_players  # the game's own number of players
    assert [b["bot"] for b in json.loads(result.stdout)["bots"]] == [f"medium#{k + 1}" for k in range(seats)]


def test_arena_without_bots_plays_the_levels_people_choose(quick_levels):
    result = CliRunner().invoke(cli, ["arena", "toy-bid", "-n", "2", "--seed", "1", "--no-progress"])
    assert result.exit_code == 0, result.output
    for pair in ("easy vs medium", "easy vs hard", "medium vs hard"):
        assert pair in result.output


def _results(*returns):
    return [{"returns": list(r), "length": 10, "shift": 0} for r in returns]


def test_wins_count_wins_and_draws_have_their_own_column():
    game = load_game("gyre", size=4)
    s = summarise(game, ["greedy", "random"], 1, False, _results((1, -1), (0, 0), (0, 0), (-1, 1)))
    table = format_summary(s)
    head = next(line for line in table.splitlines() if line.startswith("bot"))
    assert head.split()[:6] == ["bot", "wins", "draws", "losses", "score", "score"]
    row = next(line for line in table.splitlines() if line.startswith("greedy")).split()
    assert row[1:5] == ["1", "2", "1", "2"]  # 1 win, 2 draws, 1 loss: a score of 2
    data = s.to_json()["bots"][0]
    assert (data["wins"], data["draws"], data["losses"], data["score"]) == (1, 2, 1, 2.0)


def test_an_elo_difference_at_no_score_or_a_full_one_is_a_bound():
    def pairing(score, games=8):
        lo, hi = (0.0, 0.32) if score == 0 else (0.68, 1.0) if score == games else (0.02, 0.47)
        return Pairing("a", "b", games, score, score / games, (lo, hi), elo_of(score / games, games),
                       (elo_of(lo, games), elo_of(hi, games)))

    result = ArenaResult("gyre", {}, 1, 8, [Rating("a", 0.0, (-50.0, 50.0), 4.0, 16), Rating("b", -10.0, (-60.0, 40.0),
                         4.0, 16)], [pairing(0), pairing(1), pairing(8)])  # fmt: skip
    rows = [line for line in format_arena(result).splitlines() if line.startswith("a vs b")]
    none, some, full = rows
    assert f"< {elo_of(0.32, 8):+.0f} (unbounded .. " in none
    assert f"> {elo_of(0.68, 8):+.0f} (" in full and "unbounded)" in full
    assert f"{elo_of(1 / 8, 8):+.0f} ({elo_of(0.02, 8):+.0f} .. " in some
    assert [p["elo_diff_bound"] for p in result.to_json()["pairings"]] == ["upper", None, "lower"]
