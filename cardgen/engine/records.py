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
import math
import reprlib
from collections.abc import Callable, Iterable
from typing import Any

from cardgen.errors import CardgenError, IllegalActionError
from cardgen.files import read_text, write_text
from cardgen.rng import Stream
from cardgen.structured import load_json

from .protocol import CHANCE, SIMULTANEOUS, TERMINAL, Game, State
from .registry import load_recorded_game

FORMAT, FORMAT_MANY, VERSION = "cardgen-record", "cardgen-records", 1
MAX_SEED = 200  # characters of a seed, as `--seed` takes (an integer of up to 200 digits, or a word)
MAX_NAME = 200  # characters of a game's or a seat's name in a record


def move_text(state: State, action, viewer: int | None = None, *, told: bool = False) -> str:
    """Text of an action (or joint action) in `state`, before it is applied: the full text
    (records), or with `told` what seat `viewer` is told of it (State.action_text)."""
    if not told:
        if isinstance(action, list):
            return " & ".join(state.action_to_string(a, p) for p, a in enumerate(action))
        return state.action_to_string(action)
    if isinstance(action, list):
        return " & ".join(state.action_text(a, viewer, p) for p, a in enumerate(action) if state.legal_actions(p))
    return state.action_text(action, viewer)


HIDDEN_DECK = "(hidden)"


def config_seen(config: dict, viewer: int | None, players: int) -> dict:
    """A record's config as seat `viewer` may read it (`replay --seat`): a list of decks, one per
    seat, keeps the viewer's own and hides the others' (a deck list is its owner's secret; the
    cards the others played are told as they come). None: everything."""
    decks = config.get("decks")
    if viewer is None or not isinstance(decks, list) or len(decks) != players:
        return config
    return {**config, "decks": [d if p == viewer else HIDDEN_DECK for p, d in enumerate(decks)]}


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
    """The records of a file `cardgen play --record` or `cardgen simulate --record` wrote, each checked
    (check_record); a CardgenError naming the file, the record and the field for anything else."""
    shown = repr(str(path))
    data = load_json(read_text(path, "record"), f"record {shown}")
    if not isinstance(data, dict) or data.get("format") not in (FORMAT, FORMAT_MANY):
        raise CardgenError(f"not a game record: {shown} (expected format {FORMAT!r} or {FORMAT_MANY!r})")
    records: Any = [data] if data["format"] == FORMAT else data.get("records")
    if data["format"] == FORMAT_MANY:
        if not _is_version(data.get("version", VERSION)):
            raise CardgenError(f"record version {_short(data.get('version'))} in {shown} (this cardgen reads {VERSION})")
        if not isinstance(records, list):
            raise CardgenError(f"bad record file {shown}: \"records\" is {_short(records)} (expected a list of game records)")
        if not records:
            raise CardgenError(f"nothing to replay: {shown} holds no games (its \"records\" list is empty)")
    for i, record in enumerate(records):
        try:
            check_record(record)
        except CardgenError as exc:
            raise CardgenError(f"bad record {i + 1} in {shown}: {exc}") from None
    return records


def check_record(record: object) -> None:
    """CardgenError saying which field of `record` is not what a record holds (its types; whether
    the game, options and actions fit the rules is replay's to find out). Every field is checked
    here, before any is used, so a hand-edited record ends in one line, never a traceback."""
    if not isinstance(record, dict):
        raise CardgenError(f"{_short(record)} is not a game record (expected an object with game, config, seed and actions)")
    missing = [k for k in ("game", "config", "seed", "actions") if k not in record]
    if missing:
        raise CardgenError(f"needs game, config, seed and actions (missing: {', '.join(missing)})")
    if record.get("format", FORMAT) != FORMAT:
        raise CardgenError(f"format {_short(record.get('format'))} (expected {FORMAT!r})")
    if not _is_version(record.get("version", VERSION)):
        raise CardgenError(f"record version {_short(record.get('version'))} (this cardgen reads {VERSION})")
    game = record["game"]
    if not isinstance(game, str) or not 0 < len(game) <= MAX_NAME:
        raise CardgenError(f"game {_short(game)} (expected a game's name, e.g. 'gyre')")
    config = record["config"]
    if not isinstance(config, dict) or not all(isinstance(k, str) for k in config):
        raise CardgenError(f"config {_short(config)} is not a mapping of option names to values")
    seed = record["seed"]
    if not (type(seed) is int and -(10**MAX_SEED) < seed < 10**MAX_SEED) and not (
            isinstance(seed, str) and seed.strip() and len(seed) <= MAX_SEED and seed.isprintable()):  # fmt: skip
        raise CardgenError(f"seed {_short(seed)} (expected an integer or a word of at most {MAX_SEED} characters)")
    seats = record.get("seats", [])
    if not isinstance(seats, list) or not all(isinstance(s, str) and 0 < len(s) <= MAX_NAME and s.isprintable() for s in seats):
        raise CardgenError(f"seats {_short(seats)} (expected a list of who sat where, e.g. [\"human\", \"mcts\"])")
    actions = record["actions"]
    if not isinstance(actions, list):
        raise CardgenError(f"actions {_short(actions)} (expected a list of action numbers)")
    for i, action in enumerate(actions):
        if not (type(action) is int or (isinstance(action, list) and action and all(type(a) is int for a in action))):
            raise CardgenError(f"move {i + 1} is {_short(action)} (expected an action number, or a list of them "
                               f"at a simultaneous node)")  # fmt: skip
    moves = record.get("moves")
    if moves is not None and (not isinstance(moves, list) or not all(isinstance(m, str) for m in moves)):
        raise CardgenError(f"moves {_short(moves)} (expected a list of the moves' texts, or null)")
    if moves is not None and len(moves) != len(actions):
        raise CardgenError(f"{len(moves)} moves for {len(actions)} actions (expected one text for each action)")
    finished = record.get("finished")
    if finished is not None and not isinstance(finished, bool):
        raise CardgenError(f"finished {_short(finished)} (expected true, false or null)")
    returns = record.get("returns")
    if returns is not None and (not isinstance(returns, list) or not all(
            type(r) in (int, float) and math.isfinite(r) for r in returns)):  # fmt: skip
        raise CardgenError(f"returns {_short(returns)} (expected a list of numbers, one per seat, or null)")
    final = record.get("final")
    if final is not None and not isinstance(final, dict):
        raise CardgenError(f"final {_short(final)} (expected the final position as an object, or null)")


def replay(record: dict, on_step: Callable[[int, State, object, str], None] | None = None, *,
           after_step: Callable[[int, State, object], None] | None = None, narrate: bool = False) -> State:  # fmt: skip
    """Replay a record from its seed; CardgenError if a field is not what a record holds, an
    action is illegal (naming its move number) or the end differs from the one stored.
    on_step(i, state_before, action, text) before each move (text: its full text);
    after_step(i, state_after, action) after it. `narrate`: the replayed state narrates
    (State.narrate), so after_step can read the move's events with state.told(viewer)."""
    try:
        check_record(record)
    except CardgenError as exc:
        raise CardgenError(f"bad record: {exc}") from None
    game = load_recorded_game(record["game"], record["config"])
    seats = record.get("seats")
    if seats and len(seats) != game.num_players:
        raise CardgenError(f"bad record: {len(seats)} seats {_short(seats)} for {game.num_players} players")
    returns = record.get("returns")
    if returns is not None and len(returns) != game.num_players:
        raise CardgenError(f"bad record: returns {_short(returns)} for {game.num_players} players (expected one number per seat)")
    state = game.new_initial_state(record["seed"])
    if narrate:
        state.narrate()
    moves = record.get("moves")
    actions = record["actions"]
    for i, action in enumerate(actions):
        where = f"move {i + 1}"
        player = state.current_player()
        if player == TERMINAL:
            raise CardgenError(f"replay failed at {where}: the game is over after {i} moves, "
                               f"but the record goes on to {len(actions)}")  # fmt: skip
        if isinstance(action, list) != (player == SIMULTANEOUS):
            raise CardgenError(f"bad record: {where} is {_short(action)} but the game is at a "
                               f"{'simultaneous' if player == SIMULTANEOUS else 'sequential'} node")
        if player == CHANCE:
            if state.sample_chance() != action:
                raise CardgenError(f"replay differs at {where}: chance gave {state.sample_chance()} "
                                   f"but the record says {action} (different seed or rules version?)")
        elif not _legal(state, action):
            raise CardgenError(f"replay failed at {where}: {_why_illegal(state, action)}")
        text = move_text(state, action)
        if moves is not None and moves[i] != text:
            raise CardgenError(f"replay differs at {where}: action {action!r} reads {text!r}, "
                               f"record says {_short(moves[i])}")  # fmt: skip
        if on_step:
            on_step(i, state, action, text)
        try:
            apply_move(state, action)
        except IllegalActionError as exc:
            raise CardgenError(f"replay failed at {where}: {exc}") from None
        if after_step:
            after_step(i, state, action)
    finished = record.get("finished")
    if finished is not None and finished != state.is_terminal():
        raise CardgenError(f"replay ends {'finished' if state.is_terminal() else 'unfinished'} after {len(actions)} "
                           f"moves, but the record says the game {'finished' if finished else 'did not finish'}")  # fmt: skip
    final = record.get("final")
    if final is not None and state.to_json() != final:
        diff = sorted(k for k in set(final) | set(state.to_json()) if final.get(k) != state.to_json().get(k))
        raise CardgenError(f"replay ends in a different state than recorded (differs in: {_short(', '.join(diff))[1:-1]})")
    if returns is not None and state.is_terminal() and state.returns() != returns:
        raise CardgenError(f"replay returns {state.returns()} but the record says {returns}")
    return state


def _legal(state: State, action: int | list[int]) -> bool:
    """Whether `action` is legal at the (sequential or simultaneous) node of `state`, by the
    protocol's legal_actions: range and legality checked before any game code reads it."""
    if isinstance(action, int):
        return action in state.legal_actions()
    if len(action) != state.game.num_players:
        return False
    for seat, a in enumerate(action):
        legal = state.legal_actions(seat)
        if a not in legal if legal else a != state.game.noop_action:
            return False
    return True


def _why_illegal(state: State, action: int | list[int]) -> str:
    """The protocol's own one line on why `action` is illegal (apply refuses it, leaving the
    state as it was)."""
    try:
        apply_move(state, action)
    except IllegalActionError as exc:
        return str(exc)
    raise CardgenError(f"illegal action {action!r}: the game took it, but it is not among its legal actions")


def _is_version(value: object) -> bool:
    return type(value) is int and value == VERSION


def _short(value: object) -> str:
    """repr() of a value from a record, cut short: a message stays one readable line."""
    return _REPR.repr(value)


_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxstring, _REPR.maxother, _REPR.maxlong = 2, 40, 40, 40
_REPR.maxlist = _REPR.maxdict = _REPR.maxtuple = 4


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
