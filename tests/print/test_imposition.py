"""Geometry of the imposition, checked on the computed boxes (the PDF tests check they are used)."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.errors import LayoutError
from cardgen.print.imposition import MARK_OFFSET, OUTSIDE, OVER_BLEED, Layout, Rect, impose
from cardgen.print.sizes import CARD_SIZES, PAPERS, mm

TOL = 1e-6


def test_default_layout_a4_poker_3x3():
    imp = impose(Layout())
    assert (imp.page_width, imp.page_height) == pytest.approx(PAPERS["a4"].points)
    assert imp.per_page == 9
    for slot in imp.fronts:
        assert slot.trim.width == pytest.approx(mm(63)) and slot.trim.height == pytest.approx(mm(88))
        assert slot.bleed.width == pytest.approx(mm(69))
    # reading order: row 0 is the top row, column 0 the left column
    first, last = imp.fronts[0], imp.fronts[-1]
    assert first.trim.x < last.trim.x and first.trim.y > last.trim.y
    # centred on the page
    left = min(s.trim.x for s in imp.fronts)
    right = max(s.trim.right for s in imp.fronts)
    assert left == pytest.approx(imp.page_width - right)


def layouts():
    return st.builds(
        Layout,
        paper=st.sampled_from(list(PAPERS.values())),
        card=st.sampled_from(list(CARD_SIZES.values())),
        columns=st.integers(1, 4),
        rows=st.integers(1, 3),
        bleed=st.sampled_from([0.0, 1.0, 3.0]),
        gap=st.sampled_from([None, 0.0, 2.0, 8.0]),
        crop_marks=st.booleans(),
        backs=st.sampled_from(["none", "long-edge", "short-edge"]),
        back_offset=st.tuples(st.sampled_from([0.0, 0.5, -1.5]), st.sampled_from([0.0, 2.0])),
    )


@settings(max_examples=200, deadline=None)
@given(layouts())
def test_layout_fits_or_says_what_fits(layout):
    try:
        imp = impose(layout)
    except LayoutError as exc:
        message = str(exc)
        assert message == message.lower()
        assert "does not fit" in message and f"{layout.columns}x{layout.rows}" in message
        return
    page = Rect(0, 0, imp.page_width, imp.page_height)
    printable = imp.printable
    for slot in imp.fronts:
        # never a clipped card: every clip area lies in the printable area and contains the trim
        assert printable.contains(slot.clip)
        assert slot.clip.contains(slot.trim) and slot.bleed.contains(slot.clip)
    for a, b in itertools.combinations(imp.fronts, 2):
        assert not a.clip.overlaps(b.clip), "one card's bleed covers another"
    for x0, y0, x1, y1 in imp.marks:
        mark = Rect(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))
        assert printable.contains(mark) and page.contains(mark)
        assert abs(x1 - x0) + abs(y1 - y0) >= mm(2) - TOL
        for slot in imp.fronts:
            # never on a card: outside every bleed, or, in a gutter that is all bleed, 0.5 mm off every trim
            clear = Rect(slot.trim.x - mm(0.5) + TOL, slot.trim.y - mm(0.5) + TOL, slot.trim.width + mm(1) - 2 * TOL, slot.trim.height + mm(1) - 2 * TOL)
            assert not clear.overlaps(mark) and not _touches_interior(slot.trim, mark)
        # a mark over a bleed only where there is no paper to spare: the outer bleed with marks OVER_BLEED, or a gutter all bleed
        over = [s for s in imp.fronts if s.clip.overlaps(mark)]
        if over:
            across, down = imp.axes
            vertical = x0 == x1
            outer = mark.top <= min(s.trim.y for s in imp.fronts) + TOL or mark.y >= max(s.trim.top for s in imp.fronts) - TOL \
                if vertical else mark.right <= min(s.trim.x for s in imp.fronts) + TOL or mark.x >= max(s.trim.right for s in imp.fronts) - TOL
            if outer:
                assert (down if vertical else across).marks == OVER_BLEED, "a mark over the outer bleed although the paper has room beyond it"
            else:
                gutter = across if not vertical else down
                assert gutter.inner * 2 >= gutter.gap - 2 * MARK_OFFSET - 2 - 1e-6, "a mark over a bleed although the gutter has paper to spare"
    if layout.crop_marks:
        # every trim line has its marks at both ends, beyond the grid: on all four sides
        assert_marked_on_all_four_sides(imp)


def assert_marked_on_all_four_sides(imp):
    xs = {round(v, 4) for s in imp.fronts for v in (s.trim.x, s.trim.right)}
    ys = {round(v, 4) for s in imp.fronts for v in (s.trim.y, s.trim.top)}
    left, right = min(s.trim.x for s in imp.fronts), max(s.trim.right for s in imp.fronts)
    bottom, top = min(s.trim.y for s in imp.fronts), max(s.trim.top for s in imp.fronts)
    vertical = [m for m in imp.marks if m[0] == m[2]]
    horizontal = [m for m in imp.marks if m[1] == m[3]]
    for x in xs:
        assert any(abs(m[0] - x) < 1e-3 and min(m[1], m[3]) >= top - TOL for m in vertical), ("no mark above", x)
        assert any(abs(m[0] - x) < 1e-3 and max(m[1], m[3]) <= bottom + TOL for m in vertical), ("no mark below", x)
    for y in ys:
        assert any(abs(m[1] - y) < 1e-3 and max(m[0], m[2]) <= left + TOL for m in horizontal), ("no mark on the left", y)
        assert any(abs(m[1] - y) < 1e-3 and min(m[0], m[2]) >= right - TOL for m in horizontal), ("no mark on the right", y)


def _touches_interior(trim: Rect, mark: Rect) -> bool:
    return trim.x < mark.right and mark.x < trim.right and trim.y < mark.top and mark.y < trim.top


def test_marks_start_outside_the_bleed():
    imp = impose(Layout())
    bottom = min(s.clip.y for s in imp.fronts)
    vertical_bottom = [m for m in imp.marks if m[0] == m[2] and m[1] < bottom]
    assert vertical_bottom and all(m[1] == pytest.approx(bottom - mm(MARK_OFFSET)) for m in vertical_bottom)


def test_gap_bleed_is_split_between_neighbours():
    imp = impose(Layout(gap=4.0, bleed=3.0, columns=2, rows=2))
    a, b = imp.fronts[0], imp.fronts[1]
    assert a.clip.right == pytest.approx(a.trim.right + mm(2))
    assert b.clip.x == pytest.approx(a.clip.right)
    assert a.clip.x == pytest.approx(a.trim.x - mm(3))  # outer edge keeps the full bleed


def test_long_edge_mirrors_columns():
    imp = impose(Layout(backs="long-edge", columns=3, rows=2, gap=1.0, crop_marks=False))
    for front, back in zip(imp.fronts, imp.backs):
        assert back.index == front.index
        assert back.column == 2 - front.column and back.row == front.row
        # the back lies behind the front once the sheet turns about its vertical axis
        assert back.trim.x == pytest.approx(imp.page_width - front.trim.right)
        assert back.trim.y == pytest.approx(front.trim.y)
        assert back.clip.x == pytest.approx(imp.page_width - front.clip.right)


def test_short_edge_mirrors_rows():
    imp = impose(Layout(backs="short-edge", columns=3, rows=2, gap=1.0, crop_marks=False))
    for front, back in zip(imp.fronts, imp.backs):
        assert back.row == 1 - front.row and back.column == front.column
        assert back.trim.x == pytest.approx(front.trim.x)
        assert back.trim.y == pytest.approx(imp.page_height - front.trim.top)


def test_asymmetric_grid_back_lands_in_the_mirrored_slot():
    # 2 columns on A4 are centred, so slot positions only tell mirrored from not when checked per slot
    imp = impose(Layout(backs="long-edge", columns=2, rows=1))
    front_left, front_right = imp.fronts
    assert imp.backs[0].trim.x == pytest.approx(front_right.trim.x)
    assert imp.backs[1].trim.x == pytest.approx(front_left.trim.x)


@pytest.mark.parametrize("backs", ["long-edge", "short-edge"])
def test_back_offset_applied(backs):
    plain = impose(Layout(backs=backs))
    moved = impose(Layout(backs=backs, back_offset=(1.5, -2.0)))
    for a, b in zip(plain.backs, moved.backs):
        assert b.trim.x - a.trim.x == pytest.approx(mm(1.5))
        assert b.trim.y - a.trim.y == pytest.approx(mm(-2.0))
        assert b.bleed.x - a.bleed.x == pytest.approx(mm(1.5))
    assert [s.trim for s in plain.fronts] == [s.trim for s in moved.fronts]


def test_no_backs_no_back_slots():
    assert impose(Layout()).backs == ()


def test_single_layout_boxes():
    imp = impose(Layout(mode="single", card=CARD_SIZES["tarot"], bleed=3.0, backs="long-edge"))
    assert (imp.page_width, imp.page_height) == pytest.approx((mm(76), mm(126)))
    assert imp.trim_box == pytest.approx((mm(3), mm(3), mm(73), mm(123)))
    assert imp.bleed_box == pytest.approx((0, 0, mm(76), mm(126)))
    assert imp.marks == () and imp.per_page == 1
    assert imp.backs[0].trim == imp.fronts[0].trim


def test_letter_3x3_poker_suggestions():
    with pytest.raises(LayoutError) as info:
        impose(Layout(paper=PAPERS["letter"], gap=2.0))
    message = str(info.value)
    assert "does not fit letter (215.9x279.4 mm)" in message
    assert "3x2 cards per page" in message and "gap 0.7 mm" in message and "a4 paper" in message
    # and each suggestion really fits
    impose(Layout(paper=PAPERS["letter"], rows=2, gap=2.0))
    impose(Layout(paper=PAPERS["letter"], gap=0.7))
    impose(Layout(paper=PAPERS["a4"], gap=2.0))


def _grow(slot):
    """(left, right, bottom, top) bleed of a slot, mm."""
    from cardgen.print.sizes import pt_to_mm

    return tuple(round(pt_to_mm(v), 3) for v in (slot.trim.x - slot.clip.x, slot.clip.right - slot.trim.right,
                                                  slot.trim.y - slot.clip.y, slot.clip.top - slot.trim.top))  # fmt: skip


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_default_sheet_gives_3_mm_bleed_on_every_edge_a_cut_goes_through_alone(paper):
    """Issue 37: the default 3x3 poker sheet left 0.5 mm on A4's outer left and right edges, and no marks there.

    Now every outer edge has the full 3 mm; between neighbours a card has its own 3 mm where the paper
    holds gutters of 6 mm, else neighbours share the cut line (one cut, no bleed possible), and the
    summary says which and why."""
    imp = impose(Layout(paper=PAPERS[paper]))
    across, down = imp.axes
    shared = across if paper == "a4" else down  # A4 is too narrow for 3 gutters' worth across, letter too short down
    full = down if paper == "a4" else across
    assert imp.outer_bleed_mm == (3.0, 3.0) and imp.requested_bleed is None
    assert (shared.gap, shared.inner) == (0.0, 0.0) and (full.gap, full.inner) == (6.0, 3.0)
    for slot in imp.fronts:
        left, right, bottom, top = _grow(slot)
        outer = [(slot.column == 0, left), (slot.column == 2, right), (slot.row == 2, bottom), (slot.row == 0, top)]
        for is_outer, grow in outer:
            if is_outer:
                assert grow == 3.0
        between_columns = [g for edge, g in ((slot.column > 0, left), (slot.column < 2, right)) if edge]
        between_rows = [g for edge, g in ((slot.row < 2, bottom), (slot.row > 0, top)) if edge]
        assert set(between_columns) <= ({0.0} if paper == "a4" else {3.0})
        assert set(between_rows) <= ({3.0} if paper == "a4" else {0.0})
    assert_marked_on_all_four_sides(imp)
    if paper == "a4":
        assert imp.describe() == (
            "3x3 poker (63x88 mm) on a4 (210x297 mm), 6 mm gutters between rows, no gutter between columns, "
            "bleed 3 mm on the outer edges and between rows; none between columns (cards share those cut lines: "
            "3 columns each with its own 3 mm bleed need 215 mm with the printer margins, a4 is 210 mm wide)"
        )
        assert [a.marks for a in imp.axes] == [OUTSIDE, OUTSIDE]
    else:
        assert "bleed 3 mm on the outer edges and between columns; none between rows (cards share those cut lines: " \
            "3 rows each with its own 3 mm bleed need 290 mm with the printer margins, letter is 279.4 mm tall)" in imp.describe()
        # letter has 3.7 mm above and below the grid inside the margin, 3.45 mm left and right: the marks
        # start 0.5 mm off the trim and cross the outer bleed (in the waste) to the printer margin
        assert [a.marks for a in imp.axes] == [OVER_BLEED, OVER_BLEED]


def test_gap_zero_keeps_shared_cut_lines_with_marks_outside():
    imp = impose(Layout(gap=0.0))
    assert imp.inner_bleed_mm == (0.0, 0.0) and imp.outer_bleed_mm == (3.0, 3.0)
    assert imp.bleed_note() == "bleed 3 mm on the outer edges; none between columns or rows (cards share those cut lines)"
    grid = Rect(min(s.trim.x for s in imp.fronts), min(s.trim.y for s in imp.fronts),
                3 * mm(63), 3 * mm(88))  # fmt: skip
    for x0, y0, x1, y1 in imp.marks:  # every mark outside the grid: nothing to cut into
        assert not grid.overlaps(Rect(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0)))


def test_a_bleed_the_paper_cannot_hold_shrinks_on_the_outer_edges_and_says_so():
    imp = impose(Layout(paper=PAPERS["letter"], bleed=5.0))
    assert imp.requested_bleed == 5.0 and imp.outer_bleed_mm == (5.0, 3.7)
    assert imp.bleed_note().startswith("bleed 5 mm on the left and right edges; 3.7 mm on the top and bottom edges; none between")
    assert imp.bleed_note().endswith("(the most letter holds; 5 mm asked)")
    full = impose(Layout(paper=PAPERS["letter"], columns=2, rows=2))  # room for the full bleed: nothing shrunk
    assert full.requested_bleed is None and full.bleed_note() == "bleed 3 mm on every edge of every card"
    assert full.describe() == "2x2 poker (63x88 mm) on letter (215.9x279.4 mm), 6 mm gutters, bleed 3 mm on every edge of every card"


def test_an_explicit_gap_narrower_than_twice_the_bleed_says_the_bleed_between_cards():
    imp = impose(Layout(gap=2.0))
    assert imp.describe() == "3x3 poker (63x88 mm) on a4 (210x297 mm), 2 mm gutters, bleed 3 mm on the outer edges; 1 mm between columns and rows"


@pytest.mark.parametrize("cards,grown", [(7, {4: "bottom", 5: "bottom", 6: "right"}), (2, {0: "bottom", 1: "right+bottom"})])
def test_a_card_beside_an_empty_place_gets_its_full_bleed_toward_it(cards, grown):
    """The last sheet of a deck: a cut line is shared only with a card, so toward an empty place the card keeps 3 mm."""
    imp = impose(Layout(paper=PAPERS["letter"], backs="long-edge"))  # letter: rows share their cut lines
    full = imp.page_slots(9)
    assert full == imp.fronts
    page = imp.page_slots(cards)
    backs = imp.page_slots(cards, back=True)
    for slot, back, before in zip(page, backs, imp.fronts):
        left, right, bottom, top = _grow(slot)
        sides = grown.get(slot.index, "")
        if "right" in sides and slot.column < 2:
            assert right == 3.0
        if "bottom" in sides:
            assert bottom == 3.0
        if not sides:
            assert slot.clip == before.clip
        assert back.clip == slot.clip.mirrored(imp.page_width, imp.page_height, "long-edge")
    for a, b in itertools.combinations(page, 2):
        assert not a.clip.overlaps(b.clip)


def test_too_many_columns_and_gap():
    with pytest.raises(LayoutError, match=r"would fit: 3x3 cards per page"):
        impose(Layout(columns=4))
    with pytest.raises(LayoutError, match=r"gap 3\.5 mm"):
        impose(Layout(gap=5))
    impose(Layout(gap=3.5))  # the marks left and right then cross the outer bleed: 4.75 mm beside the grid


def test_card_bigger_than_paper():
    with pytest.raises(LayoutError, match="does not fit the paper at all"):
        impose(Layout(card=CARD_SIZES["tarot"].__class__("", 250, 300), columns=1, rows=1))


@pytest.mark.parametrize(
    "kwargs,match",
    [
        ({"bleed": -1}, "bleed -1 mm out of range"),
        ({"gap": 99}, "gap 99 mm out of range"),
        ({"margin": 2}, "printer margin 2 mm too small: use at least 4 mm"),
        ({"columns": 0}, "grid 0x3 is empty"),
        ({"backs": "duplex"}, "unknown backs 'duplex'"),
        ({"mode": "poster"}, "unknown layout 'poster'"),
        ({"back_offset": (30, 0)}, "back offset 30,0 mm out of range"),
    ],
)
def test_invalid_layouts(kwargs, match):
    with pytest.raises(LayoutError, match=match):
        impose(Layout(**kwargs))
