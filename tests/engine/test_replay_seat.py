"""`cardgen replay FILE --seat SEAT`: a recorded game as one seat saw it (issue 36).

Each move reads as State.action_text tells that seat, each move's events as State.told(seat),
boards as render(player=seat), the end as result_text(seat); without --seat the replay shows
everything, events included. The machinery is driven with the toy game (tests/engine/conftest.py:
hidden hands, a public die, bids made at once); the hidden-card check is generic and runs on
every registered game with hidden information too.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from click.testing import CliRunner

from cardgen.cli.main import cli
from cardgen.engine import load_game
from cardgen.engine.bots import make_bot
from cardgen.engine.records import apply_move, make_record, move_text, play_out, write_records
from cardgen.engine.registry import game_names, load_recorded_game

MOVE = re.compile(r"^\s*(\d+)\. ")


def _record(tmp_path, name: str, seed: int, bots: list[str] | None = None, **config) -> tuple[dict, str]:
    game = load_game(name, **config)
    bots = bots or ["random"] * game.num_players
    final, actions, moves = play_out(game, seed, [make_bot(b, game, p, seed) for p, b in enumerate(bots)])
    record = make_record(game, seed, bots, actions, moves, final)
    path = tmp_path / f"{name}-{seed}.json"
    write_records(path, [record])
    return json.loads(path.read_text()), str(path)


def _replay(*args):
    return CliRunner().invoke(cli, ["replay", *args])


def _expected(record: dict, viewer: int | None, boards: bool = False) -> list[str]:
    """What replay --moves [--seat] prints after its header line, built from the protocol alone."""
    game = load_recorded_game(record["game"], record["config"])
    state = game.new_initial_state(record["seed"])
    state.narrate()
    out = []
    for i, action in enumerate(record["actions"]):
        if boards:
            out.extend(state.render(player=viewer).splitlines())
        who = game.player_name(state.current_player())
        out.append(f"{i + 1:>4}. {who}: {move_text(state, action, viewer, told=viewer is not None)}")
        apply_move(state, action)
        out.extend("        " + line for line in state.told(viewer))
    if boards:
        out.extend(state.render(player=viewer).splitlines())
    if state.is_terminal():
        out.extend(("game over: " + state.result_text(viewer)).splitlines())
    return out


def _hidden_words(record: dict, viewer: int) -> set[str]:
    """Card-like words (a letter and a digit, or hyphen-joined: 'card4', 'Air-7-orange') of other
    seats' moves that the seat was told without them and never saw otherwise: in its own moves'
    texts or in its observation at any point of the game (a card revealed later is seen)."""
    game = load_recorded_game(record["game"], record["config"])
    state = game.new_initial_state(record["seed"])
    hidden: set[str] = set()
    seen: set[str] = set()

    def words(text: str) -> set[str]:
        return {w for w in re.findall(r"[\w-]+", text) if len(w) >= 4 and re.search(r"[a-zA-Z]", w)
                and (re.search(r"\d", w) or "-" in w.strip("-"))}  # fmt: skip

    for action in record["actions"]:
        seen |= words(json.dumps(state.observation(viewer)))
        mover = state.current_player()
        joint = action if isinstance(action, list) else [action]
        for p, a in enumerate(joint):
            player = p if isinstance(action, list) else mover
            full = state.action_to_string(a, player if player >= 0 else None)
            told = state.action_text(a, viewer, player)
            if player == viewer:
                seen |= words(full)
            elif told != full:
                hidden |= words(full) - words(told)
        apply_move(state, action)
    seen |= words(json.dumps(state.observation(viewer)))
    return hidden - seen


def _body(output: str) -> list[str]:
    lines = output.splitlines()
    assert lines[0].startswith("game 1: ") and " saw it" in lines[0] or "seats" in lines[0]
    assert lines[-1].startswith("game 1: ok, ")
    return lines[1:-1]


# -- the toy game: the machinery -------------------------------------------------------------


def test_a_seat_reads_the_others_bids_as_bids_and_sees_the_events(tmp_path):
    record, path = _record(tmp_path, "toy-bid", 4, ["greedy", "random"], players=2)
    res = _replay(path, "--moves", "--seat", "N")
    assert res.exit_code == 0, res.output
    assert res.output.splitlines()[0].endswith(", as N saw it")
    body = _body(res.output)
    assert body == _expected(record, 0)
    # the joint bids read with N's own card and E's as 'bids a card'
    bids = [line for line in body if MOVE.match(line) and "&" in line]
    assert len(bids) == 2 and all(line.endswith("& bids a card") for line in bids)
    assert any(line.startswith("        the die shows") for line in body)  # an event, indented under its move
    assert body[-1].startswith("game over: ") and "points: N" in body[-1]


def test_the_seat_by_name_any_case_or_by_number_from_1(tmp_path):
    _, path = _record(tmp_path, "toy-bid", 2, players=3)
    by_name = _replay(path, "--moves", "--seat", "E")
    assert by_name.exit_code == 0, by_name.output
    assert _replay(path, "--seat", "e").output == by_name.output  # --seat implies --moves
    assert _replay(path, "--moves", "--seat", "2").output == by_name.output
    assert _replay(path, "--moves", "--seat", "1").output != by_name.output


def test_a_hidden_card_is_never_shown_to_the_seat(tmp_path):
    record, path = _record(tmp_path, "toy-bid", 6, players=2)
    for seat, viewer in (("N", 0), ("E", 1)):
        res = _replay(path, "--boards", "--seat", seat)
        assert res.exit_code == 0, res.output
        assert _body(res.output) == _expected(record, viewer, boards=True)
        hidden = _hidden_words(record, viewer)
        assert hidden  # the other seat's bids, told as 'bids a card'
        assert not [w for w in hidden if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", res.output)]
        # the board is the seat's own view: the other seat's hand is never in it
        other = load_game("toy-bid", players=2).new_initial_state(6).hands[1 - viewer]
        assert f"'hand': {other}" not in res.output


def test_without_a_seat_everything_is_shown_with_the_events(tmp_path):
    record, path = _record(tmp_path, "toy-bid", 4, ["greedy", "random"], players=2)
    res = _replay(path, "--moves")
    assert res.exit_code == 0, res.output
    body = _body(res.output)
    assert body == _expected(record, None)
    assert all(re.search(r": card\d+ & card\d+$", line) for line in body if MOVE.match(line) and "&" in line)
    plain = _replay(path)  # no --moves: one line per game, as before
    assert plain.exit_code == 0 and plain.output.splitlines() == [res.output.splitlines()[-1]]


@pytest.mark.parametrize("seat", ["X", "0", "3", "-1", "north", "1.5"])
def test_a_seat_the_game_does_not_have_is_a_usage_error_naming_the_seats(tmp_path, seat):
    _, path = _record(tmp_path, "toy-bid", 1, players=2)
    res = _replay(path, "--moves", "--seat", seat)
    assert res.exit_code == 2, res.output
    assert "--seat" in res.output and "N, E" in res.output and "from 1 to 2" in res.output
    assert "game 1" not in res.output  # refused before anything is replayed


@pytest.mark.parametrize("seat", ["", "   ", "a\tb", "x" * 300])
def test_a_seat_that_is_no_word_is_refused_by_the_option(tmp_path, seat):
    _, path = _record(tmp_path, "toy-bid", 1, players=2)
    res = _replay(path, "--seat", seat)
    assert res.exit_code == 2 and "Invalid value for '--seat'" in res.output
    assert "Traceback" not in res.output


def test_a_seat_in_a_file_of_several_games(tmp_path):
    game = load_game("toy-bid", players=2)
    records = []
    for seed in (1, 2):
        final, actions, moves = play_out(game, seed, [make_bot("random", game, p, seed) for p in range(2)])
        records.append(make_record(game, seed, ["random", "random"], actions, moves, final))
    path = tmp_path / "many.json"
    write_records(path, records)
    res = _replay(str(path), "--seat", "E", "--index", "2")
    assert res.exit_code == 0, res.output
    assert res.output.startswith("game 2: ") and res.output.count("as E saw it") == 1
    both = _replay(str(path), "--seat", "E")
    assert both.exit_code == 0 and both.output.count("as E saw it") == 2


def test_a_perfect_information_game_reads_the_same_for_a_seat_but_the_end_speaks_to_it(tmp_path):
    rng = random.Random(3)
    record, path = _record(tmp_path, "gyre", rng.randrange(100), size=4)
    open_ = _body(_replay(path, "--moves").output)
    seat = _body(_replay(path, "--moves", "--seat", "B").output)
    assert open_[:-1] == seat[:-1]  # every move and event as it is
    assert seat == _expected(record, 1)


# -- every game with hidden information: the same check, generic -----------------------------


HIDDEN = [n for n in game_names() if n != "toy-bid" and not load_game(n).game_type.perfect_information]


@pytest.mark.parametrize("name", HIDDEN)
def test_a_recorded_game_shows_a_seat_no_card_it_did_not_see(tmp_path, name):
    record, path = _record(tmp_path, name, 3)
    res = _replay(path, "--seat", "1")
    assert res.exit_code == 0, res.output
    assert _body(res.output) == _expected(record, 0)
    hidden = _hidden_words(record, 0)
    leaked = sorted(w for w in hidden if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", res.output))
    assert not leaked, f"{name}: seat 1 is shown {leaked[:5]} it never saw"


@pytest.mark.parametrize("name", ["gyonrg", "gogmagog", "spherion"])
def test_the_header_for_a_seat_shows_its_own_deck_and_hides_the_others(tmp_path, name):
    """Issue 47: the header line printed the whole config, the other seat's deck list with it."""
    record, path = _record(tmp_path, name, 2)
    decks = record["config"]["decks"]
    for seat in (1, 2):
        head = _replay(path, "--seat", str(seat)).output.splitlines()[0]
        shown = json.loads(head[head.index("{"): head.rindex("}") + 1])
        assert shown["decks"][seat - 1] == decks[seat - 1]
        assert shown["decks"][2 - seat] == "(hidden)"
    full = _replay(path, "--moves").output.splitlines()[0]
    assert json.loads(full[full.index("{"): full.rindex("}") + 1])["decks"] == decks
