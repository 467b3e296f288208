"""Numbers typed at the play prompt, in every game: only plain ASCII digits are numbers.

'²' and '١' pass str.isdigit() (int() refuses the first and reads the second as 1) and int()
refuses 5,000 digits; each must be an ordinary one-line CardgenError at the prompt (a move,
`show`, `explain`, a move's number), never a traceback and never read as another number.
"""

from __future__ import annotations

import random
import re

import pytest

from cardgen.engine import SIMULTANEOUS
from cardgen.engine.play import Table
from cardgen.engine.registry import game_names, load_game
from cardgen.errors import CardgenError

HOSTILE = ["²", "١", "１", "٣", "７", "¹²", "9" * 5000, "0" * 5000 + "1"]
GAMES = [name for name in game_names() if not name.startswith("toy")]  # not the tests' toy game
SHOW = ["{}", "c{}", "#{}", "hand {}", "lane {}", "own {}", "enemy {}", "{} {}", "a{}", "{},{}"]


def positions(game, plies: int = 200, seed: int = 7):
    """(state, seat, its legal actions) along a random game, for each seat that has a move."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    out = []
    for _ in range(plies):
        if state.is_terminal():
            break
        player = state.current_player()
        if player == SIMULTANEOUS:
            moves = [state.legal_actions(p) for p in range(game.num_players)]
            out += [(state.clone(), p, acts) for p, acts in enumerate(moves) if acts]
            state.apply_actions([rng.choice(acts) if acts else game.noop_action for acts in moves])
            continue
        acts = state.legal_actions()
        if not acts:
            break
        if player >= 0:
            out.append((state.clone(), player, acts))
        state.apply_action(rng.choice(acts))
    return out


@pytest.mark.parametrize("name", GAMES)
def test_a_move_with_a_look_alike_or_huge_number_is_a_one_line_error(name):
    game = load_game(name)
    tried: set[str] = set()
    for state, player, acts in positions(game)[::3]:
        for a in acts:
            text = state.action_to_string(a, player)
            shape = re.sub(r"[0-9]+", "N", text)  # each form of move once: 'deploy N cN'
            if shape in tried:
                continue
            tried.add(shape)
            for m in re.finditer(r"[0-9]+", text):
                for bad in HOSTILE:
                    typed = text[: m.start()] + bad + text[m.end() :]
                    with pytest.raises(CardgenError) as err:
                        state.string_to_action(typed, player)
                    assert "\n" not in str(err.value)
    assert tried


@pytest.mark.parametrize("name", GAMES)
def test_show_with_a_look_alike_or_huge_number_is_a_one_line_error(name):
    game = load_game(name)
    for state, player, _ in positions(game)[::30]:
        for form in SHOW:
            for bad in HOSTILE:
                what = form.replace("{}", bad)
                try:
                    state.show(what, player)
                except CardgenError as exc:
                    assert "\n" not in str(exc)
                else:
                    pytest.fail(f"show {what[:20]!r} was read as a number")


@pytest.mark.parametrize("name", GAMES)
def test_the_prompt_answers_look_alike_and_huge_numbers_and_plays_on(name):
    game = load_game(name)
    lines = [*HOSTILE, *(f"show {b}" for b in HOSTILE), *(f"explain {b}" for b in HOSTILE), "quit"]
    said: list[str] = []
    it = iter(lines)
    seats = ["human"] + ["random"] * (game.num_players - 1)
    table = Table(game, seats, 3, lambda prompt: next(it, None), said.append)
    table.run()  # no exception: every line was answered, and none of them was a move
    assert not any(entry[2] for entry in table.history)
    assert len(said) > len(lines)
