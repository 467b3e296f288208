"""Deck counts as every game's deck reader takes them (cardgen.decks): plain ASCII whole numbers,
at most MAX_COUNT copies a line and MAX_CARDS cards a file, kept as counts.

A line `1000000000x SERIAL` made `deck print --force`, `deck build --from` and `deck check
--collection` hold a billion copies (MemoryError); '²x' and 5,000 digits crashed int(). Each is
now a bad-count problem naming the count and the range, and the commands end in one line.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from cardgen import decks
from cardgen.errors import DeckError

ROOT = Path(__file__).resolve().parents[1]
# A card of each game with decks, written as its deck files write it (a Spherion deck names a master).
CARD = {"gyonrg": "A5FK-2A8D-8PV", "gogmagog": "P1VD-5", "spherion": "T0YP-WCC", "ginjontan": "Air-1-yellow"}
HEAD = {"spherion": "master: T0B3-SGN\n"}
HOSTILE = ["²", "٣", "７", "9" * 5000, "0", "-1", "1.5", "1000000000", str(decks.MAX_COUNT + 1)]


def cardgen(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    """`cardgen ARGS` in a process that may use 1.5 GB at most: a deck expanded a copy per card
    fails fast (MemoryError) instead of filling the machine."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1536 * 2**20, 1536 * 2**20))

    env = {**os.environ, "PYTHONPATH": str(ROOT), "CARDGEN_CONFIG": ""}  # this checkout's cardgen, no settings
    return subprocess.run([sys.executable, "-m", "cardgen", *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=120, preexec_fn=limit)  # fmt: skip


def one_line_error(proc: subprocess.CompletedProcess, *needles: str) -> None:
    assert proc.returncode == 1, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr and "MemoryError" not in proc.stderr
    errors = [line for line in proc.stderr.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1, proc.stderr[-2000:]
    for needle in needles:
        assert needle in errors[0]


@pytest.mark.parametrize("game", sorted(CARD))
def test_a_billion_copies_is_a_bad_count_not_a_billion_cards(game, tmp_path):
    big = tmp_path / "big.txt"
    big.write_text(f"{HEAD.get(game, '')}1000000000x {CARD[game]}\n", encoding="utf-8")
    check = cardgen(game, "deck", "check", str(big), "--json", cwd=tmp_path)
    assert check.returncode == 1 and "Traceback" not in check.stderr
    problems = json.loads(check.stdout)["problems"]
    assert any(p["code"] == "bad-count" and "'1000000000'" in p["message"] and "1 to 1,000" in p["message"]
               for p in problems), problems  # fmt: skip
    printed = cardgen(game, "deck", "print", str(big), "--force", "-o", str(tmp_path / "d.pdf"), cwd=tmp_path)
    if printed.returncode:  # nothing readable to print (a Spherion deck still has its master to print)
        one_line_error(printed)
        assert not (tmp_path / "d.pdf").exists()
    else:
        assert "Traceback" not in printed.stderr and (tmp_path / "d.pdf").stat().st_size < 10**6
    one_line_error(cardgen(game, "deck", "build", "--from", str(big), "-o", str(tmp_path / "built.txt"), cwd=tmp_path),
                   "1000000000")
    assert not (tmp_path / "built.txt").exists()


def test_ginjontan_checks_a_deck_against_a_collection_of_a_billion(tmp_path):
    deck, collection = tmp_path / "deck.txt", tmp_path / "collection.txt"
    deck.write_text("Air-1-yellow\n", encoding="utf-8")
    collection.write_text("1000000000x Air-1-yellow\n", encoding="utf-8")
    one_line_error(cardgen("ginjontan", "deck", "check", str(deck), "--collection", str(collection), cwd=tmp_path),
                   "bad-count", "1000000000")


def read(text: str) -> tuple[list, list]:
    _, entries, problems = decks.parse_lines(text, lambda rest: rest.split()[0], "CARD")
    return entries, problems


@pytest.mark.parametrize("count", HOSTILE)
def test_a_count_that_is_no_plain_whole_number_in_range_is_a_bad_count(count):
    entries, problems = read(f"{count}x CARD\n2 OTHER\n")
    assert [e.count for e in entries] == [2]
    (problem,) = problems
    assert problem.code == "bad-count" and problem.line == 1
    assert "1 to 1,000" in problem.message and "\n" not in problem.message and len(problem.message) < 200


def test_counts_stop_at_the_most_a_deck_file_holds():
    full = decks.MAX_CARDS // decks.MAX_COUNT
    entries, problems = read(f"{decks.MAX_COUNT}x CARD\n" * full + "1 ONE MORE\n")
    assert sum(e.count for e in entries) == decks.MAX_CARDS
    assert [(p.code, p.line) for p in problems] == [("bad-count", full + 1)]
    assert f"{decks.MAX_CARDS:,}" in problems[0].message


@pytest.mark.parametrize("count", [10**9, 10**4000, -3, 0, 1.5, True, "3", None, [2]])
def test_a_json_count_that_is_no_whole_number_in_range_is_a_bad_count(count):
    text = json.dumps({"cards": [{"count": count, "serial": "CARD"}, {"count": 2, "serial": "OTHER"}]})
    _, entries, problems = decks.parse_json(text, "fmt", lambda serial: serial)
    assert [e.count for e in entries] == [2]
    assert [p.code for p in problems] == ["bad-count"]
    assert "1 to 1,000" in problems[0].message and len(problems[0].message) < 200


def test_a_deck_past_the_bound_is_never_expanded():
    deck = decks.Deck("huge", (decks.Entry("CARD", 10**9),))
    assert deck.size == 10**9  # counted
    with pytest.raises(DeckError, match="at most 100,000"):
        _ = deck.cards
