"""The prize rule ("Comment 2" of the rulebook) on hand-made ends of games, and its transfers in a
tournament: "winners after shuffling of card used in game randomly draws their prize", so a card
one place drew leaves the pool and no other place can draw it again."""

from __future__ import annotations

from collections import Counter

from cardgen.engine import load_game
from cardgen.engine.protocol import TERMINAL
from cardgen.ginjontan import layout as L
from cardgen.ginjontan.tournament import format_table, run_tournament
from cardgen.rng import Stream


def ended(scores, seed, **config):
    """A hand-made end of game: the deal of `config`, the final `scores`, the game over."""
    s = load_game("ginjontan", players=len(scores), prize=True, **config).new_initial_state(0)
    s.scores = list(scores)
    s.phase, s.player = L.END, TERMINAL
    s.rng = Stream(seed, ("prize test",))  # each seed shuffles the pool another way
    return s


def test_a_card_drawn_by_one_place_is_never_drawn_by_another():
    # the table: seat 1 last (10), seat 2 first (40), seat 3 second (30), seat 4 third (20).
    # The second draws from seats 1 and 4, the third from seat 1: both pools hold seat 1's deck.
    draws = 0
    for seed in range(60):
        s = ended([10, 40, 30, 20], seed, decks="seed:a,seed:b,seed:c,seed:d")
        prizes = s.prizes()
        assert [w for w, _, _ in prizes] == [1, 1, 1, 2, 2, 3]
        assert {lo for w, lo, _ in prizes if w == 2} <= {0, 3} and {lo for w, lo, _ in prizes if w == 3} == {0}
        # a seat's deck holds each card once (dealt from the common deck), so (seat, card) is one card
        won = Counter((lo, code) for _, lo, code in prizes)
        assert max(won.values()) == 1, f"seed {seed}: a card won twice: {prizes}"
        draws += len(prizes)
    assert draws == 60 * 6


def test_the_common_deck_gives_every_prize_card_once():
    for seed in range(60):
        prizes = ended([10, 40, 30, 20], seed, numbers=1).prizes()  # 189 cards, each once
        assert [w for w, _, _ in prizes] == [1, 1, 1, 2, 2, 3] and {lo for _, lo, _ in prizes} == {-1}
        assert len({code for _, _, code in prizes}) == 6


def test_a_place_takes_what_is_left_when_its_pool_runs_short():
    # two players: the second draws only from places below him (none), so he wins nothing
    prizes = ended([5, 9], 1, decks="seed:a,seed:b").prizes()
    assert [(w, lo) for w, lo, _ in prizes] == [(1, 0)] * 3


def test_tournament_prize_transfers_every_prize():
    games, n = 30, 4
    table = run_tournament(["random"] * n, games, rounds=1, seed=1, prize=True)
    rows = table["table"]
    assert sum(len(r["won_cards"]) for r in rows) == games * (3 + 2 + 1)  # every game: 3, 2 and 1, none dropped
    # cards move between collections, none lost or made, but for the refills from the common deck
    refilled = sum(r["refilled"] for r in rows)
    assert sum(r["collection"] for r in rows) == n * 66 + refilled


def test_a_collection_below_a_deck_is_refilled_from_the_common_deck():
    # seed 1: the last entrant loses so often that his 66 cards fall below 33 before the end; the
    # tournament goes on (it stopped with "the collection holds 31 cards: a deck needs 33")
    table = run_tournament(["random"] * 4, 30, rounds=1, seed=1, prize=True)
    assert [r["refilled"] for r in table["table"]] == [0, 0, 0, 22]
    assert "refilled from the common deck" in format_table(table)


def test_tied_places_share_the_better_place_for_prizes():
    # "equal scores share the better place": 40, 40, 30, 20 are places 1, 1, 3, 4. Both firsts take
    # a first's 3 cards, never from each other; the seat at 30 is third and takes 1; the prize does
    # not depend on who sat first among the tied.
    for seed in range(30):
        for scores in ([40, 40, 30, 20], [30, 40, 40, 20]):
            s = ended(scores, seed, decks="seed:a,seed:b,seed:c,seed:d")
            first = [p for p in range(4) if scores[p] == 40]
            third = scores.index(30)
            assert s.places() == [{40: 1, 30: 3, 20: 4}[x] for x in scores]
            prizes = s.prizes()
            won = Counter(w for w, _, _ in prizes)
            assert won == {first[0]: 3, first[1]: 3, third: 1}, (scores, prizes)
            assert all(lo not in first for w, lo, _ in prizes if w in first)
            assert all(lo == 3 for w, lo, _ in prizes if w == third)
    # two tied seconds each take a second's 2 cards, and nobody is third
    prizes = ended([50, 30, 30, 10], 1, decks="seed:a,seed:b,seed:c,seed:d").prizes()
    assert Counter(w for w, _, _ in prizes) == {0: 3, 1: 2, 2: 2}
    assert all(lo == 3 for w, lo, _ in prizes if w in (1, 2))


def test_the_final_ranking_and_the_rating_table_share_tied_places():
    s = ended([40, 40, 30, 20], 1)
    text = s.game.on_game_end(s)
    assert "  1. player 1: 40" in text and "  1. player 2: 40" in text and "  3. player 3: 30" in text
    table = {"games": 1, "players": 3, "rounds": 1, "seed": 0, "prize": False, "table": [
        {"entrant": 1, "bot": "a", "tier_points": 6, "total_points": 10, "wins": 0.5, "place": 1},
        {"entrant": 2, "bot": "b", "tier_points": 6, "total_points": 10, "wins": 0.5, "place": 1},
        {"entrant": 3, "bot": "c", "tier_points": 1, "total_points": 2, "wins": 0, "place": 3}]}
    assert [line.split()[0] for line in format_table(table).splitlines()[2:]] == ["1", "1", "3"]
    rows = run_tournament(["random"] * 3, 2, rounds=1, seed=1)["table"]
    for r in rows:
        assert r["place"] == 1 + sum(1 for o in rows if (o["tier_points"], o["total_points"]) > (r["tier_points"], r["total_points"]))


def test_the_defeat_card_reads_loses_and_keeps_its_serial():
    from cardgen.ginjontan.cards import tables

    t = tables()
    defeat = next(sym for sym in t.symbols if sym.name == "Defeat")
    assert "looses" not in defeat.says and "loses" in defeat.says
    assert t.edition == "J"  # the same edition: serials printed before read as the same cards
