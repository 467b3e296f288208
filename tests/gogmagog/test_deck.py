"""Gog & Magog deck files: the text format and JSON round-trip, every problem with its line and code, the builder."""

from __future__ import annotations

from collections import Counter

import pytest

from cardgen.errors import DeckError
from cardgen.gogmagog import deck as decks
from cardgen.gogmagog.cards import current
from cardgen.gyonrg.generator import generate as gyonrg_generate


def test_built_decks_are_legal_and_round_trip():
    for seed, guilds in (("a", None), ("b", ["tide", "Grove"]), (3, ["Storm"])):
        deck, reasons = decks.build_deck(seed, guilds=guilds)
        assert decks.check_deck(deck) == [] and deck.size == 30
        assert len(reasons) >= 5
        assert decks.parse_deck(decks.format_deck(deck)).cards == deck.cards
        assert decks.parse_deck(decks.format_deck_json(deck)).cards == deck.cards
        if guilds:
            assert {c.guild.name.lower() for c in deck.cards} <= {g.lower() for g in guilds}
        assert deck.resources == 4 and deck.kinds()["spell"] == 6
        assert deck.cards == decks.build_deck(seed, guilds=guilds)[0].cards, "deterministic"


def test_the_curve_shapes_the_creatures():
    deck, _ = decks.build_deck("c", curve={1: 1, 2: 1})
    creatures = [c for c in deck.cards if c.is_creature]
    assert sum(1 for c in creatures if c.cost == 1) == 10 and sum(1 for c in creatures if c.cost >= 2) == 10


def test_every_problem_has_its_line_and_code():
    ed = current()
    card = ed.card(10)
    res = next(c for c in ed.cards() if c.kind == 3)
    other = next(gyonrg_generate(1, 1)).serial
    text = "\n".join(["name: test", "# comment", f"4x {card.serial}", "3 nonsense", f"0x {card.serial}", f"1 {other}",
                      f"7 {res.serial}", "name: again", "header: x"])
    problems = decks.check_deck(decks.parse_deck(text))
    got = [(p.code, p.line) for p in problems]
    assert got == [("too-many-copies", 3), ("bad-serial", 4), ("bad-count", 5), ("bad-serial", 6),
                   ("too-many-copies", 7), ("too-many-resources", 7), ("bad-line", 8), ("bad-line", 9), ("deck-size", None)]
    assert all(p.code in decks.CODES for p in problems)
    assert "Gyon-RG card" in problems[3].message


def test_serials_with_spaces_urls_and_free_text():
    card = current().card(99)
    compact = card.serial.replace("-", "")
    text = f"2 {compact[:3]} {compact[3:]}  free text\nhttps://x.example/c/{card.serial}\n"
    deck = decks.parse_deck(text)
    assert deck.errors == () and deck.cards == [card] * 3


def test_bad_json_is_a_problem_not_a_crash():
    for text in ("{", '{"cards": 3}', '{"format": "other", "cards": []}', '{"cards": [{"serial": 5}, {"serial": "P1AJ-Z", "count": -1}]}'):
        problems = decks.check_deck(decks.parse_deck(text))
        assert problems and {p.code for p in problems} <= {"bad-json", "bad-count", "deck-size"}


def test_rules_are_options_and_the_builder_refuses_what_it_cannot_do(tmp_path):
    deck, _ = decks.build_deck("a")
    small = decks.DeckRules(size=20, max_copies=2, max_resources=1)
    codes = {p.code for p in decks.check_deck(deck, small)}
    assert codes == {"deck-size", "too-many-copies", "too-many-resources"}
    with pytest.raises(DeckError, match="resource count 9 is out of range"):
        decks.build_deck("a", resources=9)
    tiny = decks.Deck.from_cards(deck.cards[:10], source="tiny.txt")
    with pytest.raises(DeckError, match="not enough"):
        decks.build_deck(pool=tiny)
    with pytest.raises(DeckError, match="unknown guild 'fire'"):
        decks.build_deck("a", guilds=["fire"])
    with pytest.raises(DeckError, match="does not exist"):
        decks.read_deck(tmp_path / "missing.txt")
    with pytest.raises(DeckError):
        decks.read_deck(tmp_path)
    assert decks.parse_curve(decks.format_curve(decks.DEFAULT_CURVE)) == decks.DEFAULT_CURVE
    with pytest.raises(DeckError, match="COST:WEIGHT"):
        decks.parse_curve("1-3")


def test_a_default_build_keeps_its_creatures_varied_and_rush_is_asked_for():
    """Issue 35: seed 1's deck held 16 instant attackers of 20 creatures. A default build keeps any
    one ability (or none) to at most half its creatures; --strategy rush is the instant-attack race."""
    for seed in range(1, 21):
        deck, reasons = decks.build_deck(seed)
        creatures = [c for c in deck.cards if c.is_creature]
        shares = Counter(decks.ability_of(c) for c in creatures)
        assert max(shares.values()) <= len(creatures) // 2, (seed, shares)
        assert decks.check_deck(deck) == [] and any(r.startswith("strategy: varied") for r in reasons)
    rush, reasons = decks.build_deck(1, strategy="rush")
    instant = sum(1 for c in rush.cards if c.is_creature and c.instant)
    assert instant > 10 and decks.check_deck(rush) == [], "rush: more than half instant attackers"
    with pytest.raises(DeckError, match="unknown strategy 'slow'"):
        decks.build_deck(1, strategy="slow")


def test_the_cap_gives_way_only_when_the_collection_has_too_few_kinds():
    # eight different cards in play (serials that differ only in their noun are one card)
    instant = list({c.identity: c for c in reversed(current().cards()[:5000])
                    if c.is_creature and c.instant and c.guild.name == "Ember"}.values())[:8]
    well = next(c for c in current().cards() if c.kind == 3 and c.effect.effect == "mana")
    deck, reasons = decks.build_deck(pool=instant * 3 + [well] * 3, spells=0, resources=3, guilds=("Ember",),
                                     rules=decks.DeckRules(size=20))  # fmt: skip
    assert deck.size == 20 and all(c.instant for c in deck.cards if c.is_creature)
    assert any("past that cap: the pool has too few other kinds" in r for r in reasons)


def test_copies_are_counted_by_the_card_in_play_not_by_serial():
    # seed 6's pool holds "Ember Hornrat" and "Ember Mailboar" under two serials each (only the noun
    # differs); the builder once took 4 and 6 of them and the check called the deck legal
    ed = current()
    deck, _ = decks.build_deck(6)
    per_card = Counter()
    for e in deck.entries:
        per_card[e.card.identity] += e.count
    assert max(per_card.values()) <= 3
    hornrats = [c for c in ed.cards() if c.name == "Ember Hornrat"]
    assert len(hornrats) >= 2 and len({c.identity for c in hornrats}) == 1
    one, two = hornrats[0], hornrats[1]
    text = f"3 {one.serial}\n1 {two.serial}\n"
    problems = decks.check_deck(decks.parse_deck(text), decks.DeckRules(size=4))
    assert [(p.code, p.line) for p in problems] == [("too-many-copies", 2)]
    message = problems[0].message
    assert "4 copies of Ember Hornrat" in message and f"{one.serial} (line 1)" in message and f"{two.serial} (line 2)" in message
    # cards that differ in play stay apart, whatever their names share
    other = next(c for c in ed.cards() if c.is_creature and c.guild == one.guild and c.identity != one.identity)
    assert decks.check_deck(decks.parse_deck(f"3 {one.serial}\n3 {other.serial}\n"), decks.DeckRules(size=6)) == []
