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

    def board_file(self, size: int = 8, **options: Any) -> str:
        return f"gyre-board-{size}.pdf"


KIT = GyreKit()
