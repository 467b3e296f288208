"""A scripted Gyre game through the real `cardgen play` over a pipe (issue 36): the claims and
gyrations are told with their reasons, the end with its reason and the final scores, `help`
is Gyre's own, and the human's screen shows nothing the seat may not know (Gyre hides nothing:
every bot move is shown as it is).

The human (R) claims the first empty tile each turn, after turning its first active gyre once
when it owns one. The script is worked out beforehand by playing the same policy against the
same deterministic bot (greedy, same seed) in the engine, so it stays legal if the bot changes.
"""

from __future__ import annotations

from cardgen.engine import load_game
from cardgen.engine.bots import make_bot
from cardgen.engine.records import replay
from tests.engine.piped import play_piped

SEED = 7
SIZE = 5


def _script() -> tuple[list[str], int]:
    """The human's typed moves for the whole game, and how many gyrations it makes."""
    game = load_game("gyre", size=SIZE)
    state = game.new_initial_state(SEED)
    bot = make_bot("greedy", game, 1, SEED)
    moves: list[str] = []
    turned = 0
    while not state.is_terminal():
        if state.current_player() == 1:
            state.apply_action(bot.step(state))
            continue
        nn = game.nn
        acts = state.legal_actions()
        gyrations = [a for a in acts if a >= nn]
        if gyrations and state.gyrations == 0:
            a = gyrations[0]
            turned += 1
        else:
            a = min(a for a in acts if a < nn)
        moves.append(state.action_to_string(a))
        state.apply_action(a)
    return moves, turned


def test_a_scripted_game_is_told_from_the_first_claim_to_the_end(tmp_path):
    moves, turned = _script()
    assert turned >= 1  # the script exercises a gyration of the human's
    record = tmp_path / "game.json"
    lines = ["help", "show c3", "show scores", "show gyres", "show gyre c3", "show zz", moves[0], "explain", "board"]
    lines += moves[1:] + ["quit"]
    env = {"CARDGEN_GYRE_HIGHSCORES": str(tmp_path / "hs.json"), "CARDGEN_CONFIG": ""}
    out, data = play_piped("gyre", SEED, "human,greedy", lines, record, [f"size={SIZE}"], env)

    # Gyre's own help, no other game's examples
    assert "gyre moves (a turn: any number of gyrations, then one claim" in out
    assert "c3+        turn the gyre at c3's lower-right corner clockwise" in out
    assert "show c3        how tile c3 scores" in out and "board legend:" in out
    assert "show c3 the fleet" not in out and "scrap yard" not in out
    # show: the score popup, every tile's score, the gyres, one gyre, a bad target
    assert "tile c3 (row 3, column 3): empty, scores 0" in out and "if R claims it now: it scores 1" in out
    assert "tile scores ('.' empty):" in out and "R (red) owns 0 gyres" in out
    assert "gyre c3 (owned by nobody): at the corner of c3 ., d3 ., d4 ., c4 ." in out
    assert "nothing to show called 'zz'" in out

    # the central events: claims with their tile's score, gyres taken, gyrations, scores
    assert f"  R claims {moves[0]}: it scores 1 (no occupied neighbour)" in out
    assert "  B claims " in out and "corners of " in out and " shared with R's tiles" in out
    assert "  R turns gyre " in out
    assert " is inactive until R claims" in out or " are inactive until R claims" in out
    assert "\n  score: R " in out
    assert "greedy (B) chose " in out  # explain
    # the board: legend marks, whose turn, empties
    assert "score: R (you) " in out and " tiles empty]" in out

    # the end: the reason and the final scores, then the result for the human's seat
    assert f"  all {SIZE * SIZE} tiles are claimed: the game ends; final score R " in out
    end = next(line for line in out.splitlines() if line.startswith("game over: "))
    assert end.startswith(("game over: winner ", "game over: tie between ")) and "(gyres R " in end
    assert end.endswith(("you win (R)", "you lose (R)", "you share the win (R)"))

    # nothing hidden: Gyre is a game of perfect information, and every bot move is shown as it is
    assert load_game("gyre").game_type.perfect_information
    assert data["finished"] is True
    bot_moves: list[str] = []
    final = replay(data, lambda i, state, action, text: bot_moves.append(text) if state.current_player() == 1 else None)
    assert bot_moves and all(f"\nB (greedy): {m}\n" in out for m in bot_moves)
    assert f"final score R {final.scores()[0]}, B {final.scores()[1]}" in out
