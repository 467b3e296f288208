"""Gyre rules engine: claim tiles on a torus, operate owned gyres, capture by surrounding.

Choices where the rulebook is silent are in docs/rules/gyre.md. In short:

* Tiles: index t = row*size + col, named like "d5" (column letter, row number; a1 is
  the top-left). Gyre g = row*size + col is the corner at the *bottom-right* of tile g,
  shared by tiles (r,c) (r,c+1) (r+1,c+1) (r+1,c) on the torus; it is named after
  that tile too.
* Actions (sorted ints): claim tile t -> t; gyrate gyre g clockwise -> N*N + 2g,
  anticlockwise -> N*N + 2g + 1. Text: "d5" claims, "d5+" clockwise, "d5-" anticlockwise.
* A turn is any number (up to the `max_gyrations` option) of gyrations with active
  owned gyres, then exactly one claim, which ends it. The game ends when no tile is empty.
* returns(): the top scorer gets 1, tied top scorers share 1, everyone else 0.

The hot path (legal_actions / apply_action) works on flat lists of ints with
neighbour tables precomputed per board size; clone() copies four lists.
"""

from __future__ import annotations

import functools
from bisect import insort
from operator import itemgetter
from types import MappingProxyType

from cardgen.engine.protocol import TERMINAL, Game, Option, SeatState, Spec, State, check_config
from cardgen.engine.tensors import Column, Layout, Part
from cardgen.errors import CardgenError, IllegalActionError
from cardgen.numbers import parse_int

from .highscore import record_game
from .narration import PLAY_HELP, narrate_claim, narrate_gyration, result_text, show
from .scoring import COLOUR_NAMES, COLOURS, neighbour_table, scores, tile_name
from .view import render

MIN_SIZE, MAX_SIZE = 4, 19
DEFAULT_MAX_GYRATIONS = None  # the rulebook: no cap beyond deactivation
# evaluate: a capture threat's worth, 0.55 of the swing of a capture (270 points)
THREAT = 0.55 * 270.0

_TABLES: dict[int, tuple] = {}


def tables(size: int) -> tuple:
    """(neigh, corners, ring, block, area, reads) for a board size, computed once.

    neigh[t]    the 8 neighbour tiles of tile t
    corners[t]  for each of t's 4 corner gyres: (gyre, the other 3 tiles around it)
    ring[g]     the 4 tiles around gyre g in clockwise order (TL, TR, BR, BL)
    block[g]    the 9 gyres at the corners of those 4 tiles (deactivated by a gyration)
    area[g]     the 16 tiles whose 8-neighbourhood a gyration of g can change
    reads       (per tile t: a function giving the colours of its 8 neighbours; per gyration
                of g: (area[g], a function giving their colours)), one C-level call each, for
                evaluate_after's hot loop
    """
    t = _TABLES.get(size)
    if t is not None:
        return t
    n = size

    def tile(r, c):
        return (r % n) * n + c % n

    neigh = neighbour_table(n)
    ring = tuple((tile(r, c), tile(r, c + 1), tile(r + 1, c + 1), tile(r + 1, c)) for r in range(n) for c in range(n))
    corners = []
    for r in range(n):
        for c in range(n):
            me = tile(r, c)
            cs = []
            for g in (tile(r - 1, c - 1), tile(r - 1, c), tile(r, c - 1), tile(r, c)):
                cs.append((g,) + tuple(x for x in ring[g] if x != me))
            corners.append(tuple(cs))
    block = tuple(
        tuple(tile(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)) for r in range(n) for c in range(n)
    )
    area = tuple(
        tuple(sorted({tile(r + dr, c + dc) for dr in (-1, 0, 1, 2) for dc in (-1, 0, 1, 2)}))
        for r in range(n)
        for c in range(n)
    )
    reads = (tuple(itemgetter(*nb) for nb in neigh), tuple((touched, itemgetter(*touched)) for touched in area))
    t = _TABLES[size] = (neigh, tuple(corners), ring, block, area, reads)
    return t


def capture(board: list, todo: list, neigh) -> None:
    """Capture every occupied tile in `todo` (and, in cascade, their neighbours)
    whose 8 neighbours all belong to one other player."""
    while todo:
        x = todo.pop()
        o = board[x]
        if not o:
            continue
        n0, n1, n2, n3, n4, n5, n6, n7 = nb = neigh[x]
        v = board[n0]
        if (
            v
            and v != o
            and board[n1] == v
            and board[n2] == v
            and board[n3] == v
            and board[n4] == v
            and board[n5] == v
            and board[n6] == v
            and board[n7] == v
        ):
            board[x] = v
            todo.extend(nb)


def gyrate(board: list, ring: tuple, d: int) -> None:
    """Turn the 4 tiles around a gyre (`ring`: TL, TR, BR, BL): d 0 clockwise, 1 anticlockwise."""
    tl, tr, br, bl = ring
    if d == 0:  # clockwise: TL -> TR -> BR -> BL -> TL
        board[tr], board[br], board[bl], board[tl] = board[tl], board[tr], board[br], board[bl]
    else:
        board[tl], board[tr], board[br], board[bl] = board[tr], board[br], board[bl], board[tl]


def gyres_won(board: list, gyres: list, corners: tuple, me: int) -> list[int]:
    """The unowned gyres a claim takes: those at the claimed tile's `corners` shared with an
    opponent's tile (`me`: the claimer's colour, already on the board)."""
    won = []
    for g, a, b, c in corners:
        if not gyres[g]:
            va, vb, vc = board[a], board[b], board[c]
            if (va and va != me) or (vb and vb != me) or (vc and vc != me):
                won.append(g)
    return won


class GyreGame(Game):
    """Gyre on an N x N torus for 2 to 4 players."""

    name = "gyre"
    options = (
        Option("players", int, 2, "number of players", low=2, high=4),
        Option("size", int, 8, "tiles across (the board is size x size, a torus)", low=MIN_SIZE, high=MAX_SIZE),
        Option(
            "max_gyrations",
            int,
            DEFAULT_MAX_GYRATIONS,
            "most gyrations in one turn; none (the rulebook) leaves only deactivation, "
            "which allows at most size*size//4",
            low=0,
            high=MAX_SIZE * MAX_SIZE,
            none_ok=True,
        ),
    )
    # what Gyre is: turn by turn, no chance, everything in sight, one winner's point to share
    spec = Spec(dynamics="sequential", chance=(), information="perfect", players=(2, 4), utility="constant_sum")
    game_type = spec.game_type()
    min_return = 0.0
    max_return = 1.0
    return_sum = 1.0
    # hard: best-first minimax (each move ranked by the minimax of the evaluations below it,
    # not their mean), deep (c=0.1) with a wider root (root_c=0.15: c=0.1 alone missed the win
    # in one turn of tests/engine/test_bots_search.py). benchmarks/bench_bots.py, 8x8, 4
    # opening moves, against mcts: 66 of 100; the shared hard (30,000 positions,
    # minimax=0.5) scored 8 of 16 here, and 60,000 mean-backed positions 20 of 35
    difficulties = MappingProxyType({"hard": "mcts:iterations=30000,minimax=1,c=0.1,root_c=0.15,time=1.8"})
    play_help = PLAY_HELP

    def __init__(self, **config) -> None:
        self.config = check_config(self.name, self.options, config)
        self.num_players = self.config["players"]
        self.size = n = self.config["size"]
        self.nn = n * n
        self.max_gyrations = self.config["max_gyrations"]
        # Deactivation bounds gyrations too: each one blocks the 2x2 gyres to its
        # lower right for the rest of the turn, so at most n*n//4 fit in a turn.
        cap = self.max_gyrations
        self.gyration_bound = self.nn // 4 if cap is None else min(cap, self.nn // 4)
        self.num_distinct_actions = 3 * self.nn
        self.max_game_length = self.nn * (1 + self.gyration_bound)
        self.tables = tables(n)

    def new_initial_state(self, seed: int | str = 0) -> "GyreState":
        # Gyre has no chance: the seed is accepted (protocol) and not needed.
        return GyreState(self)

    def player_name(self, player: int) -> str:
        return COLOURS[player] if 0 <= player < self.num_players else super().player_name(player)

    def state_from_json(self, data: dict) -> "GyreState":
        return GyreState.from_json(self, data)

    def on_game_end(self, state: State) -> str:
        return record_game(state)

    def observation_shape(self) -> tuple[int, ...]:
        """Planes of size x size: tiles (empty, then one per player), gyres per player,
        inactive gyres, and one plane per player that is all ones on that player's turn."""
        return (3 * self.num_players + 2, self.size, self.size)

    def observation_layout(self) -> Layout:
        """The planes of observation_shape as parts of size*size cells (row by row)."""
        return _planes(self.num_players, self.nn)


@functools.lru_cache(maxsize=32)
def _planes(k: int, nn: int) -> Layout:
    def plane(name: str, says: str) -> Part:
        return Part(name, [Column("on", says)], rows=nn, row_label="cell", help="cell <row> = y * size + x")

    return Layout([
        plane("empty", "1: no tile on the cell"),
        *(plane(f"tiles_{p}", f"1: a tile of player {p}") for p in range(k)),
        *(plane(f"gyres_{p}", f"1: a gyre of player {p} whose corner is the cell") for p in range(k)),
        plane("inactive", "1: the gyre at the cell is inactive this turn"),
        *(plane(f"to_move_{p}", f"all 1: player {p} is to move") for p in range(k)),
    ])  # fmt: skip


GAME = GyreGame


class GyreState(SeatState):
    """A Gyre position: tiles, gyre owners, whose turn, this turn's gyrations."""

    game: GyreGame

    __slots__ = ("game", "board", "gyres", "owned", "deact", "player", "turn", "gyrations", "empties", "ply")

    def __init__(self, game: GyreGame) -> None:
        nn = game.nn
        self.game = game
        self.board = [0] * nn  # 0 empty, p+1 player p
        self.gyres = [0] * nn  # 0 unowned, p+1 player p
        self.owned: list[list[int]] = [[] for _ in range(game.num_players)]  # sorted gyres per player
        self.deact = [-1] * nn  # gyre inactive while deact[g] == turn
        self.player = 0
        self.turn = 0  # number of claims made (stamps deactivation)
        self.gyrations = 0  # gyrations made in this turn
        self.empties = nn
        self.ply = 0

    # -- protocol -----------------------------------------------------------
    def legal_actions(self, player: int | None = None) -> list[int]:
        p = self.player
        if p < 0 or (player is not None and player != p):
            return []
        acts = [t for t, v in enumerate(self.board) if not v]
        game = self.game
        if self.gyrations < game.gyration_bound:
            base = game.nn
            deact = self.deact
            turn = self.turn
            for g in self.owned[p]:
                if deact[g] != turn:
                    a = base + 2 * g
                    acts.append(a)
                    acts.append(a + 1)
        return acts

    def _why_illegal(self, action: int, player: int | None = None) -> str:
        reason = self._illegal_reason(action)
        return f"illegal action {self.action_to_string(action)!r}: {reason or 'not legal now'}"

    def _is_legal(self, action: int) -> bool:
        return self._illegal_reason(action) is None

    def _illegal_reason(self, action: int) -> str | None:
        """Why an in-range action is illegal now, or None: the rules legal_actions() follows."""
        p = self.player
        game = self.game
        nn = game.nn
        if action < nn:
            v = self.board[action]
            return f"tile is taken by {COLOURS[v - 1]}; claim an empty tile" if v else None
        g = (action - nn) // 2
        if self.gyres[g] != p + 1:
            owner = self.gyres[g]
            who = f"owned by {COLOURS[owner - 1]}" if owner else "unowned"
            return f"gyre {tile_name(g, game.size)} is {who}; {COLOURS[p]} may only turn their own gyres"
        if self.deact[g] == self.turn:
            return (f"gyre {tile_name(g, game.size)} is inactive until this turn ends "
                    "(a gyration this turn moved one of its tiles)")  # fmt: skip
        if self.gyrations >= game.gyration_bound:
            return f"no more gyrations this turn (limit {game.gyration_bound}); claim an empty tile"
        return None

    def _apply_action(self, action: int) -> None:
        p = self.player
        game = self.game
        board = self.board
        nn = game.nn
        if self._told is not None:  # narrating: the words come from a copy of the position before
            self._apply_told(action, p, board[:], self.gyres[:], self.scores())
            return
        if action < nn:
            me = p + 1
            board[action] = me
            gyres = self.gyres
            for g in gyres_won(board, gyres, game.tables[1][action], me):
                gyres[g] = me
                insort(self.owned[p], g)
            neigh = game.tables[0]
            todo = list(neigh[action])
            todo.append(action)
            capture(board, todo, neigh)
            self.turn += 1
            self.gyrations = 0
            self.empties -= 1
            self.player = TERMINAL if not self.empties else (p + 1) % game.num_players
        else:
            g, d = divmod(action - nn, 2)
            gyrate(board, game.tables[2][g], d)
            turn = self.turn
            deact = self.deact
            for h in game.tables[3][g]:
                deact[h] = turn
            self.gyrations += 1
            capture(board, list(game.tables[4][g]), game.tables[0])
        self.ply += 1

    def _apply_told(self, action: int, p: int, board: list[int], gyres: list[int], before: list[int]) -> None:
        """_apply_action while narrating: the rules as always, then their events (narration.py)
        from the position before the move."""
        told, self._told = self._told, None
        try:
            self._apply_action(action)
        finally:
            self._told = told
        nn = self.game.nn
        if action < nn:
            narrate_claim(self, p, action, board, gyres, before)
        else:
            g, d = divmod(action - nn, 2)
            narrate_gyration(self, p, g, d, board, before)

    def result_text(self, viewer: int | None = None) -> str:
        """Who won by the highest score once every tile is claimed, the scores and the gyres."""
        return result_text(self, viewer)

    def show(self, what: str, player: int | None = None) -> str:
        """`show c3` a tile's score, `show scores`, `show gyres`, `show gyre c3` (narration.show)."""
        return show(self, what, parse_tile)

    def action_groups(self, actions: list[int], player: int | None = None) -> list[tuple[str, list[int]]]:
        """Claims first, then gyrations (each a group), in numeric order."""
        nn = self.game.nn
        claims = [a for a in actions if a < nn]
        turns = [a for a in actions if a >= nn]
        return [(label, acts) for label, acts in (("claims", claims), ("gyrations", turns)) if acts]

    def returns(self) -> list[float]:
        n = self.game.num_players
        if self.player != TERMINAL:
            return [0.0] * n
        s = self.scores()
        best = max(s)
        top = [i for i in range(n) if s[i] == best]
        share = 1.0 / len(top)
        return [share if i in top else 0.0 for i in range(n)]

    def _clone(self) -> "GyreState":
        s = GyreState.__new__(GyreState)
        s.game = self.game
        s.board = self.board[:]
        s.gyres = self.gyres[:]
        s.owned = [o[:] for o in self.owned]
        s.deact = self.deact[:]
        s.player = self.player
        s.turn = self.turn
        s.gyrations = self.gyrations
        s.empties = self.empties
        s.ply = self.ply
        return s

    def evaluate(self, player: int) -> float:
        """How much better `player` stands than the best opponent, in logits of a win (see
        evaluate_all): the score lead, gyre capture threats and owned gyres; a finished game
        is worth +-30 (a win dominates), plus the lead."""
        return self.evaluate_all()[player]

    def evaluate_all(self) -> list[float]:
        """Every seat's evaluate() in one pass over the board.

        value = score + threats + 3 per owned gyre. A threat is a tile one claim away from
        capture (7 neighbours of one other colour, the 8th empty): capturing turns a tile
        worth -6 into one worth 256 and doubles its captor's neighbours, so it is counted
        at 0.55 of that swing (the owner may fill the hole, but not every hole at once),
        whoever is to move: a search compares positions at different depths, and a value
        that swung with the side to move (it was 0.8 for the captor to move, 0.3 otherwise)
        made deeper search worse (Gyre 5x5, mcts:5000 against mcts:1000, 40 games: 32.5 %
        with the swing, 60 % without). The lead over the best opponent is divided
        by a scale that grows with the tiles claimed (scores grow with them), the same for
        every move of a turn, so comparing moves is comparing leads."""
        _, tiles, threats, _ = self._parts()
        return self._values(tiles, threats, [len(o) for o in self.owned], self.player, self.empties)

    def _parts(self) -> tuple[list[tuple[int, int, bool]], list[int], list[int], list[tuple[int, int, int]]]:
        """Every tile's tile_part (empty: (0, 0, False)) and their sums per colour: tile
        scores and capture threats (index 0 gathers the tiles that threaten nobody); and per
        occupied tile, its neighbours of its own colour, of others, and the other colour if
        they all have one (0: none, -1: several), from which a claim next to it rescores it."""
        board = self.board
        look = self.game.tables[5][0]
        tiles = [0] * (self.game.num_players + 1)
        threats = tiles[:]
        parts: list[tuple[int, int, bool]] = [(0, 0, False)] * len(board)
        counts: list[tuple[int, int, int]] = [(0, 0, 0)] * len(board)
        for t, o in enumerate(board):
            if o:
                # tile_part, inlined as in evaluate_after (the tests compare them)
                nb = look[t](board)
                same = nb.count(o)
                opp = 8 - same - nb.count(0)
                other = 0
                if opp:
                    w = next(y for y in nb if y and y != o)
                    other = w if nb.count(w) == opp else -1
                v = (1 << same) - opp
                threat = other if opp == 7 and other > 0 else 0
                parts[t] = (v, threat, opp == 8 and other > 0)
                counts[t] = (same, opp, other)
                tiles[o] += v
                threats[threat] += 1
        return parts, tiles, threats, counts

    def _values(self, tiles: list[int], threats: list[int], gyres: list[int], player: int, empties: int) -> list[float]:
        """evaluate_all's formula from its parts: tile scores and capture threats per colour
        (index 0 unused), owned gyres per seat, the seat to move (TERMINAL: the game is over)
        and the empty tiles."""
        game = self.game
        k = game.num_players
        scale = 8.0 + 4.0 * (game.nn - empties)
        if k == 2:  # MCTS's hot path: the general formula, written out
            v0 = tiles[1] + THREAT * threats[1] + 3.0 * gyres[0]
            v1 = tiles[2] + THREAT * threats[2] + 3.0 * gyres[1]
            out = [(v0 - v1) / scale, (v1 - v0) / scale]
        else:
            vals = [tiles[p + 1] + THREAT * threats[p + 1] + 3.0 * gyres[p] for p in range(k)]
            out = [(vals[p] - max(v for q, v in enumerate(vals) if q != p)) / scale for p in range(k)]
        if player == TERMINAL:
            s = self.scores()
            for p in range(k):
                lead = s[p] - max(v for q, v in enumerate(s) if q != p)
                out[p] = (30.0 if lead > 0 else -30.0 if lead < 0 else 0.0) + lead / scale
        return out

    def evaluate_after(self, actions: list[int], deep: bool = False) -> list[list[float] | None]:
        """evaluate_all() after each action, without copying the position: only the tiles an
        action can change are scored again (a claim: the claimed tile from its neighbours, and
        its 8 neighbours from their counts in _parts; a gyration: the 16 tiles around it). An
        action that captures or ends the game gets None (the caller applies it for real). Gyre's
        evaluate_deep is evaluate_all, so `deep` changes nothing."""
        game = self.game
        k = game.num_players
        board = self.board
        neigh, corners, ring, _, _, (look, gyration_reads) = game.tables
        nn = game.nn
        p = self.player
        me = p + 1
        parts, tiles, threats, counts = self._parts()
        gyres = [len(o) for o in self.owned]
        owners = self.gyres
        values = self._values
        last = self.empties <= 1
        out: list[list[float] | None] = []
        for a in actions:
            if a < nn:
                if last:
                    out.append(None)
                    continue
                # a claim: the claimed tile is scored from its neighbours, and each occupied
                # neighbour from its counts with one more neighbour of colour `me`
                tiles2, threats2 = tiles[:], threats[:]
                nb = look[a](board)
                same = nb.count(me)
                opp = 8 - same - nb.count(0)
                if opp >= 7:
                    w = next(y for y in nb if y and y != me)
                    if nb.count(w) == opp:
                        if opp == 8:  # claimed into a surrounded hole: the real move captures
                            out.append(None)
                            continue
                        threats2[w] += 1
                tiles2[me] += (1 << same) - opp
                captured = False
                for x in neigh[a]:
                    o = board[x]
                    if o:
                        v, threat, _ = parts[x]
                        tiles2[o] -= v
                        threats2[threat] -= 1
                        same, opp, other = counts[x]
                        if o == me:
                            same += 1
                        else:
                            opp += 1
                            other = me if other == 0 or other == me else -1
                        if opp >= 7 and other > 0:
                            if opp == 8:
                                captured = True
                                break
                            threats2[other] += 1
                        tiles2[o] += (1 << same) - opp
                if captured:
                    out.append(None)
                    continue
                board[a] = me
                mine = gyres
                won = len(gyres_won(board, owners, corners[a], me))
                if won:
                    mine = gyres[:]
                    mine[p] += won
                out.append(values(tiles2, threats2, mine, (p + 1) % k, self.empties - 1))
                board[a] = 0
                continue
            # a gyration: the 16 tiles whose neighbourhood it can change are scored again
            g = (a - nn) >> 1
            touched, read = gyration_reads[g]
            before = read(board)
            gyrate(board, ring[g], (a - nn) & 1)
            tiles2, threats2 = tiles[:], threats[:]
            captured = False
            for x, o in zip(touched, before):
                if o:
                    v, other, _ = parts[x]
                    tiles2[o] -= v
                    threats2[other] -= 1
                o = board[x]
                if o:
                    # tile_part, inlined, its 8 neighbours read by one C-level call: this loop is
                    # MCTS's hot path (tests/engine/test_bots_search.py checks both give the same
                    # values)
                    nb = look[x](board)
                    same = nb.count(o)
                    opp = 8 - same - nb.count(0)
                    if opp >= 7:
                        w = next(y for y in nb if y and y != o)
                        if nb.count(w) == opp:  # one colour: a threat, or surrounded
                            if opp == 8:  # the real move captures
                                captured = True
                                break
                            threats2[w] += 1
                    tiles2[o] += (1 << same) - opp
            gyrate(board, ring[g], 1 - ((a - nn) & 1))
            out.append(None if captured else values(tiles2, threats2, gyres, p, self.empties))
        return out

    # -- scores ---------------------------------------------------------------
    def scores(self) -> list[int]:
        return scores(self.board, self.game.num_players, self.game.size)

    def gyre_counts(self) -> list[int]:
        return [len(o) for o in self.owned]

    def inactive_gyres(self) -> list[int]:
        """Owned gyres that may not be operated again this turn."""
        turn = self.turn
        return [g for g in range(self.game.nn) if self.gyres[g] and self.deact[g] == turn]

    # -- text -----------------------------------------------------------------
    def action_to_string(self, action: int, player: int | None = None) -> str:
        n = self.game.size
        nn = n * n
        if type(action) is not int or not 0 <= action < 3 * nn:
            raise IllegalActionError(f"not an action: {action!r} (actions are integers from 0 to {3 * nn - 1})")
        if action < nn:
            return tile_name(action, n)
        g, d = divmod(action - nn, 2)
        return tile_name(g, n) + ("+" if d == 0 else "-")

    def string_to_action(self, text: str, player: int | None = None) -> int:
        return parse_action(text, self.game.size)

    def render(self, color: bool = False, player: int | None = None) -> str:
        return render(self, color=color, player=player)

    def observation_tensor(self, player: int) -> list[float]:
        """Everything is visible in Gyre: the same planes for every seat (see observation_shape)."""
        game = self.game
        nn = game.nn
        layout = _planes(game.num_players, nn)
        planes = layout.zeros()
        tiles = [layout["empty"].start] + [layout[f"tiles_{p}"].start for p in range(game.num_players)]
        for t, v in enumerate(self.board):
            planes[tiles[v] + t] = 1.0
        for t, v in enumerate(self.gyres):
            if v:
                planes[layout[f"gyres_{v - 1}"].start + t] = 1.0
        inactive = layout["inactive"].start
        for g in self.inactive_gyres():
            planes[inactive + g] = 1.0
        if self.player >= 0:
            start = layout[f"to_move_{self.player}"].start
            planes[start : start + nn] = [1.0] * nn
        return planes

    def to_json(self) -> dict:
        return {
            "size": self.game.size,
            "players": self.game.num_players,
            "board": "".join(".RBGY"[v] for v in self.board),
            "gyres": "".join(".RBGY"[v] for v in self.gyres),
            "inactive": self.inactive_gyres(),
            "player": self.player,
            "turn": self.turn,
            "gyrations": self.gyrations,
            "ply": self.ply,
        }

    @classmethod
    def from_json(cls, game: GyreGame, data: dict) -> "GyreState":
        try:
            n, players = int(data["size"]), int(data["players"])
            board_text, gyre_text = str(data["board"]), str(data["gyres"])
            inactive = [int(g) for g in data.get("inactive", [])]
            player, turn = int(data["player"]), int(data["turn"])
            gyrations, ply = int(data["gyrations"]), int(data["ply"])
        except (KeyError, TypeError, ValueError, OverflowError) as exc:
            raise CardgenError(f"bad gyre state: {exc!s} (expected the keys of GyreState.to_json())") from None
        if n != game.size or players != game.num_players:
            raise CardgenError(
                f"bad gyre state: {n}x{n} for {players} players does not match the game "
                f"({game.size}x{game.size}, {game.num_players} players)"
            )
        s = cls(game)
        s.board = _decode_cells(board_text, game, "board")
        s.gyres = _decode_cells(gyre_text, game, "gyres")
        for g, v in enumerate(s.gyres):
            if v:
                s.owned[v - 1].append(g)
        s.empties = s.board.count(0)
        if not (player == TERMINAL or 0 <= player < players) or (player == TERMINAL) != (s.empties == 0):
            raise CardgenError(f"bad gyre state: player {player} with {s.empties} empty tiles")
        if not 0 <= gyrations <= game.gyration_bound or turn < 0 or ply < 0:
            raise CardgenError(f"bad gyre state: turn {turn}, gyrations {gyrations}, ply {ply}")
        s.player, s.turn, s.gyrations, s.ply = player, turn, gyrations, ply
        for g in inactive:
            if not 0 <= g < game.nn or not s.gyres[g]:
                raise CardgenError(f"bad gyre state: inactive gyre {g} is not an owned gyre")
            s.deact[g] = turn
        return s


def _decode_cells(text: str, game: GyreGame, what: str) -> list[int]:
    allowed = ".RBGY"[: game.num_players + 1]
    if len(text) != game.nn or any(ch not in allowed for ch in text):
        raise CardgenError(
            f"bad gyre state: {what} {text[:20]!r}... must be {game.nn} characters from {allowed!r}"
        )
    return [allowed.index(ch) for ch in text]


_GYRATE_WORDS = {"cw": "+", "clockwise": "+", "acw": "-", "ccw": "-", "anticlockwise": "-", "counterclockwise": "-"}


def parse_tile(text: str, size: int) -> int:
    """'d5' or '5,4' (row,col; both 1-based) -> tile index; CardgenError otherwise."""
    raw = text
    text = text.strip().lower()
    bad = IllegalActionError(
        f"not a tile: {raw!r} (expected a column letter a-{chr(ord('a') + size - 1)} and a row 1-{size}, "
        f"like 'c3', or ROW,COL like '3,3')"
    )
    if "," in text:
        parts = text.split(",")
        row, col = (parse_int(p.strip(), 1, size) for p in parts) if len(parts) == 2 else (None, None)
        if row is None or col is None:
            raise bad
        r, c = row - 1, col - 1
    else:
        row = parse_int(text[1:], 1, size)
        if not text[:1].isalpha() or row is None:
            raise bad
        c, r = ord(text[0]) - ord("a"), row - 1
    if not (0 <= r < size and 0 <= c < size):
        raise bad
    return r * size + c


def parse_action(text: str, size: int) -> int:
    """Text -> action: 'd5' / 'claim d5' claim; 'd5+' / 'cw d5' clockwise; 'd5-' / 'acw d5' anticlockwise."""
    raw = text
    words = text.strip().lower().split()
    if not words:
        raise IllegalActionError(f"not an action: {raw!r} (expected e.g. 'c3' to claim, 'c3+' or 'c3-' to gyrate)")
    sign = ""
    if len(words) == 2 and words[0] in _GYRATE_WORDS:
        sign, words = _GYRATE_WORDS[words[0]], words[1:]
    elif len(words) == 2 and words[0] == "claim":
        words = words[1:]
    if len(words) != 1:
        raise IllegalActionError(f"not an action: {raw!r} (expected e.g. 'c3' to claim, 'c3+' or 'c3-' to gyrate)")
    word = words[0]
    if word[-1:] in "+-" and not sign:
        sign, word = word[-1], word[:-1]
    try:
        t = parse_tile(word, size)
    except IllegalActionError:
        raise IllegalActionError(
            f"not an action: {raw!r} (expected a tile like 'c3' to claim it, 'c3+' / 'c3-' to turn the gyre "
            f"at c3's lower-right corner clockwise / anticlockwise)"
        ) from None
    nn = size * size
    if not sign:
        return t
    return nn + 2 * t + (0 if sign == "+" else 1)


__all__ = ["GyreGame", "GyreState", "GAME", "parse_action", "parse_tile", "tables", "COLOUR_NAMES"]
