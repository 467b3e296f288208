"""Gog & Magog cards: seeded, random access, exact rarity, serials that round-trip and are checked."""

from __future__ import annotations

import shutil
from collections import Counter

import pytest

from cardgen import games
from cardgen.errors import SerialError, TableError
from cardgen.gogmagog import cards as gm
from cardgen.gogmagog.generator import generate
from cardgen.gyonrg.cards import decode as gyonrg_decode
from cardgen.gyonrg.generator import generate as gyonrg_generate


def test_same_seed_same_cards_and_random_access():
    a = list(generate("x", 50))
    assert a == list(generate("x", 50))
    assert list(generate("x", 10, start=40)) == a[40:]
    assert a != list(generate("y", 50))


def test_every_serial_round_trips_and_lookup_finds_it():
    ed = gm.current()
    for card in ed.cards():
        assert gm.decode(card.serial) == card
    card = ed.card(1234)
    found = games.owner_of_serial(card.serial.replace("-", "")).lookup_serial(card.serial.lower())
    assert found.game == "gogmagog" and found.serial == card.serial and card.name in found.text


def test_gyonrg_serials_keep_decoding_and_are_refused_here():
    serial = next(gyonrg_generate(7, 1)).serial
    assert gyonrg_decode(serial).serial == serial
    with pytest.raises(SerialError, match="is a Gyon-RG card, not a Gog & Magog card"):
        gm.decode(serial)
    ours = gm.current().card(5).serial
    with pytest.raises(SerialError, match="Gog & Magog card, not a Gyon-RG card"):
        gyonrg_decode(ours)


@pytest.mark.parametrize("bad,match", [("P1AJ-Y", "check character"), ("PＡ1J", "bad character"), ("", "too short"),
                                        ("P1AJZ1", "has 6 characters; edition P serials have 5")])
def test_bad_serials_say_what_is_wrong(bad, match):
    with pytest.raises(SerialError, match=match):
        gm.decode(bad)


def test_kinds_follow_their_weights_and_costs_follow_strength():
    ed = gm.current()
    drawn = Counter(c.kind_name for c in generate(3, 4000))
    weights = dict(zip(gm.KINDS, ed.kind_weights))
    for kind, w in weights.items():
        assert abs(drawn[kind] / 4000 - w / sum(weights.values())) < 0.03
    for c in ed.cards():
        assert c.cost >= 1 if c.is_creature else c.cost == c.effect.cost
        if c.kind == 0:
            assert c.cost == max(1, (c.attack + c.defence) // 2 - 1)


def test_probabilities_sum_to_one_and_stars_follow_rarity():
    ed = gm.current()
    cards = ed.cards()
    assert sum(c.weight for c in cards) == ed.total_weight
    by_weight = sorted(cards, key=lambda c: -c.weight)
    assert [c.stars for c in by_weight] == sorted(c.stars for c in by_weight), "rarer cards never have fewer stars"
    assert {c.stars for c in cards} == {1, 2, 3, 4, 5}


def test_a_broken_table_names_file_and_key(tmp_path):
    shutil.copytree(gm.tables_dir(), tmp_path / "t")
    path = tmp_path / "t" / "spells.toml"
    path.write_text(path.read_text().replace('effect = "drain"', 'effect = "explode"', 1))
    with pytest.raises(TableError, match=r"spells.toml: spell\[2\].effect: expected one of tokens"):
        gm.load(tmp_path / "t")
    meta = tmp_path / "t" / "meta.toml"
    path.write_text(path.read_text().replace('effect = "explode"', 'effect = "drain"'))
    meta.write_text(meta.read_text().replace('edition = "P"', 'edition = "A"'))
    with pytest.raises(TableError, match="Gog & Magog edition letters P, Q, R, S"):
        gm.load(tmp_path / "t")
