"""`cardgen gogmagog ...`, `cardgen lookup`, and play/simulate/replay of Gog & Magog through the shared commands."""

from __future__ import annotations

import json

from click.testing import CliRunner
from pypdf import PdfReader

from cardgen.cli.main import cli
from cardgen.gogmagog.cards import current


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input)


def test_generate_and_lookup():
    r = run("gogmagog", "generate", "-s", "7", "-n", "3", "--format", "json")
    assert r.exit_code == 0
    cards = json.loads(r.output)
    assert len(cards) == 3 and all(c["serial"].startswith("P") for c in cards)
    r = run("lookup", cards[0]["serial"].lower())
    assert r.exit_code == 0 and cards[0]["name"] in r.output
    r = run("gogmagog", "lookup", "--json", cards[1]["serial"])
    assert json.loads(r.output)["card"]["name"] == cards[1]["name"] if "card" in json.loads(r.output) else True
    r = run("gogmagog", "lookup", "P1AJ-Y")
    assert r.exit_code == 1 and "check character" in r.output and "Traceback" not in r.output
    r = run("gogmagog", "generate", "-n", "nan")
    assert r.exit_code == 2


def test_deck_build_check_show(tmp_path):
    path = tmp_path / "a.txt"
    r = run("gogmagog", "deck", "build", "-s", "a", "-g", "ember,storm", "-o", str(path))
    assert r.exit_code == 0 and "legal" in r.output
    r = run("gogmagog", "deck", "check", str(path))
    assert r.exit_code == 0 and "legal: 30 cards" in r.output
    r = run("gogmagog", "deck", "check", "--json", "--deck-size", "20", str(path))
    data = json.loads(r.output)
    assert r.exit_code == 1 and not data["legal"] and data["problems"][-1]["code"] == "deck-size"
    bad = tmp_path / "bad.txt"
    bad.write_text("3 P1AJ-Y\n")
    r = run("gogmagog", "deck", "check", str(bad))
    assert r.exit_code == 1 and f"{bad}:1: bad-serial:" in r.output
    r = run("gogmagog", "deck", "show", "--json", str(path))
    assert json.loads(r.output)["size"] == 30
    r = run("gogmagog", "deck", "check", str(tmp_path))
    assert r.exit_code == 2 and "is a directory" in r.output
    r = run("gogmagog", "deck", "build", "-g", "fire")
    assert r.exit_code == 2 and "unknown guild 'fire'" in r.output


def test_print_board_and_deck_print(tmp_path):
    out = tmp_path / "deck.pdf"
    r = run("gogmagog", "print", "-s", "1", "-n", "9", "-o", str(out))
    assert r.exit_code == 0, r.output
    assert len(PdfReader(out).pages) == 1
    board = tmp_path / "board.pdf"
    r = run("gogmagog", "board", "--lanes", "7", "-o", str(board))
    assert r.exit_code == 0 and len(PdfReader(board).pages) == 7  # each half in three tiles, a page of tokens
    text = " ".join(page.extract_text() for page in PdfReader(board).pages[:3])
    assert "lane 7" in text and "offensive rank" in text and "energy" in text
    r = run("gogmagog", "print", "-s", "1", "-n", "1", "--card-size", "40x60", "-o", str(tmp_path / "x.pdf"))
    assert r.exit_code != 0 and "below the 5 pt minimum" in r.output


def test_play_simulate_replay(tmp_path):
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    run("gogmagog", "deck", "build", "-s", "a", "-o", str(a))
    run("gogmagog", "deck", "build", "-s", "b", "-o", str(b))
    record = tmp_path / "game.json"
    r = run("play", "gogmagog", "--decks", f"{a},{b}", "--bots", "random,greedy", "--seed", "2", "--record", str(record))
    assert r.exit_code == 0, r.output
    assert "lane 1" in r.output and "energy" in r.output and "mana" in r.output
    r = run("replay", str(record))
    assert r.exit_code == 0
    r = run("simulate", "gogmagog", "--decks", f"{a},{b}", "--bots", "random,random", "-n", "4", "--seed", "1")
    assert r.exit_code == 0 and "random" in r.output
    illegal = tmp_path / "c.txt"
    illegal.write_text(f"40 {current().card(3).serial}\n")
    r = run("simulate", "gogmagog", "--decks", f"{a},{illegal}", "--bots", "random,random", "-n", "1")
    assert r.exit_code == 1 and "not legal" in r.output


def test_a_human_plays_in_the_terminal(tmp_path):
    r = run("play", "gogmagog", "--bots", "human,random", "--seed", "5", "-o", "max_turns=2", input="show 1\nfly\npass\n")
    assert r.exit_code == 0, r.output
    assert "hand 1:" in r.output and "not an action: 'fly'" in r.output
