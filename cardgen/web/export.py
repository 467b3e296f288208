"""Static export: a deck as a folder of HTML pages any static web host can serve, for a club without a server.

    site/index.html            the deck: its cards as a grid, its problems
    site/SERIAL/index.html     one page per card (the same page `cardgen serve` shows)
    site/SERIAL/card.png       the card as printed, its QR code pointing under the lookup URL
    site/SERIAL/card.json      what `cardgen lookup --json` prints
    site/rules.html            the game's rulebook (docs/play/GAME.md), when it has one
    site/house-rules.html      its appendix (docs/rules/GAME.md) and site/anatomy.png its card anatomy picture
    site/static/style.css, favicon.svg, favicon.ico

Print the deck with `--lookup-url https://HOST/PATH/` where the folder is
published as https://HOST/PATH/: each QR code then opens https://HOST/PATH/SERIAL,
which a static host answers with SERIAL/index.html. Game-neutral: the deck is
read and checked by its game's web hooks (cardgen.web.games).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from cardgen.errors import CardgenError, DeckError
from cardgen.files import atomic_folder, write_bytes, write_text
from cardgen.lookup import lookup, lookup_base
from cardgen.web import games as webgames
from cardgen.web import pages, render, rules


@dataclass(frozen=True, slots=True)
class ExportSummary:
    folder: Path
    cards: int
    pages: int
    problems: int
    base: str

    def line(self) -> str:
        legal = "legal deck" if not self.problems else f"illegal deck ({self.problems} problem{'s' if self.problems != 1 else ''})"
        return f"{self.pages} card pages and index.html in {self.folder} ({legal}); print with --lookup-url {self.base}"


def export_deck(game: str, text: str, source: str, folder: str | os.PathLike[str], base: str | None = None,
                progress: Callable[[int], None] | None = None) -> ExportSummary:  # fmt: skip
    """Write the static site of the deck `text` of `game` into the new folder `folder` (refused if it exists)."""
    hooks = webgames.hooks(game)
    if hooks is None or not hooks.has_decks:
        raise CardgenError(f"{game} has no decks to export")
    chosen = lookup_base(base)
    deck = hooks.read_deck(text, source)
    if not deck.lines:
        raise DeckError(f"{source} has no readable card to export")
    target = Path(folder)
    with atomic_folder(target) as temp:
        for name in pages.STATIC_FILES:
            write_bytes(temp / "static" / name, pages.static_file(name))
        written = 0
        for line in deck.lines:
            if (temp / line.serial).exists():
                continue  # the same card on two lines: one page
            result = lookup(line.serial)
            card_dir = temp / line.serial
            write_bytes(card_dir / "card.png", render.card_png(hooks, line.serial, chosen))
            write_bytes(card_dir / "card.json", pages.json_bytes(result.to_json()))
            values = pages.card_values(result, "card.png", root="../", static="../static/", json_url="card.json",
                                       rules_url="../rules.html")  # fmt: skip
            write_text(card_dir / "index.html", pages.render("card.html.j2", static_site=True, **values))
            written += 1
            if progress is not None:
                progress(1)
        if rules.has_rules(game):
            write_text(temp / "rules.html", pages.rules_html(game, "./", "static/", static_site=True))
        if rules.has_house_rules(game):  # the rulebook's appendix and its card anatomy picture
            write_text(temp / "house-rules.html", pages.rules_html(game, "./", "static/", static_site=True, house=True))
            write_bytes(temp / "anatomy.png", rules.anatomy_png(game))
        write_text(temp / "index.html", pages.render("export_index.html.j2", deck=deck, root="./", static="static/", static_site=True,
                                                     rules_url="rules.html" if rules.has_rules(game) else None))  # fmt: skip
    return ExportSummary(target, deck.size, written, len(deck.problems), chosen)
