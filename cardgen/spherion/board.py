"""The Spherion board: a Goldberg polyhedron (hexagons plus exactly 12 pentagons) with a wall.

Construction (docs/rules/spherion.md, "The sphere"): a sphere cannot be tiled by
hexagons alone, so the board is the Goldberg polyhedron GP(m, 0), built as the
dual of the icosahedron whose faces are each cut into m*m triangles. The
vertices of that geodesic sphere are the cells: the 12 corners of the
icosahedron become pentagons (5 neighbours), every other vertex a hexagon (6
neighbours). There are 10*m*m + 2 cells, 30*m*m edges between neighbours and
20*m*m corners where three cells meet, so V - E + F = 20m^2 - 30m^2 + 10m^2 + 2 = 2.

The icosahedron stands on a corner: cell 0 is the north pole and the last cell
the south pole, both pentagons. Ids run from north to south by latitude, then by
longitude. The board is symmetric through its centre (p -> -p maps cells to
cells); the north half is the cells above the equator plus half of those on it
(longitude in [0, 180)), the south half their mirror images, so the halves are
equal. Player 1 (north) starts on the north pole, player 2 on the south pole:
the cells of each half farthest from the other half.

The wall: a seeded set of cells near the equator, always in mirror pairs (so both
halves keep an equal number of cells), each pair kept only if every other cell
stays connected to both poles. Cards go around it; a monster with the
wall-crossing power may step onto wall cells.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass

from cardgen.errors import CardgenError
from cardgen.numbers import parse_int
from cardgen.rng import Stream

# Board sizes: the Goldberg frequency m, named by the cell count.
SIZES = {"small": 2, "medium": 3, "standard": 4, "large": 5}
DEFAULT_SIZE = "standard"  # 162 cells
DEFAULT_WALL = 50  # per cent of the cells next to the equator that become wall


def _icosahedron() -> tuple[list[tuple[float, float, float]], list[tuple[int, int, int]]]:
    """Unit icosahedron standing on a corner: vertex 0 at the north pole, 11 at the south."""
    z = 1 / math.sqrt(5)
    r = 2 / math.sqrt(5)
    verts = [(0.0, 0.0, 1.0)]
    for k in range(5):
        a = 2 * math.pi * k / 5
        verts.append((r * math.cos(a), r * math.sin(a), z))
    for k in range(5):
        a = 2 * math.pi * (k + 0.5) / 5
        verts.append((r * math.cos(a), r * math.sin(a), -z))
    verts.append((0.0, 0.0, -1.0))
    faces = []
    for k in range(5):
        u0, u1 = 1 + k, 1 + (k + 1) % 5
        l0, l1 = 6 + k, 6 + (k + 1) % 5
        faces.append((0, u0, u1))
        faces.append((u0, l0, u1))
        faces.append((u1, l0, l1))
        faces.append((11, l1, l0))
    return verts, faces


@dataclass(frozen=True)
class Board:
    """One sphere: cells with neighbours and centres, the two halves, the poles and the wall."""

    frequency: int
    neighbours: tuple[tuple[int, ...], ...]  # per cell, in order around the cell
    centres: tuple[tuple[float, float, float], ...]
    half: tuple[int, ...]  # 0 north, 1 south
    poles: tuple[int, int]
    wall: frozenset[int]
    faces: tuple[tuple[int, int, int], ...]  # the triangles of the geodesic sphere (corners of cells)
    floor: tuple[int, ...]  # the cells that are not wall, by id

    @property
    def cells(self) -> int:
        return len(self.neighbours)

    def is_pentagon(self, cell: int) -> bool:
        return len(self.neighbours[cell]) == 5

    def pentagons(self) -> list[int]:
        return [c for c in range(self.cells) if len(self.neighbours[c]) == 5]

    def edges(self) -> int:
        return sum(len(n) for n in self.neighbours) // 2

    def latlon(self, cell: int) -> tuple[float, float]:
        """Latitude and longitude of a cell's centre in degrees (longitude in [0, 360))."""
        x, y, z = self.centres[cell]
        lat = math.degrees(math.asin(max(-1.0, min(1.0, z))))
        lon = math.degrees(math.atan2(y, x)) % 360.0
        return lat, lon

    def distances(self, start: int, *, through_wall: bool = False) -> list[int]:
        """Steps from `start` to every cell (-1: unreachable), going around the wall."""
        dist = [-1] * self.cells
        dist[start] = 0
        todo = deque([start])
        wall = () if through_wall else self.wall
        while todo:
            c = todo.popleft()
            for n in self.neighbours[c]:
                if dist[n] < 0 and n not in wall:
                    dist[n] = dist[c] + 1
                    todo.append(n)
        return dist

    def steps(self, start: int) -> list[int]:
        """Steps from `start` to every cell over the whole sphere, walls included (cached: bots
        read it for every position they score)."""
        table = _STEPS.get(self.frequency)
        if table is None:
            table = _STEPS[self.frequency] = [None] * self.cells
        row = table[start]
        if row is None:
            row = table[start] = self.distances(start, through_wall=True)
        return row

    def to_json(self) -> dict:
        return {"frequency": self.frequency, "cells": self.cells, "wall": sorted(self.wall)}


_STEPS: dict[int, list] = {}


_SPHERES: dict[int, tuple] = {}


def sphere(frequency: int) -> tuple:
    """(neighbours, centres, faces) of GP(frequency, 0), cells numbered north to south (cached)."""
    got = _SPHERES.get(frequency)
    if got is not None:
        return got
    m = frequency
    verts, ico_faces = _icosahedron()
    index: dict[tuple, int] = {}
    keys: list[tuple] = []

    def point(face, i, j):
        # barycentric weights (m-i-j, i, j) over the face's corners; the key is exact, so points
        # on a shared edge or corner are found once from every face that has them
        weights: dict[int, int] = {}
        for v, w in zip(face, (m - i - j, i, j)):
            if w:
                weights[v] = weights.get(v, 0) + w
        key = tuple(sorted(weights.items()))
        if key not in index:
            index[key] = len(keys)
            keys.append(key)
        return index[key]

    tris = []
    for face in ico_faces:
        for i in range(m):
            for j in range(m - i):
                a, b, c = point(face, i, j), point(face, i + 1, j), point(face, i, j + 1)
                tris.append((a, b, c))
                if i + j < m - 1:
                    tris.append((b, point(face, i + 1, j + 1), c))
    raw = []
    for key in keys:
        x = sum(verts[v][0] * w for v, w in key)
        y = sum(verts[v][1] * w for v, w in key)
        z = sum(verts[v][2] * w for v, w in key)
        n = math.sqrt(x * x + y * y + z * z)
        raw.append((x / n, y / n, z / n))
    # ids north to south, then by longitude (rounded, so the order is the same on any machine)
    order = sorted(range(len(raw)), key=lambda k: (-round(raw[k][2], 9), round(math.atan2(raw[k][1], raw[k][0]) % (2 * math.pi), 9)))
    new = {old: i for i, old in enumerate(order)}
    centres = tuple(raw[k] for k in order)
    adj: list[set[int]] = [set() for _ in order]
    faces = []
    for a, b, c in tris:
        a, b, c = new[a], new[b], new[c]
        faces.append((a, b, c))
        adj[a] |= {b, c}
        adj[b] |= {a, c}
        adj[c] |= {a, b}
    neighbours = tuple(_around(i, sorted(adj[i]), centres) for i in range(len(order)))
    got = _SPHERES[frequency] = (neighbours, centres, tuple(faces))
    return got


def _around(cell: int, ns: list[int], centres) -> tuple[int, ...]:
    """Neighbours in anticlockwise order seen from outside, starting with the one nearest north."""
    cx, cy, cz = centres[cell]
    # a tangent basis at the cell: east and north
    ex, ey, ez = -cy, cx, 0.0
    if abs(ex) + abs(ey) < 1e-9:
        ex, ey, ez = 1.0, 0.0, 0.0
    nx, ny, nz = cy * ez - cz * ey, cz * ex - cx * ez, cx * ey - cy * ex

    def angle(n: int) -> float:
        px, py, pz = centres[n]
        return round(math.atan2(px * nx + py * ny + pz * nz, px * ex + py * ey + pz * ez) % (2 * math.pi), 9)

    return tuple(sorted(ns, key=angle))


def _halves(centres, anti: list[int]) -> tuple[int, ...]:
    """North above the equator, south below; of each mirror pair on the equator the cell with
    the smaller id (the one further east of longitude 0) goes north."""
    out = []
    for c, (_x, _y, z) in enumerate(centres):
        if abs(z) > 1e-9:
            out.append(0 if z > 0 else 1)
        else:
            out.append(0 if c < anti[c] else 1)
    return tuple(out)


def _antipode(centres) -> list[int]:
    where = {(round(x, 6), round(y, 6), round(z, 6)): i for i, (x, y, z) in enumerate(centres)}
    return [where[(round(-x, 6) + 0.0, round(-y, 6) + 0.0, round(-z, 6) + 0.0)] for x, y, z in centres]


_BOARDS: dict[tuple, Board] = {}


def build_board(size: str = DEFAULT_SIZE, seed: int | str = 0, wall: int = DEFAULT_WALL) -> Board:
    """The board of a named size with the wall of `seed`; `wall` is the per cent of the cells
    touching the other half that become wall (in mirror pairs, never cutting the sphere)."""
    if size not in SIZES:
        raise CardgenError(f"unknown board size {size!r} (accepted: {', '.join(SIZES)})")
    if not 0 <= wall <= 100:
        raise CardgenError(f"wall share {wall!r} out of range (accepted: 0 to 100 per cent)")
    key = (size, str(seed), wall)
    got = _BOARDS.get(key)
    if got is not None:
        return got
    neighbours, centres, faces = sphere(SIZES[size])
    anti, half, border, kept_free = _layout(SIZES[size])
    n = len(centres)
    poles = (0, n - 1)
    border = list(border)
    rng = Stream(seed, ("spherion", "wall", size))
    rng.shuffle(border)
    target = round(len(border) * wall / 100)
    walls: set[int] = set()
    for c in border:
        if len(walls) // 2 >= target:
            break
        if c in kept_free or anti[c] in kept_free:
            continue  # a deck master's starting cell and its neighbours stay free
        trial = walls | {c, anti[c]}
        if _stays_connected(neighbours, walls, c) and _stays_connected(neighbours, walls | {c}, anti[c]) \
                or _still_joined(neighbours, trial, (c, anti[c])):
            walls = trial
    floor = tuple(c for c in range(n) if c not in walls)
    board = Board(SIZES[size], neighbours, centres, half, poles, frozenset(walls), faces, floor)
    _BOARDS[key] = board
    return board


_LAYOUTS: dict[int, tuple] = {}


def _layout(frequency: int) -> tuple:
    """What every wall of a size starts from (cached): the antipodes, the halves, the wall's
    candidates (north cells touching the south half; each comes with its mirror image), and the
    cells that never become wall (the poles and their neighbours)."""
    got = _LAYOUTS.get(frequency)
    if got is None:
        neighbours, centres, _faces = sphere(frequency)
        anti = _antipode(centres)
        half = _halves(centres, anti)
        n = len(centres)
        border = tuple(c for c in range(n) if half[c] == 0 and any(half[x] == 1 for x in neighbours[c]))
        kept_free = frozenset((0, n - 1, *neighbours[0], *neighbours[n - 1]))
        got = _LAYOUTS[frequency] = (anti, half, border, kept_free)
    return got


def _stays_connected(neighbours, wall: set[int], cell: int) -> bool:
    """True when walling `cell` surely keeps the cells outside `wall` connected (they are now):
    its free neighbours form one unbroken run around it, and neighbours next to each other around a
    cell are neighbours themselves (the cells are the corners of a triangulated sphere), so any way
    through the cell goes round it instead. False: not sure, ask _still_joined."""
    free = [x not in wall for x in neighbours[cell]]
    runs = sum(1 for k, f in enumerate(free) if f and not free[k - 1])
    return runs == 1 or (runs == 0 and all(free))


def _still_joined(neighbours, wall: set[int], removed: tuple[int, ...]) -> bool:
    """Whether the cells outside `wall` are still connected, knowing they were before the cells of
    `removed` joined it: a way between two cells that went through a removed cell can go round it
    exactly when the removed cells' free neighbours can still reach each other. So the search
    starts at one of them and stops as soon as it has met them all (a full search of the sphere
    only when the wall does cut it)."""
    targets = {x for c in removed for x in neighbours[c] if x not in wall}
    if len(targets) < 2:
        return True
    start = targets.pop()
    seen = {start}
    todo = [start]
    while todo:
        for x in neighbours[todo.pop()]:
            if x not in seen and x not in wall:
                seen.add(x)
                todo.append(x)
                targets.discard(x)
                if not targets:
                    return True
    return False


def cell_name(cell: int) -> str:
    """Cells are named by their id with a '#' for text: '#17'."""
    return f"#{cell}"


def parse_cell(text: str, board: Board) -> int:
    raw = text
    cell = parse_int(text.strip().lstrip("#"), 0, board.cells - 1)
    if cell is None:
        raise CardgenError(f"not a cell: {raw!r} (expected a cell id from #0 to #{board.cells - 1})")
    return cell
