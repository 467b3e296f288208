"""Every cardgen game as a PettingZoo environment: `env("gyre")` (AEC) and `parallel_env("spherion")`.

    from cardgen.interop.pettingzoo import env
    e = env("gyonrg", render_mode="ansi")         # options as load_game takes them: env("gyre", size=9)
    e.reset(seed=7)                                # seed 7 is the game `cardgen play gyonrg --seed 7` deals
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

What an agent sees, and the choices made where PettingZoo leaves them open:

* Agents are "player_0", "player_1", ...: agent player_p is the game's seat p (`seat_names` maps
  them to the game's own names, "R"/"B", "north"/"south"...), so the names follow PettingZoo's
  <descriptor>_<number> advice and mean the same seat in every game and in cardgen's records.
* Observations are {"observation": the seat's observation_tensor shaped as the game's
  observation_shape (float32), "action_mask": 1 where the action is legal for that seat now
  (int8, num_distinct_actions long)}; actions are Discrete(num_distinct_actions). The protocol
  promises no bounds on tensors, so the Box is unbounded rather than guessed.
* Chance is resolved inside the environment from the seeded game (explicit chance nodes take
  state.sample_chance(), shuffles come from the state's own stream), so agents only see their
  turns; `reset(seed=s)` (an integer or a word) plays the game cardgen's own tools play with seed
  s, and a reset without a seed deals a fresh game: the next of the last seed ("s/1", "s/2", ...;
  a random one before any seed was given; `game_seed` names the current one, and
  `game_state` is the game's own State; record() makes the game so far a record that
  `cardgen replay` plays back).
* Rewards come once, at the end: each seat's returns(). Games end by their own rules (they all
  have a turn limit), so nothing is ever truncated.
* In the AEC environment a simultaneous node (Spherion's planning) is asked seat by seat, in seat
  order, of the seats that have a legal action; the joint action is applied when the last has
  chosen (a seat with nothing to do passes the game's noop). The choices wait in the environment,
  never in the game, so no seat's observation shows another's pending choice.
* In the parallel environment every seat acts at every step: at a simultaneous node each chooses
  its own action; at a sequential node the seat to move chooses and the others pass: their
  action_mask has only the game's noop, and whatever action they send is ignored (or they may be
  left out of the actions dict), as PettingZoo's parallel_seed_test sends every agent a sample.
* In the parallel environment a masked-out or malformed action of a seat to move is, by default
  (`illegal_action="replace"`), replaced by that seat's first legal action (the lowest number),
  and its info says so: {"illegal_action": what it sent, "played": what was played}; so random
  agents sampling the whole action space play (PettingZoo's parallel_seed_test does).
  `parallel_env(game, illegal_action="raise")` refuses it instead, as the AEC environment does.
* In the AEC environment a masked-out or malformed action is refused with a one-line IllegalActionError or
  InvalidActionError naming the agent, and nothing changes: the agent may choose again.
* render() is the game's text of the position for the open table (State.render(player=None),
  the screen of `cardgen play --open`), not any one seat's view: render is for the person watching
  agents play or reading a log; an agent's own view is its observation.

The bridge is thin: it reads every game through the protocol (cardgen.engine.protocol) and
the registry, and writes no rule of any game.
"""

from __future__ import annotations

import operator
import secrets
import sys
from collections.abc import Mapping
from typing import Any

from cardgen.engine.protocol import CHANCE, SIMULTANEOUS, Game, State
from cardgen.engine.records import apply_move, make_record, move_text
from cardgen.engine.registry import load_game
from cardgen.errors import CardgenError, IllegalActionError, InvalidActionError, OptionError

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv, ParallelEnv
    from pettingzoo.utils import wrappers
except ImportError as exc:  # pragma: no cover - depends on the installed extras
    raise ImportError(
        f"cardgen.interop.pettingzoo needs PettingZoo ({exc.name or exc} is missing): pip install 'cardgen[rl]'"
    ) from exc

__all__ = ["env", "raw_env", "parallel_env", "CardgenParallelEnv"]

RENDER_MODES = ("ansi", "human")
ILLEGAL_ACTIONS = ("replace", "raise")  # what the parallel env does with a masked-out action of a seat to move


def agent_name(seat: int) -> str:
    """The PettingZoo agent of cardgen seat `seat`."""
    return f"player_{seat}"


class _Bridge:
    """What the AEC and the parallel environments share: the game, its spaces, seeding, chance and
    the views of each seat. `game_state` is the game's State (None before the first reset)."""

    metadata: dict[str, Any]
    game_state: State | None

    def _setup(self, game: str | Game, render_mode: str | None, options: dict[str, Any]) -> None:
        if isinstance(game, Game):
            if options:
                raise OptionError(
                    f"options {', '.join(sorted(options))} given with a loaded game: give them to load_game"
                )
            self.game = game
        elif isinstance(game, str):
            self.game = load_game(game, **options)
        else:
            raise CardgenError(f"not a game: {game!r} (give a game's name, such as 'gyre', or a loaded Game)")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise OptionError(f"unknown render_mode {render_mode!r} (accepted: {', '.join(RENDER_MODES)} or None)")
        self.render_mode = render_mode
        g = self.game
        self.possible_agents = [agent_name(p) for p in range(g.num_players)]
        self.seat_names = {agent_name(p): g.player_name(p) for p in range(g.num_players)}
        self._seat = {a: p for p, a in enumerate(self.possible_agents)}
        self._shape = tuple(g.observation_shape())
        n = g.num_distinct_actions
        # One space object per agent, kept: PettingZoo seeds spaces and checks they are the same object.
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(low=-np.inf, high=np.inf, shape=self._shape, dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
            })
            for a in self.possible_agents
        }  # fmt: skip
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.metadata = {
            "name": f"cardgen_{g.name}_v0",
            "render_modes": list(RENDER_MODES),
            # aec_to_parallel cannot convert a turn-based game; Spherion's parallel form is parallel_env.
            "is_parallelizable": False,
        }
        self.game_state = None
        self.game_seed: int | str | None = None
        self._base_seed: int | str | None = None
        self._resets = 0

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # -- seeding and chance ------------------------------------------------
    def _new_game(self, seed: Any) -> State:
        """A fresh state for reset(seed): the game of `seed`, or the next one after the last seed."""
        if seed is not None:
            self._base_seed, self._resets = _checked_seed(seed), 0
            self.game_seed = self._base_seed
        elif self._base_seed is None:
            self._base_seed, self._resets = secrets.randbits(63), 0
            self.game_seed = self._base_seed
        else:
            self._resets += 1
            self.game_seed = f"{self._base_seed}/{self._resets}"
        state = self.game.new_initial_state(self.game_seed)
        _resolve_chance(state)
        return state

    # -- what a seat sees ------------------------------------------------------
    def _observation(self, seat: int, mask: np.ndarray) -> dict[str, np.ndarray]:
        state = self._live_state()
        tensor = np.asarray(state.observation_tensor(seat), dtype=np.float32).reshape(self._shape)
        return {"observation": tensor, "action_mask": mask}

    def _mask(self, actions: list[int]) -> np.ndarray:
        mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        mask[actions] = 1
        return mask

    def _live_state(self) -> State:
        if self.game_state is None:
            raise CardgenError(f"{self.metadata['name']}: call reset() before using the environment")
        return self.game_state

    def _checked_action(self, agent: str, action: Any, legal: list[int]) -> int:
        """`action` as an int, if it is one of `legal`; otherwise a one-line error naming the agent."""
        state = self._live_state()
        n = self.game.num_distinct_actions
        try:
            if isinstance(action, bool | np.bool_):
                raise TypeError
            a = operator.index(action)
        except TypeError:
            a = -1
        if not 0 <= a < n:
            raise InvalidActionError(
                f"{agent}: not an action: {action!r} (actions of {self.game.name} are whole numbers "
                f"from 0 to {n - 1}; choose one where action_mask is 1)"
            )
        if a not in legal:
            shown = ", ".join(_text(state, b, self._seat[agent]) for b in legal[:8]) + (
                ", ..." if len(legal) > 8 else ""
            )
            raise IllegalActionError(
                f"{agent}: illegal action {a} ({_text(state, a, self._seat[agent])}): its action_mask is 0 "
                f"there (legal now: {shown or 'none'})"
            )
        return a

    def record(self) -> dict[str, Any]:
        """The game so far as a cardgen game record (seed, actions with chance, move texts, the
        position reached): write it with cardgen.engine.records.write_records and `cardgen replay`
        plays it back, move by move, as any seat saw it."""
        state = self._live_state()
        actions = state.history()
        seed = self.game_seed
        assert seed is not None  # reset() sets it with the state
        again = self.game.new_initial_state(seed)
        moves = []
        for action in actions:
            moves.append(move_text(again, action))
            apply_move(again, action)
        return make_record(self.game, seed, self.possible_agents, actions, moves, state)

    # -- text ------------------------------------------------------------------
    def render(self) -> str | None:
        """The open table as the game's text: returned ("ansi") or printed ("human")."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                f"{self.metadata['name']}: render() called with render_mode None (use 'ansi' or 'human')"
            )
            return None
        state = self._live_state()
        if self.render_mode == "human":
            print(state.render(color=sys.stdout.isatty()))
            return None
        return state.render(color=False)

    def close(self) -> None:
        """Nothing to release: the game lives in memory."""


def _checked_seed(seed: Any) -> int | str:
    if isinstance(seed, str) and seed.strip():
        return seed
    if not isinstance(seed, bool | np.bool_):
        try:
            return operator.index(seed)
        except TypeError:
            pass
    raise OptionError(f"bad seed {seed!r}: use an integer or a non-empty word")


def _resolve_chance(state: State) -> None:
    """Play the chance nodes from the state's own seeded stream, as cardgen's tools do."""
    while state.current_player() == CHANCE:
        state.apply_action(state.sample_chance())


def _text(state: State, action: int, seat: int) -> str:
    try:
        return state.action_to_string(action, seat)
    except CardgenError:
        return str(action)


class raw_env(_Bridge, AECEnv):  # noqa: N801 - PettingZoo's name for the unwrapped environment
    """A cardgen game as a PettingZoo AECEnv (see the module docstring for what agents see)."""

    def __init__(self, game: str | Game, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        self._setup(game, render_mode, options)
        self._pending: dict[int, int] = {}

    def reset(self, seed: int | str | None = None, options: dict[str, Any] | None = None) -> None:
        self.game_state = self._new_game(seed)
        self._pending = {}
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._select()

    def _to_choose(self) -> list[int]:
        """At a simultaneous node: the seats with a legal action that have not chosen yet."""
        state = self._live_state()
        return [p for p in range(self.game.num_players) if p not in self._pending and state.legal_actions(p)]

    def _select(self) -> None:
        """Point agent_selection at the next seat to act, applying what needs no agent on the way:
        chance, and joint actions in which no seat has anything left to choose."""
        state = self._live_state()
        while True:
            _resolve_chance(state)
            player = state.current_player()
            if state.is_terminal():
                for agent, value in zip(self.possible_agents, state.returns()):
                    self.rewards[agent] = float(value)
                    self.terminations[agent] = True
                self.agent_selection = self.agents[0]
                return
            if player != SIMULTANEOUS:
                self.agent_selection = agent_name(player)
                return
            waiting = self._to_choose()
            if waiting:
                self.agent_selection = agent_name(waiting[0])
                return
            noop = self.game.noop_action
            state.apply_actions([self._pending.get(p, noop) for p in range(self.game.num_players)])
            self._pending = {}

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self._live_state()
        seat = self._seat[agent]
        acting = agent == self.agent_selection and not self.terminations.get(agent, True)
        return self._observation(seat, self._mask(state.legal_actions(seat) if acting else []))

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._live_state()
        seat = self._seat[agent]
        a = self._checked_action(agent, action, state.legal_actions(seat))
        if state.current_player() == SIMULTANEOUS:
            self._pending[seat] = a
        else:
            state.apply_action(a)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()


class CardgenParallelEnv(_Bridge, ParallelEnv):
    """A cardgen game as a PettingZoo ParallelEnv: every seat acts at every step (see the module
    docstring). Made for Spherion, whose planning is simultaneous; any game works."""

    def __init__(self, game: str | Game, render_mode: str | None = None, illegal_action: str = "replace",
                 **options: Any) -> None:  # fmt: skip
        if illegal_action not in ILLEGAL_ACTIONS:
            raise OptionError(f"unknown illegal_action {illegal_action!r} (accepted: {', '.join(ILLEGAL_ACTIONS)})")
        self.illegal_action = illegal_action
        self._setup(game, render_mode, options)
        self.agents: list[str] = []

    def _legal(self, seat: int) -> list[int]:
        """What `seat` may send now: its legal actions when it is to move, else the game's noop."""
        state = self._live_state()
        player = state.current_player()
        if player == seat or player == SIMULTANEOUS:
            return state.legal_actions(seat) or [self.game.noop_action]
        return [self.game.noop_action]

    def _observations(self, agents: list[str]) -> dict[str, dict[str, np.ndarray]]:
        state = self._live_state()
        out = {}
        for agent in agents:
            seat = self._seat[agent]
            out[agent] = self._observation(seat, self._mask([] if state.is_terminal() else self._legal(seat)))
        return out

    def reset(self, seed: int | str | None = None, options: dict[str, Any] | None = None) -> tuple[dict, dict]:
        self.game_state = self._new_game(seed)
        self.agents = self.possible_agents[:]
        return self._observations(self.agents), {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        state = self._live_state()
        if not self.agents:
            raise IllegalActionError(f"{self.metadata['name']}: the game is over; call reset() for a new one")
        if not isinstance(actions, Mapping):
            raise InvalidActionError(f"actions must be a dict from agent to action, not {type(actions).__name__}")
        unknown = sorted(set(actions) - set(self.agents), key=str)
        if unknown:
            raise InvalidActionError(f"actions for unknown agents {unknown} (agents: {', '.join(self.agents)})")
        player = state.current_player()
        noop = self.game.noop_action
        joint = []
        replaced: dict[str, Any] = {}
        for seat, agent in enumerate(self.possible_agents):
            moves = player == seat or (player == SIMULTANEOUS and bool(state.legal_actions(seat)))
            if not moves:  # whatever it sent is ignored (see the module docstring)
                joint.append(noop)
            elif agent not in actions:
                raise InvalidActionError(f"no action for {agent}: it moves now (choose one where its action_mask is 1)")
            else:
                legal = state.legal_actions(seat)
                try:
                    joint.append(self._checked_action(agent, actions[agent], legal))
                except (IllegalActionError, InvalidActionError):
                    if self.illegal_action == "raise":
                        raise
                    replaced[agent] = actions[agent]
                    joint.append(legal[0])
        if player == SIMULTANEOUS:
            state.apply_actions(joint)
        else:
            state.apply_action(joint[player])
        _resolve_chance(state)
        live = self.agents
        done = state.is_terminal()
        returns = state.returns() if done else [0.0] * self.game.num_players
        rewards = {a: float(returns[self._seat[a]]) for a in live}
        terminations = dict.fromkeys(live, done)
        truncations = dict.fromkeys(live, False)
        observations = self._observations(live)
        infos: dict[str, dict[str, Any]] = {a: {} for a in live}
        for agent, sent in replaced.items():
            infos[agent] = {"illegal_action": sent, "played": joint[self._seat[agent]]}
        if done:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos


def env(game: str | Game, render_mode: str | None = None, **options: Any) -> AECEnv:
    """The AEC environment of `game` (a name and load_game's options, or a loaded Game), wrapped
    as PettingZoo's own environments are, so calls out of order are refused."""
    return wrappers.OrderEnforcingWrapper(raw_env(game, render_mode=render_mode, **options))


def parallel_env(game: str | Game, render_mode: str | None = None, illegal_action: str = "replace",
                 **options: Any) -> CardgenParallelEnv:  # fmt: skip
    """The parallel environment of `game` (Spherion's planning is simultaneous; any game works);
    `illegal_action` "replace" (a masked-out action of a seat to move plays its first legal one)
    or "raise"."""
    return CardgenParallelEnv(game, render_mode=render_mode, illegal_action=illegal_action, **options)
