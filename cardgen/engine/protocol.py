"""The protocol every cardgen game speaks: a Game (rules + config) and its States.

Bots, `cardgen play`, `cardgen simulate`, `cardgen replay` and the conformance
tests only use what is written here, so a game that implements it gets all of
them for free. The shape follows OpenSpiel, trimmed to what five games need.

Game (one object per rules + config, immutable once built)
    name                  registry name ("gyre")
    game_type             a GameType: simultaneous?, explicit/implicit chance?,
                          perfect information?, zero/constant/general sum
    num_players           number of seats, 0 .. num_players-1
    config                dict of the normalised options (JSON-able); load_game(name, **config)
                          rebuilds an equal game
    num_distinct_actions  actions are ints in range(num_distinct_actions)
    max_game_length       upper bound on the number of actions (a joint action counts one)
    min_return, max_return  bounds of every entry of State.returns()
    return_sum            what returns() sums to at the end (None: no promise)
    observation_shape()   shape of State.observation_tensor (flat, row-major)
    observation_layout()  optional: the tensor's named, shaped parts (engine/tensors.py), for
                          the docs; default None
    spec                  what the game is (Spec: dynamics, chance, information, players,
                          rewards, utility), declared once; game_type derives from it
    new_initial_state(seed)  a fresh State; all its chance comes from streams of `seed`
    state_from_json(data)    inverse of State.to_json()
    player_name(p)        short name of seat p for text ("R", "north", ...)
    on_game_end(state)    optional: text shown after a game played by people
                          (Gyre: its high-score file); default "".
    difficulties          optional: {"hard": "mcts:..."} where the game's measured bot
                          tuning differs from bots.DIFFICULTIES; default none.
    plan_cost_words       optional: how explain words State.plan_cost's cheapest plan
                          ("gives up the fewest guards of its deck master"); default
                          "gives away least".

State (one position; mutable, cheap to clone)
    current_player()      a seat >= 0, or CHANCE, SIMULTANEOUS or TERMINAL
    legal_actions(player=None)  sorted, duplicate-free ints. At a SIMULTANEOUS node pass
                          the seat: each seat has its own list. [] for a seat not to move.
    legal_actions_mask(player=None)  the same as 0/1 over range(num_distinct_actions)
    apply_action(a)       sequential and chance nodes. The base class checks the node,
                          the range (InvalidActionError) and legality (IllegalActionError,
                          one line saying why), records `a` in history() and calls the
                          game's _apply_action(a)
    apply_actions(joint)  SIMULTANEOUS nodes: one action per seat (index = seat); a seat
                          with no legal action passes Game.noop_action. Checked and
                          recorded by the base, applied by the game's _apply_actions
    history()             every action applied so far, oldest first
    chance_outcomes()     at CHANCE nodes: [(action, probability)], sorted by action
    sample_chance()       the outcome the state's own seeded stream (self.rng, a
                          cardgen.rng.Stream) gives here. It does not change the state;
                          apply_action at a chance node must advance self.rng, so a seed
                          plus the list of actions replays a game exactly
    is_terminal(), returns()  returns() is a list of floats, one per seat
    clone()               a copy with its history; the game writes _clone() by hand
                          (never deepcopy)
    action_to_string(a, player=None) / string_to_action(text, player=None)
                          a typeable text form and its parser; they round-trip. The
                          default parser matches the text of the legal actions
    observation(player)   JSON-able dict of what `player` may see (hides hands, deck order)
    observation_tensor(player)  the same as a flat list of floats (observation_shape)
    determinize(player, rng)  a clone in which what `player` cannot see is re-dealt at
                          random from `rng` (a random.Random); perfect-information games
                          return clone(). MCTS uses it so bots never peek.
    evaluate(player)      heuristic value of the position for bots (larger is better); MCTS
                          reads the seats' values as logits of their chances to win
    evaluate_all()        evaluate() of every seat (override when one pass scores all)
    evaluate_deep()       optional: evaluate_all() for searches that look far ahead (deep=1)
    evaluate_after(actions, deep=False)  optional: evaluate_all() (deep: evaluate_deep())
                          after each move without copying the position; default None for
                          each (the caller copies and plays)
    move_cost(action)     optional: what a move of the player to move gives away for good
                          (Gin-jon-tan: the points a beaten card hands over), so a bot whose
                          search cannot tell moves apart plays the one that costs least;
                          default None (no move costs anything)
    transposition_key(player)  optional: what `player` knows of the position, hashable, so
                          MCTS merges the lines that reach one position; equal keys mean
                          the same future, and a key never recurs in a game (a turn
                          counter in it does that). Default None (nothing merged)
    believe(player, rng)  optional: determinize as a careful player guesses (what he was
                          shown, what the others' play suggests); default determinize
    rollout_action(rng)   optional cheap move for MCTS rollouts; default None (random)
    to_json()             JSON-able dict; game.state_from_json(state.to_json()) is equal
                          (history is not part of the position)
    render(color=False, player=None)  the position as text (ANSI colour when asked) for
                          the terminal, as `player` may see it (None: everything)
    show(what, player=None)  text about one part of the position for the terminal's
                          `show` command (Gyon-RG: `show c3` a fleet, `show 2` a hand
                          card), as `player` may see it. Default: CardgenError "show is
                          not available"; a bad `what` is a CardgenError, one line
    action_groups(actions, player=None)  the legal actions as (label, actions) groups
                          in the order a person reads them; `cardgen play` numbers its
                          list in this order. Only the display: action numbers never
                          change. Default: one group, in numeric order

What each seat is told (the terminal, `explain`, replays shown to a seat): a seat
learns of a move only what its observation learns, in words.
    action_text(a, viewer, player=None)  the text `viewer` is told for action `a` of
                          `player` (default: the seat to move; CHANCE for a chance
                          outcome), before it is applied. The mover, a viewer None (an
                          open table) and every seat of a perfect-information game get
                          action_to_string; anyone else gets the game's
                          _public_action_text(a, player, viewer): "magog plays a card face
                          down into lane 3". The conformance suite checks that moves
                          leaving a seat's observation the same read the same to it
    narrate(), tell(text, seat=, private=), told(viewer)  events: while a state
                          narrates (clones never do, so searches pay nothing), the rules
                          call tell() for each rule that fires, with its reason; told()
                          lists the last move's events as `viewer` learns them
    result_text(viewer=None)  at the end: who won, by which win condition, the final
                          scores. Default: the winners and returns
Game.play_help            the game's own lines for the terminal's `help`: its moves and
                          `show` with its own examples (and its legends)

A game subclasses Game and State, writes its rules in _apply_action (and
_apply_actions for simultaneous games), and may override _is_legal (a faster
legality test) and _why_illegal (the reason an action is illegal, one line).

Chance comes in two forms, both replayable from the seed:
  * explicit CHANCE nodes for small, visible draws (dice): the driver applies
    state.sample_chance() and records the outcome among the actions;
  * implicit chance inside apply_action for draws too large to enumerate
    (shuffling a deck): the state keeps a cardgen.rng.Stream, cloned and
    serialised with it, and observation() hides what it decided.

Two states are equal when their to_json() dicts are equal.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from cardgen.errors import CardgenError, IllegalActionError, InvalidActionError, OptionError
from cardgen.numbers import is_int

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
    "GameType",
    "Option",
    "Spec",
    "IllegalActionError",
    "InvalidActionError",
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
        bad = OptionError(f"bad value for option {self.name}: {value!r} (expected {self.accepted()})")
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
            if not isinstance(value, int):
                # plain ASCII decimals only: no nan, inf, exponents, '_' or look-alike digits
                text = str(value).strip()
                if not is_int(text, signed=True):
                    raise bad
                value = int(text)
            if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
                raise bad
        else:
            try:
                value = self.kind(value)
            except (TypeError, ValueError, OverflowError):
                raise bad from None
            if isinstance(value, float) and not math.isfinite(value):
                raise bad
        if self.choices is not None and value not in self.choices:
            raise bad
        return value


def check_config(game_name: str, options: Sequence[Option], given: dict) -> dict:
    """Checked config: every option present, unknown names refused with the list of known ones."""
    known = {o.name: o for o in options}
    for key in given:
        if key not in known:
            raise OptionError(f"unknown option {key!r} for {game_name} (accepted: {', '.join(sorted(known))})")
    return {o.name: o.check(given[o.name]) if o.name in given else o.default for o in options}


class GameType:
    """What kind of game this is, in the terms analysis and learning tools use.

    simultaneous        some nodes are SIMULTANEOUS (every seat moves at once)
    explicit_chance     some nodes are CHANCE nodes with enumerated outcomes (dice)
    implicit_chance     apply_action draws from the state's seeded stream (shuffles)
    perfect_information every seat sees the whole position (observation is the same for all)
    utility             "zero_sum" (returns sum to 0), "constant_sum" (to a fixed
                        number, Game.return_sum) or "general_sum"
    """

    __slots__ = ("simultaneous", "explicit_chance", "implicit_chance", "perfect_information", "utility")
    UTILITIES = ("zero_sum", "constant_sum", "general_sum")

    def __init__(self, *, simultaneous: bool, explicit_chance: bool, implicit_chance: bool,
                 perfect_information: bool, utility: str) -> None:  # fmt: skip
        if utility not in self.UTILITIES:
            raise ValueError(f"utility {utility!r}: use one of {', '.join(self.UTILITIES)}")
        self.simultaneous = simultaneous
        self.explicit_chance = explicit_chance
        self.implicit_chance = implicit_chance
        self.perfect_information = perfect_information
        self.utility = utility

    @property
    def deterministic(self) -> bool:
        """No chance at all: the seed does not matter."""
        return not (self.explicit_chance or self.implicit_chance)

    def to_json(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__slots__}

    def __repr__(self) -> str:
        return "GameType(" + ", ".join(f"{k}={getattr(self, k)!r}" for k in self.__slots__) + ")"


class Spec:
    """What a game is, declared once, up front (OpenSpiel's GameType, PettingZoo's spec table):
    the facts the protocol, the bridges, the web and the docs read.

    dynamics        "sequential" (one seat at a time) or "simultaneous" (some nodes let every
                    seat move at once)
    chance          the kinds of chance it has: "explicit" (CHANCE nodes with enumerated
                    outcomes: dice), "implicit" (draws from the state's seeded stream inside
                    moves: shuffles, deals); empty for none
    information     "perfect" (every seat sees the whole position) or "imperfect"
    players         (fewest, most) seats, the range of its `players` option if it has one
    rewards         "terminal": returns come once, at the end
    utility         "zero_sum", "constant_sum" or "general_sum"
    max_chance_outcomes  the most outcomes of one explicit chance node (0 without)
    """

    __slots__ = ("dynamics", "chance", "information", "players", "rewards", "utility", "max_chance_outcomes")
    DYNAMICS = ("sequential", "simultaneous")
    CHANCE_KINDS = ("explicit", "implicit")
    INFORMATION = ("perfect", "imperfect")

    def __init__(self, *, dynamics: str, chance: Sequence[str], information: str, players: tuple[int, int],
                 utility: str, max_chance_outcomes: int = 0, rewards: str = "terminal") -> None:  # fmt: skip
        def one_of(what: str, value: object, accepted: Sequence[str]) -> None:
            if value not in accepted:
                raise ValueError(f"spec {what} {value!r}: use one of {', '.join(accepted)}")

        one_of("dynamics", dynamics, self.DYNAMICS)
        for c in chance:
            one_of("chance", c, self.CHANCE_KINDS)
        one_of("information", information, self.INFORMATION)
        one_of("utility", utility, GameType.UTILITIES)
        one_of("rewards", rewards, ("terminal",))
        low, high = players
        if not 1 <= low <= high:
            raise ValueError(f"spec players {players!r}: give (fewest, most) with 1 <= fewest <= most")
        if ("explicit" in chance) != (max_chance_outcomes > 0):
            raise ValueError("spec max_chance_outcomes: > 0 exactly when chance is explicit")
        self.dynamics, self.chance, self.information = dynamics, tuple(chance), information
        self.players, self.rewards, self.utility = (low, high), rewards, utility
        self.max_chance_outcomes = max_chance_outcomes

    @classmethod
    def from_game_type(cls, kind: "GameType", players: tuple[int, int], max_chance_outcomes: int) -> "Spec":
        """The spec a game that declares only a GameType implies."""
        chance = [c for c, on in (("explicit", kind.explicit_chance), ("implicit", kind.implicit_chance)) if on]
        return cls(dynamics="simultaneous" if kind.simultaneous else "sequential", chance=chance,
                   information="perfect" if kind.perfect_information else "imperfect", players=players,
                   utility=kind.utility, max_chance_outcomes=max_chance_outcomes if kind.explicit_chance else 0)  # fmt: skip

    def game_type(self) -> "GameType":
        """The protocol's GameType of this spec."""
        return GameType(simultaneous=self.dynamics == "simultaneous", explicit_chance="explicit" in self.chance,
                        implicit_chance="implicit" in self.chance, perfect_information=self.information == "perfect",
                        utility=self.utility)  # fmt: skip

    def rows(self) -> list[tuple[str, str]]:
        """The spec as (fact, value) rows: the table docs and pages print."""
        low, high = self.players
        return [("dynamics", self.dynamics), ("chance", ", ".join(self.chance) or "none"),
                ("information", self.information), ("players", str(low) if low == high else f"{low}-{high}"),
                ("rewards", self.rewards), ("utility", self.utility.replace("_", "-")),
                ("largest chance node", f"{self.max_chance_outcomes} outcomes" if self.max_chance_outcomes else "-")]  # fmt: skip

    def to_json(self) -> dict[str, Any]:
        return {k: list(v) if isinstance(v, tuple) else v for k in self.__slots__ for v in [getattr(self, k)]}

    def __repr__(self) -> str:
        return "Spec(" + ", ".join(f"{k}={getattr(self, k)!r}" for k in self.__slots__) + ")"


def unlinked(node: Any) -> list:
    """The items of a history kept as nested (newest, rest) pairs (so that a move adds one pair,
    shared by every clone), oldest first."""
    out = []
    while node is not None:
        out.append(node[0])
        node = node[1]
    out.reverse()
    return out


class Game:
    """Rules and configuration of one game. Subclasses set the attributes below."""

    name: str = "?"
    options: Sequence[Option] = ()
    game_type: GameType
    num_players: int
    num_distinct_actions: int
    max_game_length: int
    min_return: float = 0.0
    max_return: float = 1.0
    return_sum: float | None = None
    # The game's own part of the terminal's `help`: how its moves are typed and what `show`
    # shows, with its own examples (State.show), and the legend of its board.
    play_help: str = ""
    # What a seat with nothing to do passes in a joint action at a SIMULTANEOUS node.
    noop_action: int = 0
    # Difficulty name -> bot spec, where this game's tuning differs from bots.DIFFICULTIES
    # (a setting that is strongest on one game can be weak on another: measure it per game).
    difficulties: Mapping[str, str] = MappingProxyType({})
    # How `explain` words the plan that State.plan_cost prices lowest: "the plan that {words} (0 against 2)".
    plan_cost_words: str = "gives away least"
    config: dict

    @property
    def spec(self) -> Spec:
        """What this game is (Spec). A game declares it as a class attribute `spec` (and its
        game_type as spec.game_type()); without one it is read from game_type and the options."""
        players = (self.num_players, self.num_players)
        for o in self.options:
            if o.name == "players" and o.kind is int and o.low is not None and o.high is not None:
                players = (o.low, o.high)
        return Spec.from_game_type(self.game_type, players, self.num_distinct_actions)

    def new_initial_state(self, seed: int | str = 0) -> "State":
        raise NotImplementedError

    def state_from_json(self, data: dict) -> "State":
        raise NotImplementedError

    def observation_shape(self) -> tuple[int, ...]:
        """Shape of State.observation_tensor(player): the tensor is flat, row-major."""
        raise NotImplementedError

    def observation_layout(self) -> Any:
        """The observation tensor's named, shaped parts (a cardgen.engine.tensors.Layout of
        observation_size() floats, in the tensor's order), which docs/agents.md prints index by
        index; None (the default): the tensor is one unnamed part."""
        return None

    def observation_size(self) -> int:
        size = 1
        for d in self.observation_shape():
            size *= d
        return size

    def player_name(self, player: int) -> str:
        return SENTINEL_NAMES.get(player, str(player + 1))

    def on_game_end(self, state: "State") -> str:
        return ""

    def config_summary(self) -> dict[str, Any]:
        """The config as a person reads it in a report's header (e.g. decks by name, not by
        their serials); `config` stays the full, replayable one."""
        return dict(self.config)

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.config.items())
        return f"load_game({self.name!r}, {args})"


def _is_action_number(action: object) -> bool:
    return type(action) is int


class State:
    """One position of a game. See the module docstring for the contract.

    The base class does the bookkeeping every game needs, so a game writes only
    its rules: `apply_action` / `apply_actions` / `clone` here check and record,
    then call the game's `_apply_action` / `_apply_actions` / `_clone`.
    """

    game: Game
    # The actions applied so far, newest first, as nested pairs (action, older):
    # clone() shares it in O(1), however long the game (MCTS clones constantly).
    _hist: tuple | None = None
    # The events of the last move while the state narrates (see narrate()); None: not narrating.
    _told: list[tuple[str | None, int | None, str | None]] | None = None

    # -- who moves, what may be done -------------------------------------
    def current_player(self) -> int:
        raise NotImplementedError

    def legal_actions(self, player: int | None = None) -> list[int]:
        raise NotImplementedError

    def legal_actions_mask(self, player: int | None = None) -> list[int]:
        """1 for every legal action, 0 elsewhere; num_distinct_actions entries."""
        mask = [0] * self.game.num_distinct_actions
        for a in self.legal_actions(player):
            mask[a] = 1
        return mask

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_simultaneous_node(self) -> bool:
        return self.current_player() == SIMULTANEOUS

    # -- moving ----------------------------------------------------------
    def apply_action(self, action: int) -> None:
        """Check that `action` is legal now, apply it and record it in history().

        InvalidActionError: not an action of this game at all (not an int, out of
        range). IllegalActionError: an action, but not legal now (game over,
        wrong node, the rules forbid it); the message says why. Either way the
        state is left as it was.
        """
        player = self.current_player()
        if player == TERMINAL:
            raise IllegalActionError(f"illegal action {action!r}: the game is over")
        if player == SIMULTANEOUS:
            raise IllegalActionError(
                f"illegal action {action!r}: every seat moves at once here; give one action per seat (apply_actions)"
            )
        if type(action) is not int or not 0 <= action < self.game.num_distinct_actions:
            self._check_range(action)  # raises, saying what actions are
        if not self._is_legal(action):
            raise IllegalActionError(self._why_illegal(action))
        if self._told is not None:
            self._told = []
        self._apply_action(action)
        self._hist = (action, self._hist)

    def apply_actions(self, joint: Sequence[int]) -> None:
        """At a SIMULTANEOUS node: one action per seat (index = seat), checked and recorded."""
        if self.current_player() != SIMULTANEOUS:
            raise IllegalActionError(
                f"illegal joint action {list(joint)!r}: {self.game.name} is not at a simultaneous node here"
            )
        joint = list(joint)
        n = self.game.num_players
        if len(joint) != n:
            raise InvalidActionError(f"joint action {joint!r}: give one action for each of the {n} seats")
        limit = self.game.num_distinct_actions
        for p, a in enumerate(joint):
            if type(a) is not int or not 0 <= a < limit:
                self._check_range(a)  # raises, saying what actions are
            if self._is_legal_for(p, a):
                continue
            if self.legal_actions(p):
                raise IllegalActionError(f"illegal joint action {joint!r}: {self._why_illegal(a, p)}")
            raise IllegalActionError(
                f"illegal joint action {joint!r}: {self.game.player_name(p)} has nothing to do here "
                f"and passes {self.game.noop_action}"
            )
        if self._told is not None:
            self._told = []
        self._apply_actions(joint)
        self._hist = (joint, self._hist)

    def _check_range(self, action: object) -> None:
        limit = self.game.num_distinct_actions
        if not _is_action_number(action) or not 0 <= action < limit:  # type: ignore[operator]
            raise InvalidActionError(
                f"not an action: {action!r} (actions of {self.game.name} are whole numbers from 0 to {limit - 1})"
            )

    def _is_legal(self, action: int) -> bool:
        """Whether an in-range action is legal now (override with something faster if needed)."""
        return action in self.legal_actions()

    def _is_legal_for(self, player: int, action: int) -> bool:
        """At a simultaneous node, whether seat `player` may play the in-range `action`: one of its
        legal actions, or the no-op when it has none (override with something faster if needed)."""
        legal = self.legal_actions(player)
        return action in legal if legal else action == self.game.noop_action

    def _why_illegal(self, action: int, player: int | None = None) -> str:
        """One line saying why an in-range action is not legal now (games say more)."""
        legal = self.legal_actions(player)
        shown = ", ".join(self.action_to_string(a, player) for a in legal[:8]) + (", ..." if len(legal) > 8 else "")
        return f"illegal action {self._text(action, player)!r}: not legal now (legal: {shown or 'none'})"

    def _text(self, action: int, player: int | None = None) -> str:
        try:
            return self.action_to_string(action, player)
        except CardgenError:
            return str(action)

    def _apply_action(self, action: int) -> None:
        """The game's rules for a checked, legal action at a sequential or chance node."""
        raise NotImplementedError

    def _apply_actions(self, joint: list[int]) -> None:
        """The game's rules for a checked joint action at a SIMULTANEOUS node."""
        raise NotImplementedError

    def history(self) -> list:
        """Every action applied since the initial state, oldest first (joint actions as lists)."""
        return unlinked(self._hist)

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
        """An independent copy (history included) made by the game's hand-written `_clone`."""
        copy = self._clone()
        copy._hist = self._hist
        return copy

    def _clone(self) -> "State":
        raise NotImplementedError

    # -- text, views, storage ---------------------------------------------
    def action_to_string(self, action: int, player: int | None = None) -> str:
        return str(action)

    def action_text(self, action: int, viewer: int | None, player: int | None = None) -> str:
        """The text seat `viewer` is told for `action` of `player` (default: the seat to move, or
        CHANCE at a chance node), before it is applied. The mover, an open table (viewer None) and
        every seat of a perfect-information game read action_to_string; anyone else reads the
        game's _public_action_text, which names only what that seat's observation learns."""
        mover = self.current_player() if player is None else player
        if viewer is None or viewer == mover or self.game.game_type.perfect_information:
            return self.action_to_string(action, player)
        return self._public_action_text(action, mover, viewer)

    def _public_action_text(self, action: int, player: int, viewer: int) -> str:
        """What `viewer` learns of `player`'s `action` (player CHANCE: a chance outcome). Games with
        hidden moves override it; the default tells the whole move."""
        return self.action_to_string(action, player if player >= 0 else None)

    def narrate(self, on: bool = True) -> None:
        """Record the events of every following move for told() (or stop). A clone does not
        narrate: bots' searches never pay for words."""
        self._told = [] if on else None

    def tell(self, text: str | None, seat: int | None = None, private: str | None = None) -> None:
        """One event of the move being applied, said while the state narrates: `text` is what
        every seat learns (None: nothing), `private` what `seat` alone learns instead (the card
        it drew, say). Rules call it for each rule that fires, with its reason; guard costly
        wording with `if self._told is not None`."""
        if self._told is not None:
            self._told.append((text, seat, private))

    def told(self, viewer: int | None = None) -> list[str]:
        """The last move's events as `viewer` learns them (None: an open table learns all)."""
        out = []
        for text, seat, private in self._told or ():
            line = private if private is not None and (viewer is None or viewer == seat) else text
            if line:
                out.append(line)
        return out

    def result_text(self, viewer: int | None = None) -> str:
        """At the end: who won, by which win condition, and the final scores, in one or two lines.
        The default names the winners and the returns; games say why."""
        ret = self.returns()
        best = max(ret)
        winners = [self.game.player_name(p) for p, v in enumerate(ret) if v == best]
        head = ("winner: " if len(winners) == 1 else "tie between: ") + ", ".join(winners)
        return head + "   returns: " + " ".join(f"{self.game.player_name(p)}={v:g}" for p, v in enumerate(ret))

    def string_to_action(self, text: str, player: int | None = None) -> int:
        """The legal action whose text is `text` (case and spacing do not matter)."""
        key = " ".join(text.split()).lower()
        if not key:
            raise InvalidActionError("empty action: type one of the legal moves")
        legal = self.legal_actions(player)
        for a in legal:
            if " ".join(self.action_to_string(a, player).split()).lower() == key:
                return a
        shown = ", ".join(self.action_to_string(a, player) for a in legal[:8]) + (", ..." if len(legal) > 8 else "")
        raise InvalidActionError(f"not a legal move now: {text!r} (legal: {shown or 'none'})")

    def observation(self, player: int) -> dict:
        return self.to_json()

    def observation_tensor(self, player: int) -> list[float]:
        """What `player` may see as a flat list of floats, Game.observation_shape() long.

        It holds nothing `player` could not see (the conformance suite checks
        that re-dealing the hidden cards leaves it unchanged).
        """
        raise NotImplementedError

    def determinize(self, player: int, rng) -> "State":
        return self.clone()

    def believe(self, player: int, rng) -> "State":
        """A re-deal of what `player` cannot see, as a careful player would guess it (the MCTS
        option beliefs=1): a game may keep what the seat was shown and has not seen since, and
        weigh deals by what the others' play suggests, never reading a hidden card. The default:
        determinize(player, rng)."""
        return self.determinize(player, rng)

    def invariant_violations(self) -> list[str]:
        """What is wrong with this position by the game's own rules (cards lost or doubled,
        limits passed...): one line each, none when all is well. Soak runs check it after
        every move; the default knows no invariants."""
        return []

    def evaluate(self, player: int) -> float:
        """Heuristic value for `player` (larger is better). MCTS reads the seats' values as logits:
        softmax over them is each seat's chance to win, so a difference of 1 is about e : 1 odds."""
        return self.returns()[player] if self.is_terminal() else 0.0

    def evaluate_all(self) -> list[float]:
        """evaluate() for every seat; games override it when one pass can score them all."""
        return [self.evaluate(p) for p in range(self.game.num_players)]

    def evaluate_deep(self) -> list[float]:
        """evaluate_all() for a search that looks far ahead (the MCTS option deep=1, the hard level
        where the game asks for it): a game may weigh what wins games over what a move gains at
        once (Gog & Magog: weights fitted on the results of games), which a deep search plays
        well and a shallow one badly. The default: evaluate_all()."""
        return self.evaluate_all()

    def bot_actions(self, player: int | None = None) -> list[int]:
        """The legal moves a bot weighs (greedy and the searches, not random): a game may leave
        out moves no player would make, that only lose what another move keeps (Gin-jon-tan: a
        card played to be beaten where a cheaper duel was open). Never empty when legal_actions()
        is not, always a part of it in its order, and decided only from what the mover can see.
        The default: every legal move."""
        return self.legal_actions(player)

    def move_cost(self, action: int) -> float | None:
        """What move `action` of the player to move gives away for good, as the game counts it
        (Gin-jon-tan: the points a card played to be beaten hands the opponent), decided from what
        the mover can see. MCTS plays the cheapest of the moves its search finds as good as its
        choice (a person who cannot tell two moves apart keeps what he can). None (the default):
        the game counts no cost."""
        return None

    def evaluate_after(self, actions: list[int], deep: bool = False) -> list[list[float] | None]:
        """evaluate_all() (with deep: evaluate_deep()) of the position after each of `actions`
        (moves of the player to move at a sequential node), for games that can score a move
        without copying the position; None where the caller must clone and apply the move itself
        (the default: every one)."""
        return [None] * len(actions)

    def evaluate_steps(self, player: int, actions: list[int]) -> list[float] | None:
        """At a SIMULTANEOUS node of a game whose seats plan in steps that act only when the plans
        resolve: evaluate(player) of the position after each of `actions` (player's next step), the
        other seats' plans as they stand, without copying the position (the plan bot judges steps
        with it). None (the default): the caller clones and applies each step with the others'."""
        return None

    def plan_cost(self, player: int, steps: list[int]) -> float | None:
        """At a SIMULTANEOUS node of a game whose seats plan in steps: what seat `player` gives away
        for good by adding `steps` (its own, from here on) to its plan, as the game counts it
        (Spherion: the guards its deck master loses), read from what the seat can see, the position
        left as it was. The plan bot plays the cheapest of the plans it finds as good as its choice,
        as MCTS does with move_cost. None (the default): the game counts no cost."""
        return None

    def transposition_key(self, player: int) -> Hashable | None:
        """What `player` knows of this position, as a hashable value, for searches that merge
        the lines reaching the same position (MCTS's transpositions): two positions with equal
        keys must offer `player` the same future (the same legal moves, values and outcomes,
        whatever determinize(player) re-deals). None (the default) merges nothing."""
        return None

    def rollout_action(self, rng) -> int | None:
        """A cheap, game-made move for MCTS rollouts at a sequential node (rng: random.Random);
        None (the default) lets the bot pick uniformly at random."""
        return None

    def to_json(self) -> dict:
        raise NotImplementedError

    def render(self, color: bool = False, player: int | None = None) -> str:
        return str(self.to_json() if player is None else self.observation(player))

    def show(self, what: str, player: int | None = None) -> str:
        """Text about one part of the position (`show WHAT` at the terminal); CardgenError when
        the game has no such view or `what` names nothing."""
        raise CardgenError(f"show is not available for {self.game.name}")

    def action_groups(self, actions: list[int], player: int | None = None) -> list[tuple[str, list[int]]]:
        """`actions` as (label, actions) groups in display order; every action in exactly one.
        The default: one group named "moves", in numeric order."""
        return [("moves", sorted(actions))]

    def __str__(self) -> str:
        return self.render(color=False)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.game.name == other.game.name and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]  # mutable


class SeatState(State):
    """A state whose `player` field is the seat to move, or CHANCE, SIMULTANEOUS or TERMINAL: who
    moves and whether the game is over are read from it directly (they are asked constantly)."""

    player: int

    def current_player(self) -> int:
        return self.player

    def is_terminal(self) -> bool:
        return self.player == TERMINAL
