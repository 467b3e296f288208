"""Gyre scoring: per tile, per player, and the rulebook's score popup (explain).

A tile scores 1, doubled for each of its 8 neighbours of the same colour,
minus 1 for each neighbour of an opponent colour. A player's score is the sum
over their tiles. Boards are flat lists: 0 empty, p+1 for player p.
"""

from __future__ import annotations

from collections.abc import Callable

COLOURS = ("R", "B", "G", "Y")
COLOUR_NAMES = ("red", "blue", "green", "yellow")
# Compass names of the 8 neighbours, in the order of neighbour_table()'s rows.
DIRECTIONS = ("NW", "N", "NE", "W", "E", "SW", "S", "SE")

_TABLES: dict[int, tuple] = {}


def neighbour_table(size: int) -> tuple[tuple[int, ...], ...]:
    """For each tile index r*size+c, its 8 neighbours on the torus (NW N NE W E SW S SE)."""
    table = _TABLES.get(size)
    if table is None:
        rows = []
        for r in range(size):
            for c in range(size):
                rows.append(tuple(
                    ((r + dr) % size) * size + (c + dc) % size
                    for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc
                ))
        table = _TABLES[size] = tuple(rows)
    return table


def tile_score(board, neigh, t: int) -> int:
    """Score of tile t (0 for an empty tile)."""
    o = board[t]
    return tile_part(board, neigh[t], o)[0] if o else 0


def tile_part(board: list, around: tuple, o: int) -> tuple[int, int, bool]:
    """An occupied tile's part of the evaluation, from its owner `o` and its 8 neighbours:
    its score, the player it is a capture threat for (7 neighbours of that one colour, the
    8th empty; 0: none) and whether it is surrounded (capture() would take it)."""
    same = opp = other = 0
    for x in around:
        v = board[x]
        if v == o:
            same += 1
        elif v:
            opp += 1
            other = v if other == 0 or other == v else -1
    return (1 << same) - opp, (other if opp == 7 and other > 0 else 0), opp == 8 and other > 0


def scores(board, players: int, size: int) -> list[int]:
    """Total score of each player."""
    neigh = neighbour_table(size)
    out = [0] * players
    for t, o in enumerate(board):
        if o:
            out[o - 1] += tile_score(board, neigh, t)
    return out


def tile_scores(board, size: int) -> list[int]:
    neigh = neighbour_table(size)
    return [tile_score(board, neigh, t) for t in range(size * size)]


def score_grid(board, size: int, per_tile: list[int], cell: Callable[[int], str], min_width: int) -> list[str]:
    """The board as text rows of tile scores under the column letters: `cell(t)` is an occupied
    tile's text, '.' an empty one, every column `min_width` wide or as wide as the largest score."""
    width = max(min_width, max(len(str(v)) for v in per_tile) + 1)
    rows = ["    " + "".join(f"{chr(ord('a') + c):>{width}}" for c in range(size))]
    for r in range(size):
        tiles = range(r * size, (r + 1) * size)
        rows.append(f"{r + 1:>3} " + "".join(f"{cell(t) if board[t] else '.':>{width}}" for t in tiles))
    return rows


def tile_name(t: int, size: int) -> str:
    """Column letter + row number, top-left is a1 ('d5' is column d, row 5)."""
    r, c = divmod(t, size)
    return f"{chr(ord('a') + c)}{r + 1}"


def explain(board, size: int, t: int) -> dict:
    """How tile t's score is made up: the neighbours, the doublings and the penalties."""
    neigh = neighbour_table(size)
    o = board[t]
    parts = []
    same = opp = 0
    for d, n in zip(DIRECTIONS, neigh[t]):
        v = board[n]
        kind = "empty" if not v else ("same" if v == o else "opponent")
        if o and kind == "same":
            same += 1
        elif o and kind == "opponent":
            opp += 1
        parts.append({"direction": d, "tile": tile_name(n, size), "owner": COLOURS[v - 1] if v else None, "effect": kind})
    score = (1 << same) - opp if o else 0
    return {
        "tile": tile_name(t, size),
        "row": t // size + 1,
        "col": t % size + 1,
        "owner": COLOURS[o - 1] if o else None,
        "same": same if o else 0,
        "opponent": opp if o else 0,
        "score": score,
        "neighbours": parts,
    }


def explain_text(info: dict) -> str:
    """The score popup as lines of text."""
    head = f"tile {info['tile']} (row {info['row']}, column {info['col']})"
    if info["owner"] is None:
        return f"{head}: empty, scores 0"
    lines = [f"{head}, owned by {info['owner']}:"]
    for p in info["neighbours"]:
        effect = {"same": "x2", "opponent": "-1", "empty": "  "}[p["effect"]]
        lines.append(f"  {p['direction']:<2} {p['tile']:<4} {p['owner'] or '.'}  {effect}")
    same, opp = info["same"], info["opponent"]
    lines.append(
        f"  start 1, doubled {same} time{'s' if same != 1 else ''} = {1 << same}, "
        f"minus {opp} opponent neighbour{'s' if opp != 1 else ''} = {info['score']}"
    )
    return "\n".join(lines)
