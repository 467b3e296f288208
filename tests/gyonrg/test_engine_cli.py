"""Gyon-RG through the shared commands: play with deck files, simulate, replay, balance."""

from __future__ import annotations

import json

from click.testing import CliRunner

from cardgen.cli.main import cli
from cardgen.gyonrg.deck import read_deck


def invoke(*args):
    return CliRunner().invoke(cli, list(args))


def test_play_two_deck_files_and_replay(tmp_path):
    for seed in ("5", "6"):
        r = invoke("gyonrg", "deck", "build", "--seed", seed, "-o", str(tmp_path / f"d{seed}.txt"))
        assert r.exit_code == 0, r.output
    files = [tmp_path / "d5.txt", tmp_path / "d6.txt"]
    expected = [[c.serial for c in read_deck(f).cards] for f in files]
    record = tmp_path / "game.json"
    r = invoke("play", "gyonrg", "--decks", ",".join(map(str, files)), "--bots", "greedy,random", "--seed", "3", "--record", str(record))
    assert r.exit_code == 0, r.output
    assert "game over" in r.output
    data = json.loads(record.read_text())
    # the record carries the decks themselves, so it replays without the files
    assert [v for k, v in _walk(data) if k == "decks"][0] == expected
    for f in files:
        f.unlink()
    r = invoke("replay", str(record))
    assert r.exit_code == 0 and "ok" in r.output, r.output


def _walk(obj):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield k, v
            yield from _walk(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _walk(v)


def test_missing_deck_file_is_one_line(tmp_path):
    r = invoke("play", "gyonrg", "--decks", f"{tmp_path / 'nope.txt'},{tmp_path / 'x.txt'}", "--bots", "random,random", "--seed", "1")
    assert r.exit_code == 2  # a bad value of --decks is a usage error
    assert f"Invalid value for '--decks': deck file '{tmp_path / 'nope.txt'}' does not exist" in r.stderr
    assert "Traceback" not in r.stderr


def test_simulate_seed_decks_json():
    r = invoke("simulate", "gyonrg", "--games", "4", "--bots", "greedy,random", "--decks", "seed:1,seed:2", "--seed", "9", "--json", "--no-progress")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["games"] == 4


def test_balance_report_text_json_chart(tmp_path):
    chart = tmp_path / "balance.png"
    r = invoke("gyonrg", "balance", "--games", "4", "--cards", "200", "--json", "--chart", str(chart))
    assert r.exit_code == 0, r.output
    report = json.loads(r.stdout)
    assert report["games"] == 4
    cats = report["categories"]
    assert {row["value"] for row in cats["element"]} <= {"Matter", "Antimatter", "Light", "Shadow", "Void"}
    assert {row["value"] for row in cats["stars"]} <= {"1 star", "2 stars", "3 stars", "4 stars", "5 stars"}
    for rows in cats.values():
        for row in rows:
            lo, hi = row["ci95"]
            assert 0 <= lo <= row["win_rate"] <= hi <= 1
        assert abs(sum(row["card_share"] for row in rows) - 1) < 1e-9
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    text = invoke("gyonrg", "balance", "--games", "2", "--cards", "200")
    assert "win rate" in text.output and "ship type" in text.output


def test_balance_rejects_a_pool_too_small():
    r = invoke("gyonrg", "balance", "--cards", "10")
    assert r.exit_code == 2


def test_balance_measures_the_first_players_advantage_with_an_interval():
    from cardgen.gyonrg.balance import aggregate, format_text

    deck = [{"stars": "1 star", "element": "Void", "ship_type": "Bomber"}] * 54
    # seats alternate: game k has seat k % 2 first; side 0's result is 1 when side 0 won
    results = [(deck, deck, 1.0 if k % 2 == 0 else 0.0) for k in range(30)]  # the first seat always wins
    report = aggregate(results, cards=540, games=30, seed="s", bots=["greedy", "greedy"], options={"second_player_ap": 2})
    assert report.first_player_win_rate == 1.0
    lo, hi = report.first_player_ci95
    assert 0.85 < lo < 1.0 and hi > 0.999
    text = format_text(report)
    assert "first player wins 100.0 % of games [" in text and "options: second_player_ap=2" in text
    fair = aggregate([(deck, deck, 1.0 if k % 4 < 2 else 0.0) for k in range(40)], cards=540, games=40, seed="s", bots=["a", "b"])
    assert fair.first_player_win_rate == 0.5 and fair.first_player_ci95[0] < 0.5 < fair.first_player_ci95[1]


def test_balance_plays_with_a_remedy_and_refuses_what_it_sets_itself():
    r = invoke("gyonrg", "balance", "--games", "2", "--cards", "200", "--json", "-o", "second_player_cards=1")
    assert r.exit_code == 0, r.output
    report = json.loads(r.stdout)
    assert report["options"] == {"second_player_cards": 1}
    lo, hi = report["first_player_ci95"]
    assert 0 <= lo <= report["first_player_win_rate"] <= hi <= 1
    for bad, says in (("first_player=1", "set by the balance report itself"), ("second_player_ap=nan", "expected an integer")):
        r = invoke("gyonrg", "balance", "--games", "2", "-o", bad)
        assert r.exit_code == 2 and says in r.stderr and "Traceback" not in r.output
