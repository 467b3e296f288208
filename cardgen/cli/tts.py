"""`cardgen <game> deck tts DECK -o DIR`: a deck for Tabletop Simulator (cardgen.print.tts).

The command is made from the game's kit like the other deck commands
(cardgen.cli.kit's deck group adds `tts_command(kit, kit.deck)`), so every game
with decks has it, and a game without decks has no deck group at all.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import click

from cardgen.cli.decks import legal_cards
from cardgen.cli.printing import lookup_url_option
from cardgen.cli.types import OutputFolder
from cardgen.kit import DeckKit, DeckLine, Kit

DECK_FILE = click.Path(dir_okay=False, path_type=Path)
MAX_URL_BASE = 1000  # characters: room for a long host and path, and a file name after it


class UrlBase(click.ParamType):
    """An http(s) address the exported files will be published at (a folder): returned ending in '/'."""

    name = "url"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        text = str(value).strip()
        example = "give the folder the files are published in, e.g. https://example.org/decks/"
        if not text.isascii() or any(ch.isspace() or not ch.isprintable() for ch in text):
            self.fail(f"{text!r} is not an address: write it in ASCII, without spaces; {example}", param, ctx)
        if len(text) > MAX_URL_BASE:
            self.fail(f"the address is {len(text)} characters long: at most {MAX_URL_BASE}", param, ctx)
        try:
            parts = urlsplit(text)
            parts.port  # noqa: B018  (raises ValueError on a port that is not a number from 0 to 65535)
        except ValueError:
            self.fail(f"{text!r} is not an address Tabletop Simulator can read: {example}", param, ctx)
        if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
            self.fail(f"{text!r} is not an http:// or https:// address: {example}", param, ctx)
        if parts.query or parts.fragment or text.endswith(("?", "#")):
            self.fail(f"{text!r} has a query or fragment, after which no file name can follow: {example}", param, ctx)
        return text if text.endswith("/") else text + "/"


URL_BASE = UrlBase()


def tts_command(kit: Kit[Any], dk: DeckKit[Any]) -> click.Command:
    """`deck tts` of one game."""

    @click.command(name="tts")
    @click.argument("path", type=DECK_FILE)
    @click.option("--output", "-o", required=True, type=OutputFolder("the Tabletop Simulator files"),
                  help="Folder to write into (made if missing); files of other names in it are left alone.")  # fmt: skip
    @click.option("--url-base", type=URL_BASE,
                  help="http(s) address where you will publish the folder's files (e.g. https://example.org/decks/); "
                       "the saved object then loads the images from there, for every player. "
                       "Default: the files' own file:/// addresses, which work on this computer only.")  # fmt: skip
    @click.option(
        "--force", is_flag=True, help="Export an illegal deck anyway (lines that cannot be read are left out)."
    )
    @lookup_url_option
    def tts(path: Path, output: Path, url_base: str | None, force: bool, lookup_url: str | None) -> None:
        """Export a deck for Tabletop Simulator: face sheets, a back image and a saved object.

        \b
        Writes into the folder, all files or none (NAME from the deck's name):
          NAME.json           the saved object: a custom deck, each card named
                              with its name and serial, copies included (a
                              pile per part of the deck: master, main, extra,
                              side), GUIDs and CustomDeck ids derived from the
                              deck, so two decks never clash in one game
          NAME.png            its thumbnail
          NAME-faces-N.png    face sheets, at most 10x7 cards (69 and the
                              hidden card), 4096 px at most
          NAME-back.png       the cards' back (NAME-backs-N.png, a back
                              sheet per face sheet, if their backs differ)

        In Tabletop Simulator: copy NAME.json and NAME.png into
        Documents/My Games/Tabletop Simulator/Saves/Saved Objects, then load the
        deck from Objects > Saved Objects. Refuses an illegal deck (see `deck
        check`) unless --force is given.
        """
        from cardgen.print.tts import TtsCard, write_tts

        context = click.get_current_context().obj  # what the game's group made (Gyon-RG: its tables)
        d, cards = legal_cards(dk, path, context, force, "export")
        lines = dk.lines(d)
        labels = {line.serial: line.label for line in lines}
        piles = _piles(lines)
        entries = []
        for card in cards:
            serial = kit.serial(card)
            label = labels.get(serial) or getattr(card, "name", None) or ""
            queue = piles.get(serial)
            entries.append(TtsCard(card, serial, f"{label} ({serial})" if label and label != serial else serial,
                                   _summary(kit, card), queue.pop(0) if queue else ""))  # fmt: skip
        name = dk.name(d) or path.stem
        description = f"{kit.title} deck {name}: {len(cards)} cards, made with cardgen"
        unique = len({e.key for e in entries})
        with click.progressbar(length=unique, label="drawing", file=sys.stderr, show_pos=True) as bar:
            summary = write_tts(entries, kit.face(lookup_url), kit.card_size, output, name=name,
                                description=description, url_base=url_base, progress=bar.update)  # fmt: skip
        click.echo(summary.line())
        if url_base is None:
            click.echo("the images are addressed by their file:/// paths on this computer: give --url-base and "
                       "publish the folder to share the deck with other players", err=True)  # fmt: skip

    return tts


# the order a deck's cards are listed in (DeckKit.cards): the deck master, then the main, extra and side decks
PILE_ORDER = ("master", "", "main", "extra", "side")


def _piles(lines: list[DeckLine]) -> dict[str, list[str]]:
    """For each serial, the pile of each of its copies, in the order the deck lists its cards."""
    ranked = sorted(lines, key=lambda line: PILE_ORDER.index(line.section) if line.section in PILE_ORDER else len(PILE_ORDER))
    piles: dict[str, list[str]] = {}
    for line in ranked:
        piles.setdefault(line.serial, []).extend([line.section] * line.count)
    return piles


def _summary(kit: Kit[Any], card: Any) -> str:
    """The card in a line or a few (`generate`'s text) for its description on the table; "" for a game without one."""
    try:
        return str(kit.summary(card))
    except NotImplementedError:
        return ""
