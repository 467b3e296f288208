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
