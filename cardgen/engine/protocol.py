"""The protocol every cardgen game speaks: a Game (rules + config) and its States.

Bots, `cardgen play`, `cardgen simulate`, `cardgen replay` and the conformance
tests only use what is written here, so a game that implements it gets all of
them for free. The shape follows OpenSpiel, trimmed to what five games need.

Game (one object per rules + config, immutable once built)
    name                  registry name ("gyre")
    num_players           number of seats, 0 .. num_players-1
    config                dict of the normalised options (JSON-able); load_game(name, **config)
                          rebuilds an equal game
    num_distinct_actions  actions are ints in range(num_distinct_actions)
    max_game_length       upper bound on the number of actions (a joint action counts one)
    min_return, max_return  bounds of every entry of State.returns()
    return_sum            what returns() sums to at the end (None: no promise)
    new_initial_state(seed)  a fresh State; all its chance comes from streams of `seed`
    state_from_json(data)    inverse of State.to_json()
    player_name(p)        short name of seat p for text ("R", "north", ...)
    on_game_end(state)    optional: text shown after a game played by people
                          (Gyre: its high-score file); default "".

State (one position; mutable, cheap to clone)
    current_player()      a seat >= 0, or CHANCE, SIMULTANEOUS or TERMINAL
    legal_actions(player=None)  sorted, duplicate-free ints. At a SIMULTANEOUS node pass
                          the seat: each seat has its own list. [] for a seat not to move.
    apply_action(a)       sequential and chance nodes; raises IllegalActionError saying why
    apply_actions(joint)  SIMULTANEOUS nodes: one action per seat (index = seat); a seat
                          that may not act passes the game's documented no-op
    chance_outcomes()     at CHANCE nodes: [(action, probability)], sorted by action
    sample_chance()       the outcome the state's own seeded stream (self.rng, a
                          cardgen.rng.Stream) gives here. It does not change the state;
                          apply_action at a chance node must advance self.rng, so a seed
                          plus the list of actions replays a game exactly
    is_terminal(), returns()  returns() is a list of floats, one per seat
    clone()               hand-written copy (never deepcopy)
    action_to_string(a, player=None) / string_to_action(text, player=None)
                          a typeable text form and its parser; they round-trip
    observation(player)   JSON-able dict of what `player` may see (hides hands, deck order)
    determinize(player, rng)  a clone in which what `player` cannot see is re-dealt at
                          random from `rng` (a random.Random); perfect-information games
                          return clone(). MCTS uses it so bots never peek.
    evaluate(player)      heuristic value of the position for greedy bots (larger is better)
    to_json()             JSON-able dict; game.state_from_json(state.to_json()) is equal
    render(color=False, player=None)  the position as text (ANSI colour when asked) for
                          the terminal, as `player` may see it (None: everything)

Chance comes in two forms, both replayable from the seed:
  * explicit CHANCE nodes for small, visible draws (dice): the driver applies
    state.sample_chance() and records the outcome among the actions;
  * implicit chance inside apply_action for draws too large to enumerate
    (shuffling a deck): the state keeps a cardgen.rng.Stream, cloned and
    serialised with it, and observation() hides what it decided.

Two states are equal when their to_json() dicts are equal.
"""

from __future__ import annotations

from typing import Any, Sequence

from cardgen.errors import CardgenError, IllegalActionError

# Player sentinels (same values as OpenSpiel).
CHANCE = -1
SIMULTANEOUS = -2
TERMINAL = -4

SENTINEL_NAMES = {CHANCE: "chance", SIMULTANEOUS: "simultaneous", TERMINAL: "terminal"}

__all__ = [
    "CHANCE",
    "SIMULTANEOUS",
    "TERMINAL",
    "Game",
    "State",
    "Option",
    "IllegalActionError",
]


class Option:
    """One configuration option of a game: name, type, default, accepted range, help.

    Values arrive as Python values (load_game) or as text (the CLI's -o key=value);
    `check` turns either into the checked value or raises CardgenError.
    """

    __slots__ = ("name", "kind", "default", "low", "high", "choices", "help", "none_ok")

    def __init__(self, name, kind, default, help, low=None, high=None, choices=None, none_ok=False):
        self.name, self.kind, self.default, self.help = name, kind, default, help
        self.low, self.high, self.choices, self.none_ok = low, high, choices, none_ok

    def accepted(self) -> str:
        if self.none_ok:
            return self._accepted() + " or none"
        return self._accepted()

    def _accepted(self) -> str:
        if self.choices is not None:
            return "one of " + ", ".join(str(c) for c in self.choices)
        if self.kind is bool:
            return "true or false"
        if self.low is not None and self.high is not None:
            return f"an integer from {self.low} to {self.high}"
        if self.low is not None:
            return f"an integer >= {self.low}"
        return self.kind.__name__

    def check(self, value: Any) -> Any:
        bad = CardgenError(f"bad value for option {self.name}: {value!r} (expected {self.accepted()})")
        if self.none_ok and (value is None or str(value).strip().lower() in ("none", "null", "unlimited")):
            return None
        if self.kind is bool:
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in ("1", "true", "yes", "on"):
                return True
            if text in ("0", "false", "no", "off"):
                return False
            raise bad
        if self.kind is int:
            if isinstance(value, bool):
                raise bad
            try:
                value = int(str(value).strip()) if not isinstance(value, int) else value
            except ValueError:
                raise bad from None
            if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
                raise bad
        else:
            value = self.kind(value)
        if self.choices is not None and value not in self.choices:
            raise bad
        return value


def check_config(game_name: str, options: Sequence[Option], given: dict) -> dict:
    """Checked config: every option present, unknown names refused with the list of known ones."""
    known = {o.name: o for o in options}
    for key in given:
        if key not in known:
            raise CardgenError(
                f"unknown option {key!r} for {game_name} (accepted: {', '.join(sorted(known))})"
            )
    return {o.name: o.check(given[o.name]) if o.name in given else o.default for o in options}


class Game:
    """Rules and configuration of one game. Subclasses set the attributes below."""

    name: str = "?"
    options: Sequence[Option] = ()
    num_players: int
    num_distinct_actions: int
    max_game_length: int
    min_return: float = 0.0
    max_return: float = 1.0
    return_sum: float | None = None
    config: dict

    def new_initial_state(self, seed: int | str = 0) -> "State":
        raise NotImplementedError

    def state_from_json(self, data: dict) -> "State":
        raise NotImplementedError

    def player_name(self, player: int) -> str:
        return SENTINEL_NAMES.get(player, str(player + 1))

    def on_game_end(self, state: "State") -> str:
        return ""

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.config.items())
        return f"load_game({self.name!r}, {args})"


class State:
    """One position of a game. See the module docstring for the contract."""

    game: Game

    # -- who moves, what may be done -------------------------------------
    def current_player(self) -> int:
        raise NotImplementedError

    def legal_actions(self, player: int | None = None) -> list[int]:
        raise NotImplementedError

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_simultaneous_node(self) -> bool:
        return self.current_player() == SIMULTANEOUS

    # -- moving ----------------------------------------------------------
    def apply_action(self, action: int) -> None:
        raise NotImplementedError

    def apply_actions(self, joint: Sequence[int]) -> None:
        raise IllegalActionError(f"joint action {list(joint)!r} given but {self.game.name} has no simultaneous moves")

    def chance_outcomes(self) -> list[tuple[int, float]]:
        raise IllegalActionError(f"no chance outcomes: {self.game.name} is not at a chance node")

    def sample_chance(self) -> int:
        """The chance outcome drawn from a copy of the state's stream (self.rng)."""
        outcomes = self.chance_outcomes()
        scale = 1 << 53
        x = self.rng.clone().below(scale) / scale  # type: ignore[attr-defined]
        acc = 0.0
        for action, p in outcomes:
            acc += p
            if x < acc:
                return action
        return outcomes[-1][0]

    def returns(self) -> list[float]:
        raise NotImplementedError

    def clone(self) -> "State":
        raise NotImplementedError

    # -- text, views, storage ---------------------------------------------
    def action_to_string(self, action: int, player: int | None = None) -> str:
        return str(action)

    def string_to_action(self, text: str, player: int | None = None) -> int:
        try:
            return int(text)
        except ValueError:
            raise IllegalActionError(f"not an action: {text!r} (expected an action number)") from None

    def observation(self, player: int) -> dict:
        return self.to_json()

    def determinize(self, player: int, rng) -> "State":
        return self.clone()

    def evaluate(self, player: int) -> float:
        return self.returns()[player] if self.is_terminal() else 0.0

    def to_json(self) -> dict:
        raise NotImplementedError

    def render(self, color: bool = False, player: int | None = None) -> str:
        return str(self.to_json() if player is None else self.observation(player))

    def __str__(self) -> str:
        return self.render(color=False)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.game.name == other.game.name and self.to_json() == other.to_json()

    __hash__ = None  # mutable
