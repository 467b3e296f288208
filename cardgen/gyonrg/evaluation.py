"""How good a Gyon-RG position is, as the bots read it, and its transposition key.

evaluate / evaluate_all / evaluate_after score a position for the searches
(greedy, MCTS), which call them millions of times; evaluate_deep adds what the
hard level reads beyond them (a main sector left open to a rush);
transposition_key lets MCTS merge the lines of play that reach one position.
"""

from __future__ import annotations

from .board import ATTACK, DEPLOY, DISTANCE, MAIN, MOVE, SHIELD, SPEED
from .position import BOARD, OVER
from .rules import Rules

# evaluate() is a difference of side values the bots read as logits (a seat's chance to win is
# 1 / (1 + exp(-2 x))). The raw difference was 2.5 times too sure: the results of greedy games
# fit it best times 0.34 to 0.43 (five runs of 150 to 200 games, benchmarks/calibrate_eval.py;
# times 0.4, the fit is 0.86 to 1.09). Too sure, every move of a won or lost position looked
# alike to the search: at 1,000 playouts, MCTS with this factor won 58 of 100 games against
# MCTS without it (docs/rules/gyonrg.md, Bots).
CONFIDENCE = 0.4

# evaluate_deep: what it costs the seat to move to leave its main sector open to a rush, in the
# side values of evaluate (a main sector held is worth 3). At 1,200 playouts with minimax against
# medium's 400, over 200 games on deals 1-100: 61 % without it, 67.5 % at 0.5, 69.5 % at 1, 67 %
# at 1.5, 63.5 % at 3 (docs/rules/gyonrg.md, Bots)
RUSH = 1.0


def ship_material(attack: int, shield: int) -> float:
    """What a ship on the board adds to its side in evaluate: a share for being there, more for
    its attack and shield (never below 0). The game keeps each card's value at printed stats."""
    return 0.15 + 0.04 * ((attack if attack > 0 else 0) + (shield if shield > 0 else 0))


class Evaluation(Rules):
    """A position the searches can score (evaluate_after plays moves in place: see Rules)."""

    __slots__ = ()

    def evaluate(self, player: int) -> float:
        """How much better `player` stands, in logits of a win (bots read it so): Victory Points
        and the VP the Captains will score (goal progress), ships and cards (material), fleets
        near or inside the enemy main sector (tempo), times CONFIDENCE. A finished game is
        worth +-30."""
        return self.evaluate_all()[player]

    def evaluate_all(self) -> list[float]:
        if self.phase == OVER:
            return [30.0 * r for r in self.returns()]
        side = self._side_values()
        lead = (side[0] - side[1]) * CONFIDENCE
        return [lead, -lead]

    def evaluate_deep(self) -> list[float]:
        """evaluate_all(), less RUSH for the seat to move when its main sector lies open to a
        rush (open_to_rush): ending the turn so, the opponent walks in and wins unless driven
        out. The searches reach the opponent's turn only at depth, so at hard's depth the static
        evaluation must see it (the hard level, deep=1; a position of the search is a re-deal, so
        the opponent's hand read here is a guess, never the true one)."""
        values = self.evaluate_all()
        m = self.player
        if self.phase == OVER or not self.open_to_rush(m):
            return values
        lead = values[0] + (RUSH * CONFIDENCE if m else -RUSH * CONFIDENCE)
        return [lead, -lead]

    def open_to_rush(self, p: int) -> bool:
        """Seat p's main sector is empty and a ship of the opponent can end a move on it in the
        opponent's next turn, moving as often as its Action Points allow: a ship on the board, or
        one from its hand deployed first to its own main sector (while that is free). Drains and
        kept Specials are not counted; p's ships block the way, as moves do."""
        target = MAIN[p]
        owner = self.owner
        if owner[target] >= 0 or p not in owner:  # taken, or p has no ship: its main cannot be entered
            return False
        q = 1 - p
        blocked = self._blocked(q)
        ap = self.game.ap
        stat = self.stat

        def reaches(sec: int, cid: int, left: int) -> bool:
            speed, cost = stat(cid, SPEED), stat(cid, MOVE)
            if speed <= 0 or cost > left:
                return False
            steps = speed * (left // cost if cost else 8)  # 8 steps cross the board
            return target in self._reach(q, sec, True, steps if steps < 8 else 8, blocked)[-1]

        board = self.board
        for sec, o in enumerate(owner):
            if o == q and any(reaches(sec, c, ap) for c in board[sec]):
                return True
        home = MAIN[q]
        if owner[home] < 0:
            for c in self.hands[q]:
                cost = max(stat(c, DEPLOY) + self.discount[q], 0)
                if cost <= ap and reaches(home, c, ap - cost):
                    return True
        return False

    def evaluate_after(self, actions: list[int], deep: bool = False) -> list[list[float] | None]:
        """evaluate_all() (deep: evaluate_deep()) after each board-phase rotation, move and deployment, scored without
        copying the position (the searches score every move of a node they open, and these are
        most of them): a rotation changes only a facing and the Action Points, which neither
        evaluation reads; a move or a deployment is played on what it changes and taken
        back. None for every other move, and for all of them where a move ends the board phase."""
        out: list[list[float] | None] = [None] * len(actions)
        if self.phase != BOARD or self.board_actions + 1 >= self.game.max_board:
            return out
        decode = self.game.layout.decode
        here: list[float] | None = None
        score = self.evaluate_deep if deep else self.evaluate_all
        board, owner, facing = self.board, self.owner, self.facing
        p = self.player
        turned, freed, spun = self.turned, self.freed, self.spun  # (moves and deployments face fleets front: taken back with them)
        for i, a in enumerate(actions):
            act = decode(a)
            if act.kind == "rotate":
                if here is None:
                    here = score()
                out[i] = here[:]
            elif act.kind == "move":
                src, dest = act.sector, act.dest
                kept = board[src], board[dest], owner[src], owner[dest], facing[src], facing[dest], self.open, self.ap
                board[dest] = kept[1][:]  # _move extends and sorts the fleet it joins in place
                self._move(p, src, dest, act.mask)
                out[i] = score()
                board[src], board[dest], owner[src], owner[dest], facing[src], facing[dest], self.open, self.ap = kept
                self.turned, self.freed, self.spun = turned, freed, spun
            elif act.kind == "deploy":
                sec, hands = act.sector, self.hands
                hand, fleet, deployed = hands[p], board[sec], self.deployed
                was = owner[sec], facing[sec], self.open, self.ap
                hands[p], board[sec], self.deployed = hand[:], fleet[:], deployed[:]
                self._deploy(p, act.hand, sec)
                out[i] = score()
                hands[p], board[sec], self.deployed = hand, fleet, deployed
                owner[sec], facing[sec], self.open, self.ap = was
                self.turned, self.spun = turned, spun
        return out

    def _side_values(self) -> tuple[float, float]:
        """Each seat's standing (the terms of evaluate), both seats in one pass over the board,
        a card's printed material read from the game: the searches score every position they
        reach here (1.4 times faster than a pass per seat, the same values to the last bit)."""
        g = self.game
        goals, printed_material, stats, deltas, board = g.goal_values, g.material, g.stats, self.deltas, self.board
        income = [0.0, 0.0]
        material = [0.0, 0.0]
        tempo = [0.0, 0.0]
        closest = [8, 8]
        targets = (MAIN[1], MAIN[0])
        for s, p in enumerate(self.owner):
            if p < 0:
                continue
            fleet = board[s]
            income[p] += goals[fleet[0]][p][s]
            m = material[p]
            for c in fleet:
                d = deltas.get(c)
                if d is None:
                    m += printed_material[c]
                else:
                    m += ship_material(stats[c][ATTACK] + d[ATTACK], stats[c][SHIELD] + d[SHIELD])
            material[p] = m
            target = targets[p]
            d_main = DISTANCE[s][target]
            if d_main < closest[p]:
                closest[p] = d_main
            if s == target:
                tempo[p] += 3.0  # the main sector held at the start of the next turn wins
        goal = float(g.vp_to_win)
        values = []
        for p in (0, 1):
            vp = self.vp[p] / goal
            # VP grow more decisive near the goal; the next turn's income counts almost as VP held
            value = 3.0 * vp + 1.5 * max(0.0, vp - 0.6) + 2.0 * min(income[p] / goal, 1.0)
            values.append(value + material[p] + 0.05 * len(self.hands[p]) + (tempo[p] + 0.1 * (8 - closest[p])))
        return values[0], values[1]

    def transposition_key(self, player: int) -> tuple:
        """Everything determinize(player) keeps: all but the opponent's hand and both decks'
        order (their sizes stay in). A turn's moves often commute (move a fleet, rotate
        another), so MCTS meets the same position along many lines; the turn and the board
        actions played in it are in the key, so no position recurs. Which seats took their
        mulligan is left out: it is history, seen but changing no future."""
        opp = 1 - player
        return (
            self.phase, self.player, self.turn, self.ap, self.board_actions, self.promoted, self.turned, self.freed, self.spun, self.mulligans,
            self.winner, self.picks, self.resume, self.open, self.used, tuple(self.kept), tuple(self.vp),
            tuple(map(tuple, self.board)), tuple(self.owner), tuple(self.facing), tuple(self.deployed),
            tuple(self.hands[player]), len(self.hands[opp]), len(self.decks[0]), len(self.decks[1]),
            tuple(self.scrap[0]), tuple(self.scrap[1]), tuple(sorted((c, tuple(d)) for c, d in self.deltas.items())),
            tuple(self.discount), tuple(self.effects), tuple(sorted(self.jams.items())), tuple(self.drain),
        )  # fmt: skip
