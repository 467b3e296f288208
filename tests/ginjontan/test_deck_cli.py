"""Gin-jon-tan decks and the `cardgen ginjontan` commands: formats round-trip, problems with lines
and codes, clear errors for bad input, the tournament rating."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from click.testing import CliRunner

from cardgen.cli.main import cli
from cardgen.ginjontan import deck as decks
from cardgen.ginjontan.cards import DEFEAT, tables
from cardgen.ginjontan.tournament import place_points


def run(*args):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_built_decks_are_legal_and_round_trip_through_the_text_format():
    for seed in ("a", "b", 7):
        d, reasons = decks.build_deck(decks.collection_from_seed(seed), name=f"s{seed}")
        assert d.size == 33 and decks.check_deck(d) == [] and reasons
        back = decks.parse_deck(decks.format_deck(d))
        assert back.cards == d.cards and back.name == d.name and not back.errors


def test_built_decks_are_real_and_varied_for_seeds_1_to_20():
    # the deck most people play first: legal, many symbols and colours, no Defeat, and not the same
    # deck for every seed (issue 35: another game's builder gave every seed the same spells)
    t = tables()
    built = [decks.build_deck(decks.collection_from_seed(seed))[0] for seed in range(1, 21)]
    for d in built:
        assert d.size == 33 and decks.check_deck(d) == []
        assert len({t.sym_of[c] for c in d.cards}) >= 5 and len({t.col_of[c] for c in d.cards}) >= 5
        assert not any(t.kind_of[c] == DEFEAT for c in d.cards)
        assert max(Counter(t.sym_of[c] for c in d.cards).values()) <= 10  # no deck of one symbol
    assert max(len(set(a.cards) & set(b.cards)) for i, a in enumerate(built) for b in built[i + 1:]) <= 3


def test_every_problem_has_its_line_and_code():
    text = "name: x\n2x Sun-7-blue\n0 Moon-1-red\nfoo-1-red\n# fine\nSun-7-blue  again\n"
    problems = decks.check_deck(decks.parse_deck(text))
    assert [(p.code, p.line) for p in problems] == [("duplicate", 2), ("bad-count", 3), ("bad-card", 4),
                                                    ("duplicate", 6), ("deck-size", None)]
    assert all(p.code in decks.CODES for p in problems)


def test_a_collection_allows_duplicates_it_holds():
    col = decks.parse_deck("2x Sun-7-blue\n" + "\n".join(f"Moon-{n}-red" for n in range(1, 32)))
    ok = decks.parse_deck("2x Sun-7-blue\n" + "\n".join(f"Moon-{n}-red" for n in range(1, 32)))
    assert decks.check_deck(ok, col) == []
    three = decks.parse_deck("3x Sun-7-blue\n" + "\n".join(f"Moon-{n}-red" for n in range(1, 31)))
    assert [p.code for p in decks.check_deck(three, col)] == ["not-in-collection"]


def test_score_command_text_json_and_explain():
    r = run("ginjontan", "score", "Sun-7-blue Sun-9-blue Moon-9-red")
    assert r.exit_code == 0 and r.output.strip() == "313,632 (set of 2)"
    data = json.loads(run("ginjontan", "score", "Sun-7-blue,Sun-9-blue,Bonus-2-red", "--json").output)
    assert data["value"] == 942_084 and data["combination"] == "set of 2"
    assert "x2 (pair)" in run("ginjontan", "score", "Sun-7-blue Sun-9-blue", "--explain").output


@pytest.mark.parametrize("hand", ["Sun-7-bleu", "", "Sun-7-blue " * 10, "\x00\x01", "Ｓun-7-blue"])
def test_bad_hands_are_one_line_errors(hand):
    r = CliRunner().invoke(cli, ["ginjontan", "score", hand])
    assert r.exit_code == 1 and "Traceback" not in r.output
    assert len(r.output.strip().splitlines()) == 1 and r.output.startswith("error: ")


def test_deck_commands(tmp_path):
    path = tmp_path / "a.txt"
    r = run("ginjontan", "deck", "build", "--seed", "3", "-o", str(path))
    assert r.exit_code == 0 and "legal" in r.output
    assert run("ginjontan", "deck", "check", str(path)).exit_code == 0
    shown = run("ginjontan", "deck", "show", str(path), "--json")
    assert json.loads(shown.output)["size"] == 33
    bad = tmp_path / "bad.txt"
    bad.write_text("Sun-7-blue\nSun-7-blue\nnope\n")
    r = CliRunner().invoke(cli, ["ginjontan", "deck", "check", str(bad)])
    assert r.exit_code == 1 and f"{bad}:2: duplicate" in r.output and f"{bad}:3: bad-card" in r.output
    r = CliRunner().invoke(cli, ["ginjontan", "deck", "check", str(tmp_path)])  # a directory
    assert r.exit_code in (1, 2) and "Traceback" not in r.output


def test_deck_print_writes_a_pdf(tmp_path):
    path = tmp_path / "a.txt"
    run("ginjontan", "deck", "build", "--seed", "3", "-o", str(path))
    pdf = tmp_path / "a.pdf"
    r = run("ginjontan", "deck", "print", str(path), "-o", str(pdf), "--backs", "long-edge")
    assert r.exit_code == 0 and pdf.read_bytes()[:5] == b"%PDF-"
    cmyk = tmp_path / "c.pdf"
    assert run("ginjontan", "deck", "print", str(path), "-o", str(cmyk), "--colour", "cmyk").exit_code == 0


def test_card_and_lookup_commands():
    r = run("ginjontan", "card", "Sun-7-blue", "--json")
    data = json.loads(r.output)
    assert data["value"] == 2079 and data["overcomes"] == ["Night", "Coldness"]
    assert "Sun-7-blue" in run("lookup", data["serial"]).output


def test_place_points_follow_the_rulebook():
    assert place_points([60, 50, 40, 30, 20, 10]) == [15, 12, 9, 6, 3, 1]
    assert place_points([5, 9]) == [1, 3]
    assert place_points([10, 10, 3]) == [6, 6, 1]  # equal scores share the better place


def test_tournament_prints_a_rating_table():
    r = run("ginjontan", "tournament", "--players", "3", "--games", "2", "--bots", "random,greedy,random",
            "--rounds", "1", "--seed", "4", "--json", "--no-progress")
    table = json.loads(r.output)
    rows = table["table"]
    assert len(rows) == 3 and sum(x["tier_points"] for x in rows) == 2 * (6 + 3 + 1)
    assert [x["tier_points"] for x in rows] == sorted((x["tier_points"] for x in rows), reverse=True)
