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


def _plain(t, u: int) -> tuple[int, tuple[int, ...], int, int]:
    """A card's draw split the plain way (the module's doc): kind, then one option per attribute by
    cumulative weight, the first attribute least significant; with the card's number and weight."""
    u, x = divmod(u, sum(t.kind_weights))
    kind = next(k for k in range(3) if x < sum(t.kind_weights[: k + 1]))
    choices, number, weight = [], 0, t.scale[kind]
    for a in t.by_kind[kind]:
        u, x = divmod(u, a.total)
        c = next(i for i in range(len(a)) if x < sum(o.weight for o in a.options[: i + 1]))
        choices.append(c)
        number, weight = number * len(a) + c, weight * a.options[c].weight
    return kind, tuple(choices), t.offsets[kind] + number, weight


def test_each_card_is_its_draw_split_by_mixed_radix():
    """The generator reads neighbouring attributes from one table (cards.TABLE_SPAN): each card is still
    its kind and the option of every attribute picked by its own share of the draw."""
    from cardgen import rng

    t = tables()
    for seed, count, start in (("mixed", 3000, 0), (7, 500, 10**12)):
        draws = rng.uniform_draws(seed, ("spherion", t.letter, "card"), start, count, t.total_weight)
        for card, u in zip(generate(seed, count, start), draws, strict=True):
            assert (card.kind, card.choices, card.number, card.weight) == _plain(t, u)


def test_any_table_sizes_split_the_same_way():
    """Tables of other sizes group their attributes otherwise (one alone, one too large for a table and
    read by bisection, between two groups): the cards are still the plain split of the draw."""
    import math
    import random

    from cardgen.spherion.cards import TABLE_SPAN, Attribute, Option, _drawer

    rnd = random.Random(5)

    def attribute(n: int, most: int) -> Attribute:
        return Attribute("a", tuple(Option(str(i), rnd.randint(1, most)) for i in range(n)))

    class Fake:  # what the generator reads of the tables
        letter = "Z"
        kind_weights = (7, 2, 5)
        by_kind = (tuple(attribute(n, w) for n, w in [(3, 7), (40, 3000), (2, 1), (9, 40_000), (5, 9), (300, 250), (1, 1)]),
                   tuple(attribute(n, w) for n, w in [(12, 4)]),
                   tuple(attribute(n, w) for n, w in [(600, 1000), (2, 3)]))  # fmt: skip

    fake = Fake()
    assert max(a.total for attrs in fake.by_kind for a in attrs) > TABLE_SPAN
    totals = [math.prod(a.total for a in attrs) for attrs in fake.by_kind]
    lcm = math.lcm(*totals)
    fake.scale = tuple(kw * (lcm // tot) for kw, tot in zip(fake.kind_weights, totals))
    counts = [math.prod(len(a) for a in attrs) for attrs in fake.by_kind]
    fake.offsets = (0, counts[0], counts[0] + counts[1])
    fake.total_weight = sum(fake.kind_weights) * lcm
    draws = [rnd.randrange(1 << 256) for _ in range(3000)] + [0, fake.total_weight - 1]
    for card, u in zip(_drawer(fake)(draws), draws, strict=True):
        assert (card.kind, card.choices, card.number, card.weight) == _plain(fake, u)
