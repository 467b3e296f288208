"""Print options shared by every game's `print` / `png` commands, and their runner.

A game's command adds `@layout_options`, builds its cards and its Face, and
calls `run_pdf` / `run_png`: the layout is checked before anything is drawn,
a progress bar goes to stderr and one summary line ends the run.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from cardgen.cli.types import CARD_SIZE, LOOKUP_URL, PAPER, Grid, Millimetres, Offset
from cardgen.print.imposition import MAX_BLEED, MAX_GAP

if TYPE_CHECKING:
    from cardgen.print.imposition import Imposition
    from cardgen.print.sizes import Size

BLEED = Millimetres(0.0, MAX_BLEED)
GAP = Millimetres(0.0, MAX_GAP)
BACK_OFFSET = Offset(10.0)


def lookup_url_option(f: Callable) -> Callable:
    """--lookup-url (env CARDGEN_LOOKUP_URL), checked: an http(s) address short enough for a QR code."""
    return click.option("--lookup-url", type=LOOKUP_URL, envvar="CARDGEN_LOOKUP_URL", show_envvar=True,
                        help="Base address the QR codes point to, e.g. http://HOST:8000/c/ (env CARDGEN_LOOKUP_URL).")(f)  # fmt: skip


def layout_options(f: Callable) -> Callable:
    """Add --paper, --card-size, --grid, --bleed, --gap, --crop-marks, --backs, --back-offset, --layout, --calibration, --lookup-url."""
    options = [
        click.option("--paper", type=PAPER, default="a4", show_default=True, help="Paper: a4 or letter."),
        click.option("--card-size", type=CARD_SIZE, default="poker", show_default=True, help="poker (63x88), bridge (57x89), mini (44x67), tarot (70x120) or WxH in mm (20 to 420 each)."),
        click.option("--grid", type=Grid(20), default="3x3", show_default=True, help="Cards per page as COLUMNSxROWS, 1 to 20 each (sheet layout)."),
        click.option("--bleed", type=BLEED, default=3.0, show_default=True, help=f"Bleed around each card, 0 to {MAX_BLEED:g} mm."),
        click.option("--gap", type=GAP, default=0.0, show_default=True, help=f"Gap between cards, 0 to {MAX_GAP:g} mm."),
        click.option("--crop-marks/--no-crop-marks", default=True, show_default=True, help="Crop marks outside the cards."),
        click.option("--backs", type=click.Choice(["none", "long-edge", "short-edge"]), default="none", show_default=True, help="Card backs for duplex printing, with the printer's flip edge."),
        click.option("--back-offset", type=BACK_OFFSET, default="0,0", show_default=True, help="X,Y mm (each -10 to 10) to shift back pages, to correct a printer's duplex misalignment."),
        click.option("--layout", "mode", type=click.Choice(["sheet", "single"]), default="sheet", show_default=True, help="sheet: cards on paper; single: one card per page with TrimBox/BleedBox (print shops)."),
        click.option("--calibration", is_flag=True, help="Start with a calibration page: 100 mm ruler and duplex alignment marks."),
        lookup_url_option,
    ]
    for option in reversed(options):
        f = option(f)
    return f


def build_layout(paper: Size, card_size: Size, grid: tuple[int, int], bleed: float, gap: float, crop_marks: bool,
                 backs: str, back_offset: tuple[float, float], mode: str) -> Imposition:  # fmt: skip
    """A checked Imposition from the parsed option values (LayoutError says what would fit)."""
    from cardgen.print.imposition import Layout, impose

    columns, rows = grid
    layout = Layout(
        paper=paper,
        card=card_size,
        columns=columns,
        rows=rows,
        bleed=bleed,
        gap=gap,
        crop_marks=crop_marks,
        backs=backs,
        back_offset=back_offset,
        mode=mode,
    )
    return impose(layout)


def run_pdf(cards: Iterable, count: int, face, imposition, output: Path, *, calibration: bool, title: str) -> None:
    """Write the PDF with a progress bar on stderr, then the summary line."""
    from cardgen.print.pdf import write_pdf

    with click.progressbar(length=count, label="printing", file=sys.stderr, show_pos=True) as bar:
        summary = write_pdf(cards, face, imposition, output, calibration=calibration, progress=bar.update, title=title)
    click.echo(f"{summary.line()} — {imposition.layout.describe()}" + (f", {imposition.layout.backs} backs" if imposition.duplex else ""))


def run_png(cards: Iterable, count: int, face, size: Size, folder: Path, *, dpi: int, key: Callable, bleed: float = 0.0) -> None:
    from cardgen.print.png import write_pngs

    with click.progressbar(length=count, label="rendering", file=sys.stderr, show_pos=True) as bar:
        summary = write_pngs(cards, face, size, folder, key, dpi=dpi, bleed=bleed, progress=bar.update)
    click.echo(summary.line())


def default_output(name: str) -> Path:
    from cardgen.resources import output_dir

    return output_dir() / name
