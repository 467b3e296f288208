"""The terminal table's commands, driven through its ask/say functions with scripted lines:
the list in display order, show, board, explain, and bots' explanations."""

from __future__ import annotations

import re

import pytest

from cardgen.engine.bots import make_bot
from cardgen.engine.play import HELP, Table
from cardgen.engine.registry import game_names, load_game

PROMPT = "\x00prompt\x00"


def run(game, seats, lines, seed=3, open_table=False):
    """Play with scripted input lines; the output, each prompt marked as PROMPT + its prompt text."""
    out: list[str] = []
    it = iter(lines)

    def ask(prompt):
        out.append(PROMPT + prompt)
        return next(it, None)

    table = Table(game, seats, seed, ask, out.append, open_table=open_table)
    table.run()
    return table, "\n".join(out)


def replies(text, prompt):
    """What was said before the first `prompt` (item 0), then after each one in turn."""
    return [chunk.strip("\n") for chunk in text.split(PROMPT + prompt)]


@pytest.fixture(scope="module")
def gyonrg():
    return load_game("gyonrg", decks="seed:view-a,seed:view-b")


def numbered(text):
    """{number: move text} of every numbered list item in the output."""
    return {int(n): t for n, t in re.findall(r"(?:^|  )\s*(\d+) (\S+(?: \S+)*?)(?=  |$)", text, re.M)}


# ----- the numbered list ---------------------------------------------------------------


def test_numbers_follow_the_display_order_and_records_keep_action_numbers(gyonrg):
    # red keeps, skips its special, then types 1: the first deploy, not `end`
    table, text = run(gyonrg, ["human", "random"], ["keep", "end", "1", "quit"])
    state = gyonrg.new_initial_state(3)
    for a in table.actions[:3]:  # red keeps, blue decides, red ends its special phase
        state.apply_action(a)
    legal = state.legal_actions()
    groups = state.action_groups(legal)
    assert groups[0][0] == "deploy" and groups[-1] == ("end", [gyonrg.layout.end])
    assert table.moves[3].startswith("deploy") and table.actions[3] == groups[0][1][0]
    items = numbered(replies(text, "red> ")[2])  # the list shown before the third prompt
    assert items[max(items)] == "end" and items[1] == state.action_to_string(groups[0][1][0])


def test_list_word_shows_one_kind_with_the_same_numbers(gyonrg):
    _, text = run(gyonrg, ["human", "random"], ["keep", "end", "list rotate", "list zz", "quit"])
    assert replies(text, "red> ")[3] == "no legal move starts with 'rotate' (kinds now: deploy, end)"  # no fleet yet
    assert "no legal move starts with 'zz'" in text
    _, text = run(gyonrg, ["human", "random"], ["keep", "end", "list deploy", "quit"])
    items = numbered(replies(text, "red> ")[3])
    assert items and all(t.startswith("deploy") for t in items.values()) and min(items) == 1


@pytest.mark.parametrize("line, needle", [("０", "cannot read action '０'"), ("99999999999999999999999", "no move number"),
                                          ("9" * 5000, "no move number"), ("0", "no move number 0")])
def test_bad_move_numbers_get_one_line(gyonrg, line, needle):
    _, text = run(gyonrg, ["human", "random"], [line, "quit"])
    said = replies(text, "red> ")
    assert len(said) == 3  # asked again after the bad line, then quit
    assert needle in said[1] and len(said[1].splitlines()) == 1


@pytest.mark.parametrize("name", [n for n in game_names() if n != "gyonrg"] + ["gyonrg"])
def test_action_groups_list_every_legal_action_once(name):
    game = load_game(name) if name != "gyonrg" else load_game("gyonrg", decks="seed:view-a,seed:view-b")
    state = game.new_initial_state(7)
    bots = [make_bot("random", game, p, 7) for p in range(game.num_players)]
    for _ in range(60):
        if state.is_terminal():
            break
        p = state.current_player()
        seats = range(game.num_players) if p < 0 else [p]
        for q in seats:
            legal = state.legal_actions(q if p < 0 else None)
            if legal:
                flat = [a for _, acts in state.action_groups(legal, q) for a in acts]
                assert sorted(flat) == sorted(legal) and len(flat) == len(set(flat))
        if p == -1:
            state.apply_action(state.sample_chance())
        elif p == -2:
            state.apply_actions([bots[q].step(state) if state.legal_actions(q) else game.noop_action for q in seats])
        else:
            state.apply_action(bots[p].step(state))


# ----- show, board, help -------------------------------------------------------------------


def test_show_board_and_help_at_the_prompt(gyonrg):
    lines = ["help", "show 1", "show z9", "show", "board", "show scrap", "quit"]
    table, text = run(gyonrg, ["human", "greedy"], lines)
    said = replies(text, "red> ")
    state = gyonrg.new_initial_state(3)
    assert "show WHAT" in said[1] and "explain" in said[1]
    assert said[2].startswith("card 1 of red's hand: " + gyonrg.cards[state.hands[0][0]].name)
    assert said[3].startswith("cannot show 'z9'") and len(said[3].splitlines()) == 1
    assert said[4].startswith("show what?")
    assert said[5].startswith("blue  VP") and "turn 0 · red to play · mulligan phase" in said[5]
    assert "red's scrap yard: 0 cards" in said[6]
    assert "show" in HELP and "explain" in HELP and "board" in HELP


def test_gyre_show_and_the_other_commands_at_the_prompt():
    game = load_game("gyre", size=4)
    table, text = run(game, ["human", "greedy"], ["show c3", "explain", "list b", "b2", "quit"], seed=1)
    said = replies(text, "R> ")
    assert said[1].startswith("tile c3 (row 3, column 3): empty, scores 0")
    assert said[2] == "no bot has moved yet"
    assert set(numbered(said[3]).values()) == {"b1", "b2", "b3", "b4"}
    assert table.moves[0] == "b2" and len(table.moves) == 2


# ----- explain ------------------------------------------------------------------------------


def test_explain_names_the_greedy_move_first_with_its_value(gyonrg):
    # greedy plays red's whole first turn; then blue (human, at an open table: the values come
    # from red's hand) asks why its last move
    table, text = run(gyonrg, ["greedy", "human"], ["keep", "explain", "quit"], open_table=True)
    reply = replies(text, "blue> ")[2]
    last = max(i for i, e in enumerate(table.history) if not e[2])
    before, action = table.history[last][0], table.history[last][1]
    move = table.moves[last]
    assert reply.startswith(f"greedy (red) chose {move}:")
    chosen = next(ln for ln in reply.splitlines() if ln.lstrip().startswith("->"))
    after = before.clone()
    after.apply_action(action)
    assert chosen.split()[1:] == [*move.split(), "value", f"{after.evaluate(0):.2f}"]
    values = [float(ln.split()[-1]) for ln in reply.splitlines() if "value " in ln and ln.startswith("  ")]
    assert values[0] == max(values)  # the chosen move has the best value shown


def test_explain_after_undo_forgets_the_undone_bot_move():
    game = load_game("gyre", size=4)
    _, text = run(game, ["human", "greedy"], ["a1", "explain", "undo", "explain", "quit"], seed=1)
    said = replies(text, "R> ")
    assert said[2].startswith("greedy (B) chose ")
    assert said[4].endswith("no bot has moved yet")


def test_mcts_explains_with_visits_and_the_chosen_move_first(gyonrg):
    state = gyonrg.new_initial_state(3)
    state.apply_action(gyonrg.layout.end)  # red keeps
    state.apply_action(gyonrg.layout.end)  # blue keeps
    while len(state.legal_actions()) < 3:
        state.apply_action(state.legal_actions()[0])
    bot = make_bot("mcts:60", gyonrg, state.current_player(), 3)
    assert bot.explain().endswith("has not moved yet")
    action = bot.step(state)
    lines = bot.explain().splitlines()
    move = state.action_to_string(action)
    assert lines[0].startswith(f"mcts:iterations=60,c=0.3 ({gyonrg.player_name(state.current_player())}) chose {move}:")
    rows = [ln for ln in lines if "visits" in ln and "mean" in ln]
    assert rows[0].lstrip().startswith(f"-> {move} ")
    visits = [int(re.search(r"(\d+) visits", ln).group(1)) for ln in rows]
    assert visits[0] == max(visits) and sum(visits) <= 60


def test_random_bot_says_it_chose_at_random(gyonrg):
    state = gyonrg.new_initial_state(3)
    bot = make_bot("random", gyonrg, 0, 3)
    bot.step(state)
    assert bot.explain() == "random (red) picks uniformly at random: this time among 2 legal moves"


def test_explain_n_shows_the_last_bot_moves_oldest_first(gyonrg):
    lines = ["keep", "explain 3", "explain 0", "explain ３", "explain 9999", "quit"]
    table, text = run(gyonrg, ["greedy", "human"], lines)
    said = replies(text, "blue> ")
    bot_moves = [table.moves[i] for i, e in enumerate(table.history) if not e[2]][-3:]
    heads = [ln for ln in said[2].splitlines() if ln.startswith("greedy (red) chose ")]
    assert [h.split(" chose ")[1].split(":")[0] for h in heads] == bot_moves
    for reply in said[3:6]:
        assert reply.startswith("explain takes no argument or a number of bot moves, 1 to 30")
        assert len(reply.splitlines()) == 1
