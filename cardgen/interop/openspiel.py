"""Every cardgen game as an OpenSpiel game: `import cardgen.interop.openspiel`, then
`pyspiel.load_game("cardgen_gyonrg")` or `pyspiel.load_game("cardgen_gyre(players=3)")`.

Needs the optional extra (pip install 'cardgen[rl]'). Importing the module registers every game
of the registry under the short name `cardgen_<game>`; `register(name)` adds a game registered
later. The bridge reads each game through the protocol only and writes no rule of any game;
docs/agents.md says what each game's tensors hold, index by index.

Parameters: one per option of the game, with the option's default, and
  * `seed` (int, default -1): -1 deals afresh every episode (below); any other integer fixes the
    deal: the game `cardgen play <game> --seed N` plays, for replays and tests;
  * `seed_word` (string, default empty): a word seed instead (`seed_word=club-night`), as
    cardgen's tools take them;
  * `deals` (int, default 65536): how many deals the first chance node draws from;
  * `turn_based` (bool, default false; games with simultaneous nodes only): the seats of a
    simultaneous node choose one after another, each unseen by the others until all have chosen,
    so sequential-only algorithms (IS-MCTS) play the game;
  * `max_moves` (int, default 0: none): a small variant for algorithms that walk the whole tree
    (external-sampling MCCFR): the game ends after that many moves of the seats, won by the seats
    the game's own evaluation (what cardgen's bots read) puts first, drawn when it puts all level.
OpenSpiel's parameters have one type each, so two spellings differ from `-o key=value`: a list is
written with ';' where cardgen writes ',' (`decks=seed:1;seed:2`), since ',' ends a parameter in
OpenSpiel's game strings, and an integer option that may be "none" (Gyre's max_gyrations) is -1.
A bad parameter is an error of one line naming it and what it accepts.

Chance. With `seed=-1` a game with chance opens with a chance node over `deals` deal seeds:
outcome i deals the game of cardgen seed i (so `seed=i` replays it), and everything the state's
stream then decides (shuffles, draws) follows from it; so new_initial_state() plus sampled chance
gives a new deal each episode, and the game is EXPLICIT_STOCHASTIC. A fixed seed leaves only the
game's own chance nodes (Spherion's dice): DETERMINISTIC when it has none. A chance node's
outcomes are numbered 0, 1, ... in the order of the protocol's chance_outcomes (OpenSpiel wants
them below max_chance_outcomes), and `sample_chance()` gives the one the state's own stream draws.
The game string plus the action list (OpenSpiel's serialisation) replays a game exactly.

Observations: the protocol's observation_tensor (what the seat may see: hidden cards left out)
and render(player=...) as the observation string. Information states (perfect recall): what the
seat saw and did, in order: every move as it was told to the seat (its own moves in full, others'
as State.action_text tells them), and the seat's observation after each; the string is one line
with the seat, the move count and a digest of that sequence (its view now is the observation
string), the tensor the observation with the move count and the digest's bits (docs/agents.md). Two states a seat cannot tell apart give it the same information
state; resample_from_infostate (and determinized) re-deal what the seat cannot see through the
protocol's determinize. Simultaneous nodes (Spherion's planning) give each seat its legal
actions, or the game's no-op when it has none, as OpenSpiel wants one action per seat.
"""

from __future__ import annotations

import functools
import hashlib
import json
import random
from typing import Any

from cardgen.engine import protocol
from cardgen.engine.registry import game_names, game_options, load_game
from cardgen.engine.tensors import Column, Layout, Part
from cardgen.errors import CardgenError, IllegalActionError, OptionError

try:
    import numpy as np
    import pyspiel
except ImportError as exc:  # pragma: no cover - the extra is installed where this runs
    raise ImportError("cardgen.interop.openspiel needs OpenSpiel: pip install 'cardgen[rl]'") from exc

PREFIX = "cardgen_"
NONE_INT = -1  # an integer option's "none" (OpenSpiel's parameters have one type each)
LIST_SEP = ";"  # a list option's ',' in OpenSpiel's game strings
FRESH = -1  # `seed` for a fresh deal every episode
DEALS = 1 << 16  # deal seeds the first chance node draws from, by default
DIGEST_BYTES = 16  # the information state's digest: 128 bits

_PLAYER = {
    protocol.CHANCE: pyspiel.PlayerId.CHANCE,
    protocol.SIMULTANEOUS: pyspiel.PlayerId.SIMULTANEOUS,
    protocol.TERMINAL: pyspiel.PlayerId.TERMINAL,
}
_UTILITY = {
    "zero_sum": pyspiel.GameType.Utility.ZERO_SUM,
    "constant_sum": pyspiel.GameType.Utility.CONSTANT_SUM,
    "general_sum": pyspiel.GameType.Utility.GENERAL_SUM,
}

__all__ = ["PREFIX", "CardgenGame", "CardgenState", "info_state_layout", "register", "short_name"]


def short_name(game: str) -> str:
    """OpenSpiel's name of a cardgen game: "gyonrg" -> "cardgen_gyonrg"."""
    return PREFIX + game


def _none_as_int(option: protocol.Option) -> bool:
    return option.none_ok and option.kind is int and (option.low is None or option.low > NONE_INT)


def _is_list(option: protocol.Option) -> bool:
    return option.kind is str and option.choices is None


def _parameter(option: protocol.Option, value: Any) -> Any:
    """A config value as OpenSpiel's parameter of one type."""
    if value is None and _none_as_int(option):
        return NONE_INT
    if _is_list(option):
        return str(value).replace(",", LIST_SEP)
    if option.kind in (int, float, bool, str):
        return value
    return str(value)


def _config_value(option: protocol.Option, value: Any) -> Any:
    """OpenSpiel's parameter as the value the game's option checks."""
    if _none_as_int(option):
        if value == NONE_INT:
            return None
        try:
            return option.check(value)
        except OptionError:
            raise OptionError(f"bad value for option {option.name}: {value!r} "
                              f"(expected {option._accepted()}, or {NONE_INT} for none)") from None  # fmt: skip
    if _is_list(option) and isinstance(value, str):
        return value.replace(LIST_SEP, ",")
    return value


def _parameter_spec(game: protocol.Game, options: list[protocol.Option]) -> dict[str, Any]:
    spec: dict[str, Any] = {"seed": FRESH, "seed_word": "", "deals": DEALS, "max_moves": 0}
    if game.spec.dynamics == "simultaneous":
        spec["turn_based"] = False
    for o in options:
        spec[o.name] = _parameter(o, o.default)
    return spec


class _Setup:
    """The bridge's own parameters, checked: the deal (fixed or fresh), the deals, turn_based."""

    def __init__(self, game: protocol.Game, params: dict[str, Any]) -> None:
        seed, word, deals = params["seed"], params["seed_word"], params["deals"]
        name = short_name(game.name)
        if word and seed != FRESH:
            raise OptionError(f"{name}: give seed or seed_word, not both (seed={seed}, seed_word={word!r})")
        if not isinstance(deals, int) or deals < 1:
            raise OptionError(f"{name}: bad value for deals: {deals!r} (expected an integer >= 1)")
        self.seed: int | str | None = word if word else (None if seed == FRESH else seed)
        self.deals = deals
        # a fresh deal is a chance node only where the seed matters (Gyre has no chance at all)
        self.dealt_by_chance = self.seed is None and not game.game_type.deterministic
        self.turn_based = bool(params.get("turn_based", False))
        self.max_moves = params["max_moves"]
        if not isinstance(self.max_moves, int) or self.max_moves < 0:
            raise OptionError(f"{name}: bad value for max_moves: {self.max_moves!r} (expected an integer >= 0)")


def _game_type(name: str, game: protocol.Game, options: list[protocol.Option], setup: _Setup | None = None) -> Any:
    spec = game.spec
    setup = setup or _Setup(game, _parameter_spec(game, options))
    low, high = spec.players
    info = pyspiel.GameType.Information
    simultaneous = spec.dynamics == "simultaneous" and not setup.turn_based
    stochastic = setup.dealt_by_chance or "explicit" in spec.chance
    imperfect = spec.information == "imperfect"
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"cardgen {name}",
        dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS if simultaneous else pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if stochastic
                     else pyspiel.GameType.ChanceMode.DETERMINISTIC),
        information=info.IMPERFECT_INFORMATION if imperfect else info.PERFECT_INFORMATION,
        utility=_UTILITY[spec.utility],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameter_spec(game, options),
    )  # fmt: skip


def _game_info(game: protocol.Game, setup: _Setup) -> Any:
    deals = setup.deals if setup.dealt_by_chance else 0
    return pyspiel.GameInfo(
        num_distinct_actions=game.num_distinct_actions,
        max_chance_outcomes=max(deals, game.spec.max_chance_outcomes),
        num_players=game.num_players,
        min_utility=float(game.min_return),
        max_utility=float(game.max_return),
        utility_sum=None if game.return_sum is None else float(game.return_sum),
        # the deal is one move more; turn-based, a joint action is a move per seat
        max_game_length=_max_game_length(game, setup),
    )


def _max_game_length(game: protocol.Game, setup: _Setup) -> int:
    # the deal is one move more; turn-based, a joint action is a move per seat
    return game.max_game_length * (game.num_players if setup.turn_based else 1) + int(setup.dealt_by_chance)


def info_state_layout(game: protocol.Game) -> Layout:
    """The information-state tensor of `game`: its observation now, the moves so far and the
    digest of what the seat saw and did."""
    return Layout([
        Part("observation", [Column(f"x{i}", "") for i in range(game.observation_size())], help=(
            "the seat's observation tensor now, as in the observation table above")),
        Part("moves", [Column("moves", "moves made so far (the deal and chance included) / max_game_length")]),
        Part("history", [Column(f"bit{i}", "") for i in range(8 * DIGEST_BYTES)], help=(
            "the 128 bits of a digest of every move as the seat was told it and its observation after "
            "each: equal for histories the seat cannot tell apart, different (but for a 2^-128 chance) "
            "for any two it can. An identifier of the history, not a feature to learn from")),
    ])  # fmt: skip


def _load_game(text: str) -> Any:
    return pyspiel.load_game(text)


class CardgenGame(pyspiel.Game):
    """A cardgen game for OpenSpiel; `cardgen_game` is the protocol's Game it plays."""

    cardgen_name: str = ""

    def __init__(self, params: dict | None = None) -> None:
        name = self.cardgen_name
        options = game_options(name)
        full = {**_parameter_spec(_game_of(name, "{}"), options), **(params or {})}
        try:
            config = {o.name: _config_value(o, full[o.name]) for o in options}
            # a game is immutable once built: one per config (Spherion builds its decks in a second)
            self.cardgen_game = _game_of(name, json.dumps(config, sort_keys=True))
            self.setup = _Setup(self.cardgen_game, full)
        except CardgenError as exc:
            raise type(exc)(f"{short_name(name)}: {str(exc).removeprefix(short_name(name) + ': ')}") from None
        self.seed = self.setup.seed
        # the parameters as OpenSpiel writes them back (str(game) reloads this very game)
        full.update({o.name: _parameter(o, full[o.name]) for o in options})
        super().__init__(_game_type(name, self.cardgen_game, options, self.setup),
                         _game_info(self.cardgen_game, self.setup), full)  # fmt: skip
        self.info_layout = info_state_layout(self.cardgen_game)

    def __reduce__(self) -> tuple:
        # OpenSpiel's own Python games pickle; a game is its game string
        return _load_game, (str(self),)

    def new_initial_state(self, inner: protocol.State | None = None) -> "CardgenState":
        """The game's first position: the deal to draw (seed -1), the deal of `seed`, or `inner`."""
        if inner is None and not self.setup.dealt_by_chance:
            inner = self.cardgen_game.new_initial_state(0 if self.seed is None else self.seed)
        return CardgenState(self, inner)

    def make_py_observer(self, iig_obs_type=None, params=None) -> "CardgenObserver":
        return CardgenObserver(self, iig_obs_type, params)


def _digest(*parts: bytes) -> bytes:
    h = hashlib.blake2b(digest_size=DIGEST_BYTES)
    for p in parts:
        h.update(len(p).to_bytes(4, "little"))
        h.update(p)
    return h.digest()


def _seen_now(state: protocol.State, seat: int) -> bytes:
    """What `seat` sees now, as bytes: its observation (the protocol's, the told-conformance key)."""
    return json.dumps(state.observation(seat), sort_keys=True, separators=(",", ":")).encode()


def _said(state: protocol.State, actor: int, action: int, seat: int) -> bytes:
    """What `seat` is told of `actor`'s `action` (its own: the action itself)."""
    if actor == seat:
        return b"did %d" % action
    try:
        text = state.action_text(action, seat, actor)
    except CardgenError:
        text = "?"
    return f"{protocol.SENTINEL_NAMES.get(actor, actor)}: {text}".encode()


class _Held:
    """The protocol's state inside a CardgenState, with what each seat saw and did (pyspiel's
    clone() deep-copies a Python state's attributes, and this makes that copy the protocol's
    hand-written clone(), sharing the rest, which never changes in place).

    state    the protocol's State (None before the deal is drawn)
    seen     per seat, the digest of what it saw and did up to `base`'s position
    base     None when `seen` is up to date; else a frozen copy of the position where it was, and
    steps    the moves since then: ("move", actor, action), ("joint", actions), ("choose", seat,
             action): the digests are brought up to date only when asked (searches never ask)
    pending  turn-based simultaneous choices per seat (None: not chosen yet), or None
    moves    the number of moves made (the deal, chance and each turn-based choice included)
    decisions  the seats' moves among them (a joint action counts one): max_moves cuts there
    """

    __slots__ = ("state", "seen", "base", "steps", "pending", "moves", "decisions")

    def __init__(self, state: protocol.State | None, seen: tuple[bytes, ...], pending: tuple | None = None,
                 moves: int = 0, decisions: int = 0) -> None:  # fmt: skip
        self.state, self.seen, self.pending, self.moves = state, seen, pending, moves
        self.decisions = decisions
        self.base: protocol.State | None = None
        self.steps: tuple | None = None  # newest first, as nested pairs (step, older): O(1) to add and share

    def __deepcopy__(self, memo: dict) -> "_Held":
        state = None if self.state is None else self.state.clone()
        copy = _Held(state, self.seen, self.pending, self.moves, self.decisions)
        copy.base, copy.steps = self.base, self.steps
        return copy

    def record(self, step: tuple) -> None:
        """Note a move about to be applied to `state`, for the digests."""
        if self.base is None:
            assert self.state is not None
            self.base = self.state.clone()
        self.steps = (step, self.steps)
        self.moves += 1

    def settle(self) -> tuple[bytes, ...]:
        """The digests, brought up to date by replaying the noted moves on a copy of `base`."""
        if self.base is not None:
            self.seen = _replay(self.base.clone(), self.seen, protocol.unlinked(self.steps))
            self.base, self.steps = None, None
        return self.seen

    def __reduce__(self) -> tuple:
        # pyspiel serialises (and pickles) a Python state's attributes: the position as the
        # protocol's JSON (its seeded stream included), under the game's name and config
        seen = self.settle()
        if self.state is None:
            return _Held, (None, seen, self.pending, self.moves, self.decisions)
        game = self.state.game
        return _unpickle, (game.name, json.dumps(game.config, sort_keys=True), self.state.to_json(), seen,
                           self.pending, self.moves, self.decisions)  # fmt: skip


def _fold(seen: tuple[bytes, ...], said: list[bytes], after: protocol.State) -> tuple[bytes, ...]:
    return tuple(_digest(seen[p], said[p], _seen_now(after, p)) for p in range(len(seen)))


def _replay(state: protocol.State, seen: tuple[bytes, ...], steps: list[tuple]) -> tuple[bytes, ...]:
    n = len(seen)
    for step in steps:
        kind = step[0]
        if kind == "choose":  # a turn-based choice: the chooser alone knows it
            _, seat, action = step
            seen = tuple(_digest(seen[p], b"chose %d" % action) if p == seat else seen[p] for p in range(n))
        elif kind == "joint":
            joint = step[1]
            said = [b"|".join(_said(state, q, joint[q], p) for q in range(n)) for p in range(n)]
            state.apply_actions(list(joint))
            seen = _fold(seen, said, state)
        else:
            _, actor, action = step
            said = [_said(state, actor, action, p) for p in range(n)]
            state.apply_action(action)
            seen = _fold(seen, said, state)
    return seen


def _dealt(state: protocol.State) -> tuple[bytes, ...]:
    """The digests at the start: each seat's first view."""
    return tuple(_digest(b"dealt", _seen_now(state, p)) for p in range(state.game.num_players))


@functools.lru_cache(maxsize=32)
def _game_of(name: str, config: str) -> protocol.Game:
    """The protocol's game `name` of `config` (JSON), built once: games never change once built."""
    return load_game(name, **json.loads(config))


def _unpickle(name: str, config: str, data: dict, seen: tuple = (), pending: tuple | None = None,
              moves: int = 0, decisions: int = 0) -> _Held:  # fmt: skip
    state = _game_of(name, config).state_from_json(data)
    return _Held(state, tuple(seen) or _dealt(state), pending, moves, decisions)


def _judged(state: protocol.State) -> list[float]:
    """The returns of a game cut by max_moves: a win for the seats the game's own evaluation puts
    first (State.evaluate_all, what cardgen's bots read), as the game scores a win; a draw when
    it puts every seat level."""
    game = state.game
    values = state.evaluate_all()
    best = max(values)
    winners = [p for p, v in enumerate(values) if v >= best - 1e-9]
    n, k = game.num_players, len(winners)
    low, high = float(game.min_return), float(game.max_return)
    total = game.return_sum
    if k == n:
        share = (low + high) / 2 if total is None else float(total) / n
        return [share] * n
    win = high if total is None else (float(total) - low * (n - k)) / k
    return [win if p in winners else low for p in range(n)]


class CardgenState(pyspiel.State):
    """One position for OpenSpiel; `cardgen_state` is the protocol's State underneath (None
    before the deal is drawn)."""

    def __init__(self, game: CardgenGame, inner: protocol.State | None, held: _Held | None = None) -> None:
        super().__init__(game)
        self._turn_based = game.setup.turn_based
        self._max_moves = game.setup.max_moves
        if held is None:
            pending = (None,) * game.num_players() if self._turn_based else None
            held = _Held(inner, () if inner is None else _dealt(inner), pending)
        self._held = held
        if self._turn_based:
            self._settle_joint()

    @property
    def cardgen_state(self) -> protocol.State:
        state = self._held.state
        if state is None:
            raise IllegalActionError("no position yet: the deal is a chance outcome still to draw")
        return state

    def _dealt_yet(self) -> bool:
        return self._held.state is not None

    # -- who moves --------------------------------------------------------------------
    def _waiting(self) -> list[int]:
        """Turn-based, at a simultaneous node: the seats with legal actions still to choose."""
        inner = self.cardgen_state
        pending = self._held.pending or ()
        return [p for p in range(inner.game.num_players) if pending[p] is None and inner.legal_actions(p)]

    def current_player(self) -> int:
        if not self._dealt_yet():
            return pyspiel.PlayerId.CHANCE
        if self._cut():
            return pyspiel.PlayerId.TERMINAL
        p = self.cardgen_state.current_player()
        if p == protocol.SIMULTANEOUS and self._turn_based:
            return self._waiting()[0]
        return _PLAYER.get(p, p)

    def _legal_actions(self, player: int) -> list[int]:
        if not self._dealt_yet() or self._cut():
            return []
        inner = self.cardgen_state
        mover = inner.current_player()
        if mover == protocol.SIMULTANEOUS:
            if self._turn_based:
                return inner.legal_actions(player) if player == self.current_player() else []
            return inner.legal_actions(player) or [inner.game.noop_action]
        return inner.legal_actions() if player == mover else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self._dealt_yet():
            deals = self.get_game().setup.deals
            return [(i, 1.0 / deals) for i in range(deals)]
        return [(i, p) for i, (_, p) in enumerate(self.cardgen_state.chance_outcomes())]

    def sample_chance(self) -> int:
        """The chance outcome (OpenSpiel's number) the state's own seeded stream draws here, as
        cardgen's tools draw it."""
        drawn = self.cardgen_state.sample_chance()
        return next(i for i, (a, _) in enumerate(self.cardgen_state.chance_outcomes()) if a == drawn)

    # -- moving -----------------------------------------------------------------------
    def _apply_action(self, action: int) -> None:
        action = int(action)
        held = self._held
        if held.state is None:  # the deal: outcome i is cardgen's game of seed i
            held.state = self.get_game().cardgen_game.new_initial_state(action)
            held.seen = _dealt(held.state)
            held.moves += 1
            if self._turn_based:
                self._settle_joint()
            return
        inner = held.state
        player = inner.current_player()
        if player == protocol.CHANCE:
            action = inner.chance_outcomes()[action][0]
        elif player == protocol.SIMULTANEOUS:  # turn-based: a seat's choice waits for the others
            seat = self.current_player()
            if action not in inner.legal_actions(seat):
                raise IllegalActionError(f"illegal action {action}: not legal for seat {seat} now")
            held.record(("choose", seat, action))
            held.decisions += 1
            pending = list(held.pending or ())
            pending[seat] = action
            held.pending = tuple(pending)
            self._settle_joint()
            return
        held.record(("move", player, action))
        held.decisions += player != protocol.CHANCE
        inner.apply_action(action)
        if self._turn_based:
            self._settle_joint()

    def _settle_joint(self) -> None:
        """Turn-based: apply the joint action once no seat is left to choose (a seat with nothing
        to do passes the game's noop), and again while a simultaneous node asks nobody."""
        held = self._held
        inner = held.state
        while inner is not None and inner.current_player() == protocol.SIMULTANEOUS and not self._waiting():
            noop = inner.game.noop_action
            joint = [noop if a is None else a for a in (held.pending or ())]
            held.record(("joint", tuple(joint)))
            held.moves -= 1  # the choices were the moves
            inner.apply_actions(joint)
            held.pending = (None,) * inner.game.num_players

    def _apply_actions(self, actions: list[int]) -> None:
        joint = [int(a) for a in actions]
        self._held.record(("joint", tuple(joint)))
        self._held.decisions += 1
        self.cardgen_state.apply_actions(joint)

    def _action_to_string(self, player: int, action: int) -> str:
        if not self._dealt_yet():
            return f"deal {action}"
        inner = self.cardgen_state
        try:
            if inner.current_player() == protocol.CHANCE and player == pyspiel.PlayerId.CHANCE:
                outcomes = inner.chance_outcomes()
                if 0 <= action < len(outcomes):
                    return inner.action_to_string(outcomes[action][0])
            return inner.action_to_string(int(action), player if inner.is_simultaneous_node() else None)
        except CardgenError:  # OpenSpiel may name an action that is not legal here
            return f"action {action}"

    def _cut(self) -> bool:
        """max_moves: the seats have made that many moves (at a node where a seat is to choose)."""
        limit = self._max_moves
        return bool(limit) and self._held.decisions >= limit and self._held.state is not None and (
            self._held.state.current_player() != protocol.CHANCE)  # fmt: skip

    def is_terminal(self) -> bool:
        return self._dealt_yet() and (self.cardgen_state.is_terminal() or self._cut())

    def returns(self) -> list[float]:
        if not self._dealt_yet():
            return [0.0] * self.num_players()
        inner = self.cardgen_state
        if inner.is_terminal():
            return [float(r) for r in inner.returns()]
        if self._cut():
            return _judged(inner)
        return [0.0] * self.num_players()

    # -- information states -----------------------------------------------------------
    def information_digest(self, player: int) -> bytes:
        """The digest of what `player` saw and did, in order (the information state's core)."""
        seen = self._held.settle()
        return seen[player] if seen else b"\0" * DIGEST_BYTES

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> "CardgenState":
        """A state `player_id` cannot tell from this one, what it cannot see re-dealt at random
        (the protocol's determinize), drawn with `probability_sampler` (OpenSpiel's uniform
        sampler, or any callable giving a number in [0, 1))."""
        x = float(probability_sampler())
        return self.determinized(player_id, random.Random(int(x * (1 << 53))))

    def determinized(self, player: int, rng: random.Random) -> "CardgenState":
        """A copy in which what `player` cannot see is re-dealt from `rng` (the protocol's
        determinize): a search on it cannot peek at hidden cards or the deck order. `player`'s
        information state is the same; the other seats' start from this re-deal. Its OpenSpiel
        history starts empty."""
        game = self.get_game()
        if not self._dealt_yet():
            return CardgenState(game, None)
        seen = self._held.settle()
        inner = self.cardgen_state.determinize(player, rng)
        pending = self._held.pending
        if pending is not None:  # the others' hidden choices: re-chosen among their legal ones
            pending = tuple(a if a is None or q == player else rng.choice(inner.legal_actions(q))
                            for q, a in enumerate(pending))  # fmt: skip
        # the others' histories are not known to `player`: each starts from the re-dealt view
        mine = seen[player]
        chosen = pending or (None,) * len(seen)
        seen = tuple(mine if q == player else _digest(b"resampled", mine, b"%d %s" % (q, str(chosen[q]).encode()),
                                                      _seen_now(inner, q))
                     for q in range(len(seen)))  # fmt: skip
        return CardgenState(game, inner, _Held(inner, seen, pending, self._held.moves, self._held.decisions))

    def __str__(self) -> str:
        if not self._dealt_yet():
            return f"before the deal (a chance outcome: one of {self.get_game().setup.deals} deals)"
        inner = self.cardgen_state
        # the open table's text, and a digest of the whole position (hidden cards, deck order and
        # the seeded stream included), so that two different states never read the same
        whole = json.dumps([inner.to_json(), self._held.pending], sort_keys=True, separators=(",", ":"))
        return inner.render(color=False) + f"\nposition {hashlib.blake2b(whole.encode(), digest_size=8).hexdigest()}"


class CardgenObserver:
    """A seat's view (OpenSpiel's PyObserver interface). The default: the protocol's observation
    (`tensor` from observation_tensor, `dict` its one piece "observation" in the game's shape).
    With perfect recall: the information state (info_state_layout; the string is the view now
    with the digest of what the seat saw and did)."""

    def __init__(self, game: CardgenGame, iig_obs_type, params) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params!r} (give none)")
        inner = game.cardgen_game
        self.recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        if self.recall:
            self.layout = game.info_layout
            self.tensor = np.zeros(self.layout.size, np.float32)
            self.dict = self.layout.views(self.tensor)
            self.dict["observation"] = self.dict["observation"].reshape(inner.observation_shape())
            self._max_length = float(game.max_game_length())
        else:
            self.tensor = np.zeros(inner.observation_size(), np.float32)
            self.dict = {"observation": self.tensor.reshape(inner.observation_shape())}

    def set_from(self, state: CardgenState, player: int) -> None:
        if not state._dealt_yet():
            self.tensor[:] = 0.0
            return
        if not self.recall:
            self.tensor[:] = state.cardgen_state.observation_tensor(player)
            return
        self.dict["observation"].reshape(-1)[:] = state.cardgen_state.observation_tensor(player)
        self.dict["moves"][:] = state._held.moves / self._max_length
        bits = np.unpackbits(np.frombuffer(state.information_digest(player), np.uint8))
        self.dict["history"][:] = bits

    def string_from(self, state: CardgenState, player: int) -> str:
        if not state._dealt_yet():
            return "before the deal"
        inner = state.cardgen_state
        if not self.recall:
            return inner.render(color=False, player=player)
        # one line (searches key their trees on it): the digest folds in the view now too; the
        # view itself is the observation string
        pending = (state._held.pending or ())[player] if state._held.pending else None
        chose = "" if pending is None else f"; chose {inner.action_to_string(pending, player)}, waiting for the others"
        return (f"{inner.game.player_name(player)} after {state._held.moves} moves{chose}; "
                f"what it saw and did: {state.information_digest(player).hex()}")  # fmt: skip


def register(name: str) -> str:
    """Register the cardgen game `name` with OpenSpiel; returns its OpenSpiel short name."""
    options = game_options(name)
    cls = type(f"CardgenGame_{name}", (CardgenGame,), {"cardgen_name": name})
    pyspiel.register_game(_game_type(name, _game_of(name, "{}"), options), cls)
    return short_name(name)


for _name in game_names():
    register(_name)
