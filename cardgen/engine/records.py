"""Game records: game, config, seed, seats and actions as JSON, and their replay.

One record::

    {"format": "cardgen-record", "version": 1, "game": "gyre",
     "config": {"players": 2, "size": 8, ...}, "seed": 7,
     "seats": ["human", "mcts"], "actions": [27, 140, [3, 5], ...],
     "moves": ["d4", "d4+", ...], "finished": true,
     "returns": [1.0, 0.0], "final": {...state.to_json()...}}

`actions` holds ints, chance outcomes included; a joint action of a
simultaneous node is a list with one action per seat. `moves` repeats them as
text for people (replay checks they agree). `cardgen simulate --record` writes
{"format": "cardgen-records", "version": 1, "records": [record, ...]}.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable

from cardgen.errors import CardgenError, IllegalActionError
from cardgen.files import read_text, write_text
from cardgen.rng import Stream

from .protocol import CHANCE, SIMULTANEOUS, Game, State
from .registry import load_recorded_game

FORMAT, FORMAT_MANY, VERSION = "cardgen-record", "cardgen-records", 1


def move_text(state: State, action) -> str:
    """Text of an action (or joint action) in `state`, before it is applied."""
    if isinstance(action, list):
        return " & ".join(state.action_to_string(a, p) for p, a in enumerate(action))
    return state.action_to_string(action)


def apply_move(state: State, action) -> None:
    if isinstance(action, list):
        state.apply_actions(action)
    else:
        state.apply_action(action)


def make_record(game: Game, seed, seats: list[str], actions: list, moves: list[str], final: State) -> dict:
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game.name,
        "config": dict(game.config),
        "seed": seed,
        "seats": list(seats),
        "actions": list(actions),
        "moves": list(moves),
        "finished": final.is_terminal(),
        "returns": final.returns() if final.is_terminal() else None,
        "final": final.to_json(),
    }


def write_records(path, records: list[dict]) -> None:
    """One record as itself, several as a cardgen-records file; written atomically."""
    data = records[0] if len(records) == 1 else {"format": FORMAT_MANY, "version": VERSION, "records": records}
    write_text(path, json.dumps(data, separators=(",", ":")) + "\n")


def read_records(path) -> list[dict]:
    text = read_text(path, "record")
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise CardgenError(f"not a game record: {str(path)!r} is not JSON ({exc})") from None
    if isinstance(data, dict) and data.get("format") == FORMAT_MANY and isinstance(data.get("records"), list):
        records = data["records"]
    elif isinstance(data, dict) and data.get("format") == FORMAT:
        records = [data]
    else:
        raise CardgenError(f"not a game record: {str(path)!r} (expected format {FORMAT!r} or {FORMAT_MANY!r})")
    for i, rec in enumerate(records):
        if not isinstance(rec, dict) or not {"game", "config", "seed", "actions"} <= set(rec):
            raise CardgenError(f"bad record {i + 1} in {str(path)!r}: needs game, config, seed and actions")
        if rec.get("version", VERSION) != VERSION:
            raise CardgenError(f"record version {rec.get('version')!r} in {str(path)!r} (this cardgen reads {VERSION})")
    return records


def replay(record: dict, on_step: Callable[[int, State, object, str], None] | None = None) -> State:
    """Replay a record from its seed; CardgenError if an action is illegal or the
    final state differs from the one stored. on_step(i, state_before, action, text)."""
    config = record["config"]
    if not isinstance(config, dict) or not all(isinstance(k, str) for k in config):
        raise CardgenError(f"bad record: config {config!r} is not a mapping of option names to values")
    game = load_recorded_game(str(record["game"]), config)
    state = game.new_initial_state(record["seed"])
    moves = record.get("moves")
    actions = record["actions"]
    if not isinstance(actions, list):
        raise CardgenError("bad record: actions must be a list")
    for i, action in enumerate(actions):
        where = f"move {i + 1}"
        if not (isinstance(action, int) or (isinstance(action, list) and all(isinstance(a, int) for a in action))):
            raise CardgenError(f"bad record: {where} is {action!r} (expected an action number or a list of them)")
        player = state.current_player()
        if isinstance(action, list) != (player == SIMULTANEOUS):
            raise CardgenError(f"bad record: {where} is {action!r} but the game is at a "
                               f"{'simultaneous' if player == SIMULTANEOUS else 'sequential'} node")
        if player == CHANCE and state.sample_chance() != action:
            raise CardgenError(f"replay differs at {where}: chance gave {state.sample_chance()} "
                               f"but the record says {action} (different seed or rules version?)")
        try:
            text = move_text(state, action)
        except IllegalActionError as exc:
            raise CardgenError(f"replay failed at {where}: {exc}") from None
        if moves is not None and i < len(moves) and moves[i] != text:
            raise CardgenError(f"replay differs at {where}: action {action!r} reads {text!r}, record says {moves[i]!r}")
        if on_step:
            on_step(i, state, action, text)
        try:
            apply_move(state, action)
        except IllegalActionError as exc:
            raise CardgenError(f"replay failed at {where}: {exc}") from None
    final = record.get("final")
    if final is not None and state.to_json() != final:
        diff = sorted(k for k in set(final) | set(state.to_json()) if final.get(k) != state.to_json().get(k))
        raise CardgenError(f"replay ends in a different state than recorded (differs in: {', '.join(diff)})")
    if record.get("returns") is not None and state.is_terminal() and state.returns() != record["returns"]:
        raise CardgenError(f"replay returns {state.returns()} but the record says {record['returns']}")
    return state


def play_out(game: Game, seed, bots: Iterable, record: bool = True, opening: int = 0,
             opening_seed=None) -> tuple[State, list, list[str]]:  # fmt: skip
    """Play one game with one bot per seat; the final state, actions and move texts.

    `opening`: the first `opening` moves of the seats (chance outcomes are the game's as always;
    a simultaneous node's joint move is one) are uniformly random legal moves drawn from the
    stream of `opening_seed` (default: the game's seed), not the bots': a deterministic game
    between deterministic bots (Gyre, MCTS against MCTS) would otherwise be the same game every
    time, whatever the seed. The moves are recorded like any others, so a replay needs nothing new.
    """
    bots = list(bots)
    state = game.new_initial_state(seed)
    actions: list = []
    moves: list[str] = []
    n = game.num_players
    limit = game.max_game_length
    draw = Stream(seed if opening_seed is None else opening_seed, ("opening",)) if opening > 0 else None
    while not state.is_terminal():
        p = state.current_player()
        action: int | list[int]
        if p == CHANCE:
            action = state.sample_chance()
        elif draw is not None and opening > 0:
            opening -= 1
            if p == SIMULTANEOUS:
                action = [_random_move(state.legal_actions(q), draw, game.noop_action) for q in range(n)]
            else:
                action = _random_move(state.legal_actions(), draw, game.noop_action)
        elif p == SIMULTANEOUS:
            action = [bots[q].step(state) if state.legal_actions(q) else game.noop_action for q in range(n)]
        else:
            action = bots[p].step(state)
        if record:
            actions.append(action)
            moves.append(move_text(state, action))
        apply_move(state, action)
        limit -= 1
        if limit < 0:
            raise CardgenError(f"{game.name} did not end within its maximum length {game.max_game_length}")
    return state, actions, moves


def _random_move(legal: list[int], draw: Stream, noop: int) -> int:
    return legal[draw.below(len(legal))] if legal else noop
