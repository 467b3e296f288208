"""The bot base class and the bots that do not search: random, and greedy (one ply).

Bot holds what every bot shares: its private generator (seeded from cardgen.rng, never the
global random state), step(), and explain(), which tells a seat that may not know the bot's
cards only the move as that seat reads it and the moves open to the bot whatever it held
(cardgen.engine.public). The searching bots build on it: MCTS in cardgen.engine.bots, the plan
bot in cardgen.engine.planner; bots.py makes any of them from a spec string (make_bot).
"""

from __future__ import annotations

import math
import random
import re
import textwrap
from collections.abc import Callable

from cardgen import rng as _rng

from .protocol import SIMULTANEOUS, Game, State
from .public import action_text, public_moves, told_choice

EXPLAIN_TOP = 5  # candidates an explanation lists
EXPLAIN_PUBLIC = 8  # public alternatives an explanation names to a seat that cannot see the bot's cards


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
        self._why: Callable[[int | None], str] | None = None
        # the last move chosen, and the position it was chosen in where the bot keeps one (explain)
        self._choice: int | None = None
        self._state: State | None = None

    def step(self, state: State) -> int:
        """The bot's action for its seat (its part of the joint action at a SIMULTANEOUS node)."""
        self._state = None
        choice = self._choose(state)
        self._choice = choice
        return choice

    def _choose(self, state: State) -> int:
        raise NotImplementedError

    def spec(self) -> str:
        return self.name

    def explain(self, viewer: int | None = None, before: State | None = None) -> str:
        """Why the bot chose its last action, in a few lines for people (`explain` in `cardgen play`).

        Moves are named as seat `viewer` is told them (State.action_text). A viewer who may not
        know the bot's hidden cards (another seat of a game of imperfect information) is told the
        move chosen and the moves that were open to the bot whatever it held (`public_moves`),
        and nothing the bot's search made of its own cards: no count of its options, no values,
        no chance to win, not whether it had a choice at all. `before`: the position the bot moved
        from (the table passes it; else the one the bot kept). None: an open table."""
        if self._why is None:
            return f"{self._who()} has not moved yet"
        if not self._knows(viewer):
            return self._public_why(viewer, before)
        return self._why(viewer)

    def _public_why(self, viewer: int | None, before: State | None) -> str:
        state = before if before is not None else self._state
        if state is None or self._choice is None:
            return f"{self._who()} has moved"
        seat = self.seat if state.current_player() == SIMULTANEOUS else None
        chosen = action_text(state, self._choice, seat, viewer)
        others = [t for t in public_moves(state, self.seat, viewer) if t != chosen]
        lines = textwrap.wrap(told_choice(self._who(), state, self._choice, seat, viewer, chosen), 80, subsequent_indent="  ")
        if others:
            shown = others[:EXPLAIN_PUBLIC]
            more = f" and {len(others) - len(shown)} more" if len(others) > len(shown) else ""
            lines += textwrap.wrap("open to it whatever it held: " + ", ".join(shown) + more, 80,
                                   initial_indent="  ", subsequent_indent="    ")
        return "\n".join(lines)

    def _knows(self, viewer: int | None) -> bool:
        """Whether seat `viewer` may know this bot's moves as the bot does."""
        return viewer is None or viewer == self.seat or self.game.game_type.perfect_information

    def _among(self, n: int, when: str = "") -> str:
        return f":{when} among {n} legal moves"

    def _who(self) -> str:
        return f"{self.spec()} ({self.game.player_name(self.seat)})"

    def _ranked(self, state: State, chosen: int, rows: list[tuple[int, str]], why: str) -> Callable[[int | None], str]:
        """An explanation listing candidates (action, figures) best first, the chosen one first of all,
        for a viewer who may know the bot's moves (`explain` tells the others `_public_why`).

        `state` is the position the bot moved from, kept to name the moves later."""
        seat = self.seat if state.current_player() == SIMULTANEOUS else None

        self._state = state

        def text(viewer: int | None) -> str:
            ordered = [r for r in rows if r[0] == chosen] + [r for r in rows if r[0] != chosen]
            named: dict[str, tuple[int, str]] = {}  # one line per text the viewer reads, best first
            for a, figures in ordered:
                named.setdefault(action_text(state, a, seat, viewer), (a, figures))
            shown = list(named.values())[:EXPLAIN_TOP]
            names = list(named)[:EXPLAIN_TOP]
            width = max(len(n) for n in names)
            said = why.replace("{n}", str(len(ordered)))
            said = re.sub(r"\{ties([^}]*)\}", lambda m: m.group(1), said)  # "{ties ...}": how many moves tied
            lines = textwrap.wrap(f"{self._who()} chose {names[0]}: {said}", 80, subsequent_indent="  ")
            for k, ((_, figures), name) in enumerate(zip(shown, names)):
                lines.append(f"  {'->' if k == 0 else '  '} {name:<{width}}  {figures}")
            if len(named) > len(shown):
                lines.append(f"     ... and {len(named) - len(shown)} more")
            return "\n".join(lines)

        return text


class RandomBot(Bot):
    """Uniformly random legal action."""

    name = "random"

    def _choose(self, state: State) -> int:
        acts = state.legal_actions(self.seat)
        n = len(acts)
        self._why = lambda viewer: f"{self._who()} picks uniformly at random" + self._among(n, " this time")
        return acts[int(self.rng.random() * len(acts))]


class GreedyBot(Bot):
    """One ply: the action whose resulting position the game's evaluate() likes best
    (ties broken at random), judged only on what the bot's seat can see: where cards are hidden,
    sequential moves are judged in WORLDS re-deals of the rest (State.determinize), the values
    averaged, and a SIMULTANEOUS node's moves in one re-deal, against one random choice of each
    other seat. On the true position the evaluation read the other hands and plans (Gin-jon-tan's
    greedy knew whether its hand beat the opponent's; Spherion's planned on the opponent's steps)."""

    name = "greedy"
    WORLDS = 4

    def _choose(self, state: State) -> int:
        seat = self.seat
        acts = state.bot_actions(seat)
        if state.current_player() == SIMULTANEOUS:
            # Judge each own action in one re-deal of what the seat cannot see (the others' hidden
            # cards and their plans so far: the true state holds them, and the bot must not peek, as
            # MCTS does not), against one random choice of each other seat, the same for all its actions
            # (a choice drawn anew for each would rank them by the others' luck as much as by their own)
            values = joint_values(state.determinize(seat, self.rng), seat, acts, self.rng)
        elif self.game.game_type.perfect_information:
            values = self._values(state, acts)
        else:
            worlds = [self._values(state.determinize(seat, self.rng), acts) for _ in range(self.WORLDS)]
            values = [sum(v) / len(worlds) for v in zip(*worlds)]

        best, best_acts = None, []
        for a, v in zip(acts, values):
            if best is None or v > best:
                best, best_acts = v, [a]
            elif v == best:
                best_acts.append(a)
        choice = best_acts[int(self.rng.random() * len(best_acts))]
        rows = sorted(zip(acts, values), key=lambda r: -r[1])
        ties = f" ({len(best_acts)} tied, one picked at random)" if len(best_acts) > 1 else ""
        redeals = "" if self.game.game_type.perfect_information else f", averaged over {self.WORLDS} re-deals of the hidden cards"
        why = (f"the best value{{ties}} of {{n}} legal moves; value: the game's evaluate() "
               f"of the position after the move, for {self.game.player_name(seat)}{redeals}")
        self._why = self._ranked(state.clone(), choice, [(a, f"value {v:8.2f}") for a, v in rows],
                                 why.replace("{ties}", "{ties" + ties + "}"))
        return choice

    def _values(self, state: State, acts: list[int], seat: int | None = None) -> list[float]:
        """The evaluation for `seat` (default the bot's) after each of `acts` (sequential moves of
        the seat to move) in `state`."""
        seat = self.seat if seat is None else seat
        values = []
        for a, known in zip(acts, state.evaluate_after(acts)):  # in place where the game can
            if known is None:
                after = state.clone()
                after.apply_action(a)
                values.append(after.evaluate(seat))
            else:
                values.append(known[seat])
        return values


def joint_values(state: State, q: int, acts: list[int], rng: random.Random) -> list[float]:
    """evaluate(q) after each of seat q's `acts` at a SIMULTANEOUS node of `state`, each played
    against one random legal action of every other seat (the no-op for a seat with none), the same
    for all of q's: drawn anew for each, the others' luck would rank q's actions as much as their
    own worth. `state` is left as it was."""
    noop = state.game.noop_action
    joint = [0] * state.game.num_players
    for p in range(len(joint)):
        if p != q:
            legal = state.legal_actions(p)
            joint[p] = _pick(legal, rng) if legal else noop
    values = []
    for a in acts:
        after = state.clone()
        joint[q] = a
        after.apply_actions(joint)
        values.append(after.evaluate(q))
    return values


def _chances(logits: list[float]) -> list[float]:
    """evaluate() values read as logits -> each seat's chance to win (softmax)."""
    if len(logits) == 2:  # MCTS's hot path: the same floats as the general case, computed directly
        a, b = logits
        if a >= b:
            w = math.exp(max(b - a, -60.0))
            total = 1.0 + w
            return [1.0 / total, w / total]
        w = math.exp(max(a - b, -60.0))
        total = w + 1.0
        return [w / total, 1.0 / total]
    top = max(logits)
    weights = [math.exp(max(v - top, -60.0)) for v in logits]
    total = sum(weights)
    return [w / total for w in weights]


def _pick(acts, rng):
    return acts[int(rng.random() * len(acts))] if acts else 0
