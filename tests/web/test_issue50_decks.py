"""Issue 50: one deck limit, the same for one line and for the whole deck, on the page and in the
API, with the number in the README; a count written '1e3' is named as a count."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

ONE_LINE = "1001 P1VD-5\n"
TWO_LINES = "600 P1VD-5\n600 P1AJ-Z\n"


@pytest.mark.parametrize("text", [ONE_LINE, TWO_LINES])
def test_a_deck_past_the_limit_is_one_problem_however_its_lines_get_there(client, text):
    body = client.post("/api/deck", json={"deck": text, "game": "gogmagog"})
    assert body.status_code == 200 and body.json()["legal"] is False
    problems = body.json()["problems"]
    assert problems[0]["code"] == "bad-count" and problems[0]["line"] == text.count("\n") and "1,000" in problems[0]["message"]
    page = client.post("/deck", data={"deck": text, "game": "gogmagog"})
    assert page.status_code == 422 and problems[0]["message"].replace("'", "&#39;") in page.text


def test_the_limit_is_the_one_the_readme_states():
    from cardgen import decks
    from cardgen.web.app import MAX_DECK_CARDS

    assert MAX_DECK_CARDS == decks.MAX_COUNT
    readme = " ".join((Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8").split())
    assert f"at most {MAX_DECK_CARDS:,} cards" in readme and f"at most {decks.MAX_COUNT:,} copies" in readme


@pytest.mark.parametrize("count", ["1e3", "1E3x", "2.5e1"])
def test_a_count_written_as_a_float_is_named_as_a_bad_count(client, tmp_path, count):
    body = client.post("/api/deck", json={"deck": f"{count} P1VD-5\n", "game": "gogmagog"}).json()
    assert [(p["code"], p["line"]) for p in body["problems"]][:1] == [("bad-count", 1)]
    assert f"count {count.rstrip('x')!r}" in body["problems"][0]["message"]
    assert "check character" not in " ".join(p["message"] for p in body["problems"])
    from cardgen.cli.main import cli

    deck = tmp_path / "deck.txt"
    deck.write_text(f"{count} P1VD-5\n", encoding="utf-8")
    run = CliRunner().invoke(cli, ["gogmagog", "deck", "check", str(deck)])
    assert "bad-count" in run.output and "check character" not in run.output
