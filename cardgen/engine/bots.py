"""Bots that play any game through the protocol: random, greedy, mcts.

A bot is made from a spec string ("random", "greedy", "mcts", "mcts:2000",
"mcts:iterations=2000,c=1.4") with `make_bot(spec, game, seat, seed)`. Its
randomness is a private random.Random seeded from cardgen.rng (never the
global random state), so a (seed, seat) pair always plays the same way.

    bot.step(state) -> action     the action for `seat` at a sequential node,
                                  or its part of the joint action at a
                                  SIMULTANEOUS node.
    bot.explain() -> str          why it chose its last action, for people
                                  (greedy: the best candidates with their
                                  evaluate() values; mcts: the root's moves
                                  with visits and mean returns).

Chance nodes are not the bots' business: drivers apply state.sample_chance().
"""

from __future__ import annotations

import math
import random
import textwrap
from collections.abc import Callable

from cardgen import rng as _rng
from cardgen.errors import CardgenError, IllegalActionError

from .protocol import CHANCE, SIMULTANEOUS, Game, State

BOT_NAMES = ("random", "greedy", "mcts")
EXPLAIN_TOP = 5  # candidates an explanation lists


def bot_random(seed, *path) -> random.Random:
    """A private generator seeded from a counter-based stream (machine/hash independent)."""
    return random.Random(int.from_bytes(_rng.digest(seed, "bot", *path, size=16), "big"))


class Bot:
    name = "bot"

    def __init__(self, game: Game, seat: int, seed=0) -> None:
        self.game = game
        self.seat = seat
        self.rng = bot_random(seed, self.name, seat)
        # What explain() says about the last step, made only when asked: simulations never pay for text.
        self._why: Callable[[], str] | None = None

    def step(self, state: State) -> int:
        raise NotImplementedError

    def spec(self) -> str:
        return self.name

    def explain(self) -> str:
        """Why the bot chose its last action, in a few lines for people (`explain` in `cardgen play`)."""
        if self._why is None:
            return f"{self._who()} has not moved yet"
        return self._why()

    def _who(self) -> str:
        return f"{self.spec()} ({self.game.player_name(self.seat)})"

    def _ranked(self, state: State, chosen: int, rows: list[tuple[int, str]], why: str) -> Callable[[], str]:
        """An explanation listing candidates (action, figures) best first, the chosen one first of all.

        `state` is the position the bot moved from, kept to name the moves later."""
        seat = self.seat if state.current_player() == SIMULTANEOUS else None

        def text() -> str:
            ordered = [r for r in rows if r[0] == chosen] + [r for r in rows if r[0] != chosen]
            shown = ordered[:EXPLAIN_TOP]
            names = [_action_text(state, a, seat) for a, _ in shown]
            width = max(len(n) for n in names)
            lines = textwrap.wrap(f"{self._who()} chose {names[0]}: {why}", 80, subsequent_indent="  ")
            for k, ((_, figures), name) in enumerate(zip(shown, names)):
                lines.append(f"  {'->' if k == 0 else '  '} {name:<{width}}  {figures}")
            if len(ordered) > len(shown):
                lines.append(f"     ... and {len(ordered) - len(shown)} more")
            return "\n".join(lines)

        return text


def _action_text(state: State, action: int, player: int | None) -> str:
    try:
        return state.action_to_string(action, player)
    except CardgenError:
        return str(action)


class RandomBot(Bot):
    """Uniformly random legal action."""

    name = "random"

    def step(self, state: State) -> int:
        acts = state.legal_actions(self.seat)
        n = len(acts)
        self._why = lambda: f"{self._who()} picks uniformly at random: this time among {n} legal moves"
        return acts[int(self.rng.random() * len(acts))]


class GreedyBot(Bot):
    """One ply: the action whose resulting position the game's evaluate() likes best
    (ties broken at random)."""

    name = "greedy"

    def step(self, state: State) -> int:
        seat = self.seat
        acts = state.legal_actions(seat)
        if state.current_player() == SIMULTANEOUS:
            # Judge each own action against random choices of the others.
            def after(a):
                s = state.clone()
                joint = [a if p == seat else _pick(s.legal_actions(p), self.rng) for p in range(self.game.num_players)]
                s.apply_actions(joint)
                return s
        else:
            def after(a):
                s = state.clone()
                s.apply_action(a)
                return s

        best, best_acts = None, []
        values = []
        for a in acts:
            v = after(a).evaluate(seat)
            values.append(v)
            if best is None or v > best:
                best, best_acts = v, [a]
            elif v == best:
                best_acts.append(a)
        choice = best_acts[int(self.rng.random() * len(best_acts))]
        rows = sorted(zip(acts, values), key=lambda r: -r[1])
        ties = f" ({len(best_acts)} tied, one picked at random)" if len(best_acts) > 1 else ""
        why = (f"the best value{ties} of {len(acts)} legal moves; value: the game's evaluate() "
               f"of the position after the move, for {self.game.player_name(seat)}")
        self._why = self._ranked(state.clone(), choice, [(a, f"value {v:8.2f}") for a, v in rows], why)
        return choice


def _pick(acts, rng):
    return acts[int(rng.random() * len(acts))] if acts else 0


class _Node:
    __slots__ = ("player", "untried", "children", "visits", "totals")

    def __init__(self, player: int, untried: list, num_players: int) -> None:
        self.player = player
        self.untried = untried
        self.children: dict = {}
        self.visits = 0
        self.totals = [0.0] * num_players


class MCTSBot(Bot):
    """UCT with uniformly random rollouts.

    Options: iterations (default 500), c (exploration, default 1.4), max_rollout
    (actions per rollout, default: the game's `rollout_limit`, else its maximum
    length). A rollout cut short scores the position by the game's `evaluate`:
    the seat that evaluates best counts as the winner (ties share). Each iteration
    starts from state.determinize(seat), so hidden information stays hidden.
    Chance nodes are sampled; at SIMULTANEOUS nodes every seat picks from its own
    statistics (decoupled UCT) and the joint action keys the child.
    """

    name = "mcts"

    def __init__(self, game: Game, seat: int, seed=0, iterations: int = 500, c: float = 1.4, max_rollout: int = 0):
        super().__init__(game, seat, seed)
        self.iterations = iterations
        self.c = c
        self.max_rollout = max_rollout or getattr(game, "rollout_limit", None) or game.max_game_length

    def spec(self) -> str:
        return f"mcts:iterations={self.iterations},c={self.c}"

    def step(self, state: State) -> int:
        rng = self.rng
        n = self.game.num_players
        root_state = state
        acts = state.legal_actions(self.seat)
        if len(acts) == 1:
            self._why = lambda: f"{self._who()} had one legal move, so it did not search"
            return acts[0]
        simultaneous = state.current_player() == SIMULTANEOUS
        root: _Node | None = None
        for _ in range(self.iterations):
            s = root_state.determinize(self.seat, rng)
            if root is None:
                root = self._new_node(s)
            path = [root]
            node = root
            # selection + expansion
            while True:
                p = node.player
                if p < 0 and p not in (CHANCE, SIMULTANEOUS):
                    break  # terminal
                if p == CHANCE:
                    a = s.sample_chance()
                    s.apply_action(a)
                    key = a
                elif p == SIMULTANEOUS:
                    joint = tuple(self._decoupled(node, s, q) for q in range(n))
                    s.apply_actions(list(joint))
                    key = joint  # type: ignore[assignment]  # a joint action keys its child by the tuple
                elif node.untried:
                    k = int(rng.random() * len(node.untried))
                    try:
                        s.apply_action(node.untried[k])
                    except IllegalActionError:
                        break  # hidden cards were re-dealt: this world does not allow that move
                    a = node.untried.pop(k)
                    child = self._new_node(s)
                    node.children[a] = child
                    path.append(child)
                    node = child
                    break
                else:
                    key = self._uct(node)
                    try:
                        s.apply_action(key)
                    except IllegalActionError:
                        break  # a re-dealt hidden world where the tree's move is impossible
                known = node.children.get(key)
                if known is None:
                    known = node.children[key] = self._new_node(s)
                    path.append(known)
                    node = known
                    break
                path.append(known)
                node = known
            # rollout
            steps = 0
            limit = self.max_rollout
            while not s.is_terminal() and steps < limit:
                p = s.current_player()
                if p == CHANCE:
                    s.apply_action(s.sample_chance())
                elif p == SIMULTANEOUS:
                    s.apply_actions([_pick(s.legal_actions(q), rng) for q in range(n)])
                else:
                    la = s.legal_actions()
                    s.apply_action(la[int(rng.random() * len(la))])
                steps += 1
            ret = s.returns() if s.is_terminal() else self._cutoff_returns(s)
            for nd in path:
                nd.visits += 1
                t = nd.totals
                for i in range(n):
                    t[i] += ret[i]
        # most visited root action for our seat
        seat = self.seat
        counts: dict[int, int] = {}
        sums: dict[int, float] = {}  # total return for `seat` through each own action
        for key, child in (root.children.items() if root is not None else ()):
            a = key[seat] if simultaneous else key
            counts[a] = counts.get(a, 0) + child.visits
            sums[a] = sums.get(a, 0.0) + child.totals[seat]
        if not counts:
            n = len(acts)
            self._why = lambda: f"{self._who()} explored no move (every sampled world refused them): random among {n}"
            return acts[int(rng.random() * len(acts))]
        most = max(counts.values())
        best = sorted(a for a, v in counts.items() if v == most)
        choice = best[int(rng.random() * len(best))]
        rows = sorted(counts, key=lambda a: (-counts[a], -sums[a] / counts[a]))
        why = (f"the most visited of {len(counts)} moves tried in {self.iterations} iterations; "
               f"mean: average return for {self.game.player_name(seat)}, "
               f"{self.game.min_return:g} to {self.game.max_return:g}")
        self._why = self._ranked(state.clone(), choice,
                                 [(a, f"{counts[a]:>5} visits  mean {sums[a] / counts[a]:+.2f}") for a in rows], why)
        return choice

    def _cutoff_returns(self, s: State) -> list[float]:
        """Returns of an unfinished rollout: the best-evaluated seat(s) win, the others lose."""
        game = self.game
        scores = [s.evaluate(q) for q in range(game.num_players)]
        best = max(scores)
        leaders = [q for q, v in enumerate(scores) if v == best]
        if len(leaders) == len(scores):
            mid = (game.min_return + game.max_return) / 2
            return [mid] * len(scores)
        return [game.max_return if q in leaders else game.min_return for q in range(len(scores))]

    def _new_node(self, s: State) -> _Node:
        p = s.current_player()
        untried = s.legal_actions() if p >= 0 else []
        return _Node(p, list(untried), self.game.num_players)

    def _uct(self, node: _Node) -> int:
        p = node.player
        log_n = math.log(node.visits or 1)
        c = self.c
        best, best_v = -1, -math.inf
        for a, child in node.children.items():
            v = child.totals[p] / child.visits + c * math.sqrt(log_n / child.visits)
            if v > best_v:
                best, best_v = a, v
        return best

    def _decoupled(self, node: _Node, s: State, q: int) -> int:
        acts = s.legal_actions(q)
        if not acts:
            return 0
        stats: dict[int, list] = {}
        for key, child in node.children.items():
            st = stats.setdefault(key[q], [0, 0.0])
            st[0] += child.visits
            st[1] += child.totals[q]
        untried = [a for a in acts if a not in stats]
        if untried:
            return untried[int(self.rng.random() * len(untried))]
        log_n = math.log(sum(v[0] for v in stats.values()) or 1)
        return max(acts, key=lambda a: stats[a][1] / stats[a][0] + self.c * math.sqrt(log_n / stats[a][0]))


_CLASSES = {"random": RandomBot, "greedy": GreedyBot, "mcts": MCTSBot}


def parse_bot_spec(spec: str) -> tuple[str, dict]:
    """'mcts:2000' or 'mcts:iterations=2000,c=1' -> ('mcts', {...}); CardgenError when bad."""
    raw = spec
    name, _, rest = spec.strip().lower().partition(":")
    if name not in _CLASSES and name != "human":
        raise CardgenError(f"unknown bot: {raw!r} (expected human, {', '.join(BOT_NAMES)}; e.g. mcts:1000)")
    opts: dict = {}
    if rest:
        if name != "mcts":
            raise CardgenError(f"bot {name!r} takes no options: {raw!r}")
        for item in rest.split(","):
            k, eq, v = item.partition("=")
            if not eq:
                k, v = "iterations", k
            k = k.strip()
            if k not in ("iterations", "max_rollout", "c"):
                raise CardgenError(f"unknown mcts option {k!r} in {raw!r} (accepted: iterations, c, max_rollout)")
            try:
                if k == "c":
                    opts[k] = float(v)
                    if not opts[k] >= 0:
                        raise ValueError
                else:
                    opts[k] = int(v)
                    if opts[k] < 1:
                        raise ValueError
            except ValueError:
                raise CardgenError(f"bad value {v!r} for mcts option {k} in {raw!r} (expected a positive number)") from None
    return name, opts


def make_bot(spec: str, game: Game, seat: int, seed=0) -> Bot:
    name, opts = parse_bot_spec(spec)
    if name == "human":
        raise CardgenError("'human' is not a bot: humans only play with `cardgen play`")
    return _CLASSES[name](game, seat, seed, **opts)
