"""Charts of the designer's report as plain inline SVG: no script, no font or file fetched.

Each function returns the markup of one <svg> (escaped text, sized in CSS pixels, scaled to the
page's width by the report's stylesheet). Labels sit left of the bars, figures right of them,
so no text is ever drawn over a bar or a line.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from html import escape

from markupsafe import Markup

WIDTH = 480
ROW = 22
LABEL = 150
FIGURE = 112
BAR = "#E8761B"
BEFORE = "#9AA5B1"
FONT = "font-family:system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:13px"


def pct(p: Fraction | float) -> str:
    """A probability as a percentage a designer reads: '20.00 %', '0.0412 %' (3 significant figures
    below 0.1 %), '0 %'."""
    x = float(p) * 100
    if x == 0:
        return "0 %"
    if x >= 0.1:
        return f"{x:.2f} %"
    return f"{x:.3g} %"


SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def count(n: int) -> str:
    """A count a person reads at a glance: '11,575', '2.2 million', '32.7 trillion', '3.3 × 10¹⁸'."""
    for size, word in ((10**12, "trillion"), (10**9, "billion"), (10**6, "million")):
        if n >= size:
            if n >= 1000 * size and word == "trillion":
                break
            return f"{n / size:.3g} {word}"
    if n < 10**6:
        return f"{n:,}"
    exp = len(str(n)) - 1
    return f"{n / 10**exp:.2g} × 10{str(exp).translate(SUPERSCRIPT)}"


def odds(probability: Fraction | float) -> str:
    """'1 in 4,898', '1 in 8.7 trillion', '1 in 3.3 × 10¹⁸'."""
    return f"1 in {count(max(1, round(1 / Fraction(probability))))}" if probability else "never"


def _svg(height: int, body: list[str], title: str) -> Markup:
    return Markup(
        f'<svg viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" '
        f'role="img" aria-label="{escape(title)}" style="{FONT}">' + "".join(body) + "</svg>"
    )


def _label(text: str, limit: int = 22) -> str:
    return escape(text if len(text) <= limit else text[: limit - 1] + "…")


def bars(rows: Sequence[tuple[str, float, str]], title: str, colour: str = BAR) -> Markup:
    """One horizontal bar per (label, value from 0 to the largest, figure written after it)."""
    top = max((v for _, v, _ in rows), default=0) or 1
    plot = WIDTH - LABEL - FIGURE
    body = []
    for i, (label, value, figure) in enumerate(rows):
        y = i * ROW + 4
        w = max(1.0, value / top * plot) if value > 0 else 0
        body.append(f'<text x="{LABEL - 8}" y="{y + 14}" text-anchor="end" fill="#222"><title>{escape(label)}</title>{_label(label)}</text>')
        body.append(f'<rect x="{LABEL}" y="{y + 2}" width="{w:.1f}" height="{ROW - 6}" rx="2" fill="{colour}"/>')
        body.append(f'<text x="{LABEL + w + 6:.1f}" y="{y + 14}" fill="#222">{escape(figure)}</text>')
    return _svg(len(rows) * ROW + 8, body, title)


def paired(rows: Sequence[tuple[str, float, float, str]], title: str) -> Markup:
    """Two thin bars per label, before (grey) over after (orange), the figure after both."""
    top = max((max(a, b) for _, a, b, _ in rows), default=0) or 1
    plot = WIDTH - LABEL - FIGURE - 40
    h = ROW + 6
    body = []
    for i, (label, before, after, figure) in enumerate(rows):
        y = i * h + 4
        wa = before / top * plot
        wb = after / top * plot
        body.append(f'<text x="{LABEL - 8}" y="{y + 16}" text-anchor="end" fill="#222"><title>{escape(label)}</title>{_label(label)}</text>')
        body.append(f'<rect x="{LABEL}" y="{y + 2}" width="{wa:.1f}" height="9" fill="{BEFORE}"/>')
        body.append(f'<rect x="{LABEL}" y="{y + 12}" width="{wb:.1f}" height="9" fill="{BAR}"/>')
        body.append(f'<text x="{LABEL + max(wa, wb) + 6:.1f}" y="{y + 16}" fill="#222">{escape(figure)}</text>')
    return _svg(len(rows) * h + 8, body, title)


def intervals(rows: Sequence[tuple[str, float, float, float]], title: str) -> Markup:
    """Win rates (label, rate, low, high) from 0 to 100 %: a bar, its 95 % interval as a whisker
    with caps, and the 50 % line behind them."""
    plot = WIDTH - LABEL - 70
    h = ROW + 2
    height = len(rows) * h + 26

    def x(p: float) -> float:
        return LABEL + p * plot

    body = []
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        colour = "#777" if tick == 0.5 else "#E4E4E4"
        body.append(f'<line x1="{x(tick):.1f}" y1="2" x2="{x(tick):.1f}" y2="{height - 20}" stroke="{colour}"/>')
        body.append(f'<text x="{x(tick):.1f}" y="{height - 6}" text-anchor="middle" fill="#555" font-size="11">{tick * 100:.0f} %</text>')
    for i, (label, rate, low, high) in enumerate(rows):
        y = i * h + 4
        mid = y + (ROW - 6) / 2 + 2
        body.append(f'<text x="{LABEL - 8}" y="{y + 14}" text-anchor="end" fill="#222">{_label(label)}</text>')
        body.append(f'<rect x="{LABEL}" y="{y + 4}" width="{rate * plot:.1f}" height="{ROW - 10}" fill="{BAR}" opacity="0.85"/>')
        body.append(f'<line x1="{x(low):.1f}" y1="{mid:.1f}" x2="{x(high):.1f}" y2="{mid:.1f}" stroke="#000" stroke-width="1.5"/>')
        for end in (low, high):
            body.append(f'<line x1="{x(end):.1f}" y1="{mid - 5:.1f}" x2="{x(end):.1f}" y2="{mid + 5:.1f}" stroke="#000" stroke-width="1.5"/>')
        body.append(f'<text x="{x(1.0) + 8:.1f}" y="{y + 14}" fill="#222">{rate * 100:.0f} %</text>')
    return _svg(height, body, title)
