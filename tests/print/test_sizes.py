import pytest

from cardgen.errors import LayoutError
from cardgen.print.sizes import CARD_SIZES, PAPERS, mm, parse_card_size, parse_paper, pt_to_mm


def test_mm_points_round_trip():
    assert mm(25.4) == pytest.approx(72.0)
    assert pt_to_mm(mm(63.0)) == pytest.approx(63.0)


def test_paper_points():
    assert PAPERS["a4"].points == pytest.approx((595.2756, 841.8898), abs=1e-3)
    assert PAPERS["letter"].points == pytest.approx((612.0, 792.0), abs=1e-3)


@pytest.mark.parametrize("name", sorted(CARD_SIZES))
def test_presets_round_trip(name):
    size = parse_card_size(name.upper())
    assert size is CARD_SIZES[name]
    assert parse_card_size(size.format()) == size


@pytest.mark.parametrize("text,expected", [("63x88", (63, 88)), (" 70 X 120 mm", (70, 120)), ("44.5x67", (44.5, 67))])
def test_wxh(text, expected):
    size = parse_card_size(text)
    assert (size.width, size.height) == expected
    assert parse_card_size(size.format()) == size


@pytest.mark.parametrize("text", ["", "huge", "63x", "63*88", "5x88", "63x1000"])
def test_bad_card_sizes_quote_input(text):
    with pytest.raises(LayoutError, match=repr(text).replace("*", r"\*")):
        parse_card_size(text)


def test_bad_paper():
    with pytest.raises(LayoutError, match="'a5'.*a4, letter"):
        parse_paper("a5")
    assert parse_paper("Letter") is PAPERS["letter"]
