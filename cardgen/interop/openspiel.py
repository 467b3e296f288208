"""Every cardgen game as an OpenSpiel game: `import cardgen.interop.openspiel`, then
`pyspiel.load_game("cardgen_gyonrg")` or `pyspiel.load_game("cardgen_gyre(players=3,seed=7)")`.

Needs the optional extra (pip install 'cardgen[rl]'). Importing the module registers every game
of the registry under the short name `cardgen_<game>`; `register(name)` adds a game registered
later. The bridge reads each game through the protocol only and writes no rule of any game.

Parameters: `seed` (int, default 0; the game's seeded streams: shuffles, deals, the decks of a
game's `seed:` names) and one per option of the game, with the option's default. OpenSpiel's
parameters have one type each, so two spellings differ from `-o key=value`:
  * a list is written with ';' where cardgen writes ',' (`decks=seed:1;seed:2`), since ',' ends a
    parameter in OpenSpiel's game strings;
  * an integer option that may be "none" (Gyre's max_gyrations) is -1 for none.
A bad parameter is an error of one line naming it and what it accepts.

Chance. Explicit chance nodes (Spherion's dice) are OpenSpiel chance nodes with their outcomes and
probabilities (chance_mode EXPLICIT_STOCHASTIC). Implicit chance (shuffles, deals) is drawn from
the state's stream of `seed` inside the moves: for a given seed it is fixed, so a game whose only
chance is implicit is DETERMINISTIC to OpenSpiel, and `seed` picks one of its deals. A search on
the true state therefore knows the hidden cards and the deck order: `CardgenState.determinized`
re-deals what a seat cannot see (the protocol's determinize) for searches that must not peek.
An outcome OpenSpiel picks is applied with the protocol's apply_action, which advances the state's
stream as the game's own driver does, so `seed` plus the action list (OpenSpiel's serialisation)
replays the game exactly.

Observations: the protocol's observation_tensor (what the seat may see: hidden cards left out)
and render(player=...) as the observation string. There is no information-state (perfect recall)
form. Simultaneous nodes (Spherion's planning) give each seat its legal actions, or the game's
no-op when it has none, as OpenSpiel wants one action per seat.
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any

from cardgen.engine import protocol
from cardgen.engine.registry import game_names, game_options, load_game
from cardgen.errors import CardgenError, OptionError

try:
    import numpy as np
    import pyspiel
except ImportError as exc:  # pragma: no cover - the extra is installed where this runs
    raise ImportError("cardgen.interop.openspiel needs OpenSpiel: pip install 'cardgen[rl]'") from exc

PREFIX = "cardgen_"
NONE_INT = -1  # an integer option's "none" (OpenSpiel's parameters have one type each)
LIST_SEP = ";"  # a list option's ',' in OpenSpiel's game strings

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

__all__ = ["PREFIX", "CardgenGame", "CardgenState", "register", "short_name"]


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


def _parameter_spec(options: list[protocol.Option]) -> dict[str, Any]:
    spec: dict[str, Any] = {"seed": 0}
    for o in options:
        spec[o.name] = _parameter(o, o.default)
    return spec


def _players_range(game: protocol.Game, options: list[protocol.Option]) -> tuple[int, int]:
    for o in options:
        if o.name == "players" and o.kind is int and o.low is not None and o.high is not None:
            return o.low, o.high
    return game.num_players, game.num_players


def _game_type(name: str, game: protocol.Game, options: list[protocol.Option]) -> Any:
    kind = game.game_type
    low, high = _players_range(game, options)
    info = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"cardgen {name}",
        dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS if kind.simultaneous else pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if kind.explicit_chance
                     else pyspiel.GameType.ChanceMode.DETERMINISTIC),
        information=info.PERFECT_INFORMATION if kind.perfect_information else info.IMPERFECT_INFORMATION,
        utility=_UTILITY[kind.utility],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameter_spec(options),
    )  # fmt: skip


def _game_info(game: protocol.Game) -> Any:
    return pyspiel.GameInfo(
        num_distinct_actions=game.num_distinct_actions,
        # chance outcomes are actions of the game too: range(num_distinct_actions) bounds them
        max_chance_outcomes=game.num_distinct_actions if game.game_type.explicit_chance else 0,
        num_players=game.num_players,
        min_utility=float(game.min_return),
        max_utility=float(game.max_return),
        utility_sum=None if game.return_sum is None else float(game.return_sum),
        max_game_length=game.max_game_length,
    )


class CardgenGame(pyspiel.Game):
    """A cardgen game for OpenSpiel; `cardgen_game` is the protocol's Game it plays."""

    cardgen_name: str = ""

    def __init__(self, params: dict | None = None) -> None:
        name = self.cardgen_name
        options = game_options(name)
        full = {**_parameter_spec(options), **(params or {})}
        try:
            self.cardgen_game = load_game(name, **{o.name: _config_value(o, full[o.name]) for o in options})
        except CardgenError as exc:
            raise type(exc)(f"{short_name(name)}: {exc}") from None
        self.seed = full["seed"]
        # the parameters as OpenSpiel writes them back (str(game) reloads this very game)
        full.update({o.name: _parameter(o, full[o.name]) for o in options})
        super().__init__(_game_type(name, self.cardgen_game, options), _game_info(self.cardgen_game), full)

    def new_initial_state(self, inner: protocol.State | None = None) -> "CardgenState":
        """The game's first position (all its chance from `seed`), or `inner` wrapped."""
        return CardgenState(self, self.cardgen_game.new_initial_state(self.seed) if inner is None else inner)

    def make_py_observer(self, iig_obs_type=None, params=None) -> "CardgenObserver":
        return CardgenObserver(self, iig_obs_type, params)


class _Held:
    """The protocol's state inside a CardgenState: pyspiel's clone() deep-copies a Python state's
    attributes, and this makes that copy the protocol's hand-written clone()."""

    __slots__ = ("state",)

    def __init__(self, state: protocol.State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict) -> "_Held":
        return _Held(self.state.clone())

    def __reduce__(self) -> tuple:
        # pyspiel serialises (and pickles) a Python state's attributes: the position as the
        # protocol's JSON (its seeded stream included), under the game's name and config
        game = self.state.game
        return _unpickle, (game.name, json.dumps(game.config, sort_keys=True), self.state.to_json())


@functools.lru_cache(maxsize=16)
def _game_of(name: str, config: str) -> protocol.Game:
    return load_game(name, **json.loads(config))


def _unpickle(name: str, config: str, data: dict) -> _Held:
    return _Held(_game_of(name, config).state_from_json(data))


class CardgenState(pyspiel.State):
    """One position for OpenSpiel; `cardgen_state` is the protocol's State underneath."""

    def __init__(self, game: CardgenGame, inner: protocol.State) -> None:
        super().__init__(game)
        self._held = _Held(inner)

    @property
    def cardgen_state(self) -> protocol.State:
        return self._held.state

    def current_player(self) -> int:
        p = self.cardgen_state.current_player()
        return _PLAYER.get(p, p)

    def _legal_actions(self, player: int) -> list[int]:
        inner = self.cardgen_state
        mover = inner.current_player()
        if mover == protocol.SIMULTANEOUS:
            return inner.legal_actions(player) or [inner.game.noop_action]
        return inner.legal_actions() if player == mover else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.cardgen_state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.cardgen_state.apply_action(int(action))

    def _apply_actions(self, actions: list[int]) -> None:
        self.cardgen_state.apply_actions([int(a) for a in actions])

    def _action_to_string(self, player: int, action: int) -> str:
        inner = self.cardgen_state
        try:
            return inner.action_to_string(int(action), player if inner.is_simultaneous_node() else None)
        except CardgenError:  # OpenSpiel may name an action that is not legal here
            return f"action {action}"

    def is_terminal(self) -> bool:
        return self.cardgen_state.is_terminal()

    def returns(self) -> list[float]:
        inner = self.cardgen_state
        if inner.is_terminal():
            return [float(r) for r in inner.returns()]
        return [0.0] * inner.game.num_players

    def determinized(self, player: int, rng: random.Random) -> "CardgenState":
        """A copy in which what `player` cannot see is re-dealt from `rng` (the protocol's
        determinize): a search on it cannot peek at hidden cards or the deck order. Its
        OpenSpiel history starts empty."""
        game = self.get_game()
        return CardgenState(game, self.cardgen_state.determinize(player, rng))

    def __str__(self) -> str:
        return self.cardgen_state.render(color=False)


class CardgenObserver:
    """The protocol's observation of a seat (OpenSpiel's PyObserver interface): `tensor` from
    observation_tensor, `dict` its one piece "observation" in the game's observation shape."""

    def __init__(self, game: CardgenGame, iig_obs_type, params) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params!r} (give none)")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            raise ValueError("cardgen games have no information-state (perfect recall) observation: "
                             "use the default observation")  # fmt: skip
        inner = game.cardgen_game
        self.tensor = np.zeros(inner.observation_size(), np.float32)
        self.dict = {"observation": self.tensor.reshape(inner.observation_shape())}

    def set_from(self, state: CardgenState, player: int) -> None:
        self.tensor[:] = state.cardgen_state.observation_tensor(player)

    def string_from(self, state: CardgenState, player: int) -> str:
        return state.cardgen_state.render(color=False, player=player)


def register(name: str) -> str:
    """Register the cardgen game `name` with OpenSpiel; returns its OpenSpiel short name."""
    options = game_options(name)
    cls = type(f"CardgenGame_{name}", (CardgenGame,), {"cardgen_name": name})
    pyspiel.register_game(_game_type(name, load_game(name), options), cls)
    return short_name(name)


for _name in game_names():
    register(_name)
