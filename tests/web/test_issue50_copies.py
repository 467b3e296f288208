"""Issue 50, the card page's copies allowed at its old cost: the deck checker is asked once per game
and copy kind (DeckKit.copy_kind), so a new card of a kind already asked about costs no deck check,
and the answer is the one the checker gives for that card alone."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from cardgen.web import games as webgames


def _cards(game: str, count: int = 150) -> list[Any]:
    """Cards of `game`: the generator's (a seed of its own) or a fixed family's."""
    kit = webgames.hooks(game).kit
    if kit.generated:
        return list(kit.generate(f"copies-{game}", count, 0))
    return list(kit.fixed_cards().cards)[:count]


@pytest.fixture
def fresh_copies():
    webgames.forget_copies()
    yield
    webgames.forget_copies()


@pytest.mark.parametrize("game", [entry.name for entry in webgames.deck_games()])
def test_every_card_is_allowed_what_its_checker_allows_it_alone(game, fresh_copies):
    kit = webgames.hooks(game).kit
    answers: Counter = Counter()
    for card in _cards(game):
        serial = kit.serial(card)
        alone = webgames.probe_copies(kit.deck, serial)  # the checker asked about this card only
        assert webgames.copies_allowed(game, serial) == alone, (game, serial)
        answers[alone] += 1
    assert answers, game


def test_a_sample_holds_both_gyonrg_kinds_and_both_answers(fresh_copies):
    """The test above sees Drones (3 copies) and other ships (no limit of their own) of Gyon-RG."""
    kit = webgames.hooks("gyonrg").kit
    seen = {webgames.copies_allowed("gyonrg", kit.serial(card)) for card in _cards("gyonrg")}
    assert seen == {None, 3}


def _counting_checks(monkeypatch, game: str) -> list[str]:
    """Record each deck the game's checker is asked about."""
    checker = type(webgames.hooks(game).kit.deck)
    check = checker.check
    asked: list[str] = []

    def counted(self, deck, **options):
        asked.append(deck)
        return check(self, deck, **options)

    monkeypatch.setattr(checker, "check", counted)
    return asked


def test_a_new_card_of_a_kind_already_asked_about_costs_no_deck_check(monkeypatch, fresh_copies):
    kit = webgames.hooks("gyonrg").kit
    cards = _cards("gyonrg")
    ships = [kit.serial(c) for c in cards if not c.is_drone][:3]
    drones = [kit.serial(c) for c in cards if c.is_drone][:3]
    asked = _counting_checks(monkeypatch, "gyonrg")
    assert webgames.copies_allowed("gyonrg", ships[0]) is None and asked
    first = len(asked)
    assert [webgames.copies_allowed("gyonrg", s) for s in ships[1:]] == [None, None] and len(asked) == first
    assert webgames.copies_allowed("gyonrg", drones[0]) == 3 and len(asked) > first
    second = len(asked)
    assert [webgames.copies_allowed("gyonrg", s) for s in drones[1:]] == [3, 3] and len(asked) == second


def test_two_serials_of_one_gogmagog_card_share_the_checkers_answer(monkeypatch, fresh_copies):
    """Serials that differ only in flavour are one card in play (Card.identity): the second costs no check."""
    kit = webgames.hooks("gogmagog").kit
    by_identity: dict[Any, list[str]] = {}
    for card in kit.generate("copies-identity", 2000, 0):
        by_identity.setdefault(card.identity, []).append(kit.serial(card))
    first, second = next(serials for serials in by_identity.values() if len(set(serials)) > 1)[:2]
    assert first != second
    asked = _counting_checks(monkeypatch, "gogmagog")
    assert webgames.copies_allowed("gogmagog", first) == 3 and asked
    done = len(asked)
    assert webgames.copies_allowed("gogmagog", second) == 3 and len(asked) == done


def test_the_card_page_asks_the_checker_once_per_kind(client, monkeypatch, fresh_copies):
    """Pages of three new non-Drone Gyon-RG cards: the deck checker is asked for the first only."""
    kit = webgames.hooks("gyonrg").kit
    ships = [kit.serial(c) for c in kit.generate("copies-pages", 40, 0) if not c.is_drone][:3]
    asked = _counting_checks(monkeypatch, "gyonrg")
    counts = []
    for serial in ships:
        assert "as many copies as the deck holds" in client.get(f"/c/{serial}").text
        counts.append(len(asked))
    assert counts[0] > 0 and counts[1:] == [counts[0], counts[0]]
