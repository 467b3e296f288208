"""Gog & Magog's action numbers: which number is which move, and their text.

Actions (ints; L = lanes, H = max_hand, T = 2L + 1 targets: enemy lane 1..L,
own lane 1..L, none), in this order:
    0 end            1 pass           2 war            3 march          4 split
    combine LANE                      5 + lane
    march LANE                        5 + L + lane
    play HAND LANE [concealed|attack] 5 + 2L + (hand * L + lane) * 3 + mode
    cast HAND [enemy|own LANE]        PLAY + 3HL + hand * T + target
    resource HAND                     CAST + HT + hand
    use LANE [enemy|own LANE]         RES + H + lane * T + target
Texts number hand cards and lanes from 1 (`play 2 3 concealed`, `cast 1 enemy 4`).

ActionLayout is a base of the game (position.GameSetup), so the rules read the
starts and the ready-made action lists as the game's own attributes.
"""

from __future__ import annotations

from cardgen.errors import InvalidActionError
from cardgen.numbers import parse_int

# fixed actions
A_END, A_PASS, A_WAR, A_MARCH, A_SPLIT, A_COMBINE = range(6)
MODES = ("", "concealed", "attack")


class ActionLayout:
    """The action numbers of a table of `lanes` lanes and hands of at most `hand` cards."""

    def __init__(self, lanes: int, hand: int) -> None:
        self.L = L = lanes
        self.H = H = hand
        self.T = T = 2 * L + 1
        self.A_MLANE = A_COMBINE + L
        self.A_PLAY = self.A_MLANE + L
        self.A_CAST = self.A_PLAY + 3 * H * L
        self.A_RES = self.A_CAST + H * T
        self.A_USE = self.A_RES + H
        self.num_distinct_actions = self.A_USE + L * T
        # by lane bit mask: the lanes in it, and the play offsets (lane * 3 + mode) of those lanes
        self.lanes_of = [[x for x in range(L) if m >> x & 1] for m in range(1 << L)]
        self.plain_offsets = [[x * 3 + k for x in self.lanes_of[m] for k in (0, 1)] for m in range(1 << L)]
        self.instant_offsets = [[x * 3 + k for x in self.lanes_of[m] for k in (0, 1, 2)] for m in range(1 << L)]
        self.full = (1 << L) - 1
        # the action lists themselves, by lane mask and hand slot (or lane): legal_actions only
        # concatenates them (MCTS and random playouts ask for legal actions at every step)
        masks = range(1 << L)
        self.play_plain = [[[self.A_PLAY + h * 3 * L + o for o in self.plain_offsets[m]] for h in range(H)] for m in masks]
        self.play_instant = [[[self.A_PLAY + h * 3 * L + o for o in self.instant_offsets[m]] for h in range(H)] for m in masks]
        self.cast_enemy = [[[self.A_CAST + h * T + x for x in self.lanes_of[m]] for h in range(H)] for m in masks]
        self.cast_own = [[[self.A_CAST + h * T + L + x for x in self.lanes_of[m]] for h in range(H)] for m in masks]
        self.use_enemy = [[[self.A_USE + lane * T + x for x in self.lanes_of[m]] for lane in range(L)] for m in masks]

    def decode(self, a: int) -> tuple:
        """(verb, hand, lane, mode/target) of an action number."""
        L, H, T = self.L, self.H, self.T
        if a < A_COMBINE:
            return (("end", "pass", "war", "march", "split")[a], -1, -1, -1)
        if a < self.A_MLANE:
            return ("combine", -1, a - A_COMBINE, -1)
        if a < self.A_PLAY:
            return ("march", -1, a - self.A_MLANE, -1)
        if a < self.A_CAST:
            x, mode = divmod(a - self.A_PLAY, 3)
            h, lane = divmod(x, L)
            return ("play", h, lane, mode)
        if a < self.A_RES:
            h, t = divmod(a - self.A_CAST, T)
            return ("cast", h, -1, t)
        if a < self.A_USE:
            return ("resource", a - self.A_RES, -1, -1)
        lane, t = divmod(a - self.A_USE, T)
        assert lane < L and H > 0
        return ("use", -1, lane, t)

    def target_text(self, t: int) -> str:
        L = self.L
        return f" enemy {t + 1}" if t < L else f" own {t - L + 1}" if t < 2 * L else ""

    def action_text(self, a: int) -> str:
        verb, h, lane, x = self.decode(a)
        if verb in ("combine", "march") and lane >= 0:
            return f"{verb} {lane + 1}"
        if verb == "play":
            return f"play {h + 1} {lane + 1}" + (f" {MODES[x]}" if x else "")
        if verb == "cast":
            return f"cast {h + 1}{self.target_text(x)}"
        if verb == "resource":
            return f"resource {h + 1}"
        if verb == "use":
            return f"use {lane + 1}{self.target_text(x)}"
        return verb

    def parse_action(self, text: str) -> int:
        """The action number of a typed action (any case and spacing); InvalidActionError says the forms."""
        words = text.lower().split()
        L, H = self.L, self.H
        bad = InvalidActionError(f"not an action: {text!r} (write e.g. 'play 1 3', 'play 1 3 concealed', 'cast 2 enemy 4', "
                                 "'resource 1', 'use 3 enemy 1', 'war', 'march', 'march 2', 'combine 3', 'split', 'end', 'pass')")  # fmt: skip
        if not words:
            raise InvalidActionError("empty action: type one of the legal moves")
        fixed = {"end": A_END, "pass": A_PASS, "war": A_WAR, "march": A_MARCH, "split": A_SPLIT}
        if len(words) == 1 and words[0] in fixed:
            return fixed[words[0]]
        nums = []
        for w in words[1:]:
            n = parse_int(w, 0, 999)
            if n is not None:
                nums.append(n - 1)
        verb = words[0]

        def lane_ok(x: int) -> bool:
            return 0 <= x < L

        def target(rest: list[str]) -> int:
            if not rest:
                return 2 * L
            lane = parse_int(rest[1], 1, L) if len(rest) == 2 and rest[0] in ("enemy", "own") else None
            if lane is not None:
                return lane - 1 if rest[0] == "enemy" else L + lane - 1
            raise bad

        try:
            if verb in ("combine", "march") and len(words) == 2 and len(nums) == 1 and lane_ok(nums[0]):
                return (A_COMBINE if verb == "combine" else self.A_MLANE) + nums[0]
            if verb == "play" and len(words) in (3, 4) and len(nums) == 2 and 0 <= nums[0] < H and lane_ok(nums[1]):
                mode = MODES.index(words[3]) if len(words) == 4 and words[3] in MODES[1:] else 0 if len(words) == 3 else -1
                if mode >= 0:
                    return self.A_PLAY + (nums[0] * L + nums[1]) * 3 + mode
            card = parse_int(words[1], 1, H) if len(words) >= 2 else None
            if verb == "cast" and card is not None:
                return self.A_CAST + (card - 1) * self.T + target(words[2:])
            if verb == "resource" and len(words) == 2 and len(nums) == 1 and 0 <= nums[0] < H:
                return self.A_RES + nums[0]
            lane = parse_int(words[1], 1, L) if len(words) >= 2 else None
            if verb == "use" and lane is not None:
                return self.A_USE + (lane - 1) * self.T + target(words[2:])
        except ValueError:
            raise bad from None
        raise bad
