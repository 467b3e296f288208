import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.print.fonts import SANS, SANS_BOLD, TextFitError, fit_text, register_fonts, text_width, wrap

register_fonts()


def test_short_text_keeps_max_size_on_one_line():
    fitted = fit_text("Laser", SANS_BOLD, 100, 20, max_size=12)
    assert (fitted.size, fitted.lines) == (12, ("Laser",))


def test_title_shrinks_when_single_line():
    fitted = fit_text("An extremely long ship name", SANS_BOLD, 110, 14, max_size=12, max_lines=1)
    assert 5 <= fitted.size < 12 and len(fitted.lines) == 1
    assert text_width(fitted.lines[0], SANS_BOLD, fitted.size) <= 110


def test_long_text_wraps_and_shrinks():
    text = "When this ship attacks, rotate every enemy ship in range by one step and draw a card. " * 3
    fitted = fit_text(text, SANS, 150, 60, max_size=9)
    assert len(fitted.lines) > 1 and fitted.size < 9
    assert fitted.height <= 60
    assert " ".join(fitted.lines).split() == text.split()


def test_explicit_newlines_kept():
    assert fit_text("a\nb", SANS, 100, 50, max_size=9).lines == ("a", "b")


def test_cannot_fit_raises_with_the_text():
    with pytest.raises(TextFitError, match=r"text 'word word.*does not fit .* even at 5 pt"):
        fit_text("word " * 200, SANS, 50, 20, max_size=9, min_size=5)


def test_single_word_wider_than_box_raises():
    assert wrap("Supercalifragilistic", SANS, 9, 20) is None
    with pytest.raises(TextFitError):
        fit_text("Supercalifragilistic", SANS, 20, 50, max_size=9, min_size=6)


def test_configurable_minimum():
    text = "word " * 30
    fitted = fit_text(text, SANS, 100, 40, max_size=9, min_size=3)
    assert fitted.size >= 3
    with pytest.raises(TextFitError, match="even at 8 pt"):
        fit_text(text, SANS, 100, 40, max_size=9, min_size=8)


@settings(max_examples=150, deadline=None)
@given(
    text=st.lists(st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCW.,'", min_size=1, max_size=12), min_size=1, max_size=60).map(" ".join),
    width=st.floats(40, 200),
    height=st.floats(8, 120),
)
def test_never_overflows(text, width, height):
    try:
        fitted = fit_text(text, SANS, width, height, max_size=10, min_size=5)
    except TextFitError:
        return
    assert 5 <= fitted.size <= 10
    assert fitted.height <= height + 1e-6
    assert all(text_width(line, SANS, fitted.size) <= width + 1e-6 for line in fitted.lines)
    assert " ".join(fitted.lines).split() == text.split()
