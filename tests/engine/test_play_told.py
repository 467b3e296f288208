"""The terminal table tells each seat only what it may know, and tells every event.

Driven with the toy game (tests/engine/conftest.py): hidden hands, a public die, bids made
at once. The games' own narration is tested in tests/<game>/test_play_narration.py.
"""

from __future__ import annotations

from cardgen.engine.play import HELP, Table, help_text
from cardgen.engine.registry import load_game

from .test_play_commands import PROMPT, replies


def run(seats, lines, seed=4, open_table=False, players=2):
    game = load_game("toy-bid", players=players)
    out: list[str] = []
    it = iter(lines)

    def ask(prompt):
        out.append(PROMPT + prompt)
        return next(it, None)

    table = Table(game, seats, seed, ask, out.append, open_table=open_table)
    table.run()
    return table, "\n".join(out)


def _bot_hand(seed: int, seat: int, players: int = 2) -> list[int]:
    return load_game("toy-bid", players=players).new_initial_state(seed).hands[seat]


def test_a_bots_hidden_bid_is_not_named_and_the_events_are_told():
    # N is human, E a greedy bot; N bids its first card each round
    table, text = run(["human", "greedy"], ["1", "1"])
    assert table.state.is_terminal()
    hidden = _bot_hand(4, 1)
    # the bot's cards are named only once bid, in the events; never in the move line
    moves = [line for line in text.splitlines() if line.startswith("moves: ")]
    assert moves and all("bids a card" in line for line in moves)
    assert all(f"card{c}" not in line for line in moves for c in hidden)
    assert "  the die shows" in text  # a chance outcome's event, indented under it
    assert "scores" in text or "nobody scores" in text
    assert "game over: " in text and "points: N" in text


def test_the_board_before_the_first_prompt_is_the_position_after_the_opening_chance():
    table, text = run(["human", "greedy"], ["quit"])
    before = replies(text, "N> ")[0]
    assert before.splitlines()[1].startswith("chance: die")
    assert "'die': None" not in before  # shown after the roll, not the stale opening


def test_an_open_table_says_so_and_shows_everything():
    _, hidden = run(["human", "greedy"], ["1", "1"])
    _, shown = run(["human", "greedy"], ["1", "1"], open_table=True)
    assert shown.splitlines()[1].startswith("open table: every hand")
    assert hidden.startswith("type 'help' at any prompt")
    assert "open table" not in hidden
    assert any(line.startswith("moves: card") and "& card" in line for line in shown.splitlines())


def test_explain_names_only_the_bots_chosen_move_as_the_human_may_know_it():
    # greedy bids in round 1; the human asks why before bidding again
    table, text = run(["human", "greedy"], ["1", "explain", "quit"])
    said = replies(text, "N> ")[2]
    assert said.startswith("greedy (E) bids a card")
    hand = _bot_hand(4, 1)
    assert all(f"card{c}" not in said for c in hand)
    # the chosen move and nothing the bot made of its hidden hand: no count of its options, no
    # value, no other move (a bid of another card reads the same and tells of the hand)
    assert said == "greedy (E) bids a card"
    _, shown = run(["human", "greedy"], ["1", "explain", "quit"], open_table=True)
    opened = replies(shown, "N> ")[2]
    assert "of 2 legal moves" in opened and "card" in opened.splitlines()[-1]


def test_help_is_the_shared_commands_then_the_games_own():
    text = help_text(load_game("toy-bid"))
    assert text.startswith(HELP) and "card3" in text and "show c3" not in text
    _, said = run(["human", "greedy"], ["help", "quit"])
    assert "toy-bid moves:" in replies(said, "N> ")[1]


def test_an_illegal_move_at_a_simultaneous_node_gets_the_seats_own_reason():
    hand = _bot_hand(4, 0)
    other = next(c for c in range(6) if c not in hand)  # a card of this game N does not hold
    _, text = run(["human", "greedy"], [f"card{other}", "quit"])
    said = replies(text, "N> ")[1]
    assert said.startswith(f"illegal action 'card{other}': not legal now (legal: ")
    assert "every seat moves at once" not in said
