"""`cardgen preflight FILE.pdf`: check a PDF the way a print shop's preflight does."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from cardgen.cli.types import SHOP


@click.command()
@click.argument("file", type=click.Path(path_type=Path), metavar="FILE.pdf")
@click.option("--shop", type=SHOP, default="home", show_default=True,
              help="Profile to check against: pod (PDF/X-1a, CMYK, 1/8 in bleed), offset (CMYK, text >= 7 pt) or home.")  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="Print the findings as JSON.")
def preflight(file: Path, shop, as_json: bool) -> None:
    """Check FILE.pdf as a print shop would; one finding per line, exit 1 if it fails the profile.

    \b
    Findings: page boxes (TrimBox/BleedBox and the bleed they imply); on a
    sheet (a page without a TrimBox), the cards its cut marks outline and the
    bleed beyond each of their edges (every edge a cut goes through alone needs
    the profile's bleed; an edge whose cut line a neighbouring card shares
    needs none), and whether the marks reach the sheet's sides; fonts
    embedded, colour spaces (RGB present?), transparency, image resolution,
    the smallest text, and for pod the PDF/X-1a output intent. Works on any
    PDF, not only cardgen's.
    """
    from cardgen.files import read_bytes
    from cardgen.print.preflight import failed
    from cardgen.print.preflight import preflight as check

    findings = check(read_bytes(file, "PDF file"), shop, name=str(file))
    verdict = "fails" if failed(findings) else "passes"
    if as_json:
        click.echo(json.dumps({"file": str(file), "shop": shop.name, "passes": verdict == "passes",
                               "findings": [{"level": f.level, "topic": f.topic, "message": f.message} for f in findings]},
                              indent=2))  # fmt: skip
    else:
        for finding in findings:
            click.echo(finding.line())
        click.echo(f"{file} {verdict} the {shop.name} profile")
    if verdict == "fails":
        sys.exit(1)
