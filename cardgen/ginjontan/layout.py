"""Gin-jon-tan's fixed numbers: the zones' sizes, the phases of a round and the layout of the
action numbers. The rules, the action text, the observation and the view all read them.

An action is a small int naming positions in the mover's sorted hand, reserve or active cards
(actions.py gives its text): one range of numbers per kind of move, starting at its A_* constant.
"""

from __future__ import annotations

from itertools import combinations

HAND, RESERVE, RESERVE_CAP, ACTIVE = 9, 9, 33, 3
MAX_PLAYERS = 8
COMBOS = tuple(combinations(range(HAND), ACTIVE))  # the 84 ways to pick 3 of 9 hand positions
COMBO_INDEX = {c: i for i, c in enumerate(COMBOS)}

# Action layout.
A_DONE, A_GJT, A_KATOH, A_SWAPHAND = 0, 1, 2, 3
A_ASK = 4  # + 2 * seat + (0 hand, 1 reserve)
A_ACTIVE = A_ASK + 2 * MAX_PLAYERS  # + index in COMBOS
A_DUEL = A_ACTIVE + len(COMBOS)  # + 3 * my active position + opponent's active position
A_SWAP = A_DUEL + ACTIVE * ACTIVE  # + RESERVE_CAP * hand position + reserve position
A_GIVE = A_SWAP + HAND * RESERVE_CAP  # + hand position (cards offered when asking)
A_RETURN = A_GIVE + HAND  # + reserve position
NUM_ACTIONS = A_RETURN + RESERVE_CAP

# Phases.
SWAP2, CHOOSE, DUEL, CAP, SWAP34, SWAP4, RETURN5, COMBO, END = range(9)
PHASE_NAMES = ("exchange (2)", "choose active cards (3, 3.5)", "duel (3.3)", "reserve over 33 (3.3)",
               "exchange up to 3 (3.4)", "exchange up to 9 (4)", "reserve back to 9 (5)",
               "combination round (6)", "game over")  # fmt: skip
SOURCES = ("hand", "reserve")
