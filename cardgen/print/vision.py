"""How a face looks to other eyes: greyscale and deuteranopia renderings, and colour distance.

Faces tell elements, guilds and colours apart by colour and by a shape or a letter; the
tests check the colours stay apart for a reader who sees no colour (greyscale: a
black-and-white print, a photocopy) or no green-red difference (deuteranopia, about 1 in
20 men). The deuteranopia matrix is Machado, Oliveira and Fernandes (2009) at severity 1.0,
applied in linear RGB; distances are CIE76 Delta E in CIELAB (D65).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from PIL import Image

RGB = tuple[float, float, float]  # 0..1 sRGB
KINDS = ("normal", "greyscale", "deuteranopia")

_DEUTERANOPIA = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _srgb(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def simulate(colour: RGB, kind: str) -> RGB:
    """`colour` (sRGB, 0..1) as a reader of `kind` (one of KINDS) sees it."""
    if kind == "normal":
        return colour
    lin = [_linear(c) for c in colour]
    if kind == "greyscale":
        y = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
        g = _srgb(y)
        return (g, g, g)
    if kind == "deuteranopia":
        out = [sum(m * c for m, c in zip(row, lin)) for row in _DEUTERANOPIA]
        return (_srgb(out[0]), _srgb(out[1]), _srgb(out[2]))
    raise ValueError(f"unknown vision {kind!r}: use one of {', '.join(KINDS)}")


def lab(colour: RGB) -> RGB:
    """CIELAB (D65) of an sRGB colour."""
    r, g, b = (_linear(c) for c in colour)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e(a: RGB, b: RGB) -> float:
    """CIE76 colour difference: about 2.3 is just noticeable, 10+ is plainly different."""
    la, lb = lab(a), lab(b)
    return sum((p - q) ** 2 for p, q in zip(la, lb)) ** 0.5


def closest_pair(colours: Sequence[RGB], kind: str) -> tuple[float, int, int]:
    """The smallest Delta E between any two of `colours` as `kind` sees them, and their indexes."""
    seen = [simulate(c, kind) for c in colours]
    best = (float("inf"), -1, -1)
    for i, j in combinations(range(len(seen)), 2):
        d = delta_e(seen[i], seen[j])
        if d < best[0]:
            best = (d, i, j)
    return best


def image(img: Image.Image, kind: str) -> Image.Image:
    """A Pillow image as a reader of `kind` sees it (RGB), for looking at a face that way."""
    if kind not in KINDS:
        raise ValueError(f"unknown vision {kind!r}: use one of {', '.join(KINDS)}")
    rgb = img.convert("RGB")
    if kind == "normal":
        return rgb
    data = rgb.tobytes()
    cache: dict[bytes, bytes] = {}
    out = bytearray()
    for k in range(0, len(data), 3):
        px = data[k : k + 3]
        got = cache.get(px)
        if got is None:
            sim = simulate((px[0] / 255, px[1] / 255, px[2] / 255), kind)
            got = cache[px] = bytes(round(c * 255) for c in sim)
        out += got
    return Image.frombytes("RGB", rgb.size, bytes(out))
