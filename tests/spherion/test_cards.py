"""The Spherion card pool: seeded, random access, serials that round-trip and name their game."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from click.testing import CliRunner

from cardgen import serial as serialcodec
from cardgen.cli.main import cli
from cardgen.errors import SerialError
from cardgen.lookup import lookup
from cardgen.spherion.cards import Card, decode, generate, tables


def test_same_seed_same_cards_and_random_access():
    a = list(generate("s", 50))
    assert a == list(generate("s", 50))
    assert list(generate("s", 10, start=40)) == a[40:]
    assert a != list(generate("t", 50))


def test_every_card_round_trips_through_its_serial():
    t = tables()
    for card in generate(1, 400):
        assert decode(card.serial) == card
        assert Card.from_number(t, card.number) == card
        assert decode(card.serial.lower().replace("-", " ")) == card
    # the first and last card of the space too
    for n in (0, t.count - 1, t.offsets[1], t.offsets[2]):
        c = Card.from_number(t, n)
        assert decode(c.serial).number == n


def test_kinds_and_levels_follow_the_table_weights():
    cards = list(generate("shares", 4000))
    kinds = Counter(c.kind_name for c in cards)
    assert 0.55 < kinds["monster"] / 4000 < 0.65  # 60 of 100
    assert 0.21 < kinds["spell"] / 4000 < 0.29  # 25
    monsters = [c for c in cards if c.is_monster]
    assert {c.element for c in monsters} == {"Fire", "Wind", "Earth", "Water", "Void"}
    assert all(1 <= c.level <= 12 for c in monsters)
    low = sum(1 for c in monsters if c.level <= 4) / len(monsters)
    assert 0.6 < low < 0.8  # 46 of 68 by weight
    # ATK grows with the level (the spread and noun can move it by at most 400)
    by_level: dict[int, list[int]] = {}
    for c in monsters:
        by_level.setdefault(c.level, []).append(c.atk)
    means = [sum(v) / len(v) for _, v in sorted(by_level.items())]
    assert means == sorted(means)
    stars = Counter(c.stars for c in cards)
    assert stars[1] > stars[2] > stars[3] > stars[5] > 0


def test_monster_fields_and_spell_effects_are_machine_readable():
    cards = list(generate(7, 500))
    m = next(c for c in cards if c.is_monster and c.level >= 7)
    assert m.tributes == 2 and m.atk > 0 and m.defence >= 0
    d = m.to_dict()
    assert d["kind"] == "monster" and d["level"] == m.level and d["atk"] == m.atk
    spell = next(c for c in cards if c.kind_name == "spell")
    d = spell.to_dict()
    assert d["effect"]["kind"] in ("atk_up", "def_up", "wall_cross", "summon_points", "move_points", "draw", "heal")
    assert d["condition"]["kind"] in ("always", "lp_at_most", "turn_at_least", "behind")
    trap = next(c for c in cards if c.kind_name == "trap")
    assert trap.to_dict()["effect"]["kind"] in ("destroy", "weaken", "bounce", "drain")
    relic = next(c for c in generate(7, 3000) if c.relic)
    assert relic.name.startswith("Godai ") and "five elements" in relic.effect_text()


def test_serials_say_their_game():
    card = next(iter(generate(2, 1)))
    assert card.serial[0] == "T"
    found = lookup(card.serial)
    assert found.game == "spherion" and found.serial == card.serial and found.data["name"] == card.name
    # a Gyon-RG serial still decodes as Gyon-RG, and is refused by name here
    assert lookup("A7QH-ANSG-2XE").game == "gyonrg"
    with pytest.raises(SerialError, match="is a Gyon-RG card, not a Spherion card"):
        decode("A7QH-ANSG-2XE")
    typo = card.serial[:-1] + ("0" if card.serial[-1] != "0" else "1")
    with pytest.raises(SerialError, match="fails its check character"):
        decode(typo)
    t = tables()
    too_big = serialcodec.encode("T", t.count, t.serial_length)
    with pytest.raises(SerialError, match="out of range"):
        decode(too_big)
    with pytest.raises(SerialError, match="bad character"):
        decode("Ｔ0XC-RJE")


def test_generate_and_lookup_commands():
    r = CliRunner().invoke(cli, ["spherion", "generate", "-s", "9", "-n", "3", "--format", "json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert [d["serial"] for d in data] == [c.serial for c in generate(9, 3)]
    r = CliRunner().invoke(cli, ["spherion", "generate", "-s", "9", "-n", "3", "--format", "csv"])
    assert r.exit_code == 0 and r.output.splitlines()[0].startswith("serial,name,kind")
    r = CliRunner().invoke(cli, ["spherion", "lookup", data[0]["serial"], "--json"])
    assert r.exit_code == 0 and json.loads(r.output)["name"] == data[0]["name"]
    r = CliRunner().invoke(cli, ["spherion", "lookup", "nonsense!"])
    assert r.exit_code == 1 and "bad character" in r.output and "Traceback" not in r.output
    r = CliRunner().invoke(cli, ["spherion", "generate", "-n", "abc"])
    assert r.exit_code == 2
