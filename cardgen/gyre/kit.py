"""Gyre's kit (cardgen.kit): tiles, not cards, so no serials, card print or decks; a board to print."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from cardgen.cli.types import WholeNumber
from cardgen.kit import Kit


class GyreKit(Kit[Any]):
    help = """Gyre: claim tiles on a torus and turn the gyres you own.

    \b
    Play it with `cardgen play gyre`; rules choices: docs/rules/gyre.md.
    """
    generated = False
    board_options = (
        click.option("--size", type=WholeNumber(4, 19), default=8, show_default=True, help="Tiles across (4 to 19)."),
        click.option("--players", type=WholeNumber(2, 4), default=2, show_default=True, help="Colours on the tile and gyre-marker sheets."),
    )  # fmt: skip

    def commands(self) -> Sequence[click.Command]:
        from .commands import highscores, score

        return (score, highscores)

    kit_options = board_options

    def kit_parts(self, paper: Any, decks: Sequence[Any], obj: Any = None, size: int = 8, players: int = 2, **options: Any) -> Sequence[Any]:
        from .board_pdf import parts

        return parts(size, players)

    def board(self, output: Path, paper: str, size: int = 8, players: int = 2, **options: Any) -> str:
        """Write a printable Gyre board and tile sheets (print and play) as a PDF.

        \b
        The board at true size first: SIZE x SIZE squares of 22 mm with
        coordinates and a dot at every gyre (tiled over pages with alignment
        marks when the paper is smaller). Then square tiles and round gyre
        markers in each player's colour to cut out, and the rules in brief.
        """
        from .board_pdf import write_board_pdf

        pages = write_board_pdf(output, size=size, players=players, paper=paper)
        return f"wrote {output} ({pages} pages, {paper.upper()}, {size}x{size}, {players} colours)"

    def anatomy_subjects(self, every: bool = False) -> list[Any]:
        """What the rulebook's anatomy picture explains: a corner of a 4 x 4 board with a tile of each colour,
        a gyre marker on a gyre, and a resting marker beside it."""
        from cardgen.print.anatomy import Subject
        from cardgen.print.sizes import mm

        from .board_pdf import DISK, LABELS, PIECE, TILE, _piece, board

        small = board(4)
        width, height = mm(small.width_mm + 6 + PIECE), mm(small.height_mm)

        def draw(c: Any) -> None:
            small.draw(c)
            for k, (colour, col, row) in enumerate((("R", 0, 0), ("B", 1, 0), ("R", 0, 1))):
                c.saveState()
                c.translate(mm(LABELS + col * TILE + (TILE - PIECE) / 2), mm(LABELS + (3 - row) * TILE + (TILE - PIECE) / 2))
                _piece("tile", colour)(c, k)
                c.restoreState()
            c.saveState()  # gyre a1 (a1's lower-right corner), blue's: blue's b1 took it from red's a1 and a2
            c.translate(mm(LABELS + TILE - DISK / 2), mm(LABELS + 3 * TILE - DISK / 2))
            _piece("gyre", "B")(c, 0)
            c.restoreState()
            c.saveState()
            c.translate(mm(small.width_mm + 6 + (PIECE - DISK) / 2), mm(small.height_mm / 2))
            _piece("rest", "")(c, 0)
            c.restoreState()

        return [Subject(width, height, draw)]

    def board_file(self, size: int = 8, **options: Any) -> str:
        return f"gyre-board-{size}.pdf"


KIT = GyreKit()
