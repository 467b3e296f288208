"""Print options shared by every game's `print` / `png` commands, and their runner.

A game's command adds `@layout_options`, builds its cards and its Face, and
calls `run_pdf` / `run_png`: the layout is checked before anything is drawn,
a progress bar goes to stderr and one summary line ends the run.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from cardgen.cli.types import CARD_SIZE, LOOKUP_URL, PAPER, SHOP, Grid, Millimetres, Offset, Points, WholeNumber
from cardgen.print.imposition import MAX_BLEED, MAX_GAP, MAX_SAFE, MIN_TEXT_RANGE
from cardgen.print.job import PrintJob

if TYPE_CHECKING:
    from cardgen.print.shops import Shop
    from cardgen.print.sizes import Size

BLEED = Millimetres(0.0, MAX_BLEED)
GAP = Millimetres(0.0, MAX_GAP)
SAFE = Millimetres(0.0, MAX_SAFE)
MIN_TEXT = Points(*MIN_TEXT_RANGE)
BACK_OFFSET = Offset(10.0)
MAX_JOBS = 64
JOBS = click.option("--jobs", "-j", type=WholeNumber(0, MAX_JOBS), default=1, show_default=True,
                    help="Processes drawing pages; 0 means one per CPU core. The file is the same for any number.")  # fmt: skip


def lookup_url_option(f: Callable) -> Callable:
    """--lookup-url (env CARDGEN_LOOKUP_URL), checked: an http(s) address short enough for a QR code."""
    return click.option("--lookup-url", type=LOOKUP_URL, envvar="CARDGEN_LOOKUP_URL", show_envvar=True,
                        help="Base address the QR codes point to, e.g. http://HOST:8000/c/ (env CARDGEN_LOOKUP_URL).")(f)  # fmt: skip


def layout_options(f: Callable) -> Callable:
    """Add the paper, card, bleed, colour, shop, backs, calibration, jobs and --lookup-url options."""
    options: list[Callable[[Callable], Callable]] = [
        click.option("--paper", type=PAPER, default="a4", show_default=True, help="Paper: a4 or letter."),
        click.option("--card-size", type=CARD_SIZE, default="poker", show_default=True, help="poker (63x88), bridge (57x89), mini (44x67), tarot (70x120) or WxH in mm (20 to 420 each); a size whose text would be too small is refused."),
        click.option("--grid", type=Grid(20), default="3x3", show_default=True, help="Cards per page as COLUMNSxROWS, 1 to 20 each (sheet layout)."),
        click.option("--bleed", type=BLEED, default=3.0, show_default=True, help=f"Bleed around each card, 0 to {MAX_BLEED:g} mm (on the sheet's outer edges shrunk to what the paper holds with the default gap; the last line says the bleed laid out on every edge)."),
        click.option("--gap", type=GAP, default=None, help=f"Gutter between cards, 0 to {MAX_GAP:g} mm [default: for columns and rows each, twice the bleed where the paper holds it, so each card has its own bleed there, else 0: neighbours share their cut line (one cut, no bleed between them) and the outer edges keep the full bleed; the last line says which edges share and why]."),
        click.option("--safe", type=SAFE, default=3.0, show_default=True, help=f"Safe area: the frame and all text stay this far inside the cut, 0 to {MAX_SAFE:g} mm."),
        click.option("--min-text", type=MIN_TEXT, default=5.0, show_default=True, help=f"Smallest text size allowed on a card, {MIN_TEXT_RANGE[0]:g} to {MIN_TEXT_RANGE[1]:g} pt; card sizes that cannot keep it are refused."),
        click.option("--colour", "colour", type=click.Choice(["rgb", "cmyk"], case_sensitive=False), default="rgb", show_default=True, help="Colour model: rgb (screens, home printers) or cmyk (print shops; inks from the print palette)."),
        click.option("--shop", type=SHOP, default=None, help="Lay out for a kind of print shop: pod (PDF/X-1a CMYK, 1/8 in bleed, one card per page) or offset (CMYK, text >= 7 pt), each card's page followed by its back unless --backs none; or home; `cardgen preflight --shop` checks the result."),
        click.option("--crop-marks/--no-crop-marks", default=True, show_default=True, help="Cut marks on every cut line, on all four sides of the grid and in the gutters, never on a card (beyond the bleed, or over the outer bleed in the waste where the paper is too small)."),
        click.option("--backs", type=click.Choice(["none", "long-edge", "short-edge"]), default="none", show_default=True, help="Card backs for duplex printing, with the printer's flip edge (--shop pod or offset: a back page after each card unless none)."),
        click.option("--back-offset", type=BACK_OFFSET, default="0,0", show_default=True, help="X,Y mm (each -10 to 10) to shift back pages, to correct a printer's duplex misalignment."),
        click.option("--layout", "mode", type=click.Choice(["sheet", "single"]), default="sheet", show_default=True, help="sheet: cards on paper; single: one card per page with TrimBox/BleedBox (print shops)."),
        click.option("--calibration", is_flag=True, help="Start with a calibration page: 100 mm ruler, duplex alignment marks, one card's bleed, trim and safe area."),
        JOBS,
        lookup_url_option,
    ]
    for option in reversed(options):
        f = option(f)
    return f


def build_layout(paper: Size, card_size: Size, grid: tuple[int, int], bleed: float, gap: float | None, crop_marks: bool,
                 backs: str, back_offset: tuple[float, float], mode: str, safe: float = 3.0, min_text: float = 5.0,
                 colour: str = "rgb", shop: Shop | None = None, jobs: int = 1) -> PrintJob:  # fmt: skip
    """A checked print job from the parsed option values (LayoutError says what would fit).

    A shop profile sets the bleed, safe area, minimum text, colour and layout it
    asks for; an option given explicitly that contradicts it is a usage error.
    """
    from cardgen.print.job import ShopConflict, print_job

    ctx = click.get_current_context(silent=True)
    given = {name for name in ("bleed", "safe", "min_text", "colour", "mode", "backs") if _given(ctx, name)}
    try:
        return print_job(paper, card_size, grid, bleed, gap, crop_marks, backs, back_offset, mode, safe, min_text, colour,
                         shop, jobs, given=given)  # fmt: skip
    except ShopConflict as exc:
        option = "--layout" if exc.option == "mode" else "--" + exc.option.replace("_", "-")
        raise click.BadParameter(str(exc), param_hint=f"'{option}'") from None


def _given(ctx: click.Context | None, name: str) -> bool:
    """The option was given on the command line (not left to its default)."""
    return ctx is not None and ctx.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE


def run_pdf(cards: Iterable, count: int, face, job: PrintJob, output: Path, *, calibration: bool, title: str) -> None:
    """Write the PDF with a progress bar on stderr, then the summary line (layout, bleed, QR address)."""
    from cardgen.print.pdf import check_face, write_pdf

    imposition = job.imposition
    check_face(face, imposition)  # a card size too small for the face's text: refused before any work
    jobs = min(job.jobs, max(1, -(-count // (imposition.per_page * 4))))  # no worker without pages to draw
    with click.progressbar(length=count, label="printing", file=sys.stderr, show_pos=True) as bar:
        summary = write_pdf(cards, face, imposition, output, calibration=calibration, progress=bar.update, title=title,
                            jobs=jobs, pdfx=job.pdfx)  # fmt: skip
    extras = []
    if imposition.duplex:
        extras.append("a back page after each card" if imposition.layout.mode == "single" else f"{imposition.layout.backs} backs")
    if imposition.layout.colour == "cmyk":
        extras.append("CMYK" + (" PDF/X-1a:2003" if job.pdfx else ""))
    if job.shop is not None:
        extras.append(f"shop profile {job.shop.name}")
    click.echo(f"{summary.line()} — {imposition.describe()}" + "".join(f", {e}" for e in extras) + f"; {qr_note(face)}")
    warning = qr_warning(face)
    if warning:
        click.echo(f"warning: {warning}", err=True)


def qr_note(face) -> str:
    """Where the QR codes lead: the lookup address with SERIAL in place of each card's serial."""
    from cardgen.lookup import lookup_url

    return "QR codes lead to " + lookup_url("SERIAL", getattr(face, "lookup_base", None))


def qr_warning(face) -> str | None:
    """A warning when the QR codes lead to the placeholder domain, which never resolves."""
    from urllib.parse import urlsplit

    from cardgen.lookup import DEFAULT_LOOKUP_BASE, lookup_base

    base = lookup_base(getattr(face, "lookup_base", None))
    if urlsplit(base).hostname == urlsplit(DEFAULT_LOOKUP_BASE).hostname:
        return (f"the QR codes lead to the placeholder address {base} (it never resolves): set --lookup-url or "
                "CARDGEN_LOOKUP_URL to your own server (e.g. `cardgen serve`) before printing for real")  # fmt: skip
    return None


def run_png(cards: Iterable, count: int, face, size: Size, folder: Path, *, dpi: int, key: Callable, bleed: float = 0.0,
            jobs: int = 1) -> None:  # fmt: skip
    from cardgen.print.png import BATCH, write_pngs

    jobs = min(jobs or (os.cpu_count() or 1), max(1, -(-count // BATCH)))  # no worker without a batch to render
    with click.progressbar(length=count, label="rendering", file=sys.stderr, show_pos=True) as bar:
        summary = write_pngs(cards, face, size, folder, key, dpi=dpi, bleed=bleed, progress=bar.update, jobs=jobs)
    click.echo(summary.line())


def default_output(name: str) -> Path:
    from cardgen.resources import output_dir

    return output_dir() / name
