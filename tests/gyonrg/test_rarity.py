"""Rarity is exact: checked against brute force over a small edition."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from cardgen.gyonrg import edition as editions
from cardgen.gyonrg.cards import Card

SMALL = {
    "meta": 'edition = "H"\n[rarity]\nstar_cuts = [0.5, 0.8, 0.95, 0.99]\n',
    "elements": "".join(
        f'[[element]]\nname = "{n}"\ncolour = "#112233"\ndark = "#000000"\nlight = "#FFFFFF"\nweight = {w}\n'
        for n, w in (("Matter", 3), ("Void", 1))
    ),
    "ships": "".join(
        f'[[ship]]\nname = "{n}"\nweight = {w}\ndrone = {d}\ndeploy_cost = 1\nmove_cost = 1\nrotate_cost = 1\n'
        f'attack_cost = 1\nspeed = 1\nattack = 1\nshield = 1\nweapon = """\n. . . . .\n. . X . .\n. . S . .\n. . . . .\n. . . . .\n"""\n'
        f'blindspot = """\n. . . . .\n. . . . .\n. . S . .\n. . X . .\n. . . . .\n"""\n'
        for n, w, d in (("Fighter", 5, "false"), ("Drone", 2, "true"))
    ),
    "modifiers": "[count]\none = 2\ntwo = 1\n"
    + "".join(f'[[modifier]]\nname = "{n}"\nweight = {w}\n' for n, w in (("Gyro", 3), ("Heavy", 1), ("Swift", 2))),
    "deploy": "[up]\nallow = 1\ndeny = 3\n[down]\nallow = 2\ndeny = 1\n[left]\nallow = 1\ndeny = 1\n[right]\nallow = 1\ndeny = 4\n",
    "goals": "".join(
        f'[[grid]]\nname = "{n}"\nweight = {w}\ncells = """\n. . M . .\n{row}\n. . . . .\n. . . . .\n. . . . .\n"""\n'
        for n, w, row in (("A", 2, "X . . . ."), ("B", 1, ". X . . ."))
    ),
    "specials": "".join(
        f'[[special]]\nname = "{n}"\ncost = 1\nweight = {w}\neffect = {{ kind = "draw", amount = 1, target = "self", duration = "instant" }}\n'
        for n, w in (("Scan", 4), ("Deep", 1))
    ),
}


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    folder = tmp_path_factory.mktemp("small")
    for name, body in SMALL.items():
        (folder / f"{name}.toml").write_text(body)
    return editions.load(folder, check=False)  # a throwaway edition: nothing is printed from it


def test_brute_force_agrees(small):
    ed = small
    cards = [Card.from_choices(ed, ch) for ch in itertools.product(*(range(len(a)) for a in ed.attributes))]
    assert len(cards) == ed.count == 2 * 2 * 6 * 2 * 2 * 4**4
    # probabilities sum to one, exactly
    assert sum(c.probability for c in cards) == 1
    # the probability of a card is the product of its choices' probabilities
    for c in cards[:: len(cards) // 50]:
        p = math.prod(Fraction(a.weights[i], a.total) for a, i in zip(ed.attributes, c.choices))
        assert c.probability == p
    r = ed.rarity
    total = ed.total_weight
    assert sum(c.weight for c in cards) == total
    # brute force over every card: cards and pull mass with weight >= t, by sorting
    by_weight = sorted((c.weight for c in cards), reverse=True)
    mass_at_least, count_at_least, running = {}, {}, 0
    for k, w in enumerate(by_weight):
        running += w
        mass_at_least[w] = running  # the last (lowest) position of each weight wins
        count_at_least[w] = k + 1
    weights = sorted(mass_at_least)
    for t in weights:
        assert r.count_at_least(t) == count_at_least[t]
        assert r.mass_at_least(t) == mass_at_least[t]
    assert r.count_at_least(weights[-1] + 1) == 0 and r.mass_at_least(weights[-1] + 1) == 0
    # percentile = share of pulls by cards at least as likely
    for c in cards[::97]:
        assert c.percentile == Fraction(sum(d.weight for d in cards if d.weight >= c.weight), total)
    # stars from the written cuts: percentile <= cut k  <=>  at most k stars
    cuts = [Fraction(repr(cut)) for cut in (0.5, 0.8, 0.95, 0.99)]
    stars_of = {w: 1 + sum(1 for cut in cuts if Fraction(mass_at_least[w], total) > cut) for w in weights}
    for c in cards:
        assert c.stars == stars_of[c.weight]
    # the star table adds up
    levels = r.levels()
    assert sum(lv["cards"] for lv in levels) == ed.count
    assert sum(lv["pull_share"] for lv in levels) == 1
    for lv in levels:
        members = [c for c in cards if stars_of[c.weight] == lv["stars"]]
        assert len(members) == lv["cards"]
        assert Fraction(sum(c.weight for c in members), total) == lv["pull_share"]


def test_modifier_pairs_follow_product_of_weights(small):
    mods = small.attributes[2]
    probs = {tuple(small.modifiers[i].name for i in o): Fraction(w, mods.total) for o, w in zip(mods.options, mods.weights)}
    # one modifier: 2/3 of ships, split by weight 3:1:2
    assert probs[("Gyro",)] == Fraction(2, 3) * Fraction(3, 6)
    # two: 1/3, pairs by product of weights 3*1 : 3*2 : 1*2
    assert probs[("Gyro", "Swift")] == Fraction(1, 3) * Fraction(6, 11)
    assert sum(probs.values()) == 1


def test_real_edition_space_and_shares():
    ed = editions.current()
    assert ed.count == 5 * 10 * (28 + 28 * 27 // 2) * 32 * 48 * 32**4
    assert ed.count > 13 * 10**12
    r = ed.rarity
    levels = r.levels()
    assert sum(lv["cards"] for lv in levels) == ed.count
    assert sum(lv["pull_share"] for lv in levels) == 1
    cum = Fraction(0)
    for lv, cut in zip(levels, ed.star_cuts):
        cum += lv["pull_share"]
        assert cum <= Fraction(repr(cut))
    # rarer levels hold rarer cards
    mins = [lv["min_probability"] for lv in levels]
    assert mins == sorted(mins, reverse=True)
