"""Issue 34, class 9: an option the command cannot honour is refused, never silently dropped.

- a game option that sets the number of players where the command fixes it (arena plays two
  seats; --players says otherwise), or the same option given twice with two values;
- --address without --backend ray;
- `-o -` is standard output wherever a command writes text, and refused (exit 2, naming '-')
  where it writes a PDF, PNG files, a folder or a game record;
- `board --text -o FILE` writes the text to FILE.
"""

from __future__ import annotations

import os

import pytest
from click.testing import CliRunner

from cardgen.cli.main import cli


def run(*args: str, cwd=None):
    runner = CliRunner()
    if cwd is None:
        return runner.invoke(cli, list(args))
    old = os.getcwd()
    os.chdir(cwd)
    try:
        return runner.invoke(cli, list(args))
    finally:
        os.chdir(old)


def one_error_line(result) -> str:
    """The 'Error:'/'error:' line; asserts there is exactly one and no traceback."""
    assert "Traceback" not in result.output
    lines = [line for line in result.output.splitlines() if line.lower().startswith("error:")]
    assert len(lines) == 1, result.output
    return lines[0]


# ----- players: arena's two seats, --players against -o players --------------------------


@pytest.mark.parametrize("game,value", [("ginjontan", "5"), ("ginjontan", "3"), ("gyre", "3"), ("gyre", "4")])
def test_arena_refuses_a_player_count_it_cannot_play(game, value):
    r = run("arena", game, "--bots", "random,greedy", "-n", "1", "--seed", "1", "--no-progress", "-o", f"players={value}")
    assert r.exit_code == 2, r.output
    line = one_error_line(r)
    assert f"players={value}" in line and "two seats" in line
    assert "round robin" not in r.output  # nothing was played


@pytest.mark.parametrize("game", ["ginjontan", "gyre"])
def test_arena_takes_players_2_as_given(game):
    r = run("arena", game, "--bots", "random,greedy", "-n", "1", "--seed", "1", "--no-progress", "-o", "players=2",
            *(["-o", "size=4"] if game == "gyre" else []))  # fmt: skip
    assert r.exit_code == 0, r.output
    assert "round robin" in r.output


def test_arena_players_not_a_number_names_the_option():
    r = run("arena", "gyre", "--bots", "random,greedy", "-n", "1", "--no-progress", "-o", "players=²")
    assert r.exit_code == 2 and "players" in one_error_line(r)


@pytest.mark.parametrize("command", ["simulate", "play"])
@pytest.mark.parametrize("players,option", [("2", "5"), ("3", "2")])
def test_players_and_o_players_that_disagree_are_refused(command, players, option):
    bots = ",".join(["random"] * int(players))
    extra = ["-n", "1", "--no-progress"] if command == "simulate" else []
    r = run(command, "ginjontan", "--players", players, "-o", f"players={option}", "--bots", bots, "--seed", "1", *extra)
    assert r.exit_code == 2, r.output
    line = one_error_line(r)
    assert f"--players {players}" in line and f"players={option}" in line


def test_players_and_o_players_that_agree_are_fine():
    r = run("simulate", "ginjontan", "--players", "2", "-o", "players=2", "--bots", "random,random", "-n", "1",
            "--seed", "1", "--no-progress")  # fmt: skip
    assert r.exit_code == 0, r.output


def test_players_for_a_game_without_the_option_names_players_not_o():
    r = run("simulate", "gyonrg", "--players", "3", "--bots", "random,greedy", "-n", "1", "--no-progress")
    assert r.exit_code == 2
    line = one_error_line(r)
    assert "--players" in line and "'-o'" not in line


def test_players_for_a_game_without_the_option_is_fine_when_it_is_the_count():
    r = run("simulate", "gyonrg", "--players", "2", "--bots", "random,greedy", "-n", "1", "--seed", "1", "--no-progress")
    assert r.exit_code == 0, r.output


@pytest.mark.parametrize("command", ["simulate", "arena"])
def test_an_option_given_twice_with_two_values_is_refused(command):
    r = run(command, "gyre", "--bots", "random,greedy", "-n", "1", "--no-progress", "-o", "size=4", "-o", "size=6")
    assert r.exit_code == 2, r.output
    line = one_error_line(r)
    assert "size=4" in line and "size=6" in line


def test_decks_and_o_decks_that_disagree_are_refused():
    r = run("simulate", "gyonrg", "--bots", "random,greedy", "-n", "1", "--no-progress",
            "--decks", "seed:1,seed:2", "-o", "decks=seed:3,seed:4")  # fmt: skip
    assert r.exit_code == 2, r.output
    assert "--decks" in one_error_line(r)


# ----- --address only with --backend ray -----------------------------------------------


@pytest.mark.parametrize("command", ["simulate", "arena"])
@pytest.mark.parametrize("address", ["auto", "head:6379", "ray://head:10001"])
def test_address_without_ray_is_a_usage_error(command, address):
    r = run(command, "gyre", "--bots", "random,greedy", "-n", "1", "--no-progress", "--address", address)
    assert r.exit_code == 2, r.output
    line = one_error_line(r)
    assert "--address" in line and "--backend ray" in line


def test_address_with_an_explicit_local_backend_is_a_usage_error():
    r = run("simulate", "gyre", "--bots", "random,greedy", "-n", "1", "--no-progress", "--backend", "local",
            "--address", "auto")  # fmt: skip
    assert r.exit_code == 2 and "--address" in one_error_line(r)


def test_balance_has_no_address_to_ignore():
    r = run("gyonrg", "balance", "-n", "1", "--address", "auto")
    assert r.exit_code == 2 and "--address" in one_error_line(r)


# ----- -o - means standard output for text; refused for PDFs, PNGs, folders, records ---


def test_deck_build_dash_is_standard_output(tmp_path):
    r = run("gyonrg", "deck", "build", "-s", "1", "-o", "-", cwd=tmp_path)
    assert r.exit_code == 0, r.output
    assert os.listdir(tmp_path) == []
    plain = run("gyonrg", "deck", "build", "-s", "1", cwd=tmp_path)
    assert r.stdout == plain.stdout and r.stdout.strip()


def test_deck_show_dash_is_standard_output(tmp_path):
    deck = tmp_path / "deck.txt"
    assert run("gyonrg", "deck", "build", "-s", "1", "-o", str(deck)).exit_code == 0
    r = run("gyonrg", "deck", "show", str(deck), "-o", "-", cwd=tmp_path)
    assert r.exit_code == 0, r.output
    assert sorted(os.listdir(tmp_path)) == ["deck.txt"]
    assert r.stdout == run("gyonrg", "deck", "show", str(deck)).stdout
    r = run("gyonrg", "deck", "show", str(deck), "--json", "-o", "-", cwd=tmp_path)
    assert r.exit_code == 0 and r.stdout.lstrip().startswith("{")
    assert sorted(os.listdir(tmp_path)) == ["deck.txt"]


def test_board_text_goes_to_the_file_given(tmp_path):
    out = tmp_path / "board.txt"
    r = run("spherion", "board", "--text", "-o", str(out))
    assert r.exit_code == 0, r.output
    assert out.read_text(encoding="utf-8") == run("spherion", "board", "--text").stdout
    assert out.read_text(encoding="utf-8").startswith("Spherion")


def test_board_text_dash_is_standard_output(tmp_path):
    r = run("spherion", "board", "--text", "-o", "-", cwd=tmp_path)
    assert r.exit_code == 0 and r.stdout == run("spherion", "board", "--text").stdout
    assert os.listdir(tmp_path) == []


def test_board_text_to_a_folder_is_refused_and_the_folder_kept(tmp_path):
    r = run("spherion", "board", "--text", "-o", str(tmp_path))
    assert r.exit_code in (1, 2) and "Traceback" not in r.output
    assert tmp_path.is_dir()


@pytest.mark.parametrize("args", [
    ["gyonrg", "print", "-s", "1", "-n", "1"],
    ["gyonrg", "png", "-s", "1", "-n", "1", "--dpi", "36"],
    ["ginjontan", "print"],
    ["gyre", "board"],
    ["spherion", "board"],
    ["gogmagog", "board"],
])  # fmt: skip
def test_dash_is_refused_where_the_output_is_not_text(tmp_path, args):
    r = run(*args, "-o", "-", cwd=tmp_path)
    assert r.exit_code == 2, r.output
    line = one_error_line(r)
    assert "'-'" in line and "standard output" in line
    assert os.listdir(tmp_path) == []


def test_deck_print_and_export_refuse_dash(tmp_path):
    deck = tmp_path / "deck.txt"
    assert run("gyonrg", "deck", "build", "-s", "1", "-o", str(deck)).exit_code == 0
    for command in ("print", "export"):
        r = run("gyonrg", "deck", command, str(deck), "-o", "-", cwd=tmp_path)
        assert r.exit_code == 2, r.output
        assert "standard output" in one_error_line(r)
        assert os.listdir(tmp_path) == ["deck.txt"]


@pytest.mark.parametrize("command", ["simulate", "play"])
def test_record_dash_is_refused(tmp_path, command):
    extra = ["-n", "1", "--no-progress"] if command == "simulate" else []
    r = run(command, "gyre", "--bots", "random,greedy", "-o", "size=4", "--seed", "1", "--record", "-", *extra, cwd=tmp_path)
    assert r.exit_code == 2, r.output
    assert "standard output" in one_error_line(r)
    assert os.listdir(tmp_path) == []


def test_balance_refuses_an_option_given_twice_with_two_values():
    r = run("gyonrg", "balance", "-n", "1", "-o", "second_player_ap=1", "-o", "second_player_ap=2")
    assert r.exit_code == 2, r.output
    assert "second_player_ap=1" in one_error_line(r) and "second_player_ap=2" in r.output
