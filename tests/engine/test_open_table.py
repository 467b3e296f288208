"""`cardgen play --open` (and a replay in full) shows every hand, in every game: the board
rendered for no seat in particular names each card in each seat's hand."""

from __future__ import annotations

import random

import pytest

from cardgen.engine import load_game

from .piped import random_step


def _gyonrg(state):
    return [[state.game.cards[c].name for c in state.hands[p]] for p in (0, 1)]


def _gogmagog(state):
    return [[state.game.cards[c].name for c in state.hand[p]] for p in (0, 1)]


def _spherion(state):
    return [[state.game.cards[p][i].name for i in state.hand[p]] for p in (0, 1)]


def _ginjontan(state):
    t = state.game.t
    return [[t.name(state.cards[i]) for i in state.hand[p]] for p in range(state.game.num_players)]


HANDS = {"gyonrg": _gyonrg, "gogmagog": _gogmagog, "spherion": _spherion, "ginjontan": _ginjontan}


@pytest.mark.parametrize("name", sorted(HANDS))
def test_the_open_board_names_every_hand(name):
    game = load_game(name)
    state = game.new_initial_state(3)
    rng = random.Random(3)
    checked = 0
    for step in range(400):
        if state.is_terminal():
            break
        if step % 7 == 0:
            hands = HANDS[name](state)
            if all(hands):
                board = " ".join(state.render(player=None).split())  # lines wrap anywhere
                for p, hand in enumerate(hands):
                    # a long name may be cut short ("…") in a table: its first 20 characters
                    missing = [card for card in hand if " ".join(card.split())[:20] not in board]
                    assert not missing, f"{game.player_name(p)}'s hand: {missing} not shown on the open board"
                checked += 1
        random_step(state, rng)
    assert checked >= 3


def test_people_sharing_a_screen_see_the_hand_of_the_one_to_move():
    """Two people at one screen (no --open): the board before each prompt shows the mover's hand
    only, though the open board for no seat now shows both."""
    from cardgen.engine.play import Table

    game = load_game("gyonrg")
    out: list[str] = []
    lines = iter(["keep", "keep", "quit"])
    Table(game, ["human", "human"], 3, lambda prompt: next(lines, None), out.append).run()
    boards = [x for x in out if "'s hand (" in x]  # each board said before a prompt
    assert len(boards) >= 3  # red's, blue's (the mulligans), red's (turn 1)
    assert all(("red's hand (" in b) != ("blue's hand (" in b) for b in boards)
    assert ["blue's hand (" in b for b in boards[:3]] == [False, True, False]
