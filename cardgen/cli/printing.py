"""Print options shared by every game's `print` / `png` commands, and their runner.

A game's command adds `@layout_options`, builds its cards and its Face, and
calls `run_pdf` / `run_png`: the layout is checked before anything is drawn,
a progress bar goes to stderr and one summary line ends the run.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from pathlib import Path

import click

from cardgen.errors import LayoutError


def _offset(text: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in text.replace(" ", "").split(","))
    except ValueError:
        raise LayoutError(f"back offset {text!r} is not X,Y in millimetres, e.g. 0.5,-1") from None
    return x, y


def _grid(text: str) -> tuple[int, int]:
    try:
        c, r = (int(v) for v in text.lower().replace(" ", "").split("x"))
    except ValueError:
        raise LayoutError(f"grid {text!r} is not COLUMNSxROWS, e.g. 3x3") from None
    return c, r


def layout_options(f: Callable) -> Callable:
    """Add --paper, --card-size, --grid, --bleed, --gap, --crop-marks, --backs, --back-offset, --layout, --calibration, --lookup-url."""
    options = [
        click.option("--paper", default="a4", show_default=True, help="Paper: a4 or letter."),
        click.option("--card-size", default="poker", show_default=True, help="poker (63x88), bridge (57x89), mini (44x67), tarot (70x120) or WxH in mm."),
        click.option("--grid", default="3x3", show_default=True, help="Cards per page as COLUMNSxROWS (sheet layout)."),
        click.option("--bleed", type=float, default=3.0, show_default=True, help="Bleed around each card in mm (0 allowed)."),
        click.option("--gap", type=float, default=0.0, show_default=True, help="Gap between cards in mm."),
        click.option("--crop-marks/--no-crop-marks", default=True, show_default=True, help="Crop marks outside the cards."),
        click.option("--backs", type=click.Choice(["none", "long-edge", "short-edge"]), default="none", show_default=True, help="Card backs for duplex printing, with the printer's flip edge."),
        click.option("--back-offset", default="0,0", show_default=True, help="X,Y mm to shift back pages, to correct a printer's duplex misalignment."),
        click.option("--layout", "mode", type=click.Choice(["sheet", "single"]), default="sheet", show_default=True, help="sheet: cards on paper; single: one card per page with TrimBox/BleedBox (print shops)."),
        click.option("--calibration", is_flag=True, help="Start with a calibration page: 100 mm ruler and duplex alignment marks."),
        click.option("--lookup-url", envvar="CARDGEN_LOOKUP_URL", help="Base address the QR codes point to (env CARDGEN_LOOKUP_URL).", show_envvar=True),
    ]
    for option in reversed(options):
        f = option(f)
    return f


def build_layout(paper: str, card_size: str, grid: str, bleed: float, gap: float, crop_marks: bool, backs: str, back_offset: str, mode: str):
    """A checked Imposition from the command-line values (LayoutError says what would fit)."""
    from cardgen.print.imposition import Layout, impose
    from cardgen.print.sizes import parse_card_size, parse_paper

    columns, rows = _grid(grid)
    offset = _offset(back_offset)
    layout = Layout(
        paper=parse_paper(paper),
        card=parse_card_size(card_size),
        columns=columns,
        rows=rows,
        bleed=bleed,
        gap=gap,
        crop_marks=crop_marks,
        backs=backs,
        back_offset=offset,
        mode=mode,
    )
    return impose(layout)


def run_pdf(cards: Iterable, count: int, face, imposition, output: Path, *, calibration: bool, title: str) -> None:
    """Write the PDF with a progress bar on stderr, then the summary line."""
    from cardgen.print.pdf import write_pdf

    with click.progressbar(length=count, label="printing", file=sys.stderr, show_pos=True) as bar:
        summary = write_pdf(cards, face, imposition, output, calibration=calibration, progress=bar.update, title=title)
    click.echo(f"{summary.line()} — {imposition.layout.describe()}" + (f", {imposition.layout.backs} backs" if imposition.duplex else ""))


def run_png(cards: Iterable, count: int, face, card_size: str, folder: Path, *, dpi: int, key: Callable, bleed: float = 0.0) -> None:
    from cardgen.print.png import write_pngs
    from cardgen.print.sizes import parse_card_size

    size = parse_card_size(card_size)
    with click.progressbar(length=count, label="rendering", file=sys.stderr, show_pos=True) as bar:
        summary = write_pngs(cards, face, size, folder, key, dpi=dpi, bleed=bleed, progress=bar.update)
    click.echo(summary.line())


def default_output(name: str) -> Path:
    from cardgen.resources import output_dir

    return output_dir() / name
