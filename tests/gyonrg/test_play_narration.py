"""A scripted game of Gyon-RG through the real `cardgen play` over a pipe (issue 36).

The human (red) plays the moves a greedy bot would play in its seat (worked out here first,
by playing the same seed with greedy in both seats: the greedy bot in blue's seat answers
the same way at the table) and asks `help`, `show`, `board` and `explain` on the way; a
greedy bot plays blue. The screen must tell every attack with its numbers and the rule
that decided it, Victory Points and Action Points with their reasons, the end with its win
condition and the final scores, the game's own help, and never a card blue held hidden:
the game is replayed from its record to find the cards blue held in hand that red never
saw on the board, in a scrap yard or put aside as a Special.
"""

from __future__ import annotations

import re

import pytest

from cardgen.engine import load_game
from cardgen.engine.bots import make_bot
from cardgen.engine.play import help_text
from tests.engine.piped import longest_told, play_piped

SEED = 47  # a short greedy game (red wins 14-0 on Victory Points on turn 7) with attacks on both sides
LOOKS = ["explain", "board", "show c1", "show 1", "show scrap", "list"]  # asked at the first board prompt


def _red_moves() -> tuple[list[str], int]:
    """Red's moves, as typed, of the game greedy plays against greedy from SEED, and the number
    of them played before red's second turn."""
    game = load_game("gyonrg")
    state = game.new_initial_state(SEED)
    bots = [make_bot("greedy", game, p, SEED) for p in (0, 1)]
    moves = []
    second = 0
    while not state.is_terminal():
        p = state.current_player()
        action = bots[p].step(state)
        if p == 0:
            if state.turn == 3 and not second:
                second = len(moves)
            moves.append(state.action_to_string(action))
        state.apply_action(action)
    return moves, second


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    record = tmp_path_factory.mktemp("gyonrg") / "game.json"
    moves, second = _red_moves()
    # the looks at the first prompt after the mulligans; blue's whole first turn explained at red's second
    script = ["help", "show 2", "show scrap", moves[0], *LOOKS, *moves[1:second], "explain 30", *moves[second:], "quit"]
    return play_piped("gyonrg", SEED, "human,greedy", script, record)


def screen_lines(out: str) -> list[str]:
    """The screen's lines, without the prompts the piped input leaves in front of them."""
    return [re.sub(r"^(red> )+", "", line) for line in out.splitlines()]


def test_the_game_is_played_to_its_end(played):
    out, record = played
    assert record["finished"] and record["moves"][0] in ("keep", "mulligan")


def test_attacks_are_told_with_their_numbers_and_rule(played):
    lines = screen_lines(played[0])
    # who attacks whom from where, the rule that allows it, its cost
    attack = r"  (red|blue) attacks (blue|red)'s (ship|fleet) at [a-e][1-5] from [a-e][1-5] \(in its Captain's weapon range\) for \d+ AP \(\d+ left\)"  # noqa: E501
    attacks = sum(bool(re.fullmatch(attack, x)) for x in lines)
    assert attacks >= 3
    assert any(x.startswith("  blue attacks red's") for x in lines) and any(x.startswith("  red attacks blue's") for x in lines)
    # the attack points with their parts (the blindspot's +1 named) against the Captain's shield
    points = r"  attack points (\d+) \((its attack|attack [\d+]+ of its \d ships)(, \+1 from .+'s blindspot)?\) against shield (\d+)"
    found = [m for m in (re.fullmatch(points, x) for x in lines) if m]
    assert len(found) == attacks and all(int(m[1]) > int(m[4]) for m in found)
    # the Captain falls when the points exceed its shield, and what is left is said
    assert any(re.fullmatch(r"  Captain .+ is destroyed \((\d+) > shield (\d+)\): \d+ points? left", x) for x in lines)
    assert any(re.fullmatch(r"  [a-e][1-5] is empty: \d ships? to (red|blue)'s scrap yard", x) for x in lines)


def test_turns_points_and_draws_are_told_with_their_reasons(played):
    lines = screen_lines(played[0])
    assert "  turn 1 of 60: red plays" in lines and "  turn 2 of 60: blue plays" in lines
    assert "  red has 6 Action Points this turn" in lines and "  blue has 6 Action Points this turn" in lines
    assert any(re.fullmatch(r"  red scores \d+ VP: .+ on goal sector [a-e][1-5] \(deploy cost \d( \+[12] for row [45])?\)", x)
               for x in lines)  # fmt: skip
    assert any(re.fullmatch(r"  red has \d+ Victory Points \(10 win\)", x) for x in lines)
    # the bot's draws as a count, the human's own by name
    assert any(re.fullmatch(r"  blue draws \d cards? \([^)]+\)", x) for x in lines)
    assert any(re.fullmatch(r"  red draws \d cards? \([^)]+\): .+", x) for x in lines)
    # a Special put aside in the open: its card, cost and text
    assert any(re.fullmatch(r"  blue plays the Special .+ of .+ for \d AP \(\d+ left\)", x) for x in lines)
    # the bot's hidden moves read without their card: the events after them name it
    assert "blue (greedy): deploys a ship from its hand" in lines
    assert any(re.fullmatch(r"  blue deploys .+ \(\d+/\d+, \w+\) to c5 \(its main sector\) for \d AP \(\d left\)", x)
               for x in lines)  # fmt: skip


def test_the_end_is_told_with_its_win_condition_and_final_scores(played):
    out, record = played
    game = load_game("gyonrg", **record["config"])
    state = game.new_initial_state(record["seed"])
    for a in record["actions"]:
        state.apply_action(a)
    assert state.vp[0] >= 10
    end = f"red wins with {state.vp[0]} Victory Points, 10 needed; VP red {state.vp[0]}, blue {state.vp[1]}"
    assert f"\ngame over: {end}\n" in out
    assert f"\n  {end}\n" in out  # the event of the move that ended it, too
    assert state.result_text(0) == end


def test_help_and_show_are_the_games_own(played):
    out, _ = played
    game = load_game("gyonrg")
    assert game.play_help in help_text(game) and game.play_help in out
    for example in ("deploy 2 c1", "move b2 b4 1,3", "rotate b2 cw", "attack b2 c4", "show c3", "show 2", "show scrap"):
        assert example in game.play_help
    assert "R↑5/4x2" in game.play_help and "◇R" in game.play_help  # the board's legend
    for other in ("lane", "summon", "gyration", "duel"):  # the other games' words
        assert other not in game.play_help.lower()
    assert "card 2 of red's hand: " in out and "red's scrap yard: 0 cards" in out  # show 2, show scrap
    assert "c1 (red's main sector): no ships" in out  # show c1 before any deployment


def test_explain_reads_the_bots_moves_as_red_is_told_them(played):
    out, record = played
    first = record["moves"][1]  # blue's opening hand, kept or not in the open
    other = {"keep": "mulligan", "mulligan": "keep"}[first]
    assert f"red> greedy (blue) chose {first}\n  open to it whatever it held: {other}" in out
    # blue's first turn: its deployment reads without the card (the events name it); no value of
    # blue's search is shown, nor its other deployments: they would tell of blue's hand
    assert "greedy (blue) deploys a ship from its hand" in out
    block = out.split(f"red> greedy (blue) chose {first}")[2].split("\nred> ")[0]
    assert "value " not in block and "legal moves" not in block
    assert sum(line.startswith("red> greedy (blue) ") or line.startswith("greedy (blue) ")
               for line in block.splitlines()) >= 5  # fmt: skip


def _hidden_from_red(record: dict, until_turn: int | None = None) -> tuple[set[str], set[str]]:
    """The names of the cards blue held in hand that red never saw, and of every card red saw
    (until red's turn `until_turn` starts, when given)."""
    game = load_game("gyonrg", **record["config"])
    state = game.new_initial_state(record["seed"])
    held: set[int] = set()
    seen: set[int] = set()

    def look() -> None:
        held.update(state.hands[1])
        seen.update(c for fleet in state.board for c in fleet)
        seen.update(state.scrap[0] + state.scrap[1] + state.hands[0])
        seen.update(c for c in (state.used, *state.kept) if c >= 0)

    look()
    for a in record["actions"]:
        if until_turn is not None and state.turn == until_turn:  # (turn 0 is the mulligans)
            break
        state.apply_action(a)
        look()
    names = {c.name for c in game.cards[: len(game.deck_ids[0])]}  # red's own deck: red may name them
    shown = names | {game.cards[c].name for c in seen}
    return {game.cards[c].name for c in held - seen} - shown, shown


def test_no_hidden_card_of_the_bot_reaches_the_screen(played):
    out, record = played
    hidden, shown = _hidden_from_red(record)
    assert len(hidden) >= 4, "the game should leave blue holding cards red never saw"
    screen = out
    for name in sorted(shown, key=len, reverse=True):  # a hidden name may be part of a shown one
        screen = screen.replace(name, "#")
    assert [name for name in hidden if name in screen] == []


def test_explain_names_no_card_blue_held_hidden_then(played):
    """`explain 30` at red's second turn lists blue's candidate moves of its first turn: none names
    a card blue held then, though it may deploy or discard it later."""
    out, record = played
    block = out.split(f"red> greedy (blue) chose {record['moves'][1]}")[2].split("\nred> ")[0]
    hidden, shown = _hidden_from_red(record, until_turn=3)
    assert len(hidden) >= 4
    for name in sorted(shown, key=len, reverse=True):
        block = block.replace(name, "#")
    assert [name for name in hidden if name in block] == []


@pytest.mark.parametrize("options", [{}, {"salvage": "latest", "enough": "exceeds", "rotation": "quarter"}])
def test_every_event_is_a_short_line(options):
    """Random games, every event told for every viewer: one line each, short enough to read."""
    longest = longest_told(load_game("gyonrg", **options), range(4))
    assert len(longest) <= 100, longest
