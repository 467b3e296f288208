"""`generate --format json|csv` writes a card's row from cached parts (cardgen.cardlines.Parts): the
bytes are those of encoding every card whole, as the writer did before (issue 51)."""

from __future__ import annotations

import csv
import io
import json

import pytest

from cardgen import games
from cardgen.cardlines import Part, Parts, _write

GENERATED = [e.name for e in games.registry().entries() if e.kit and games.game(e.name).load_kit().generated]


def plain(cards, fmt: str, kit) -> str:
    """What the writer wrote before the parts: json.dumps of each to_dict, csv.DictWriter of each csv_row."""
    out = io.StringIO()
    if fmt == "json":
        out.write("[")
        for i, card in enumerate(cards):
            out.write(("," if i else "") + "\n  " + json.dumps(card.to_dict(), ensure_ascii=False))
        out.write("\n]\n")
    else:
        w = csv.DictWriter(out, fieldnames=list(kit.csv_fields), lineterminator="\n")
        w.writeheader()
        for card in cards:
            w.writerow(kit.csv_row(card))
    return out.getvalue()


def written(kit, cards, fmt: str, parts=None) -> str:
    out = io.StringIO()
    _write(cards, fmt, out, kit.summary, "", kit.csv_fields, kit.csv_row if kit.csv_fields else None,
           parts if parts is not None else kit.text_parts)  # fmt: skip
    return out.getvalue()


@pytest.mark.parametrize("game", GENERATED)
@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_the_bytes_are_those_of_every_card_encoded_whole(game, fmt):
    kit = games.game(game).load_kit()
    if fmt == "csv" and not kit.csv_fields:
        pytest.skip(f"{game} has no csv")
    for seed, count in (("1", 3000), ("pack", 700), (42, 1)):
        cards = list(kit.generate(seed, count, 0))
        assert written(kit, cards, fmt) == plain(cards, fmt, kit)
    assert written(kit, [], fmt) == plain([], fmt, kit)


def test_gyonrg_rows_are_made_from_parts():
    kit = games.game("gyonrg").load_kit()
    assert kit.text_parts is not None and kit.text_parts.json and kit.text_parts.csv


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_a_new_ship_goal_or_weight_is_encoded_from_its_own_fields(fmt, monkeypatch):
    """Most Gyon-RG cards bring a ship, goal or weight not met before: the text of such a part is made
    from the card's fields for it (Part.row), not from the card's whole row, which the writer builds
    only for the first cards it checks and the few elements and deploy sides."""
    from cardgen.cardlines import CHECKED
    from cardgen.gyonrg import edition as editions
    from cardgen.gyonrg.cards import Card

    kit = games.game("gyonrg").load_kit()
    cards = list(kit.generate("rows", 3000, 0))
    whole = 0
    to_dict = Card.to_dict

    def counted(self, **kw):
        nonlocal whole
        whole += 1
        return to_dict(self, **kw)

    monkeypatch.setattr(Card, "to_dict", counted)
    text = written(kit, cards, fmt)
    monkeypatch.setattr(Card, "to_dict", to_dict)
    assert text == plain(cards, fmt, kit)
    elements = len(editions.current().elements)
    assert whole <= CHECKED + elements + 4 * 2**elements  # the cards checked, then a new element or deploy side


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_parts_that_give_other_text_are_not_used(fmt):
    """A part whose key leaves out what its text depends on (here: the ship's name keyed by the
    element alone) would give one ship's name to every card of an element: the writer sees it on
    the first cards and encodes every card whole."""
    kit = games.game("gyonrg").load_kit()
    good = kit.text_parts
    element = (0,)

    def wrong(parts):
        return tuple(Part(p.fields, element if p.fields == ("edition", "name") else p.at, p.value, p.inner) for p in parts)

    bad = Parts(good.vector, json=wrong(good.json), csv=wrong(good.csv))
    cards = list(kit.generate("x", 500, 0))
    assert written(kit, cards, fmt, bad) == plain(cards, fmt, kit)


def test_parts_that_do_not_cover_the_row_are_not_used():
    kit = games.game("gyonrg").load_kit()
    short = Parts(kit.text_parts.vector, json=kit.text_parts.json[:-1])  # the statistics left out
    cards = list(kit.generate("y", 100, 0))
    assert written(kit, cards, "json", short) == plain(cards, "json", kit)


def test_spherion_rows_say_what_the_card_says():
    """Spherion's to_dict reads a monster's options once and a weight's statistics once per weight:
    each row still says what the card's own properties say, deck masters included."""
    from cardgen.spherion.cards import RARITIES

    kit = games.game("spherion").load_kit()
    cards = list(kit.generate("rows", 400, 0))
    cards += [c.as_master() for c in cards if c.is_monster][:40]
    for card in cards:
        d = card.to_dict()
        assert (d["serial"], d["name"], d["kind"], d["text"]) == (card.serial, card.name, card.kind_name, card.effect_text())
        assert (d["stars"], d["rarity"]) == (card.stars, RARITIES[card.stars - 1])
        assert (d["probability"], d["odds"]) == (str(card.probability), f"1 in {card.odds:,}")
        assert d.get("deck_master", False) == card.master
        if card.is_monster:
            assert [d[k] for k in ("element", "reading", "level", "atk", "defence", "tributes", "fusion", "relic")] == [
                card.element, card.reading, card.level, card.atk, card.defence, card.tributes, card.fusion, card.relic]
        assert "probability" not in card.to_dict(statistics=False)


def test_spherion_serials_are_those_of_the_serial_codec():
    from cardgen import serial as serialcodec
    from cardgen.spherion.cards import tables

    t = tables()
    for number in (0, 1, 31, 32, 1023, 1024, t.count // 3, t.count - 1, t.count, 32**t.serial_length - 1):
        assert t.encode_serial(number) == serialcodec.encode(t.letter, number, t.serial_length)
    with pytest.raises(ValueError, match="does not fit"):
        t.encode_serial(32**t.serial_length)


@pytest.mark.parametrize("game", GENERATED)
def test_the_bytes_hold_from_any_start(game):
    kit = games.game(game).load_kit()
    for fmt in ("json", "csv") if kit.csv_fields else ("json",):
        cards = list(kit.generate("start", 900, 123_456))
        assert written(kit, cards, fmt) == plain(cards, fmt, kit)


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_spherion_rows_are_made_from_parts_once_per_card(fmt, monkeypatch):
    """Spherion's rows come from parts (the serial, what the card is, its weight's statistics): a card
    not met before costs its serial and at most a body of its own, never the whole row past the cards
    the writer checks; a card met again reuses its line (kept by its number and deck-master mark),
    monsters, spells, traps and deck masters alike."""
    from cardgen.cardlines import CHECKED
    from cardgen.spherion.cards import Card

    kit = games.game("spherion").load_kit()
    cards = list(kit.generate("rows", 1500, 0))
    cards += [c.as_master() for c in cards if c.is_monster][:50]
    cards += cards[::3]  # cards met again
    assert {c.kind for c in cards} == {0, 1, 2}
    whole, vectors = 0, 0
    to_dict, vector = Card.to_dict, kit.text_parts.vector

    def counted(self, **kw):
        nonlocal whole
        whole += 1
        return to_dict(self, **kw)

    def counted_vector(card):
        nonlocal vectors
        vectors += 1
        return vector(card)

    parts = Parts(counted_vector, json=kit.text_parts.json, csv=kit.text_parts.csv, kept=kit.text_parts.kept)
    monkeypatch.setattr(Card, "to_dict", counted)
    text = written(kit, cards, fmt, parts)
    monkeypatch.setattr(Card, "to_dict", to_dict)
    assert text == plain(cards, fmt, kit)
    assert whole <= CHECKED
    assert vectors <= CHECKED + len({(c.number, c.master) for c in cards}) < len(cards)

