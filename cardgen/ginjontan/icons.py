"""Gin-jon-tan's symbol icons: one simple silhouette per symbol of the tables, drawn as vector paths.

The rulebook's symbol table has an "Image" column that reads N/A for every row; these are the
images. Each icon is drawn in a unit box (-1..1 on both axes, y up) and stays inside -0.9..0.9, so
nothing touches the box it is given; holes are cut with the even-odd rule, so an icon is drawn in
one colour on any background. `draw_icon(canvas, name, cx, cy, size)` draws the icon named by a
symbol's name in the current fill colour (strokes too), `size` wide and high, centred on (cx, cy).
tests/ginjontan/test_icons.py checks that every symbol of the tables has one and that no two
rasterise to nearly the same shape.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO, Canvas

Drawer = Callable[[Canvas], None]
EXTENT = 0.9  # every icon stays inside -EXTENT..EXTENT of its unit box


def _fill(c: Canvas, p) -> None:
    """Fill with holes: a part drawn inside another is cut out of it."""
    c.drawPath(p, stroke=0, fill=1, fillMode=FILL_EVEN_ODD)


def _union(c: Canvas, p) -> None:
    """Fill as one shape: overlapping parts merge."""
    c.drawPath(p, stroke=0, fill=1, fillMode=FILL_NON_ZERO)


def _polygon(c: Canvas, points: list[tuple[float, float]], p=None, close: bool = True):
    own = p is None
    p = p if p is not None else c.beginPath()
    p.moveTo(*points[0])
    for q in points[1:]:
        p.lineTo(*q)
    if close:
        p.close()
    if own:
        _fill(c, p)
    return p


def _star_points(cx: float, cy: float, n: int, outer: float, inner: float, turn: float = math.pi / 2) -> list[tuple[float, float]]:
    pts = []
    for k in range(2 * n):
        a = turn + k * math.pi / n
        r = outer if k % 2 == 0 else inner
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def _stroke(c: Canvas, width: float, cap: int = 1) -> None:
    c.setLineWidth(width)
    c.setLineCap(cap)
    c.setLineJoin(1)


def _lines(c: Canvas, segments: list[tuple[float, float, float, float]], width: float) -> None:
    _stroke(c, width)
    p = c.beginPath()
    for x1, y1, x2, y2 in segments:
        p.moveTo(x1, y1)
        p.lineTo(x2, y2)
    c.drawPath(p, stroke=1, fill=0)


# -- the 24 symbols -----------------------------------------------------------------------------------


def righteous(c: Canvas) -> None:
    """Scales of justice: post, beam, two hanging pans, a foot."""
    p = c.beginPath()
    p.rect(-0.07, -0.72, 0.14, 1.42)  # post
    p.rect(-0.8, 0.5, 1.6, 0.12)  # beam
    p.rect(-0.4, -0.85, 0.8, 0.14)  # foot
    p.circle(0, 0.72, 0.12)
    for sx in (-0.55, 0.55):
        p.moveTo(sx - 0.3, -0.05)  # a pan: a half disc
        p.arcTo(sx - 0.3, -0.35, sx + 0.3, 0.25, 180, 180)
        p.close()
    _union(c, p)
    _lines(c, [(sx, 0.5, sx + dx, -0.05) for sx in (-0.55, 0.55) for dx in (-0.27, 0.27)], 0.05)


def fire(c: Canvas) -> None:
    """A flame with a tongue at the side and a hollow heart."""
    p = c.beginPath()
    p.moveTo(0.0, -0.85)
    p.curveTo(-0.55, -0.85, -0.75, -0.4, -0.6, 0.0)
    p.curveTo(-0.5, 0.3, -0.3, 0.35, -0.3, 0.65)  # left tongue
    p.curveTo(-0.05, 0.45, -0.05, 0.3, 0.0, 0.2)
    p.curveTo(0.1, 0.5, 0.15, 0.7, 0.05, 0.88)  # main tip
    p.curveTo(0.55, 0.55, 0.75, 0.15, 0.62, -0.3)
    p.curveTo(0.55, -0.65, 0.35, -0.85, 0.0, -0.85)
    p.close()
    p.moveTo(0.0, -0.7)  # the hollow
    p.curveTo(-0.3, -0.7, -0.35, -0.35, -0.2, -0.15)
    p.curveTo(-0.1, -0.05, 0.0, 0.05, 0.05, 0.2)
    p.curveTo(0.3, -0.05, 0.35, -0.35, 0.25, -0.55)
    p.curveTo(0.18, -0.67, 0.1, -0.7, 0.0, -0.7)
    p.close()
    _fill(c, p)


def love(c: Canvas) -> None:
    """A heart."""
    p = c.beginPath()
    p.moveTo(0.0, -0.82)
    p.curveTo(-0.35, -0.45, -0.88, -0.15, -0.85, 0.3)
    p.curveTo(-0.82, 0.72, -0.3, 0.88, 0.0, 0.5)
    p.curveTo(0.3, 0.88, 0.82, 0.72, 0.85, 0.3)
    p.curveTo(0.88, -0.15, 0.35, -0.45, 0.0, -0.82)
    p.close()
    _fill(c, p)


def sin(c: Canvas) -> None:
    """An apple with a bite taken, a stem and a leaf."""
    p = c.beginPath()
    p.moveTo(0.0, 0.42)
    p.curveTo(-0.35, 0.62, -0.8, 0.45, -0.78, -0.05)
    p.curveTo(-0.75, -0.55, -0.4, -0.85, -0.15, -0.8)
    p.curveTo(-0.05, -0.78, 0.05, -0.78, 0.15, -0.8)
    p.curveTo(0.35, -0.84, 0.55, -0.65, 0.62, -0.45)
    # the bite: three scallops into the right side
    p.curveTo(0.45, -0.4, 0.38, -0.25, 0.45, -0.12)
    p.curveTo(0.35, -0.02, 0.35, 0.15, 0.48, 0.25)
    p.curveTo(0.45, 0.33, 0.5, 0.4, 0.58, 0.45)
    p.curveTo(0.4, 0.62, 0.15, 0.58, 0.0, 0.42)
    p.close()
    p.moveTo(0.05, 0.4)  # leaf
    p.curveTo(0.15, 0.8, 0.45, 0.85, 0.6, 0.82)
    p.curveTo(0.5, 0.55, 0.25, 0.45, 0.05, 0.4)
    p.close()
    _union(c, p)
    _lines(c, [(-0.02, 0.4, -0.12, 0.8)], 0.09)


def water(c: Canvas) -> None:
    """A drop above a wave."""
    p = c.beginPath()
    p.moveTo(0.0, 0.88)
    p.curveTo(-0.2, 0.55, -0.55, 0.15, -0.55, -0.15)
    p.curveTo(-0.55, -0.45, -0.3, -0.62, 0.0, -0.62)
    p.curveTo(0.3, -0.62, 0.55, -0.45, 0.55, -0.15)
    p.curveTo(0.55, 0.15, 0.2, 0.55, 0.0, 0.88)
    p.close()
    p.moveTo(0.3, -0.2)  # highlight
    p.curveTo(0.3, -0.38, 0.18, -0.45, 0.08, -0.45)
    p.lineTo(0.08, -0.36)
    p.curveTo(0.15, -0.36, 0.21, -0.3, 0.21, -0.2)
    p.close()
    _fill(c, p)
    _stroke(c, 0.1)
    w = c.beginPath()
    w.moveTo(-0.78, -0.74)
    w.curveTo(-0.6, -0.6, -0.4, -0.6, -0.27, -0.74)
    w.curveTo(-0.13, -0.86, 0.13, -0.86, 0.27, -0.74)
    w.curveTo(0.4, -0.6, 0.6, -0.6, 0.78, -0.74)
    c.drawPath(w, stroke=1, fill=0)


def air(c: Canvas) -> None:
    """Three gusts of wind, two ending in curls."""
    _stroke(c, 0.11)
    p = c.beginPath()
    p.moveTo(-0.8, 0.35)
    p.lineTo(0.35, 0.35)
    p.curveTo(0.75, 0.35, 0.75, 0.8, 0.45, 0.8)
    p.curveTo(0.3, 0.8, 0.22, 0.68, 0.28, 0.55)
    p.moveTo(-0.8, 0.0)
    p.lineTo(0.6, 0.0)
    p.moveTo(-0.6, -0.35)
    p.lineTo(0.15, -0.35)
    p.curveTo(0.55, -0.35, 0.55, -0.82, 0.2, -0.8)
    p.curveTo(0.05, -0.78, 0.0, -0.65, 0.06, -0.55)
    c.drawPath(p, stroke=1, fill=0)


def night(c: Canvas) -> None:
    """The night sky: a dark disc with a crescent and two stars cut out."""
    p = c.beginPath()
    p.circle(0, 0, 0.85)
    p.moveTo(-0.05, 0.55)  # crescent: two arcs
    p.curveTo(-0.55, 0.5, -0.6, -0.25, -0.15, -0.45)
    p.curveTo(-0.35, -0.1, -0.35, 0.3, -0.05, 0.55)
    p.close()
    _polygon(c, _star_points(0.35, 0.3, 5, 0.2, 0.08), p)
    _polygon(c, _star_points(0.3, -0.3, 5, 0.13, 0.05), p)
    _fill(c, p)


def path(c: Canvas) -> None:
    """A road running to the horizon, its middle line dashed."""
    p = c.beginPath()
    _polygon(c, [(-0.85, -0.85), (0.85, -0.85), (0.15, 0.75), (-0.15, 0.75)], p)
    for y0, y1, w0, w1 in ((-0.75, -0.4, 0.09, 0.07), (-0.22, 0.05, 0.06, 0.045), (0.2, 0.4, 0.04, 0.03), (0.52, 0.65, 0.025, 0.02)):
        _polygon(c, [(-w0, y0), (w0, y0), (w1, y1), (-w1, y1)], p)
    _fill(c, p)


def black_hole(c: Canvas) -> None:
    """A disc swallowing four spiral arms."""
    p = c.beginPath()
    p.circle(0, 0, 0.3)
    for k in range(4):
        a = k * math.pi / 2
        pts_out, pts_in = [], []
        for i in range(13):
            t = i / 12
            ang = a + t * 2.0
            r_mid = 0.28 + 0.58 * t
            half = 0.11 * (1 - t) + 0.015
            pts_out.append(((r_mid + half) * math.cos(ang), (r_mid + half) * math.sin(ang)))
            pts_in.append(((r_mid - half) * math.cos(ang), (r_mid - half) * math.sin(ang)))
        _polygon(c, pts_out + pts_in[::-1], p)
    _union(c, p)


def hope(c: Canvas) -> None:
    """An anchor: ring, shank, stock and curved arms."""
    _stroke(c, 0.13)
    p = c.beginPath()
    p.circle(0, 0.68, 0.15)
    p.moveTo(0, 0.53)
    p.lineTo(0, -0.78)
    p.moveTo(-0.38, 0.3)
    p.lineTo(0.38, 0.3)
    p.moveTo(-0.72, -0.2)
    p.curveTo(-0.6, -0.7, -0.25, -0.8, 0.0, -0.8)
    p.curveTo(0.25, -0.8, 0.6, -0.7, 0.72, -0.2)
    c.drawPath(p, stroke=1, fill=0)
    _polygon(c, [(-0.8, -0.3), (-0.6, -0.12), (-0.58, -0.38)])
    _polygon(c, [(0.8, -0.3), (0.6, -0.12), (0.58, -0.38)])


def earth(c: Canvas) -> None:
    """A globe: a ring with its equator, two parallels and a meridian ellipse."""
    _stroke(c, 0.09)
    p = c.beginPath()
    p.circle(0, 0, 0.82)
    p.ellipse(-0.36, -0.82, 0.72, 1.64)
    p.moveTo(0, -0.82)
    p.lineTo(0, 0.82)
    p.moveTo(-0.82, 0)
    p.lineTo(0.82, 0)
    for y in (0.45, -0.45):
        half = math.sqrt(0.82**2 - y**2)
        p.moveTo(-half, y)
        p.lineTo(half, y)
    c.drawPath(p, stroke=1, fill=0)


def sun(c: Canvas) -> None:
    """A disc with eight rays."""
    p = c.beginPath()
    p.circle(0, 0, 0.42)
    for k in range(8):
        a = k * math.pi / 4
        tip = (0.88 * math.cos(a), 0.88 * math.sin(a))
        l_ = (0.55 * math.cos(a - 0.2), 0.55 * math.sin(a - 0.2))
        r_ = (0.55 * math.cos(a + 0.2), 0.55 * math.sin(a + 0.2))
        _polygon(c, [l_, tip, r_], p)
    _union(c, p)


def abyss(c: Canvas) -> None:
    """Two cliffs with a deep chasm between them."""
    _polygon(c, [(-0.85, -0.85), (-0.85, 0.5), (-0.3, 0.5), (-0.12, -0.1), (-0.2, -0.6), (-0.05, -0.85)])
    _polygon(c, [(0.85, -0.85), (0.85, 0.5), (0.3, 0.5), (0.18, 0.0), (0.22, -0.45), (0.08, -0.85)])


def moon(c: Canvas) -> None:
    """A crescent."""
    p = c.beginPath()
    p.moveTo(0.25, 0.85)
    p.curveTo(-0.65, 0.8, -0.95, -0.35, -0.15, -0.8)
    p.curveTo(0.15, -0.95, 0.45, -0.85, 0.65, -0.65)
    p.curveTo(0.0, -0.6, -0.35, -0.1, -0.15, 0.4)
    p.curveTo(-0.05, 0.65, 0.1, 0.8, 0.25, 0.85)
    p.close()
    _fill(c, p)


def space_ship(c: Canvas) -> None:
    """A rocket: pointed hull with a window, two fins and a flame."""
    p = c.beginPath()
    p.moveTo(0, 0.88)
    p.curveTo(0.3, 0.6, 0.32, 0.1, 0.25, -0.45)
    p.lineTo(-0.25, -0.45)
    p.curveTo(-0.32, 0.1, -0.3, 0.6, 0, 0.88)
    p.close()
    p.circle(0, 0.25, 0.12)  # window
    _polygon(c, [(-0.25, -0.05), (-0.6, -0.55), (-0.55, -0.7), (-0.23, -0.45)], p)
    _polygon(c, [(0.25, -0.05), (0.6, -0.55), (0.55, -0.7), (0.23, -0.45)], p)
    _polygon(c, [(-0.15, -0.55), (0.15, -0.55), (0.0, -0.88)], p)
    _fill(c, p)


def life(c: Canvas) -> None:
    """A tree: a round crown of three lobes on a trunk with roots."""
    p = c.beginPath()
    p.circle(0, 0.35, 0.45)
    p.circle(-0.42, 0.12, 0.32)
    p.circle(0.42, 0.12, 0.32)
    _polygon(c, [(-0.12, -0.65), (-0.35, -0.85), (0.35, -0.85), (0.12, -0.65), (0.1, 0.0), (-0.1, 0.0)], p)  # anticlockwise, as the circles
    _union(c, p)


def supernova(c: Canvas) -> None:
    """A burst: a sixteen-point star of uneven spikes round a hollow core."""
    pts = []
    for k in range(32):
        a = math.pi / 2 + k * math.pi / 16
        r = (0.88 if k % 4 == 0 else 0.62) if k % 2 == 0 else 0.33
        pts.append((r * math.cos(a), r * math.sin(a)))
    p = _polygon(c, pts, c.beginPath())
    p.circle(0, 0, 0.16)
    _fill(c, p)


def executioner(c: Canvas) -> None:
    """An axe: a long haft and a broad curved blade."""
    p = c.beginPath()
    _polygon(c, [(-0.62, -0.85), (-0.48, -0.88), (0.3, 0.82), (0.16, 0.85)], p)
    p.moveTo(-0.02, 0.4)  # the blade, anticlockwise as the haft, so the two merge
    p.lineTo(0.6, 0.02)
    p.curveTo(0.88, 0.22, 0.92, 0.62, 0.7, 0.88)
    p.lineTo(0.12, 0.72)
    p.close()
    _union(c, p)


def prisoner(c: Canvas) -> None:
    """A barred window: a frame with four bars."""
    p = c.beginPath()
    p.rect(-0.75, -0.85, 1.5, 1.7)
    p.rect(-0.6, -0.7, 1.2, 1.4)
    for k in range(4):
        x = -0.6 + 0.24 * (k + 1)
        p.rect(x - 0.05, -0.7, 0.1, 1.4)
    _fill(c, p)


def boat(c: Canvas) -> None:
    """A sailing boat: hull, mast and two sails."""
    p = c.beginPath()
    _polygon(c, [(-0.88, -0.35), (0.88, -0.35), (0.55, -0.75), (-0.55, -0.75)], p)
    _polygon(c, [(-0.05, -0.25), (-0.05, 0.88), (-0.7, -0.25)], p)
    _polygon(c, [(0.05, -0.25), (0.05, 0.7), (0.6, -0.25)], p)
    _union(c, p)


def death(c: Canvas) -> None:
    """A skull: cranium, jaw with teeth gaps, two eyes and a nose."""
    p = c.beginPath()
    p.moveTo(-0.35, -0.82)
    p.lineTo(-0.35, -0.45)
    p.curveTo(-0.7, -0.35, -0.75, 0.0, -0.75, 0.15)
    p.curveTo(-0.75, 0.6, -0.4, 0.85, 0.0, 0.85)
    p.curveTo(0.4, 0.85, 0.75, 0.6, 0.75, 0.15)
    p.curveTo(0.75, 0.0, 0.7, -0.35, 0.35, -0.45)
    p.lineTo(0.35, -0.82)
    p.close()
    p.circle(-0.3, 0.1, 0.18)
    p.circle(0.3, 0.1, 0.18)
    _polygon(c, [(0.0, -0.12), (-0.1, -0.3), (0.1, -0.3)], p)
    for x in (-0.12, 0.12):
        p.rect(x - 0.03, -0.82, 0.06, 0.22)
    _fill(c, p)


def coldness(c: Canvas) -> None:
    """A snowflake: six arms with two branches each."""
    segs = []
    for k in range(6):
        a = math.pi / 2 + k * math.pi / 3
        ux, uy = math.cos(a), math.sin(a)
        segs.append((0.0, 0.0, 0.85 * ux, 0.85 * uy))
        for d, ln in ((0.45, 0.25), (0.68, 0.17)):
            bx, by = d * ux, d * uy
            for s in (-1, 1):
                b = a + s * math.pi / 4
                segs.append((bx, by, bx + ln * math.cos(b), by + ln * math.sin(b)))
    _lines(c, segs, 0.09)


def vacuum(c: Canvas) -> None:
    """Emptiness: a dashed ring round nothing, a small dot at its centre."""
    p = c.beginPath()
    n = 12
    for k in range(n):
        a0 = k * 2 * math.pi / n
        a1 = a0 + 2 * math.pi / n * 0.55
        outer = [(0.85 * math.cos(a0 + (a1 - a0) * i / 6), 0.85 * math.sin(a0 + (a1 - a0) * i / 6)) for i in range(7)]
        inner = [(0.68 * math.cos(a0 + (a1 - a0) * i / 6), 0.68 * math.sin(a0 + (a1 - a0) * i / 6)) for i in range(7)]
        _polygon(c, outer + inner[::-1], p)
    p.circle(0, 0, 0.1)
    _union(c, p)


def weapon(c: Canvas) -> None:
    """A sword, point up: blade, cross-guard, grip and pommel."""
    p = c.beginPath()
    _polygon(c, [(-0.16, -0.3), (-0.16, 0.6), (0.0, 0.88), (0.16, 0.6), (0.16, -0.3)], p)
    p.rect(-0.52, -0.46, 1.04, 0.18)
    p.rect(-0.08, -0.72, 0.16, 0.3)
    p.circle(0, -0.76, 0.12)
    _union(c, p)


# -- the specials ---------------------------------------------------------------------------------------


def bonus(c: Canvas) -> None:
    """Three chevrons pointing up: the hand's value tripled."""
    p = c.beginPath()
    for y in (0.42, -0.02, -0.46):
        _polygon(c, [(-0.75, y - 0.2), (0.0, y + 0.35), (0.75, y - 0.2), (0.75, y - 0.42), (0.0, y + 0.13), (-0.75, y - 0.42)], p)
    _union(c, p)


def universal(c: Canvas) -> None:
    """Infinity: it stands in for any card."""
    _stroke(c, 0.14)
    p = c.beginPath()
    p.moveTo(0, 0)
    p.curveTo(0.25, 0.38, 0.82, 0.42, 0.82, 0.0)
    p.curveTo(0.82, -0.42, 0.25, -0.38, 0, 0)
    p.curveTo(-0.25, 0.38, -0.82, 0.42, -0.82, 0.0)
    p.curveTo(-0.82, -0.42, -0.25, -0.38, 0, 0)
    p.close()
    c.drawPath(p, stroke=1, fill=0)


def defeat(c: Canvas) -> None:
    """A cross in a ring: the hand that holds it loses."""
    _stroke(c, 0.12)
    p = c.beginPath()
    p.circle(0, 0, 0.78)
    d = 0.78 / math.sqrt(2) * 0.72
    p.moveTo(-d, -d)
    p.lineTo(d, d)
    p.moveTo(-d, d)
    p.lineTo(d, -d)
    c.drawPath(p, stroke=1, fill=0)


ICONS: dict[str, Drawer] = {
    "Righteous": righteous, "Fire": fire, "Love": love, "Sin": sin, "Water": water, "Air": air,
    "Night": night, "Path": path, "Black hole": black_hole, "Hope": hope, "Earth": earth, "Sun": sun,
    "Abyss": abyss, "Moon": moon, "Space ship": space_ship, "Life": life, "Supernova": supernova,
    "Executioner": executioner, "Prisoner": prisoner, "Boat": boat, "Death": death, "Coldness": coldness,
    "Vacuum": vacuum, "Weapon": weapon, "Bonus": bonus, "Universal": universal, "Defeat": defeat,
}  # fmt: skip


def draw_icon(canvas: Canvas, name: str, cx: float, cy: float, size: float) -> None:
    """The icon of symbol `name`, `size` points wide and high, centred on (cx, cy), in the current fill colour."""
    drawer = ICONS[name]
    canvas.saveState()
    canvas.translate(cx, cy)
    canvas.scale(size / 2, size / 2)
    fill = canvas._fillColorObj  # strokes in the same colour as fills: an icon is one colour
    canvas.setStrokeColor(fill)
    drawer(canvas)
    canvas.restoreState()


__all__ = ["ICONS", "EXTENT", "draw_icon"]
