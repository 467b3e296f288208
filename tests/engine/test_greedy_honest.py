"""Greedy plays on what its seat can see (issue 47: a table that tells nothing it should not).

Judged on the true position, greedy's evaluation read the other players' hidden cards (a
Gin-jon-tan greedy knew whether its hand beat the opponent's). It now judges its moves in
re-deals of what it cannot see (State.determinize): no position it evaluates holds the
opponent's true hand."""

from cardgen.engine import CHANCE, load_game
from cardgen.engine.bots import make_bot
from cardgen.ginjontan import evaluation
from cardgen.ginjontan.engine import GinjontanState


def _hand(state, seat):
    return tuple(sorted(state.cards[i] for i in state.hand[seat]))


def test_greedy_never_evaluates_the_opponents_true_hand(monkeypatch):
    seen: list = []
    monkeypatch.setattr(GinjontanState, "evaluate", lambda s, p: seen.append(_hand(s, 1 - p)) or evaluation.evaluate(s, p))
    game = load_game("ginjontan", players=2)
    state = game.new_initial_state(4)
    bots = [make_bot("greedy", game, p, 4) for p in range(2)]
    decisions = read_true = 0
    while not state.is_terminal() and decisions < 60:
        p = state.current_player()
        if p == CHANCE:
            state.apply_action(state.sample_chance())
            continue
        true_hand = _hand(state, 1 - p)
        seen.clear()
        action = bots[p].step(state)
        if len(true_hand) >= 3 and seen:
            decisions += 1
            read_true += true_hand in seen
        state.apply_action(action)
    assert decisions >= 30, "too few decisions with an opponent's hand in play"
    assert read_true == 0, f"greedy evaluated the opponent's true hand at {read_true} of {decisions} decisions"
