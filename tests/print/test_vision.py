"""The colour-vision renderings the face tests use: greyscale and deuteranopia."""

from __future__ import annotations

import pytest
from PIL import Image

from cardgen.print.vision import closest_pair, delta_e, image, simulate

RED, GREEN, BLUE, ORANGE = (0.85, 0.1, 0.1), (0.1, 0.65, 0.1), (0.1, 0.2, 0.85), (0.95, 0.55, 0.1)


def test_greyscale_keeps_luminance_and_loses_hue():
    g = simulate(RED, "greyscale")
    assert g[0] == g[1] == g[2]
    assert simulate((1.0, 1.0, 1.0), "greyscale") == pytest.approx((1.0, 1.0, 1.0))
    assert simulate((0.0, 0.0, 0.0), "greyscale") == pytest.approx((0.0, 0.0, 0.0))
    # a red and a green of similar lightness: plainly different in colour, close in grey
    assert delta_e(RED, (0.0, 0.5, 0.0)) > 50
    assert delta_e(simulate(RED, "greyscale"), simulate((0.0, 0.5, 0.0), "greyscale")) < 15


def test_deuteranopia_merges_green_and_orange_but_not_blue():
    normal = delta_e(GREEN, ORANGE)
    seen = delta_e(simulate(GREEN, "deuteranopia"), simulate(ORANGE, "deuteranopia"))
    assert seen < normal / 2  # the pair the Gyon-RG deploy diagram relied on
    assert delta_e(simulate(BLUE, "deuteranopia"), simulate(ORANGE, "deuteranopia")) > 40


def test_closest_pair_names_the_colours_that_run_together():
    d, i, j = closest_pair([BLUE, GREEN, ORANGE], "deuteranopia")
    assert {i, j} == {1, 2} and d < closest_pair([BLUE, GREEN, ORANGE], "normal")[0]
    with pytest.raises(ValueError, match="unknown vision"):
        simulate(RED, "tritanopia")


def test_an_image_renders_as_each_reader_sees_it():
    img = Image.frombytes("RGB", (2, 1), bytes([217, 26, 26, 26, 166, 26]))
    grey = image(img, "greyscale")
    assert all(len(set(grey.getpixel((x, 0)))) == 1 for x in range(2))  # type: ignore[arg-type]
    expected = simulate((217 / 255, 26 / 255, 26 / 255), "deuteranopia")
    assert image(img, "deuteranopia").getpixel((0, 0)) == tuple(round(c * 255) for c in expected)
    assert image(img, "normal").getpixel((1, 0)) == (26, 166, 26)
