"""Seeded generation: reproducible, random access, valid cards."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter

from cardgen.gyonrg import edition as editions
from cardgen.gyonrg.cards import Card
from cardgen.gyonrg.generator import generate
from tests.conftest import GOLDEN

ED = editions.current()


def test_same_seed_same_cards_and_random_access():
    a = list(generate(99, 50))
    b = list(generate(99, 50))
    assert a == b
    assert list(generate(99, 10, start=40)) == a[40:50]
    assert list(generate(98, 50)) != a
    assert list(generate("99", 5)) == a[:5]  # "99" and 99 are the same seed


def test_each_card_is_its_draw_split_by_mixed_radix():
    """The generator reads neighbouring attributes from one table (generator.TABLE_SPAN): each card is
    still the option of every attribute picked by its own share of the draw, the last attribute
    least significant, as the module's doc says, with the number and weight of those choices."""
    from cardgen import rng

    assert any(a.total > 1 << 16 for a in ED.attributes)  # an attribute read by bisection, as well as tables
    for seed, count, start in (("mixed", 3000, 0), (7, 500, 10**12)):
        draws = rng.uniform_draws(seed, ("gyonrg", ED.letter, "card"), start, count, ED.total_weight)
        for card, u in zip(generate(seed, count, start), draws, strict=True):
            r, picks = u % ED.total_weight, []
            for a in reversed(ED.attributes):
                r, x = divmod(r, a.total)
                picks.append(a.pick(x))
            expected = Card.from_choices(ED, reversed(picks))
            assert (card.choices, card.number, card.weight) == (expected.choices, expected.number, expected.weight)


def test_any_table_sizes_split_the_same_way():
    """Tables of other sizes group their attributes otherwise (one alone in a table, one too large for a
    table between two groups): the cards are still the plain split of the draw."""
    import math
    import random

    from cardgen.gyonrg.edition import Attribute
    from cardgen.gyonrg.generator import TABLE_SPAN, _drawer

    rnd = random.Random(5)
    sizes = [(3, 7), (40, 3000), (2, 1), (70_000, 1), (5, 9), (300, 250), (1, 1), (12, 4)]  # (options, largest weight)
    attributes = [Attribute(f"a{k}", list(range(n)), [rnd.randint(1, w) for _ in range(n)]) for k, (n, w) in enumerate(sizes)]
    assert max(a.total for a in attributes) > TABLE_SPAN
    class Tables:  # what the generator reads of an edition
        letter = "Z"

    fake = Tables()
    fake.attributes, fake.total_weight = attributes, math.prod(a.total for a in attributes)
    draws = [rnd.randrange(1 << 256) for _ in range(2000)] + [0, fake.total_weight - 1]
    for card, u in zip(_drawer(fake)(draws), draws, strict=True):
        r, picks, weight, number = u % fake.total_weight, [], 1, 0
        for a in reversed(attributes):
            r, x = divmod(r, a.total)
            picks.append(a.pick(x))
        picks.reverse()
        for c, a in zip(picks, attributes):
            number, weight = number * len(a) + c, weight * a.weights[c]
        assert (card.choices, card.number, card.weight) == (tuple(picks), number, weight)


def test_golden_serials_per_seed():
    for seed in ("1", "gyon"):
        expected = (GOLDEN / "gyonrg" / f"seed_{seed}.txt").read_text().split()
        assert [c.serial for c in generate(seed, len(expected))] == expected


def test_same_cards_in_other_processes_and_hash_seeds():
    code = "from cardgen.gyonrg.generator import generate; print(','.join(c.serial for c in generate('x', 30, 1000)))"
    outs = set()
    for hashseed in ("0", "1", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=hashseed)
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        outs.add(out.stdout.strip())
    assert outs == {",".join(c.serial for c in generate("x", 30, 1000))}


def test_global_random_state_does_not_matter():
    import random

    first = list(generate(5, 20))
    random.seed(1234)
    random.random()
    assert list(generate(5, 20)) == first


def test_generated_cards_are_valid():
    for card in generate("valid", 2000):
        s = card.ship
        assert 1 <= len(s.modifiers) <= 2
        assert len({m.name for m in s.modifiers}) == len(s.modifiers)
        assert s.name == " ".join([m.name for m in s.modifiers] + [s.type.name])
        stats = (s.deploy_cost, s.move_cost, s.rotate_cost, s.attack_cost, s.speed, s.attack, s.shield)
        assert all(isinstance(v, int) and v >= 0 for v in stats)
        assert all(abs(dx) <= 2 and abs(dy) <= 2 and (dx, dy) != (0, 0) for dx, dy in s.weapon | s.blindspot)
        assert card.is_drone == (s.type.name == "Drone")
        assert 1 <= card.stars <= 5
        assert 0 < card.probability < 1
        assert (5, 3) not in card.goal.sectors
        for elems in card.deploy.values():
            assert set(elems) <= {e.name for e in ED.elements}
        json.dumps(card.to_dict())


def test_stats_are_clamped_at_zero():
    # Find a ship whose modifiers push a stat below zero; the card shows 0.
    for t, stype in enumerate(ED.ship_types):
        for c, combo in enumerate(ED.attributes[2].options):
            raw = [sum(v) for v in zip(stype.stats, *(ED.modifiers[i].deltas for i in combo))]
            if min(raw) < 0:
                ship = ED.ship(t, c)
                shown = (ship.deploy_cost, ship.move_cost, ship.rotate_cost, ship.attack_cost, ship.speed, ship.attack, ship.shield)
                assert [max(0, v) for v in raw] == list(shown)
                return
    raise AssertionError("the tables have no modifier that drives a stat below zero")


def test_frequencies_follow_the_weights():
    n = 20000
    counts = Counter(card.element.name for card in generate("freq", n))
    total = sum(e.weight for e in ED.elements)
    for e in ED.elements:
        p = e.weight / total
        sigma = (n * p * (1 - p)) ** 0.5
        assert abs(counts[e.name] - n * p) < 5 * sigma, (e.name, counts[e.name], n * p)
