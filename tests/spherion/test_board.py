"""The sphere: a Goldberg polyhedron for every size, equal halves, a wall that never cuts it."""

from __future__ import annotations

import pytest

from cardgen.errors import CardgenError
from cardgen.spherion.board import SIZES, build_board, parse_cell


@pytest.mark.parametrize("size", list(SIZES))
def test_goldberg_polyhedron_for_every_size(size):
    b = build_board(size, 0)
    m = SIZES[size]
    faces = b.cells  # the cells are the polyhedron's faces
    edges = b.edges()
    corners = len(b.faces)  # each triangle of the geodesic sphere is a corner of three cells
    assert faces == 10 * m * m + 2
    assert corners - edges + faces == 2  # Euler
    assert len(b.pentagons()) == 12
    assert all(len(n) == 6 for c, n in enumerate(b.neighbours) if not b.is_pentagon(c))
    assert b.is_pentagon(b.poles[0]) and b.is_pentagon(b.poles[1])


@pytest.mark.parametrize("size", list(SIZES))
def test_neighbours_symmetric_distinct_and_close(size):
    b = build_board(size, 0)
    for c, ns in enumerate(b.neighbours):
        assert len(set(ns)) == len(ns) and c not in ns
        for n in ns:
            assert c in b.neighbours[n]
            # neighbours are near: the centres of neighbours are closer than any non-neighbour
            d = sum((p - q) ** 2 for p, q in zip(b.centres[c], b.centres[n]))
            assert d < 4.0 / b.frequency**2
        assert all(abs(sum(v * v for v in b.centres[c]) - 1) < 1e-9 for c in range(b.cells))


@pytest.mark.parametrize("size", list(SIZES))
def test_neighbours_next_to_each_other_around_a_cell_touch(size):
    """The walls' quick connectivity test relies on it: each cell's neighbours, in their order
    around it, make a closed ring (the cells are the corners of a triangulated sphere)."""
    b = build_board(size, 0)
    for ns in b.neighbours:
        assert all(ns[k - 1] in b.neighbours[ns[k]] for k in range(len(ns)))


@pytest.mark.parametrize("size", list(SIZES))
def test_halves_equal_with_the_wall_and_poles_farthest(size):
    b = build_board(size, 5)
    north = [c for c in range(b.cells) if b.half[c] == 0 and c not in b.wall]
    south = [c for c in range(b.cells) if b.half[c] == 1 and c not in b.wall]
    assert len(north) == len(south) == (b.cells - len(b.wall)) // 2
    # each pole is the cell of its half farthest (in steps) from the other half
    for p, pole in enumerate(b.poles):
        assert b.half[pole] == p
        other = [c for c in range(b.cells) if b.half[c] != p]
        def gap(cell, other=other):
            d = b.distances(cell, through_wall=True)
            return min(d[o] for o in other)
        assert gap(pole) == max(gap(c) for c in range(b.cells) if b.half[c] == p)


@pytest.mark.parametrize("size", ["small", "standard"])
def test_wall_never_cuts_off_a_cell_over_many_seeds(size):
    walls = set()
    for seed in range(150):
        b = build_board(size, seed)
        assert b.wall and not (b.wall & set(b.poles))
        for pole in b.poles:
            d = b.distances(pole)
            assert all(d[c] >= 0 for c in range(b.cells) if c not in b.wall), (size, seed)
        walls.add(b.wall)
    assert len(walls) > 100  # the seed really moves the wall


def test_same_seed_same_board_and_bad_input():
    assert build_board("medium", "x").wall == build_board("medium", "x").wall
    assert build_board("medium", 1, wall=0).wall == frozenset()
    with pytest.raises(CardgenError, match="unknown board size 'huge'"):
        build_board("huge")
    b = build_board("small")
    assert parse_cell("#7", b) == 7 and parse_cell(" 41 ", b) == 41
    for bad in ("#42", "x", "", "７", "-1"):
        with pytest.raises(CardgenError, match="not a cell"):
            parse_cell(bad, b)
