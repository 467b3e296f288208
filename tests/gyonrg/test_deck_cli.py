"""`cardgen gyonrg deck build / check / show / print` as a user runs them."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from cardgen.cli.main import cli
from cardgen.gyonrg.deck import check_deck, read_deck
from cardgen.gyonrg.generator import generate


def deck_cmd(*args):
    return CliRunner().invoke(cli, ["gyonrg", "deck", *map(str, args)])


def no_traceback(r):
    assert "Traceback" not in r.output
    assert r.exception is None or isinstance(r.exception, SystemExit)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    path = tmp_path_factory.mktemp("deck") / "deck.txt"
    r = deck_cmd("build", "--seed", "cli", "--element", "void", "-e", "matter", "--drones", "1", "-o", path)
    assert r.exit_code == 0, r.output
    return path, r


def test_build_writes_a_legal_deck_and_explains_it(built):
    path, r = built
    deck = read_deck(path)
    assert check_deck(deck) == [] and deck.drones == 1
    assert {c.element.name for c in deck.cards} <= {"Void", "Matter"}
    for word in ("curve", "elements: focus on Void and Matter", "drones: 1", "stars: average", f"wrote {path}"):
        assert word in r.stdout
    again = deck_cmd("build", "--seed", "cli", "-e", "void,matter", "--drones", "1")
    assert again.exit_code == 0 and again.stdout == path.read_text()
    assert "curve" in again.stderr


def test_build_without_seed_prints_it_to_repeat(tmp_path):
    r = deck_cmd("build")
    assert r.exit_code == 0
    seed = [ln for ln in r.stderr.splitlines() if ln.startswith("seed ")][0].split()[1]
    assert deck_cmd("build", "--seed", seed).stdout == r.stdout


def test_build_json_output(tmp_path):
    out = tmp_path / "deck.json"
    assert deck_cmd("build", "-s", "j", "-o", out).exit_code == 0
    data = json.loads(out.read_text())
    assert data["size"] == 54 and sum(c["count"] for c in data["cards"]) == 54
    assert deck_cmd("check", out).exit_code == 0


def test_build_from_collection_and_its_errors(tmp_path):
    owned = tmp_path / "owned.txt"
    owned.write_text("\n".join(c.serial for c in generate("owned-cli", 100)) + "\n")
    out = tmp_path / "deck.txt"
    r = deck_cmd("build", "--from", owned, "-o", out)
    assert r.exit_code == 0, r.output
    assert deck_cmd("check", out).exit_code == 0

    small = tmp_path / "small.txt"
    small.write_text("\n".join(c.serial for c in generate("owned-cli", 30)) + "\n")
    r = deck_cmd("build", "--from", small)
    assert r.exit_code == 1
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("error: ") and "a deck needs 54" in r.stderr
    no_traceback(r)

    r = deck_cmd("build", "--from", small, "--seed", "1")
    assert r.exit_code == 2 and "not both" in r.stderr
    r = deck_cmd("build", "--drones", "4")
    assert r.exit_code == 2
    r = deck_cmd("build", "-s", "1", "--element", "fire")
    assert r.exit_code == 2 and "Invalid value for '--element'" in r.stderr and "unknown element 'fire'" in r.stderr
    r = deck_cmd("build", "-s", "1", "--curve", "1-2")
    assert r.exit_code == 2 and "COST:WEIGHT" in r.stderr


def test_check_lists_every_problem_and_exits_1(tmp_path):
    good = [c.serial for c in generate("chk", 60) if not c.is_drone]
    bad = tmp_path / "bad.txt"
    bad.write_text(f"name: B\n2x {good[0]}\nnot-a-serial\n0 {good[1]}\n")
    r = deck_cmd("check", bad)
    assert r.exit_code == 1
    assert r.stdout.splitlines() == [
        f"{bad}:3: bad-serial: " + r.stdout.splitlines()[0].split(": bad-serial: ")[1],
        f"{bad}:4: bad-count: count '0' is not a whole number from 1 to 1,000 (write e.g. '2' or '2x')",
        f"{bad}: deck-size: the deck has 2 cards, not counting 2 lines with errors: a deck holds exactly 54 (52 missing)",
    ]
    r = deck_cmd("check", bad, "--json")
    assert r.exit_code == 1
    data = json.loads(r.stdout)
    assert data["legal"] is False
    assert [(p["code"], p["line"]) for p in data["problems"]] == [("bad-serial", 3), ("bad-count", 4), ("deck-size", None)]


def test_check_legal_and_unreadable(built, tmp_path):
    path, _ = built
    r = deck_cmd("check", path)
    assert r.exit_code == 0 and "legal: 54 cards, 1 Drone" in r.stdout
    assert json.loads(deck_cmd("check", path, "--json").stdout)["legal"] is True
    r = deck_cmd("check", tmp_path / "missing.txt")
    assert r.exit_code == 1 and r.stderr == f"error: deck file '{tmp_path / 'missing.txt'}' does not exist\n"


def test_show_text_and_json(built):
    path, _ = built
    r = deck_cmd("show", path)
    assert r.exit_code == 0 and r.stdout == path.read_text()
    data = json.loads(deck_cmd("show", path, "--json", "--full").stdout)
    assert data["format"] == "cardgen-gyonrg-deck" and data["size"] == 54
    assert all("attack" in c["card"] for c in data["cards"])


def test_print_a_deck_gives_54_cards_on_6_pages(built, tmp_path):
    path, _ = built
    out = tmp_path / "deck.pdf"
    r = deck_cmd("print", path, "-o", out, "--lookup-url", "https://cards.test/c/")
    assert r.exit_code == 0, r.output
    reader = PdfReader(str(out))
    assert len(reader.pages) == 6
    first = read_deck(path).cards[:9]
    text = reader.pages[0].extract_text()
    assert all(c.serial in text for c in first)


def test_print_refuses_an_illegal_deck_unless_forced(tmp_path):
    bad = tmp_path / "short.txt"
    bad.write_text("\n".join(c.serial for c in list(generate("short", 10))) + "\nnope\n")
    out = tmp_path / "short.pdf"
    r = deck_cmd("print", bad, "-o", out)
    assert r.exit_code == 1 and not out.exists()
    assert r.stderr.splitlines()[-1].startswith(f"error: {bad} is not a legal deck")
    assert f"{bad}: deck-size:" in r.stderr
    r = deck_cmd("print", bad, "-o", out, "--force")
    assert r.exit_code == 0, r.output
    assert len(PdfReader(str(out)).pages) == 2
    r = deck_cmd("print", bad, "-o", out, "--grid", "9x9")
    assert r.exit_code == 1 and r.stderr.startswith("error: ") and r.stderr.count("\n") == 1
