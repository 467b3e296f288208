"""A game is one folder: the toy game in tests/toygame/ (a plugin naming its kit, cards, decks and a
face, nothing else) gets every shared command from its kit, and `cardgen lookup` finds its serials."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from cardgen import games
from cardgen.cli.main import cli
from tests.toygame.cards import Card, generate
from tests.toygame.plugin import ENTRY


@pytest.fixture
def toy():
    reg = games.registry()
    reg.add(ENTRY)
    yield
    reg.remove(ENTRY.name)
    cli.commands.pop(ENTRY.name, None)  # the root group keeps the groups it built


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_the_toy_game_is_listed_with_the_shared_commands(toy):
    r = run("--help")
    assert r.exit_code == 0 and "toy" in r.output
    r = run("toy", "--help")
    for command in ("generate", "lookup", "print", "png", "deck"):
        assert f"  {command}" in r.output
    assert "  board" not in r.output  # the kit has no board
    r = run("toy", "deck", "--help")
    for command in ("build", "check", "show", "print", "export"):
        assert f"  {command}" in r.output


def test_generate_and_lookup(toy):
    r = run("toy", "generate", "--seed", "1", "--count", "3")
    assert r.exit_code == 0
    assert r.output.splitlines() == [f"{c.serial}  {c.name}" for c in generate("1", 3)]
    first = next(iter(generate("1", 1)))
    r = run("toy", "generate", "--seed", "1", "--count", "2", "--format", "json")
    assert json.loads(r.output)[0] == first.to_dict()
    for command in (("toy", "lookup"), ("lookup",)):  # the game's own lookup and the one for every game
        r = run(*command, first.serial.lower())
        assert r.exit_code == 0 and first.name in r.output
    r = CliRunner().invoke(cli, ["toy", "lookup", "Y0JJ"])
    assert r.exit_code == 1 and "not a toy" in r.output


def test_print_and_png(toy, tmp_path):
    out = tmp_path / "toy.pdf"
    r = run("toy", "print", "--seed", "1", "-o", str(out))
    assert r.exit_code == 0, r.output
    assert "a legal toy deck: 10 cards" in r.output
    text = "".join(page.extract_text() for page in PdfReader(out).pages)
    assert "Blue 9" in text  # the deck takes the strongest cards of the seed's pool
    r = run("toy", "print", "--seed", "1", "--count", "4", "--pool", "-o", str(tmp_path / "pool.pdf"))
    assert r.exit_code == 0
    pool = "".join(page.extract_text() for page in PdfReader(tmp_path / "pool.pdf").pages)
    assert all(c.serial in pool for c in generate("1", 4))
    r = run("toy", "png", "--seed", "1", "--count", "2", "--dpi", "36", "-o", str(tmp_path / "png"))
    assert r.exit_code == 0, r.output
    assert sorted(p.name for p in (tmp_path / "png").glob("Y*.png")) == sorted(f"{c.serial}.png" for c in generate("1", 2))


def test_decks_build_check_show_print(toy, tmp_path):
    deck = tmp_path / "deck.txt"
    r = run("toy", "deck", "build", "--seed", "1", "-o", str(deck))
    assert r.exit_code == 0 and "built a toy deck of 10 cards" in r.output
    r = run("toy", "deck", "check", str(deck))
    assert r.exit_code == 0 and "legal: 10 cards" in r.output
    r = CliRunner().invoke(cli, ["toy", "deck", "check", str(deck), "--size", "9"])
    assert r.exit_code == 1 and "deck-size" in r.output
    r = run("toy", "deck", "show", str(deck), "--json", "--full")
    cards = json.loads(r.output)["cards"]
    assert sum(c["count"] for c in cards) == 10 and all("strength" in c["card"] for c in cards)
    r = run("toy", "deck", "print", str(deck), "-o", str(tmp_path / "deck.pdf"))
    assert r.exit_code == 0 and len(PdfReader(tmp_path / "deck.pdf").pages) == 2  # 10 cards, 9 a page
    bad = tmp_path / "bad.txt"
    bad.write_text(f"3x {Card(1, 'red').serial}\nnonsense\n")
    r = CliRunner().invoke(cli, ["toy", "deck", "print", str(bad), "-o", str(tmp_path / "bad.pdf")])
    assert r.exit_code == 1 and "not a legal deck" in r.output and not (tmp_path / "bad.pdf").exists()
    assert "too-many-copies" in r.output and "bad-serial" in r.output
