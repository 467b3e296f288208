"""Issue 39: every request's work is bounded. A deck is kept as counts and refused by its size
before any copy per card is made (a line of 1,000 copies on 100 lines made every game's web deck
code expand 100,000 cards, and POST /deck/pdf expanded the deck before refusing it)."""

from __future__ import annotations

import pytest

from cardgen.web import games as webgames

EXAMPLE_SERIALS = {"gyonrg": "A7QH-ANSG-2XE", "gogmagog": "P1AJ-Z", "ginjontan": "J2GW-E"}


@pytest.fixture
def no_expansion(monkeypatch):
    """Every game's deck expansion (a copy per card) fails the test when a deck over 1,000 cards is expanded."""
    expanded: list[int] = []
    for entry in webgames.deck_games():
        kit = webgames.hooks(entry.name).kit.deck
        original = type(kit).cards

        def spy(self, deck, original=original):
            size = sum(line.count for line in self.lines(deck))
            expanded.append(size)
            assert size <= 1_000, f"a deck of {size:,} cards was expanded"
            return original(self, deck)

        monkeypatch.setattr(type(kit), "cards", spy)
    return expanded


@pytest.mark.parametrize("game", sorted(EXAMPLE_SERIALS))
@pytest.mark.parametrize("path", ["/deck", "/deck/pdf"])
def test_a_huge_deck_is_refused_by_its_count_before_it_is_expanded(client, no_expansion, game, path):
    text = f"1000 {EXAMPLE_SERIALS[game]}\n" * 100  # 100,000 cards: the most a deck file may hold
    r = client.post(path, data={"deck": text, "game": game, "force": "1", "paper": "a4"})
    # Not legal (issue 50: the same bad-count as a line of 1,001 copies), and no PDF.
    assert r.status_code == 422
    assert "100,000 in all" in r.text and "at most 1,000" in r.text


@pytest.mark.parametrize("game", sorted(EXAMPLE_SERIALS))
def test_a_pdf_past_the_print_limit_is_refused_before_it_is_expanded(client, no_expansion, game):
    text = f"300 {EXAMPLE_SERIALS[game]}\n"
    r = client.post("/deck/pdf", data={"deck": text, "game": game, "force": "1", "paper": "a4"})
    # An illegal deck gets no PDF at all, forced or not (the deck page of issue 39).
    assert r.status_code == 422 and "no PDF was made" in r.text
    assert no_expansion == []


def test_a_count_of_twenty_digits_is_a_problem_not_a_server_load(client):
    for path in ("/deck", "/deck/pdf"):
        r = client.post(path, data={"deck": "99999999999999999999 A7QH-ANSG-2XE", "game": "gyonrg", "force": "1"})
        assert r.status_code == 422
    assert "is not a whole number from 1 to 1,000" in client.post("/deck", data={"deck": "99999999999999999999 A7QH-ANSG-2XE"}).text
