"""The Gin-jon-tan evaluation the bots read: evaluate and evaluate_all (each seat's score plus
what step 7 would give it now, on a log scale), with a cache of the hand values a search meets
again and again. engine.GinjontanState has them as its methods of the same names.
"""

from __future__ import annotations

from math import log10, tanh

from cardgen.engine.protocol import TERMINAL

from .cards import DEFEAT
from .layout import COMBO
from .scoring import hand_value
from .state import GinjontanPosition

_EVAL_CACHE: dict = {}
LEAD_CAP = 15.0  # logits: the most a lead counts for, approached smoothly


def slog(x: float) -> float:
    """A signed log10(1 + |x|): scores grow by orders of magnitude, so leads compare as ratios."""
    return log10(1.0 + x) if x >= 0 else -log10(1.0 - x)


def _hand_value(state: GinjontanPosition, p: int) -> int:
    key = tuple(sorted(state.cards[i] for i in state.hand[p]))
    v = _EVAL_CACHE.get(key)
    if v is None:
        if len(_EVAL_CACHE) > 200_000:
            _EVAL_CACHE.clear()
        v = _EVAL_CACHE[key] = hand_value(key, state.game.t)
    return v


def evaluate(state: GinjontanPosition, player: int) -> float:
    return state.evaluate_all()[player]


def evaluate_all(state: GinjontanPosition) -> list[float]:
    """Each seat's score plus what step 7 would give it now (its hand against the others',
    a Defeat cancelling the round's duel points), on a log scale: a lead of 10x is worth
    about 2 logits; a finished game is worth +-20 plus the lead."""
    n = state.game.num_players
    if state.player == TERMINAL:
        est = [float(s) for s in state.scores]
    else:
        t = state.game.t
        vals: list[int | None] = []
        for p in range(n):
            if state.out[p]:
                vals.append(None)
            elif any(t.kind_of[state.cards[i]] == DEFEAT for i in state.hand[p]):
                vals.append(-1)
            else:
                vals.append(_hand_value(state, p))
        est = []
        live = [w for w in vals if w is not None and w >= 0]
        for p in range(n):
            v = vals[p]
            if v is None:
                est.append(float(state.scores[p]))
            elif v < 0 and state.phase >= COMBO:
                est.append(float(state.scores[p] - state.gained[p]))
            elif v < 0:
                # exchanges are still to come (steps 3.4 and 4) where the holder puts the Defeat
                # away into his reserve: the round's duel points count, the hand neither wins nor
                # loses yet. Cancelling them here made a bot holding a Defeat blind to duels: it
                # handed the opponent thousands of points where another target cost nothing
                est.append(float(state.scores[p]))
            else:
                higher = sum(1 for w in live if w > v)
                est.append(float(state.scores[p] + (v if higher == 0 else -v * higher)))
    logs = [2.0 * slog(e) for e in est]
    out = []
    for p in range(n):
        lead = logs[p] - max(x for q, x in enumerate(logs) if q != p)
        # bounded softly, so a deeper loss (or a bigger win) still ranks below (above) a lesser
        # one: a hard cut at 15 made every far-behind line alike, and a losing bot gave away
        # thousands of points where a few hundred were possible
        lead = LEAD_CAP * tanh(lead / LEAD_CAP)
        if state.player == TERMINAL:
            lead += 20.0 if lead > 0 else -20.0 if lead < 0 else 0.0
        out.append(lead)
    return out
