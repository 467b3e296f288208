"""Every kind of option value, hostile input included: a usage error (exit 2) naming the option,
one 'Error:' line, no traceback, and nothing written. One table per option type, not per command."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardgen.cli import types
from cardgen.cli.main import cli
from cardgen.cli.types import CurveType
from cardgen.gyonrg.deck import DEFAULT_CURVE, format_curve, parse_curve

HOSTILE_NUMBERS = ["", "  ", "nan", "NaN", "inf", "-inf", "1e999", "9" * 30, "７", "٣", "1_000", "0x10", "1.5", "\x01"]

# (option type, a command line that takes it, the option's name in the message, bad values)
CASES = [
    ("seed", ["gyonrg", "generate", "-n", "1", "--seed"], "--seed", ["", "   ", "a\x01b", "x" * 201]),
    ("count", ["gyonrg", "generate", "-s", "1", "--count"], "--count", HOSTILE_NUMBERS + ["-1", "10000001"]),
    ("start", ["gyonrg", "generate", "-s", "1", "-n", "1", "--start"], "--start", HOSTILE_NUMBERS + ["-1", str(10**15 + 1)]),
    ("card size", ["gyonrg", "print", "-s", "1", "-n", "1", "--card-size"], "--card-size",
     ["", "nanxnan", "1e999x88", "６３x88", "63×88", "5x5", "63x", "huge"]),
    ("grid", ["gyonrg", "print", "-s", "1", "-n", "1", "--grid"], "--grid", ["", "0x3", "3×3", "3х3", "21x1", "3", "nanxnan"]),
    ("bleed", ["gyonrg", "print", "-s", "1", "-n", "1", "--bleed"], "--bleed", HOSTILE_NUMBERS[:8] + ["-1", "11"]),
    ("gap", ["gyonrg", "print", "-s", "1", "-n", "1", "--gap"], "--gap", ["nan", "inf", "-0.5", "51", "1e3", "٣"]),
    ("back offset", ["gyonrg", "print", "-s", "1", "-n", "1", "--back-offset"], "--back-offset",
     ["1", "nan,0", "0,inf", "11,0", "1;2", "", "１,2"]),
    ("paper", ["gyonrg", "print", "-s", "1", "-n", "1", "--paper"], "--paper", ["a5", "", "Ａ4"]),
    ("lookup url", ["gyonrg", "print", "-s", "1", "-n", "1", "--lookup-url"], "--lookup-url",
     ["ftp://x/", "https://", "http://[::1", "https://x.test/ c", "https://x.test/" + "a" * 300, "cards.test/c/"]),
    ("dpi", ["gyonrg", "png", "-s", "1", "-n", "1", "-o", "pngs", "--dpi"], "--dpi", ["0", "nan", "1e999", "７２"]),
    ("bots", ["simulate", "gyre", "-n", "1", "--bots"], "--bots",
     ["", "random,", "alphazero,random", "mcts:nan,random", "mcts:1e999,random", "mcts:" + "9" * 30 + ",random",
      "mcts:c=inf,random", "mcts:-1,random", "mcts:５０,random", "ｍcts,random", "human,random", "random,random,random,random,random",
      "random,c=0.7", "mcts:50,c=nan", "mcts:50,minimax=2,random"]),
    ("balance bots", ["gyonrg", "balance", "-n", "1", "--bots"], "--bots", ["greedy", "greedy,greedy,greedy", "human,greedy"]),
    ("drones", ["gyonrg", "deck", "build", "-s", "1", "--drones"], "--drones", ["", "nan", "７", "３", "-1", "4", "9" * 30]),
    ("curve", ["gyonrg", "deck", "build", "-s", "1", "--curve"], "--curve",
     ["", "  ", "nan:1", "1:inf", "1e999:1", "１:1", "1:" + "9" * 30, "-1:5", "1:-5", "1:0", "1\x01:5"]),
    ("board size", ["gyre", "board", "--size"], "--size", HOSTILE_NUMBERS + ["3", "20"]),
    ("output path", ["gyonrg", "generate", "-s", "1", "-n", "1", "-o"], "--output", [".", "/"]),
    ("record path", ["simulate", "gyre", "-n", "1", "--bots", "random,random", "--seed", "1", "--record"], "--record", ["."]),
    ("games", ["simulate", "gyre", "--bots", "random,random", "--games"], "--games", HOSTILE_NUMBERS + ["0"]),
    ("game option", ["simulate", "gyre", "-n", "1", "--bots", "random,random", "--seed", "1", "-o"], "-o",
     ["size", "=4", "size=nan", "size=1e999", "size=" + "9" * 30, "size=７", "players=-2", "colour=red", "sïze=4"]),
    ("decks", ["simulate", "gyonrg", "-n", "1", "--bots", "random,random", "--seed", "1", "--decks"], "--decks",
     ["seed:1", "seed:,seed:2", "nope.txt,seed:1", "seed:1,seed:2,seed:3", ""]),
]


@pytest.mark.parametrize("kind,args,option,values", CASES, ids=[c[0] for c in CASES])
def test_bad_values_are_usage_errors(tmp_path, monkeypatch, kind, args, option, values):
    monkeypatch.chdir(tmp_path)
    keep = tmp_path / "keep.pdf"
    keep.write_bytes(b"previous")
    for value in values:
        extra = ["-o", str(keep)] if args[1] in ("print",) else []
        r = CliRunner().invoke(cli, [*args, value, *extra])
        err = r.stderr
        assert r.exit_code == 2, (kind, value, r.output)
        assert "Traceback" not in r.output + err
        errors = [line for line in err.splitlines() if line.startswith("Error:")]
        assert len(errors) == 1 and option in errors[0], (kind, value, err)
        assert keep.read_bytes() == b"previous"
        assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.pdf"], (kind, value)


def test_start_plus_count_past_the_last_index():
    r = CliRunner().invoke(cli, ["gyonrg", "generate", "-s", "1", "-n", "10", "--start", str(10**15 - 5)])
    assert r.exit_code == 2 and "passes the last card index" in r.stderr


@pytest.mark.parametrize(
    "param_type,text,value",
    [
        (types.SEED, " 7 ", 7),
        (types.SEED, "-3", -3),
        (types.SEED, "007", "007"),
        (types.SEED, "red", "red"),
        (types.WholeNumber(0, 10), "+4", 4),
        (types.Millimetres(0, 10), "2.5mm", 2.5),
        (types.Millimetres(0, 10), ".5", 0.5),
        (types.Offset(10), " 0.5 , -1 ", (0.5, -1.0)),
        (types.Grid(20), "4 X 2", (4, 2)),
        (types.GAME_OPTION, " max-gyrations = 2 ", ("max_gyrations", "2")),
        (types.BotsType(), "mcts:50, random", ["mcts:50", "random"]),
        (types.BotsType(2, humans=False), "mcts:c=2,mcts:100000", ["mcts:c=2", "mcts:100000"]),
        (types.BotsType(), "human,greedy", ["human", "greedy"]),
        # a bot's own options continue it: the README's mcts:iterations=800,c=0.7 is one bot
        (types.BotsType(2), "mcts:iterations=800,c=0.7,greedy", ["mcts:iterations=800,c=0.7", "greedy"]),
        (types.BotsType(), "greedy, mcts:iterations=30000, minimax=0.5", ["greedy", "mcts:iterations=30000,minimax=0.5"]),
        (types.DECKS, " seed:a , seed:b ", "seed:a,seed:b"),
        (types.LOOKUP_URL, "http://localhost:8000/c/", "http://localhost:8000/c/"),
        (CurveType(parse_curve, format_curve(DEFAULT_CURVE)), "3:5, 1:10", {1: 10, 3: 5}),
    ],
)
def test_good_values_parse_to_what_the_code_uses(param_type, text, value):
    assert param_type.convert(text, None, None) == value


def test_sizes_parse_to_sizes():
    assert types.CARD_SIZE.convert("Poker", None, None).width == 63.0
    size = types.CARD_SIZE.convert("70 x 120", None, None)
    assert (size.width, size.height) == (70.0, 120.0)
    assert types.PAPER.convert("LETTER", None, None).name == "letter"


def test_same_seed_text_same_cards_as_before():
    """The seed type keeps the text's meaning: '7' and 7 give the golden cards; '007' stays a word."""
    one = CliRunner().invoke(cli, ["gyonrg", "generate", "-s", "7", "-n", "3", "--format", "csv"]).output
    two = CliRunner().invoke(cli, ["gyonrg", "generate", "-s", " 7", "-n", "3", "--format", "csv"]).output
    three = CliRunner().invoke(cli, ["gyonrg", "generate", "-s", "007", "-n", "3", "--format", "csv"]).output
    assert one == two != three
