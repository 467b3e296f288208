"""The combination scorer on hand-computed examples: one or more for every multiplier of the rulebook's tables."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cardgen.errors import CardgenError
from cardgen.ginjontan.cards import tables
from cardgen.ginjontan.scoring import hand_value, parse_hand, score_hand

T = tables()
V = T.value_of


def v(name: str) -> int:
    return V[T.parse(name)]


def score(text: str) -> int:
    codes = parse_hand(text)
    value = score_hand(codes).value
    assert hand_value(codes) == value  # the fast path and the explained one agree
    return value


SET_MULT = {2: 2, 3: 3, 4: 9, 5: 12, 6: 15, 7: 18, 8: 21, 9: 33}
ORDER_MULT = {3: 3, 4: 6, 5: 9, 6: 12, 7: 21, 8: 33, 9: 99}


@pytest.mark.parametrize("k", sorted(SET_MULT))
def test_sets_of_one_symbol_in_one_colour(k):
    # k Moons in red, copies 2, 4, 6 ... (no three in a row, so no order competes)
    cards = [f"Moon-{2 * i + 2}-red" for i in range(k)]
    total = sum(9 * (2 * i + 2) * 3 for i in range(k))
    assert score(" ".join(cards)) == SET_MULT[k] * total * 3


@pytest.mark.parametrize("k", sorted(ORDER_MULT))
def test_orders_of_consecutive_numbers_in_one_colour(k):
    # k different symbols, copies 1..k, all green: value of highest = k
    symbols = ["Fire", "Water", "Air", "Night", "Earth", "Coldness", "Path", "Abyss", "Weapon"][:k]
    cards = [f"{s}-{n + 1}-green" for n, s in enumerate(symbols)]
    total = sum(v(c) for c in cards)
    assert score(" ".join(cards)) == ORDER_MULT[k] * total * k * 15


def test_colourless_pair_and_order():
    assert score("Sun-2-white Sun-5-red") == 2 * (18 + 135) * 1
    # order 3: 3 x (4 + 15 + 54) x 6 x 1 (three colours, no pair)
    assert score("Fire-4-white Water-5-red Air-6-orange") == 3 * (4 + 15 + 54) * 6


def test_multicolour_multiplies_by_the_best_paired_colour_and_the_number_of_pairs():
    # triple: white pair, one red: x white 1 x 1 pair
    assert score("Sun-2-white Sun-5-white Sun-7-red") == 3 * (18 + 45 + 189) * 1 * 1
    # order 4: blue pair and red pair -> x 33 x 2
    assert score("Sun-1-blue Sun-2-blue Moon-3-red Moon-4-red") == 6 * (297 + 594 + 81 + 108) * 4 * 33 * 2


@pytest.mark.parametrize(
    "colour,mult",
    [("white", 1), ("red", 3), ("orange", 9), ("yellow", 12), ("green", 15), ("blue", 33), ("violet", 99)],
)
def test_every_colour_multiplier(colour, mult):
    assert score(f"Life-3-{colour} Life-5-{colour}") == 2 * (12 * 3 * mult + 12 * 5 * mult) * mult


def test_full_colours_single_most_present_colour():
    hand = "Fire-1-red Water-2-orange Air-3-yellow Sun-5-green Moon-9-blue Life-4-violet Death-4-violet"
    total = 3 + 18 + 36 + 675 + 2673 + 4752 + 4752
    assert score(hand) == 9 * total * (99 * 2)


def test_full_colours_two_same_colours_sum_their_cards_colour_values():
    # blue twice and violet twice: the multiplier is 33 + 33 + 99 + 99
    hand = (
        "Fire-1-red Water-2-orange Air-7-yellow Sun-11-green Moon-13-blue Night-17-blue "
        "Hope-19-violet Love-23-violet Earth-29-white"
    )
    codes = parse_hand(hand)
    total = sum(V[c] for c in codes)
    assert score_hand(codes).combination == "full colours"
    assert score(hand) == 9 * total * (33 + 33 + 99 + 99)


def test_white_does_not_count_for_full_colours():
    assert score("Fire-1-white Water-3-orange Air-5-yellow Sun-7-green Moon-9-blue Life-11-violet") == 0


def test_bonus_adds_its_value_and_triples_each_time():
    base = 2 * (2079 + 2673 + 6) * 33
    assert score("Sun-7-blue Sun-9-blue Bonus-2-red") == base * 3
    base2 = 2 * (2079 + 2673 + 6 + 1) * 33
    assert score("Sun-7-blue Sun-9-blue Bonus-2-red Bonus-1-white") == base2 * 9
    assert score("Sun-7-blue Moon-9-red Bonus-2-red") == 0  # nothing to triple


def test_universal_stands_in_keeping_its_value():
    # a blue Sun: pair in one colour
    assert score("Sun-7-blue Universal-1-white") == 2 * (2079 + 99) * 33
    # fills the gap of an order: 1, 2, (3), 4 in white
    assert score("Fire-1-white Water-2-white Universal-1-white Air-4-white") == 6 * (1 + 2 + 99 + 4) * 4 * 1
    # two Universals alone are a pair of any symbol, in violet
    assert score("Universal-3-violet Universal-2-white") == 2 * (99 * 3 * 99 + 99 * 2) * 99


def test_two_universals_may_take_a_colour_the_hand_lacks():
    # four violets would be one colour (x99); two Universals of another colour make a second
    # pair (multicolour: x99 x2), here as the 6 and 8 of an order 5..8
    assert (
        score("Sun-5-violet Sun-7-violet Universal-1-white Universal-2-white")
        == 6 * (4455 + 6237 + 198 + 99) * 8 * 99 * 2
    )


def test_universal_picks_the_best_substitution_by_brute_force():
    """Every stand-in (a card of a symbol the hand holds, any number and colour, counted at the
    Universal's value) tried one by one: the scorer finds the best of them."""
    rng = random.Random(5)
    universal = [c for c in range(T.count) if T.symbols[T.sym_of[c]].name == "Universal"]
    ordinary = [c for c in range(T.count) if T.kind_of[c] == 0]
    for _ in range(8):
        hand = rng.sample(ordinary, 4) + [rng.choice(universal)]
        u = hand[-1]
        best = 0
        for sym in {T.sym_of[c] for c in hand[:-1]}:
            for num in range(1, 34):
                for col in range(7):
                    stand = T.code(sym, num, col)
                    if stand not in hand:  # a card the hand holds cannot be re-valued on its own
                        best = max(best, _with_value(hand[:-1], stand, V[u]))
        assert hand_value(hand) == best


def _with_value(others, stand, value):
    """The hand's value with `stand` in the Universal's place but counted at the Universal's value
    (by the search, which reads the patched tables; the fast path's ints are made once)."""
    saved = V[stand]
    info = T.info[stand]
    try:
        V[stand] = value
        T.info[stand] = (info[0], info[1], info[2], info[3], value)
        from cardgen.ginjontan import scoring

        scoring._MEMO.clear()
        return score_hand(others + [stand]).value
    finally:
        V[stand] = saved
        T.info[stand] = info


def test_defeat_is_zero():
    assert score("Sun-7-blue Sun-9-blue Defeat-1-white") == 0
    assert score_hand(parse_hand("Sun-7-blue Defeat-1-white")).combination == "defeat"


def test_best_single_combination_wins():
    # a pair of Suns and an order 5..7: the order (3 x sum x 7) beats the pair here
    hand = "Sun-5-white Sun-9-white Moon-6-white Life-7-white"
    order = 3 * (45 + 54 + 84) * 7
    pair = 2 * (45 + 81)
    assert score(hand) == max(order, pair) == order


def test_explanation_names_every_factor():
    text = score_hand(parse_hand("Sun-7-blue Sun-9-blue Bonus-2-red")).explain()
    assert "x2 (pair)" in text and "blue 33 (in one colour)" in text and "Bonus x3" in text and "942,084" in text


def test_score_json_lists_the_bonus_cards_with_the_combination():
    # a Bonus is part of the combination ("triples point value of whole card combination in hand,
    # including itself": its value joins the sum), so "cards" names it; Moon-9-red is left out
    from click.testing import CliRunner

    from cardgen.cli.main import cli

    for hand, cards in [
        ("Sun-7-blue Sun-9-blue Moon-9-red Bonus-2-red", ["Sun-7-blue", "Sun-9-blue", "Bonus-2-red"]),
        ("Fire-4-red Water-5-red Air-6-red Bonus-1-white Bonus-3-blue",
         ["Fire-4-red", "Water-5-red", "Air-6-red", "Bonus-1-white", "Bonus-3-blue"]),
        ("Sun-7-blue Universal-1-white Bonus-1-white", ["Sun-7-blue", "Universal-1-white", "Bonus-1-white"]),
    ]:
        r = CliRunner().invoke(cli, ["ginjontan", "score", hand, "--json"], catch_exceptions=False)
        assert r.exit_code == 0, r.output
        data = json.loads(r.output)
        assert data["cards"] == cards
        assert score(" ".join(data["cards"])) == data["value"] > 0  # the cards listed make the whole value


def test_the_listed_cards_alone_score_the_hands_value():
    rng = random.Random(35)
    for _ in range(3_000):
        hand = mixed_hand(rng)
        s = score_hand(hand)
        if s.value and s.combination != "defeat":
            listed = [T.parse(c) for c in s.cards]
            assert hand_value(listed) == s.value, ([T.name(c) for c in hand], s.cards)
            assert sorted(c for c in hand if c in BONUS) == sorted(c for c in listed if c in BONUS)


# -- the fast path against the explained search ------------------------------------------------

UNIVERSAL = [c for c in range(T.count) if T.symbols[T.sym_of[c]].name == "Universal"]
BONUS = [c for c in range(T.count) if T.symbols[T.sym_of[c]].name == "Bonus"]
DEFEAT = [c for c in range(T.count) if T.symbols[T.sym_of[c]].name == "Defeat"]
GOLDEN = Path(__file__).parent / "golden" / "hand_values.txt"


def mixed_hand(rng: random.Random) -> list[int]:
    """A seeded hand aimed at the scorer's corners: 1 to 9 cards; 0 to 4 Universals and up to
    two Bonus cards far more often than a deal gives them, now and then a Defeat or a hand of
    specials only; ordinary cards from a few symbols (sets), a narrow band of copy numbers,
    often at 1 or 33 (orders and their ends), one to three colours or all six besides white
    (colour factors, full colours), and the same card twice (collections hold copies)."""
    n = rng.choice([1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 9])
    specials = [rng.choice(UNIVERSAL) for _ in range(min(n, rng.choice([0, 0, 1, 1, 1, 2, 2, 3, 4])))]
    specials += [rng.choice(BONUS) for _ in range(min(n - len(specials), rng.choice([0, 0, 0, 1, 1, 2])))]
    if rng.random() < 0.04:
        specials.append(rng.choice(DEFEAT))
    symbols = rng.sample(range(T.ordinary), rng.choice([1, 2, 3, 4, T.ordinary]))
    width = rng.choice([2, 3, 4, 6, 9, T.copies])
    low = rng.choice([1, T.copies - width + 1, rng.randint(1, T.copies - width + 1)])
    colours = rng.choice([[0], [6], rng.sample(range(7), 2), rng.sample(range(7), 3), list(range(7))])
    cards: list[int] = []
    if rng.random() < 0.25:  # full colours, Universals standing in for what is missing
        shown = rng.sample(range(1, 7), max(0, min(6, n - len(specials))))
        cards = [T.code(rng.choice(symbols), rng.randint(low, low + width - 1), c) for c in shown]
    while len(cards) + len(specials) < n:
        if cards and rng.random() < 0.08:
            cards.append(rng.choice(cards))
        else:
            cards.append(T.code(rng.choice(symbols), rng.randint(low, low + width - 1), rng.choice(colours)))
    hand = (cards + specials)[:n]
    rng.shuffle(hand)
    return hand


def test_the_fast_path_agrees_with_the_explained_search_on_seeded_hands():
    rng = random.Random(14)
    for i in range(20_000):
        hand = mixed_hand(rng) if i % 4 else rng.sample(range(T.count), rng.randint(1, 9))
        assert hand_value(hand) == score_hand(hand).value, [T.name(c) for c in hand]


def test_golden_hand_values():
    """Values written by the scorer before the fast path (issue 14), once the Universals' colours
    were fixed: a change to both paths at once shows here."""
    rows = [line.split() for line in GOLDEN.read_text().splitlines() if line and not line.startswith("#")]
    assert len(rows) == 300
    for value, *cards in rows:
        hand = [T.parse(c) for c in cards]
        assert (hand_value(hand), score_hand(hand).value) == (int(value), int(value)), cards


def write_golden() -> None:
    """How hand_values.txt was made (kept to show it, not to re-bless a changed scorer)."""
    rng = random.Random(300)
    lines = ["# value and cards of 300 Gin-jon-tan hands: mixed_hand(random.Random(300)), scored by",
             "# score_hand before the fast path of issue 14 (tests/ginjontan/test_scoring.py), with",
             "# Universals free to take any colour (a new colour's pair: multicolour)"]  # fmt: skip
    for _ in range(300):
        hand = mixed_hand(rng)
        lines.append(" ".join([str(score_hand(hand).value)] + [T.name(c) for c in hand]))
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text("\n".join(lines) + "\n")


@pytest.mark.parametrize("text", ["", "Sun-7-blue " * 10, "Sun-7-blue nonsense"])
def test_bad_hands_are_errors(text):
    with pytest.raises(CardgenError):
        parse_hand(text)


if __name__ == "__main__":
    write_golden()
