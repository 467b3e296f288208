"""Bots that play any game through the protocol: random and greedy (cardgen.engine.botbase, with
the base class), mcts (here), plan (cardgen.engine.planner, for games of secret plans), and the
difficulty levels people pick (easy, medium, hard: tuned settings, a game's own where it has them).

A bot is made from a spec string ("random", "greedy", "mcts", "mcts:2000",
"mcts:iterations=2000,c=0.5", "mcts:time=1.0", "hard") with
`make_bot(spec, game, seat, seed)`. Its
randomness is a private random.Random seeded from cardgen.rng (never the
global random state), so a (seed, seat) pair always plays the same way.

    bot.step(state) -> action     the action for `seat` at a sequential node,
                                  or its part of the joint action at a
                                  SIMULTANEOUS node.
    bot.explain(viewer=None) -> str  why it chose its last action, for people, naming moves as
                                  seat `viewer` may know them (None: everything)
                                  (greedy: the best candidates with their
                                  evaluate() values; mcts: the root's moves
                                  with visits and chances to win).

Game-specific knowledge reaches the bots only through protocol hooks:
evaluate / evaluate_all (read by MCTS as logits) and rollout_action.

Chance nodes are not the bots' business: drivers apply state.sample_chance().
"""

from __future__ import annotations

import gc
import math
import re
import time

from cardgen.errors import CardgenError

from .botbase import Bot, GreedyBot, RandomBot, _chances, _pick
from .planner import PLAN_OPTIONS, PlanBot
from .protocol import CHANCE, SIMULTANEOUS, TERMINAL, Game, State

BOT_NAMES = ("random", "greedy", "mcts", "plan")  # difficulty names: DIFFICULTIES below; plan: engine/planner.py


class _Node:
    """One node of the search tree. `prior` is the position's own evaluation (a value per seat,
    0..1) counted as one visit; `visits`/`totals` gather what the iterations through it found."""

    __slots__ = ("children", "visits", "totals", "prior", "expanded", "stats", "mm", "best", "exact", "ends")

    def __init__(self, prior: list[float], num_players: int) -> None:
        self.children: dict = {}
        self.visits = 0
        self.totals = [0.0] * num_players
        self.prior = prior
        self.expanded = False
        # implicit minimax (option minimax > 0): the evaluations backed up by minimax through
        # the tree, and the child that gives them at a seat's move
        self.mm = prior
        self.best = None
        # SIMULTANEOUS nodes: per seat, action -> [visits, total] (decoupled UCT)
        self.stats: list[dict[int, list]] | None = None
        # perfect information: the result, if the game is over here; and at a seat's node, its
        # best move that ends the game, (action, result), once one is known
        self.exact: list[float] | None = None
        self.ends: tuple[int, list[float]] | None = None

    def mean(self, p: int) -> float:
        return (self.totals[p] + self.prior[p]) / (self.visits + 1)


# What the MCTS options mean, their defaults and accepted ranges (parse_bot_spec reads this).
MCTS_OPTIONS: dict[str, tuple[type, float, float, float]] = {
    "iterations": (int, 1, 1_000_000, 10_000),  # playouts: positions scored per move
    "time": (float, 0.0, 60.0, 0.0),  # seconds per move; 0: no time limit
    "c": (float, 0.0, 100.0, 0.3),  # exploration (small: priors and backups already rank moves)
    "root_c": (float, 0.0, 100.0, 0.0),  # exploration among the moves to choose from; 0: the same as c
    "rollout": (int, 0, 10_000, 0),  # plies played from a leaf before it is evaluated
    "epsilon": (float, 0.0, 1.0, 0.0),  # rollouts: chance of a random move instead of the policy's
    "blunder": (float, 0.0, 1.0, 0.0),  # chance of playing a random move instead of searching (easy bots)
    "reuse": (int, 0, 1, 1),  # keep the searched tree for the next move
    "minimax": (float, 0.0, 1.0, 0.0),  # weight of the minimax of evaluations next to the mean (implicit minimax)
    "transpose": (int, 0, 1, 1),  # one node for a position however it was reached (games with transposition_key)
    "deep": (int, 0, 1, 0),  # score positions with the game's evaluate_deep (its evaluation for deep searches)
    "beliefs": (int, 0, 1, 0),  # re-deal the unseen cards with the game's believe (what a careful player infers)
}
MCTS_ALIASES = {"max_rollout": "rollout"}

# chance to win: moves whose means lie closer than this to the search's choice are as good as it
# (MCTSBot._cheapest plays the one of them that gives away least)
CHEAPEST_TIE = 0.02

# Names people choose at the table: tuned settings, the strongest that answers within 2 s here.
# A game whose measured tuning differs says so in Game.difficulties (Gyre's hard).
DIFFICULTIES: dict[str, str] = {
    "easy": "mcts:iterations=1,blunder=0.35",  # one-ply (greedy) choices, and a random move a third of the time
    "medium": "mcts:iterations=10000,time=1.0",  # the default mcts, stopped after a second on a slow machine
    # three times medium's playouts with implicit minimax backups (on Gyre 5x5, 40 games
    # against mcts:1000, mcts:5000 scored 60 %, with minimax=0.5 85 %), stopped after 1.8 s
    # on a slow machine (p99 under 2 s)
    "hard": "mcts:iterations=30000,minimax=0.5,time=1.8",
}


class MCTSBot(Bot):
    """Monte Carlo tree search guided by the game's evaluate().

    Each iteration starts from state.determinize(seat) (information-set MCTS: hidden cards
    are re-dealt, so the bot never peeks) and walks the tree by UCT. A node reached for the
    first time is expanded whole: every legal move is applied and the position after it is
    scored by the game's evaluate(), read as logits (softmax over the seats gives each
    seat's chance to win), which is the child's prior, worth one visit (progressive bias).
    The best child's value for the seat to move is backed up (a one-ply minimax at the
    leaves); UCT then follows the priors to the replies each side likes best, so the search
    sees answers greedy play cannot. Games that can score a move without copying the position
    do it in evaluate_after (Gyre: 6x faster expansion). Optional rollouts play
    `rollout` plies (the game's rollout_action, else random; `epsilon` of them random)
    before evaluating. Chance nodes are sampled from chance_outcomes() with the bot's own
    generator; at SIMULTANEOUS nodes each seat picks from its own statistics (decoupled
    UCT). The tree is kept for the next move when the game went through it (reuse=1).
    With minimax=w (0..1), each node also keeps the minimax of the evaluations below it (the
    seat to move takes its best child; chance and joint moves keep their mean) and UCT ranks a
    child by (1 - w) * mean + w * minimax (implicit minimax backups, Lanctot et al. 2014).
    With perfect information, a move that ends the game is exact: UCT sends no descent there
    again, takes it at once if it wins, and the node backs up at least its result for the seat
    to move (as MCTS-Solver does for proven values, Winands et al. 2008). root_c is the
    exploration among the moves to choose from (c below them; as in Lc0's CPuctAtRoot): a
    small c searches deep, and a wider root still tries the move whose prior looks bad.
    With transpose=1 (the default), a game that gives transposition_key has one node for a
    position however the search reached it: the first descent into a child looks its position
    up, and a node found there (the same position reached along another line, with all it has
    learnt) takes the child's place, so a turn's moves played in another order share their
    statistics (Childs, Brodeur, Kocsis 2008). A node's mean then gathers every line through
    it, while UCT still counts a parent's own visits.

    Options: iterations (playouts, i.e. positions scored, per move; default 10,000; a search
    ends after the descent that reaches it), time (seconds per move, 0 = none; whichever of
    the two ends first; no descent is begun when one of the mean length would end past it),
    c (exploration, 0.3), root_c (exploration at the root; default c), rollout, epsilon,
    blunder, reuse, minimax (0), transpose (1), deep (0: the game's evaluate_all; 1: its
    evaluate_deep, for searches that look far ahead), beliefs (0: each iteration re-deals with
    the game's determinize; 1: with its believe, which may weigh what the seat remembers and
    what the others' play suggests).
    A given iteration count always plays the same moves; a time limit depends on the machine.
    """

    name = "mcts"

    def __init__(self, game: Game, seat: int, seed=0, iterations: int | None = None, time: float = 0.0,
                 c: float = 0.3, rollout: int = 0, epsilon: float = 0.0, blunder: float = 0.0, reuse: int = 1,
                 minimax: float = 0.0, root_c: float = 0.0, transpose: int = 1, deep: int = 0,
                 beliefs: int = 0, label: str | None = None):  # fmt: skip
        super().__init__(game, seat, seed)
        _, _, most, default = MCTS_OPTIONS["iterations"]
        # a time budget alone searches until the time is up (the iteration cap is only a backstop)
        self.iterations = iterations if iterations is not None else int(most if time else default)
        self.time = time
        self.c = c
        self.root_c = root_c or c
        self._root: _Node | None = None
        self.rollout = rollout
        self.epsilon = epsilon
        self.blunder = blunder
        self.reuse = bool(reuse)
        self.minimax = minimax
        self.transpose = bool(transpose)
        self.deep = bool(deep)
        self.beliefs = bool(beliefs)
        self._table: dict | None = None  # transposition key -> node, for one search
        self.label = label
        lo, hi = game.min_return, game.max_return
        self._lo, self._span = lo, (hi - lo) or 1.0
        self._perfect = game.game_type.perfect_information
        self._tree: tuple[list, _Node] | None = None  # (history at the root, root) kept between moves
        self.last_iterations = 0  # playouts (positions scored) of the last search
        self._playouts = 0
        self.last_seconds = 0.0
        # seconds the cyclic collector took after the last search; before the first, a guess
        # (measured: 4-7 ms after a second's search of Gin-jon-tan, which then took 1.005 s)
        self._settle = time * 0.02

    def spec(self) -> str:
        if self.label:
            return self.label
        parts = [f"iterations={self.iterations}"] if not self.time or self.iterations != MCTS_OPTIONS["iterations"][2] else []
        if self.time:
            parts.append(f"time={self.time:g}")
        parts.append(f"c={self.c}")
        for key, (kind, _, _, default) in MCTS_OPTIONS.items():  # the rest in the table's order, where not the default
            if key in ("iterations", "time", "c"):
                continue
            value = getattr(self, key)
            if value != (self.c if key == "root_c" else default):
                parts.append(f"{key}={int(value) if kind is int else value:g}")  # the 0/1 options are kept as bools
        return "mcts:" + ",".join(parts)

    # -- values ----------------------------------------------------------------
    def _terminal_value(self, s: State) -> list[float]:
        lo, span = self._lo, self._span
        return [(r - lo) / span for r in s.returns()]

    def _leaf_value(self, s: State) -> list[float]:
        """Each seat's chance to win from `s`, 0..1: the result at the end, else evaluate() as logits."""
        self._playouts += 1
        if self.rollout:
            self._play_rollout(s)
        if s.is_terminal():
            return self._terminal_value(s)
        return _chances(s.evaluate_deep() if self.deep else s.evaluate_all())

    def _play_rollout(self, s: State) -> None:
        rng = self.rng
        n = self.game.num_players
        for _ in range(self.rollout):
            p = s.current_player()
            if p == TERMINAL:
                return
            if p == CHANCE:
                s.apply_action(self._chance(s))
            elif p == SIMULTANEOUS:
                s.apply_actions([_pick(s.legal_actions(q), rng) if s.legal_actions(q) else self.game.noop_action
                                 for q in range(n)])  # fmt: skip
            else:
                a = None if rng.random() < self.epsilon else s.rollout_action(rng)
                s.apply_action(a if a is not None else _pick(s.legal_actions(), rng))

    def _chance(self, s: State) -> int:
        """A chance outcome drawn with the bot's generator: the state's own stream knows the real future."""
        x = self.rng.random()
        acc = 0.0
        outcomes = s.chance_outcomes()
        for a, prob in outcomes:
            acc += prob
            if x < acc:
                return a
        return outcomes[-1][0]

    # -- the search ------------------------------------------------------------
    def _choose(self, state: State) -> int:
        rng = self.rng
        if self.blunder and rng.random() < self.blunder:
            acts = state.legal_actions(self.seat)  # a blunder is any legal move
            choice = acts[int(rng.random() * len(acts))]
            n_acts = len(acts)
            self._why = lambda viewer: (f"{self._who()} played a random move this time (blunder rate {self.blunder:g})"
                                        + self._among(n_acts))
            return choice
        acts = state.bot_actions(self.seat)
        if len(acts) == 1:
            only = "one legal move" if len(state.legal_actions(self.seat)) == 1 else "one move worth making"
            self._why = lambda viewer: f"{self._who()} had {only}, so it did not search"
            return acts[0]
        # the time budget runs from here (freeing the last move's tree counts against it), less
        # what the collector took after the last search (it will take about as long again)
        start = time.perf_counter()
        deadline = start + self.time - self._settle if self.time else math.inf
        simultaneous = state.current_player() == SIMULTANEOUS
        history = state.history()
        root = self._reused_root(history) if self.reuse else None
        if root is None:
            root = _Node([0.5] * self.game.num_players, self.game.num_players)
        self._root = root
        deal = state.believe if self.beliefs else state.determinize
        # the budget counts playouts: positions scored (each child of an expanded node is one)
        self._playouts = done = 0
        # The tree holds no cycles (nodes point only to their children), so reference counting
        # frees it; left on, the cyclic collector rescans the growing tree each time it grows by
        # a quarter (Gyon-RG, 100,000 positions: 38 us a position with it, 34 without). Its
        # one pass over the new objects comes when it is back on, made here, where the move's time
        # counts it (0.03-0.2 s at 30,000-90,000 positions), and the next search leaves room.
        collecting = gc.isenabled()
        gc.disable()
        self._table = {} if self.transpose else None
        try:
            # a descent is not begun unless one of the mean length still ends before the deadline
            # (a search that ran up to it overshot by its last descent: Gin-jon-tan's medium took
            # 1.005 s a move)
            began = time.perf_counter()
            while self._playouts < self.iterations:
                if done and self.time:
                    now = time.perf_counter()
                    if now + (now - began) / done >= deadline:
                        break
                self._iterate(root, deal(self.seat, rng))
                done += 1
        finally:
            self._table = None
            if collecting:
                gc.enable()
                settle = time.perf_counter()
                gc.collect(1)  # the new objects go straight to the oldest generation
                self._settle = min(time.perf_counter() - settle, self.time / 4)
        self.last_iterations, self.last_seconds = self._playouts, time.perf_counter() - start
        seat = self.seat
        counts: dict[int, int] = {}
        means: dict[int, float] = {}
        if simultaneous:
            for a, (v, t) in (root.stats[seat].items() if root.stats else ()):
                counts[a], means[a] = v, t / v if v else 0.5
        else:
            for a, child in root.children.items():
                counts[a], means[a] = child.visits, child.mean(seat)
        legal = set(acts)
        counts = {a: v for a, v in counts.items() if a in legal}
        if not counts:
            n_acts = len(acts)
            self._why = lambda viewer: (f"{self._who()} explored no move (every sampled world refused them): random"
                                        + self._among(n_acts))
            return acts[int(rng.random() * len(acts))]
        # most visited; ties (few iterations) go to the better mean, then to the lower action number
        choice = min(counts, key=lambda a: (-counts[a], -means[a], a))
        most = choice
        if not simultaneous:
            choice = self._cheapest(state, choice, counts, means)
        cheaper = choice != most
        if root.ends is not None and root.ends[0] in legal and root.ends[1][seat] > means[choice]:
            # ending the game (searched no further: its result is exact) beats the best line
            choice = root.ends[0]
            means[choice] = root.ends[1][seat]
            cheaper = False
        if self.reuse and not simultaneous:
            child = root.children.get(choice)
            self._tree = (history + [choice], child) if child is not None else None
        rows = sorted(counts, key=lambda a: (-counts[a], -means[a], a))
        searched = (f"{{n}} moves tried in {self._playouts} iterations (positions scored) and {done} descents "
                    f"({self.last_seconds:.2f} s); mean: chance to win for {self.game.player_name(seat)} as the search "
                    "sees it, 0 to 1")
        why = f"the most visited of {searched}"
        if cheaper:
            why = (f"of the moves the search rates as high as its most visited one (a mean within {CHEAPEST_TIE:g}, "
                   f"at least a quarter of its visits), the one that gives away least ({state.move_cost(choice) or 0:g} "
                   f"against {state.move_cost(most) or 0:g}); {searched}")
        self._why = self._ranked(state.clone(), choice,
                                 [(a, f"{counts[a]:>5} visits  mean {means[a]:.2f}") for a in rows], why)
        return choice

    @staticmethod
    def _cheapest(state: State, choice: int, counts: dict[int, int], means: dict[int, float]) -> int:
        """Among the moves the search rates as high as `choice` (a mean within CHEAPEST_TIE of its
        and at least a quarter of its visits), the one that gives away least by the game's
        move_cost; `choice` where the game counts no cost or none costs less. A losing
        Gin-jon-tan bot chose among moves its search could not tell apart, and handed over 14.6 %
        of its duel points beyond the least the step allowed (mcts:400, 100 paired games); with
        this, 4.4 %, and it scored 56 of 100 against the same search without it."""
        cost = state.move_cost(choice)
        if cost is None:
            return choice
        bar, mean = counts[choice], means[choice] - CHEAPEST_TIE
        costs = {a: state.move_cost(a) for a in counts if a != choice and 4 * counts[a] >= bar and means[a] >= mean}
        costs = {a: c for a, c in costs.items() if c is not None and c < cost}
        if not costs:
            return choice
        return min(costs, key=lambda a: (costs[a], -counts[a], -means[a], a))

    def _reused_root(self, history: list) -> _Node | None:
        """The node of the kept tree the game has reached since the last move, if the tree holds it."""
        if self._tree is None:
            return None
        seen, node = self._tree
        self._tree = None
        if history[: len(seen)] != seen:
            return None
        for a in history[len(seen):]:
            child = node.children.get(tuple(a) if isinstance(a, list) else a)
            if child is None:
                return None
            node = child
        return node

    def _iterate(self, root: _Node, s: State) -> None:
        n = self.game.num_players
        node = root
        # per node passed: (node, joint move at SIMULTANEOUS nodes, whose move it was (a seat,
        # CHANCE, SIMULTANEOUS or TERMINAL), the move taken at a seat's node or None where all
        # its children are to be compared again (implicit minimax))
        path: list[tuple[_Node, tuple | None, int, int | None]] = []
        while True:
            # whose move it is comes from this world: in a re-dealt one it may differ from the tree's
            p = s.current_player()
            if p == TERMINAL:
                # a finished game reached again is a position scored too: without counting it, a
                # search whose every line ends the game (one tile left) would never use its budget
                self._playouts += 1
                value = self._terminal_value(s)
                if self._perfect and node.exact is None and path and path[-1][3] is not None:
                    self._ended(path[-1][0], path[-1][3], node, value, path[-1][2])
                path.append((node, None, p, None))
                break
            if p == CHANCE:
                a = self._chance(s)
                s.apply_action(a)
                path.append((node, None, p, None))
                child = node.children.get(a)
                if child is None:
                    node.children[a] = child = _Node(self._leaf_value(s.clone()), n)
                    value = child.prior
                    break
                node = child
                continue
            if p == SIMULTANEOUS:
                joint = tuple(self._decoupled(node, s, q) for q in range(n))
                s.apply_actions(list(joint))
                path.append((node, joint, p, None))
                child = node.children.get(joint)
                if child is None:
                    node.children[joint] = child = _Node(self._leaf_value(s.clone()), n)
                    value = child.prior
                    break
                node = child
                continue
            if not node.expanded:
                # score every move now (the children's priors) and back up the best of them for
                # the seat to move: each descent learns the answer to the line it tried (backing
                # up the position's own value taught nothing new, and the search stayed greedy;
                # Gyre 8x8, 40 games against greedy at 2,000 playouts: 26 own value, 24 best child;
                # with c=0.3 and 10,000 playouts the best child won 37 of 40)
                self._expand(node, s, s.bot_actions(), p)
                value = max((c.prior for c in node.children.values()), key=lambda v: v[p], default=node.prior)
                path.append((node, None, p, None))
                break
            missing = None
            if self._perfect:
                a = self._uct(node, node.children, p)
            else:
                # information sets: the moves of this re-dealt world, new ones scored as they appear
                legal = s.bot_actions()
                missing = [x for x in legal if x not in node.children]
                if missing:
                    self._expand(node, s, missing, p)
                a = self._uct(node, {x: node.children[x] for x in legal}, p)
            # children scored just now may beat the minimax's best: compare them all then
            path.append((node, None, p, None if missing else a))
            s.apply_action(a)
            child = node.children[a]
            if self._table is not None and not child.visits:
                child = self._transposed(node, a, child, s, path)
            node = child
        for nd, played, q, _ in reversed(path):
            ends = nd.ends
            if ends is not None and ends[1][q] > value[q]:
                value = ends[1]  # the seat to move here would rather end the game
            nd.visits += 1
            t = nd.totals
            for i in range(n):
                t[i] += value[i]
            if played is not None and nd.stats is not None:
                for q, a in enumerate(played):
                    st = nd.stats[q].setdefault(a, [0, 0.0])
                    st[0] += 1
                    st[1] += value[q]
        if self.minimax:
            self._back_up_minimax(path)

    def _transposed(self, node: _Node, a: int, child: _Node, s: State, path: list) -> _Node:
        """Option transpose: the first descent into `child` (move `a` from `node`, `s` the
        position it leads to) looks the position up; reached before along another line, the
        node found there, with all it has learnt, takes the child's place (the two are one
        position, so the child's prior is the same value). The table holds the nodes of the
        current search. A key never recurs in a game (the protocol's promise), so no line can
        lead back to a node above it (a node on the current path is refused all the same, a
        cheap guard against a key that breaks the promise)."""
        key = s.transposition_key(self.seat)
        if key is None:
            return child
        table = self._table
        assert table is not None
        found = table.get(key)
        if found is None:
            table[key] = child
            return child
        if found is child or any(found is nd for nd, _, _, _ in path):
            return child
        node.children[a] = found
        return found

    @staticmethod
    def _back_up_minimax(path: list) -> None:
        """Implicit minimax backups (Lanctot, Winands, Pepels, Sturtevant 2014), deepest node
        first: a seat's node takes its best child's minimax for that seat; chance and joint-move
        nodes keep their mean; a finished game keeps its result. Lists are replaced, never
        changed in place, so a node still holds the old value of the child it took its own from."""
        for nd, _, p, a in reversed(path):
            if p == TERMINAL:
                continue
            if p < 0:
                w = nd.visits + 1
                nd.mm = [(t + q) / w for t, q in zip(nd.totals, nd.prior)]
                continue
            if a is not None:
                cm = nd.children[a].mm
                if nd.best != a:  # a rival of the best child: it takes over only if better
                    if cm[p] > nd.mm[p]:
                        nd.mm, nd.best = cm, a
                    continue
                if cm[p] >= nd.mm[p]:  # the best child got no worse: it stays the best
                    nd.mm = cm
                    continue
            if nd.children:  # the best child got worse, or new children: compare them all
                best = max(nd.children, key=lambda b: nd.children[b].mm[p])
                nd.mm, nd.best = nd.children[best].mm, best

    def _expand(self, node: _Node, s: State, actions: list[int], p: int) -> None:
        """Score every move of `actions` from `s`: each child's evaluation is its prior (the
        game's evaluate_after where it can score a move in place, else a copy played on)."""
        n = self.game.num_players
        # a search with rollouts plays each move on from a copy
        after = s.evaluate_after(actions, bool(self.deep)) if not self.rollout else [None] * len(actions)
        for a, logits in zip(actions, after):
            if logits is None:
                c = s.clone()
                c.apply_action(a)
                if self._perfect and c.is_terminal():
                    self._playouts += 1
                    node.children[a] = child = _Node(self._terminal_value(c), n)
                    self._ended(node, a, child, child.prior, p)
                    continue
                prior = self._leaf_value(c)
            else:
                self._playouts += 1
                prior = _chances(logits)
            node.children[a] = _Node(prior, n)
        node.expanded = True

    @staticmethod
    def _ended(node: _Node, a: int, child: _Node, result: list[float], p: int) -> None:
        """Perfect information: move `a` from `node` (seat p to move) ends the game with `result`.
        The value is exact, so UCT sends no more descents there (a draw worth 0.5 had drawn all
        30,000 of a small-c search, which never tried the gyration that wins); the node keeps
        its best such move, which floors what the node backs up for p, and UCT takes it at once
        when it wins outright."""
        child.exact = child.mm = result
        if p >= 0 and (node.ends is None or result[p] > node.ends[1][p]):
            node.ends = (a, result)

    def _uct(self, node: _Node, children: dict, p: int) -> int:
        log_n = math.log(node.visits + 1)
        c = self.root_c if node is self._root else self.c
        best, best_v = -1, -math.inf
        alpha = self.minimax
        if node.ends is not None:
            # some moves end the game (perfect information): a win is taken at once; otherwise
            # only moves whose value is not yet exact are ranked, the game-ending ones standing
            # for the node through its floor; when every move ends the game, the best of them
            best, result = node.ends
            if result[p] >= 1.0:
                return best
            children = {a: child for a, child in children.items() if child.exact is None}
        if alpha:  # a loop of its own: mixing in 0 * minimax slowed the default search by 3 %
            for a, child in children.items():
                v = ((1 - alpha) * child.mean(p) + alpha * child.mm[p]
                     + c * math.sqrt(log_n / (child.visits + 1)))  # fmt: skip
                if v > best_v:
                    best, best_v = a, v
            return best
        sqrt = math.sqrt
        for a, child in children.items():
            w = child.visits + 1
            v = (child.totals[p] + child.prior[p]) / w + c * sqrt(log_n / w)  # child.mean(p), inlined
            if v > best_v:
                best, best_v = a, v
        return best

    def _decoupled(self, node: _Node, s: State, q: int) -> int:
        """Seat q's part of the joint action at a SIMULTANEOUS node (decoupled UCT). A move seen
        for the first time is scored as greedy scores it (played with one random choice of the
        others, the same for all of q's moves), and that value counts as its first visit."""
        acts = s.bot_actions(q)
        if not acts:
            return self.game.noop_action
        if node.stats is None:
            node.stats = [{} for _ in range(self.game.num_players)]
        stats = node.stats[q]
        missing = [a for a in acts if a not in stats]
        if missing:
            n = self.game.num_players
            rng = self.rng
            others = [_pick(s.legal_actions(p), rng) if p != q and s.legal_actions(p) else self.game.noop_action
                      for p in range(n)]  # fmt: skip
            for a in missing:
                world = s.clone()
                others[q] = a
                world.apply_actions(others)
                stats[a] = [1, self._leaf_value(world)[q]]
        log_n = math.log(sum(stats[a][0] for a in acts))
        c = self.root_c if node is self._root else self.c
        return max(acts, key=lambda a: stats[a][1] / stats[a][0] + c * math.sqrt(log_n / stats[a][0]))


_CLASSES: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "mcts": MCTSBot}
# the options each bot takes (option: type, lowest, highest, default); the others take none
_OPTIONS: dict[str, dict[str, tuple[type, float, float, float]]] = {"mcts": MCTS_OPTIONS, "plan": PLAN_OPTIONS}
_NUMBER = re.compile(r"[0-9]{1,9}(?:\.[0-9]{1,9})?|\.[0-9]{1,9}")


def is_bare_option(part: str) -> bool:
    """'c=0.7': an mcts option with no bot name, so it belongs to the bot before it in a
    comma-separated list (split_bots; bench_bots' --pairings)."""
    return "=" in part and ":" not in part


def split_bots(text: str) -> list[str]:
    """'mcts:iterations=800,c=0.7,greedy' -> ['mcts:iterations=800,c=0.7', 'greedy']: bots are
    comma-separated, and so are a bot's own options (is_bare_option). Parts are stripped;
    parse_bot_spec checks each bot."""
    bots: list[str] = []
    for part in (b.strip() for b in text.split(",")):
        if bots and is_bare_option(part) and ":" in bots[-1]:
            bots[-1] += "," + part
        else:
            bots.append(part)
    return bots


def difficulty_spec(name: str, game: Game | None = None) -> str | None:
    """The bot spec a difficulty name (easy, medium, hard) stands for: the game's own tuning
    (Game.difficulties) where it has one, else DIFFICULTIES; None for any other name."""
    name = name.strip().lower()
    if name not in DIFFICULTIES:
        return None
    return game.difficulties.get(name, DIFFICULTIES[name]) if game is not None else DIFFICULTIES[name]


def parse_bot_spec(spec: str, game: Game | None = None) -> tuple[str, dict]:
    """'mcts:2000', 'mcts:iterations=2000,c=1', 'mcts:time=1.0' -> ('mcts', {...}); a difficulty
    name (easy, medium, hard) -> its MCTS settings (on `game`, that game's own where it has
    them); CardgenError when bad."""
    raw = spec
    name, _, rest = spec.strip().lower().partition(":")
    tuned = difficulty_spec(name, game)
    if tuned is not None:
        if rest:
            raise CardgenError(f"bot {name!r} takes no options: {raw!r} (it stands for {tuned})")
        return parse_bot_spec(tuned)
    if name not in BOT_NAMES and name != "human":
        raise CardgenError(f"unknown bot: {raw!r} (expected human, {', '.join(BOT_NAMES)}, "
                           f"{', '.join(DIFFICULTIES)}; e.g. mcts:1000 or mcts:time=1.0)")  # fmt: skip
    opts: dict = {}
    if rest:
        table = _OPTIONS.get(name)
        if table is None:
            raise CardgenError(f"bot {name!r} takes no options: {raw!r}")
        for item in rest.split(","):
            k, eq, v = item.partition("=")
            if not eq and name == "mcts":
                k, v = "iterations", k
            k = MCTS_ALIASES.get(k.strip(), k.strip()) if name == "mcts" else k.strip()
            v = v.strip()
            if k not in table:
                raise CardgenError(f"unknown {name} option {k!r} in {raw!r} (accepted: {', '.join(table)})")
            kind, low, high, _ = table[k]
            what = "a whole number" if kind is int else "a number"
            bad = CardgenError(f"bad value {v!r} for {name} option {k} in {raw!r} (expected {what} from {low:g} to {high:g})")
            if not _NUMBER.fullmatch(v) or (kind is int and "." in v):
                raise bad
            number = kind(v)
            if not low <= number <= high or (k == "iterations" and number < 1):
                raise bad
            opts[k] = number
    return name, opts


def bot_label(spec: str) -> str | None:
    """The difficulty name a spec is (easy, medium, hard), else None."""
    name = spec.strip().lower()
    return name if name in DIFFICULTIES else None


def make_bot(spec: str, game: Game, seat: int, seed=0) -> Bot:
    name, opts = parse_bot_spec(spec, game)
    if name == "human":
        raise CardgenError("'human' is not a bot: humans only play with `cardgen play`")
    if name == "mcts":
        return MCTSBot(game, seat, seed, label=bot_label(spec), **opts)
    if name == "plan":
        return PlanBot(game, seat, seed, label=bot_label(spec), **opts)
    return _CLASSES[name](game, seat, seed)

