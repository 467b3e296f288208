"""Geometry of the imposition, checked on the computed boxes (the PDF tests check they are used)."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.errors import LayoutError
from cardgen.print.imposition import MARK_OFFSET, Layout, Rect, impose
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
            if not slot.trim.contains(Rect(mark.x, mark.y, 0, 0), tolerance=-1) and (imp.inner_bleed_mm or 0) * 2 < (imp.layout.gap or 0) - 2 * MARK_OFFSET - 2:
                assert not slot.clip.overlaps(mark), "a mark over a bleed although the gutter has paper to spare"
    if layout.crop_marks:
        # every trim line has its marks
        xs = [v for s in imp.fronts for v in (s.trim.x, s.trim.right)]
        ys = [v for s in imp.fronts for v in (s.trim.y, s.trim.top)]
        assert all(any(abs(m[0] - x) < 1e-4 and m[0] == m[2] for m in imp.marks) for x in xs)
        assert all(any(abs(m[1] - y) < 1e-4 and m[1] == m[3] for m in imp.marks) for y in ys)


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
        impose(Layout(paper=PAPERS["letter"], gap=0.0))
    message = str(info.value)
    assert "does not fit letter (215.9x279.4 mm)" in message
    assert "3x2 cards per page" in message and "bleed 0.7 mm" in message
    assert "no crop marks" in message and "a4 paper" in message
    # and each suggestion really fits
    impose(Layout(paper=PAPERS["letter"], rows=2, gap=0.0))
    impose(Layout(paper=PAPERS["letter"], bleed=0.7, gap=0.0))
    impose(Layout(paper=PAPERS["letter"], crop_marks=False, gap=0.0))


def test_default_sheet_gives_every_card_its_bleed_on_all_four_sides():
    """Issue 11: 6 mm gutters on A4, so a cut a little off never shows the neighbouring card."""
    imp = impose(Layout())
    assert imp.layout.gap == 6.0 and imp.inner_bleed_mm == 3.0
    for slot in imp.fronts:
        inner_sides = [
            (slot.column > 0, slot.trim.x - slot.clip.x),
            (slot.column < 2, slot.clip.right - slot.trim.right),
            (slot.row < 2, slot.trim.y - slot.clip.y),
            (slot.row > 0, slot.clip.top - slot.trim.top),
        ]
        for inner, grow in inner_sides:
            assert grow == pytest.approx(mm(3.0) if inner else grow)
        # the top and bottom of the grid keep 3 mm; left and right get what the 4 mm margin leaves
        assert slot.trim.y - slot.clip.y >= mm(3.0) - TOL or slot.row < 2
    assert imp.outer_bleed_mm == (0.5, 3.0)
    note = imp.bleed_note()
    assert note.startswith("bleed 3 mm between cards, outer 0.5 mm left/right, 3 mm top/bottom")
    assert "the most a4 holds; 3 mm asked" in note


def test_gap_zero_keeps_shared_cut_lines_with_marks_outside():
    imp = impose(Layout(gap=0.0))
    assert imp.inner_bleed_mm == 0.0 and imp.outer_bleed_mm == (3.0, 3.0)
    assert "none inner (cards share their cut lines)" in imp.bleed_note()
    grid = Rect(min(s.trim.x for s in imp.fronts), min(s.trim.y for s in imp.fronts),
                3 * mm(63), 3 * mm(88))  # fmt: skip
    for x0, y0, x1, y1 in imp.marks:  # every mark outside the grid: nothing to cut into
        assert not grid.overlaps(Rect(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0)))


def test_auto_gap_on_letter_shrinks_the_bleed_and_says_so():
    imp = impose(Layout(paper=PAPERS["letter"]))
    assert imp.requested_bleed == 3.0
    assert 0 < imp.inner_bleed_mm < 3.0
    assert "the most letter holds; 3 mm asked" in imp.bleed_note()
    full = impose(Layout(paper=PAPERS["letter"], columns=2, rows=2))  # room for the full bleed: nothing shrunk
    assert full.requested_bleed is None and full.bleed_note().startswith("bleed 3 mm on every edge of every card")


def test_too_many_columns_and_gap():
    with pytest.raises(LayoutError, match=r"would fit: 3x3 cards per page"):
        impose(Layout(columns=4))
    with pytest.raises(LayoutError, match=r"gap 0\.5 mm"):
        impose(Layout(gap=5))
    impose(Layout(gap=0.5))


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
