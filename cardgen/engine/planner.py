"""PlanBot: a bot that chooses a whole plan, for games whose seats plan several steps in secret.

In such a game (Spherion) every seat adds one step at a time to a plan nobody else sees, at
SIMULTANEOUS nodes, until it is ready; then the plans play out together. A search over single
steps sees little: a step changes nothing on the board until the plans resolve, and the other
seat's steps are hidden until then (MCTS at 400 playouts scored 0.41 against greedy, 0.57 at 2,000).
PlanBot searches plans instead, at the first step of each of its plans:

1. it re-deals what its seat cannot see (State.determinize): `worlds` times;
2. it makes `plans` plans of its own: the plan greedy would make (each step the one the game's
   evaluate() likes best), and others drawn step by step with chances that favour the better
   steps (softmax of the step's value over TEMPERATURE);
3. in each re-deal, the other seats plan as greedy would, and each plan of its own is played
   out against theirs: the plans resolve (chance drawn), and with turns=2 both sides plan the
   next turn as greedy would and that resolves too; the position reached is scored (each seat's
   chance to win, as MCTS reads evaluate_all());
4. it plays the plan with the best mean, one step at each of the following nodes (no new fact
   reaches a seat while the plans are made: it sees only how many steps the other has taken);
   greedy's plan stays unless another beats its mean by more than GREEDY_MARGIN, and of the plans
   whose mean is within GREEDY_MARGIN of that choice it plays the one that gives away least by
   the game's State.plan_cost (Spherion: its deck master's guards), as MCTS does with move_cost.

Everywhere else (a sequential choice, a game without plans) it plays as greedy does.
Spherion, small sphere, 100 games on paired deals: plan:turns=2,worlds=10 (medium without its
clock, until medium came to make 8 plans in 6 re-deals) scored 0.77 against greedy (0.74 before the cheapest-plan rule, 0.78 before GREEDY_MARGIN);
12 plans in 6 re-deals, this turn only, 0.655.
With finals=K it takes a second look: after the `worlds` re-deals it keeps the K plans with the
best means (greedy's among them) and plays them out in more re-deals: as many play-outs again
as the plans dropped had in the first, then chooses among those K (steps 4 on). The best of many noisy
means is partly luck; a plan that stays ahead over more re-deals is more likely good. Spherion's
hard (32 plans in 8 re-deals, the 8 best in 32) scored 0.67 against medium over 200 games (0.685
on 100 deals where 16 plans in 24 re-deals each had scored 0.56).
Options: plans, worlds, turns, time (seconds for a plan; the re-deals stop when it is spent,
after at least two; 0 = none), finals. Without a time limit it plays the same moves on any machine.
"""

from __future__ import annotations

import math
import textwrap
import time as _time
from collections.abc import Callable

from cardgen.engine.botbase import Bot, GreedyBot, _chances, joint_values
from cardgen.engine.protocol import CHANCE, SIMULTANEOUS, TERMINAL, Game, State
from cardgen.engine.public import action_text

# option: (type, lowest, highest, default)
PLAN_OPTIONS: dict[str, tuple[type, float, float, float]] = {
    "plans": (int, 1, 200, 12),  # plans of its own compared (the greedy one among them)
    "worlds": (int, 1, 1000, 6),  # re-deals of what the seat cannot see, each plan played out in each
    "turns": (int, 1, 4, 1),  # planning rounds played out: 1 this one; 2 also the next, both sides as greedy
    "time": (float, 0.0, 60.0, 0.0),  # seconds for a plan: re-deals stop when spent (0: none)
    # plans kept for a second look (0: none): after the re-deals above, the best `finals` (greedy's
    # among them) are played out in more re-deals, as many play-outs again as the others had
    "finals": (int, 0, 200, 0),
}
TEMPERATURE = 0.5  # the spread of the drawn plans' steps, in evaluate() units (Spherion: half a logit)
EXPLAIN_PLANS = 5
# chance to win: another plan replaces greedy's only if its mean beats greedy's by more than this.
# A few re-deals rank plans with noise, and the best of 12 noisy means is mostly luck (the winner's
# curse); greedy's plan follows the evaluation's judgement, guards of the deck master included
GREEDY_MARGIN = 0.02


class PlanBot(Bot):
    __doc__ = __doc__
    name = "plan"

    def __init__(self, game: Game, seat: int, seed=0, plans: int = 12, worlds: int = 6, turns: int = 1,
                 time: float = 0.0, finals: int = 0, label: str | None = None):  # fmt: skip
        super().__init__(game, seat, seed)
        self.plans, self.worlds, self.turns, self.time = plans, worlds, turns, time
        self.finals = finals
        self.label = label
        self._greedy = GreedyBot(game, seat, seed)
        self._plan: tuple[int, list[int]] | None = None  # (history length at its first step, its steps)
        self.last_worlds = 0  # re-deals the last plan was played out in
        self.last_iterations = 0  # plans played out (plans x re-deals) for the last move; 0 following a plan
        self._rows: list[tuple[list[int], float]] = []  # the last plans made (steps, mean), best first
        self._world: State | None = None  # the re-deal its plans were made in (their texts, for explain)
        # where the cheapest of the plans as good as the choice was played: (its cost, the choice's cost,
        # the choice's mean, whether the choice was greedy's plan kept over a better mean), for explain
        self._costs: tuple[float, float, float, bool] | None = None
        self._first_look: tuple[int, int] | None = None  # with finals: (plans made, re-deals all were played in)

    def spec(self) -> str:
        if self.label:
            return self.label
        parts = [f"{k}={getattr(self, k):g}" for k, (_, _, _, default) in PLAN_OPTIONS.items()
                 if getattr(self, k) != default]  # fmt: skip
        return "plan" + (":" + ",".join(parts) if parts else "")

    def _choose(self, state: State) -> int:
        if state.current_player() != SIMULTANEOUS:
            choice = self._greedy.step(state)
            greedy_why = self._greedy._why
            assert greedy_why is not None
            self._why = lambda viewer: greedy_why(viewer).replace(self._greedy._who(), self._who(), 1)
            self._state = self._greedy._state
            return choice
        at = len(state.history())
        if self._plan is not None:
            start, steps = self._plan
            k = at - start
            if 0 < k < len(steps) and steps[k] in state.legal_actions(self.seat):
                self.last_iterations = 0
                self._why = self._following(state.clone(), k, steps)
                return steps[k]
        steps, rows, greedy_mean = self._search(state)
        self._plan = (at, steps)
        self._why = self._made(state.clone(), rows, greedy_mean)
        return steps[0]

    # -- making plans ----------------------------------------------------------------
    def _step(self, s: State, q: int, temperature: float) -> int:
        """Seat q's next step in `s`: the one evaluate() likes best (temperature 0, ties at random), else
        one drawn with chances exp(value / temperature). Each step is judged by the game's
        evaluate_steps, the others' plans as they stand; where it has none, on a copy with the others'
        parts of the joint action a random legal step each, the same for all of q's (as greedy judges
        a SIMULTANEOUS node)."""
        acts = s.bot_actions(q)
        if len(acts) == 1:
            return acts[0]
        rng = self.rng
        values = s.evaluate_steps(q, acts)  # in place, where the game can
        if values is None:
            values = joint_values(s, q, acts, rng)
        top = max(values)
        if temperature <= 0:
            best = [a for a, v in zip(acts, values) if v == top]
            return best[int(rng.random() * len(best))]
        weights = [math.exp((v - top) / temperature) for v in values]
        x = rng.random() * sum(weights)
        for a, w in zip(acts, weights):
            x -= w
            if x < 0:
                return a
        return acts[-1]

    def _make_plans(self, s: State, temperatures: list[float]) -> list[list[int]]:
        """Every seat's plan from `s` until all are ready, each seat stepping by _step at its temperature."""
        s = s.clone()
        n = self.game.num_players
        plans: list[list[int]] = [[] for _ in range(n)]
        while s.current_player() == SIMULTANEOUS:
            joint = []
            for q in range(n):
                if s.legal_actions(q):
                    a = self._step(s, q, temperatures[q])
                    plans[q].append(a)
                else:
                    a = self.game.noop_action
                joint.append(a)
            s.apply_actions(joint)
        return plans

    def _resolve(self, s: State, plans: list[list[int]]) -> None:
        """Play `plans` from `s` (a step no longer legal, and any step past a plan's end, is greedy's)."""
        n = self.game.num_players
        i = 0
        while s.current_player() == SIMULTANEOUS:
            joint = []
            for q in range(n):
                legal = s.legal_actions(q)
                if not legal:
                    joint.append(self.game.noop_action)
                    continue
                a = plans[q][i] if i < len(plans[q]) else None
                joint.append(a if a is not None and a in legal else self._step(s, q, 0.0))
            s.apply_actions(joint)
            i += 1

    def _play_out(self, world: State, plans: list[list[int]]) -> float:
        """The seat's chance to win once `plans` have played out from `world` (and, with turns > 1,
        the next rounds of plans, greedy's on both sides)."""
        s = world.clone()
        self._resolve(s, plans)
        rounds = self.turns - 1
        n = self.game.num_players
        while True:
            p = s.current_player()
            if p == TERMINAL:
                return (s.returns()[self.seat] - self.game.min_return) / ((self.game.max_return - self.game.min_return) or 1.0)
            if p == CHANCE:
                s.apply_action(s.sample_chance())
            elif p == SIMULTANEOUS:
                if rounds <= 0:
                    break
                rounds -= 1
                self._resolve(s, self._make_plans(s, [0.0] * n))
            else:
                s.apply_action(self._step_sequential(s, p))
        return _chances(s.evaluate_all())[self.seat]

    def _step_sequential(self, s: State, p: int) -> int:
        """Seat p's move at a sequential node of a play-out: the first that greedy values most."""
        acts = s.bot_actions(p)
        values = self._greedy._values(s, acts, p)
        return acts[values.index(max(values))]

    def _search(self, state: State) -> tuple[list[int], list[tuple[list[int], float]], float]:
        """The plan to play from `state`, every plan tried as (steps, mean chance to win) best first,
        and the greedy plan's mean."""
        me, n, rng = self.seat, self.game.num_players, self.rng
        deadline = _time.perf_counter() + self.time if self.time else math.inf
        first = state.determinize(me, rng)
        # the plans of its own, made in one re-deal: a seat's steps read its own cards only
        plans: list[list[int]] = []
        seen: set[tuple[int, ...]] = set()
        for k in range(3 * self.plans):
            temperatures = [0.0] * n
            temperatures[me] = TEMPERATURE if k else 0.0
            plan = self._make_plans(first, temperatures)[me]
            if tuple(plan) not in seen:
                seen.add(tuple(plan))
                plans.append(plan)
                if len(plans) == self.plans:
                    break
        totals = [0.0] * len(plans)
        done = played = 0
        began = _time.perf_counter()
        finalists = list(range(len(plans)))
        worlds = self.worlds
        if 0 < self.finals < self.plans:
            # as many play-outs again as the plans left out of the second look had go to the finalists
            # (all of them, where fewer plans than that could be made)
            worlds += (self.plans - self.finals) * self.worlds // self.finals
        finals = self.finals if 0 < self.finals < len(plans) else 0
        for k in range(worlds):
            # after two, a re-deal is begun only if one of the mean length still ends before the deadline
            now = _time.perf_counter()
            if done >= 2 and now + (now - began) * len(finalists) / played > deadline:
                break
            if finals and k == self.worlds:
                ranked = sorted(range(1, len(plans)), key=lambda i: -totals[i])
                finalists = [0] + ranked[: finals - 1]  # greedy's plan always has its second look
            world = first if k == 0 else state.determinize(me, rng)
            theirs = self._make_plans(world, [0.0] * n)
            for i in finalists:
                joint = theirs[:]
                joint[me] = plans[i]
                totals[i] += self._play_out(world, joint)
            done += 1
            played += len(finalists)
        self.last_worlds = done
        self.last_iterations = played
        self._first_look = None
        if len(finalists) < len(plans):
            # the plans left out of the second look are dropped: their means rest on fewer re-deals
            # (the plans kept, finalists or all, were each played out in every one of the `done`)
            self._first_look = (len(plans), self.worlds)
            plans, totals = [plans[i] for i in finalists], [totals[i] for i in finalists]
        means = [t / done for t in totals]
        order = sorted(range(len(plans)), key=lambda i: -means[i])  # stable: the greedy plan wins ties
        if means[order[0]] - means[0] <= GREEDY_MARGIN:
            order.remove(0)  # greedy's plan (plans[0]) unless another is clearly better
            order.insert(0, 0)
        # of the plans as good as that one (within the margin), the one that gives away least
        chosen = order[0]
        priced = [first.plan_cost(me, plan) for plan in plans]
        self._costs = None
        if None not in priced:
            costs = [float(c or 0.0) for c in priced]
            alike = [i for i in order if means[i] >= means[chosen] - GREEDY_MARGIN]
            cheapest = min(alike, key=lambda i: (costs[i], order.index(i)))
            if cheapest != chosen:
                order.remove(cheapest)
                order.insert(0, cheapest)
                kept = chosen == 0 and means[0] < max(means)  # greedy's plan, kept over a better mean
                self._costs = (costs[cheapest], costs[chosen], means[chosen], kept)
        self._world = first
        return plans[order[0]], [(plans[i], means[i]) for i in order], means[0]

    def _texts(self, world: State, plan: list[int]) -> list[str]:
        """The steps of an own plan as the seat reads them, each in the position it is taken from
        (in a re-deal: the seat's own steps read its own cards only)."""
        s = world.clone()
        n = self.game.num_players
        texts = []
        for a in plan:
            if s.current_player() != SIMULTANEOUS or a not in s.legal_actions(self.seat):
                break
            texts.append(action_text(s, a, self.seat, self.seat))
            joint = [self.game.noop_action] * n
            for q in range(n):
                if q != self.seat and s.legal_actions(q):
                    joint[q] = s.legal_actions(q)[0]
            joint[self.seat] = a
            s.apply_actions(joint)
        return texts

    # -- explaining ------------------------------------------------------------------
    def _listed(self, world: State, rows: list[tuple[list[int], float]]) -> list[str]:
        lines = []
        for k, (plan, mean) in enumerate(rows[:EXPLAIN_PLANS]):
            lines += textwrap.wrap(f"{mean:.2f}  " + ", ".join(self._texts(world, plan)), 76, initial_indent="  -> " if k == 0 else "     ",
                                   subsequent_indent="           ")  # fmt: skip
        if len(rows) > EXPLAIN_PLANS:
            lines.append(f"     ... and {len(rows) - EXPLAIN_PLANS} more")
        return lines

    def _made(self, state: State, rows: list[tuple[list[int], float]],
              greedy_mean: float) -> Callable[[int | None], str]:  # fmt: skip
        """What explain tells the bot's own seat (or an open table) of a plan just made; the texts
        are made when asked: simulations never pay for them."""
        self._state = state
        world = self._world
        assert world is not None
        worlds, turns = self.last_worlds, self.turns
        later = f" and {turns - 1} more round{'s' if turns > 2 else ''} of plans (greedy's on both sides)" if turns > 1 else ""

        best = max(mean for _, mean in rows)
        costs, look = self._costs, self._first_look

        def text(viewer: int | None) -> str:
            first = action_text(state, rows[0][0][0], self.seat, viewer)
            made = (f"of {len(rows)} finalists among {look[0]} plans it made (greedy's and others drawn near it; "
                    f"the {len(rows)} that did best in {look[1]} re-deals)") if look else (
                    f"of {len(rows)} plans it made (greedy's and others drawn near it)")  # fmt: skip
            how = (f"{made}, each played out against {worlds} re-deals of what it cannot see, the other side planning "
                   f"as greedy would, through the plans' resolution{later}")
            if costs is not None:
                other = "greedy's plan, kept" if costs[3] else "the best"
                head = (f"{self._who()} chose {first}: the first step of the plan that {self.game.plan_cost_words} "
                        f"({costs[0]:g} against {costs[1]:g}) of the plans whose mean chance to win is within "
                        f"{GREEDY_MARGIN:g} of the one it would play otherwise ({other}, {costs[2]:.2f}; this one "
                        f"{rows[0][1]:.2f}): {how}")
            elif rows[0][1] < best:
                head = (f"{self._who()} chose {first}: the first step of greedy's plan, kept: {how}, none beat its "
                        f"mean chance to win by more than {GREEDY_MARGIN:g} ({rows[0][1]:.2f}; the best {best:.2f})")
            else:
                head = (f"{self._who()} chose {first}: the first step of the plan that did best {how}; its mean "
                        f"chance to win {rows[0][1]:.2f} (greedy's plan {greedy_mean:.2f})")
            return "\n".join(textwrap.wrap(head, 80, subsequent_indent="  ") + self._listed(world, rows))

        self._rows = rows
        return text

    def _following(self, state: State, k: int, steps: list[int]) -> Callable[[int | None], str]:
        self._state = state
        rows, world = self._rows, self._world
        assert world is not None

        def text(viewer: int | None) -> str:
            now = action_text(state, steps[k], self.seat, viewer)
            head = f"{self._who()} chose {now}: step {k + 1} of the plan it chose at this plan's first step"
            return "\n".join(textwrap.wrap(head, 80, subsequent_indent="  ") + self._listed(world, rows[:1]))

        return text
