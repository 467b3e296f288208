"""The end of standard input at the play prompt stops the game cleanly: one line, status 1.

`< /dev/null`, a standard input closed before the start, and a piped script that ends
mid-game all end the same way; a record asked for keeps the moves played so far (as
after `quit`). These run the real `cardgen play`, since the end of input is a property
of the process's own standard input.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from cardgen.engine.play import Table
from cardgen.engine.registry import load_game

ENDED = "error: input ended at the R> prompt before the game was over"


def play(args, **streams) -> subprocess.CompletedProcess:
    env = dict(os.environ, CARDGEN_CONFIG="")
    return subprocess.run([sys.executable, "-m", "cardgen", "play", "gyre", "--bots", "human,random", "--seed", "1",
                           "--no-color", *args], env=env, timeout=120, capture_output=True, text=True, **streams)  # fmt: skip


def check_ended(r: subprocess.CompletedProcess, moves: int) -> None:
    assert "Traceback" not in r.stderr
    assert r.returncode == 1, r.stderr
    assert r.stderr.splitlines()[-1].startswith(f"{ENDED} (stopped after {moves} moves"), r.stderr
    assert r.stdout.endswith("R> \ngame stopped\n")  # the prompt's line ended, as Enter would have


def test_play_with_no_input_at_all(tmp_path):
    r = play(["--record", str(tmp_path / "game.json")], stdin=subprocess.DEVNULL)
    check_ended(r, 0)
    assert json.loads((tmp_path / "game.json").read_text())["moves"] == []


def test_play_with_standard_input_closed():
    r = play([], stdin=None, preexec_fn=lambda: os.close(0))
    check_ended(r, 0)


def test_play_when_the_piped_moves_run_out_mid_game(tmp_path):
    r = play(["--record", str(tmp_path / "game.json")], input="a1\nb2\n")
    check_ended(r, 4)  # a1, the bot's reply, b2, the bot's reply
    record = json.loads((tmp_path / "game.json").read_text())
    assert record["moves"][0] == "a1" and record["moves"][2] == "b2" and len(record["moves"]) == 4
    assert record["finished"] is False


def test_quit_still_ends_with_status_0():
    r = play([], input="a1\nquit\n")
    assert r.returncode == 0 and "game stopped" in r.stdout and "error" not in r.stderr, r.stderr


@pytest.mark.parametrize("data", [b"\xff\xfe\n", bytes(range(256)) + b"\n"], ids=["bad-utf8", "binary"])
def test_bytes_that_are_not_text_are_refused_as_a_move_and_play_goes_on(data):
    env = dict(os.environ, CARDGEN_CONFIG="", PYTHONIOENCODING="utf-8:strict")  # a desktop's UTF-8 locale
    r = subprocess.run([sys.executable, "-m", "cardgen", "play", "gyre", "--bots", "human,random", "--seed", "1",
                        "--no-color"], env=env, timeout=120, capture_output=True, input=data + b"quit\n")  # fmt: skip
    assert r.returncode == 0 and b"Traceback" not in r.stderr, r.stderr
    assert b"not an action" in r.stdout and r.stdout.endswith(b"game stopped\n")


def test_a_table_remembers_that_input_ended_and_quit_is_not_that():
    game = load_game("gyre", size=4)
    said: list[str] = []
    lines = iter(["a1"])
    ended = Table(game, ["human", "random"], 1, lambda prompt: next(lines, None), said.append)
    ended.run()
    assert ended.quit and ended.input_ended is not None and "R> prompt" in str(ended.input_ended)
    assert said[-1] == "game stopped" and len(ended.actions) == 2
    quit_ = Table(game, ["human", "random"], 1, lambda prompt: "quit", said.append)
    quit_.run()
    assert quit_.quit and quit_.input_ended is None


def test_read_line_is_none_at_the_end_of_input(monkeypatch, capsys):
    import io

    from cardgen.engine.play import read_line

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"c3\n")))
    assert read_line("R> ") == "c3"
    assert read_line("R> ") is None
    monkeypatch.setattr(sys, "stdin", None)
    assert read_line("R> ") is None
    closed = io.TextIOWrapper(io.BytesIO(b"c3\n"))
    closed.close()
    monkeypatch.setattr(sys, "stdin", closed)
    assert read_line("R> ") is None
    assert capsys.readouterr().out == "R> R> \nR> \n"  # (no prompt without a standard input)
