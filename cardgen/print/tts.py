"""Tabletop Simulator export: a deck as face sheets, a back image and a saved object (a DeckCustom).

Tabletop Simulator (TTS) loads a custom deck from a grid image of card faces
(a "deck sheet", at most 10 columns x 7 rows), one back image, and the object's
JSON. What is written here follows the save-file format of TTS's knowledge base
(kb.tabletopsimulator.com: "Save File Format", "Custom Deck", "Asset Creation")
and the shape of decks TTS itself saves:

    {"ObjectStates": [{"Name": "DeckCustom", "Transform": {...}, "Nickname": ...,
      "DeckIDs": [100, 101, 101, ...],
      "CustomDeck": {"1": {"FaceURL", "BackURL", "NumWidth", "NumHeight",
                           "BackIsHidden", "UniqueBack", "Type"}},
      "ContainedObjects": [{"Name": "Card", "CardID": 100, "Nickname": ...,
                            "CustomDeck": {"1": {...}}}, ...]}]}

A card is named by its CardID: the sheet's id (the CustomDeck key) times 100
plus its slot on the sheet, counted from 0, left to right, top to bottom. A
deck larger than one sheet has one CustomDeck entry per sheet. Copies of a card
share one face on the sheet, and appear once per copy in DeckIDs and in
ContainedObjects (in the deck's order: its first card is the top of the pile).

Two decks loaded into one game must not share a CustomDeck id (TTS would show
one deck's faces for the other's cards), so the ids are derived from the deck
(`deck_identity`: its name and its cards in order): the first sheet's id is a
number from 1000 to 900,999 drawn from the deck's SHA-256, the next sheets
follow it. Every object carries a GUID, as TTS's own saves do (an object
without one can vanish when TTS merges a save): six hex digits, also derived
from the deck (and the card's place in it), so exporting the same deck again
gives the same GUIDs, and never two alike in one export.

A deck whose cards lie in several piles (Spherion's deck master, main, extra
and side decks: `TtsCard.pile`) is saved as one object per pile, side by side.

The faces are the print faces' own drawing (cardgen.print.pdf.render_pdf on
single card-sized pages), rasterised by the PNG writer's pdfium renderer
(cardgen.print.png): the table shows what `deck print` prints. Every file is
written with cardgen.files.atomic_files: all or none.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
import os
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pypdfium2 as pdfium
from PIL import Image

from cardgen.errors import CardgenError
from cardgen.files import FileBatch, atomic_files
from cardgen.print.face import Face
from cardgen.print.imposition import Layout, impose
from cardgen.print.pdf import batches, render_pdf
from cardgen.print.png import BATCH, _render, encode_png
from cardgen.print.sizes import Size

# A deck sheet is at most 10 x 7 cards (TTS's Custom Deck dialog and format).
MAX_COLUMNS, MAX_ROWS = 10, 7
# 69 faces per sheet, not 70: TTS shows the LAST slot of a sheet's grid (bottom
# right) as the face of a card it must hide (in another player's hand, in a
# hidden zone) unless BackIsHidden is set. We set BackIsHidden, and still keep
# that slot for the back image on every sheet, as decks made for TTS
# conventionally do: a player who unticks "Back is hidden" in TTS then sees the
# back there, never another card's face, and the sheet is the one every TTS
# deck tool reads.
FACES_PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1
# TTS's knowledge base ("Asset Creation"): keep images under 4096 x 4096 (it
# accepts up to 10,000 px, but older graphics cards and its texture cache
# downscale anything above 4096). A full 10 x 7 sheet of poker cards is then
# 4090 x 3997 px: cards of 409 x 571 px, about 165 dpi, sharp on the table.
MAX_SHEET_PIXELS = 4096
MAX_CELL = (MAX_SHEET_PIXELS // MAX_COLUMNS, MAX_SHEET_PIXELS // MAX_ROWS)  # 409 x 585 px
# CustomDeck ids: the first sheet's from FIRST_SHEET_ID to FIRST_SHEET_ID + SHEET_IDS - 1 (CardIDs stay
# well inside the 32-bit integers TTS stores them in: at most about 90 million).
FIRST_SHEET_ID = 1000
SHEET_IDS = 900_000
PILE_SPACING = 3.0  # table units between piles (a poker card is about 2.2 wide)
# The grey TTS tints cards with by default, as in the decks it saves.
CARD_TINT = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}

_SAFE = re.compile(r"[^A-Za-z0-9_-]+")


@dataclass(frozen=True)
class TtsCard:
    """One card of the deck, in the deck's order (a card with 3 copies comes 3 times).

    `key` tells copies apart from other cards (the serial): cards of one key share one face.
    """

    card: Any
    key: str
    nickname: str
    description: str = ""
    pile: str = ""  # the pile it lies in on the table ("master", "main", "extra", "side"); one pile when all agree


@dataclass(frozen=True)
class Sheet:
    """One face sheet: its CustomDeck id, grid, pixel size, faces and file."""

    id: int
    columns: int
    rows: int
    faces: int
    width: int
    height: int
    file: str


@dataclass(frozen=True)
class TtsSummary:
    """What the export wrote."""

    folder: Path
    saved_object: Path
    cards: int
    sheets: tuple[Sheet, ...]
    back_files: tuple[str, ...]
    unique_backs: bool
    bytes: int

    @property
    def faces(self) -> int:
        return sum(s.faces for s in self.sheets)

    def line(self) -> str:
        grids = ", ".join(f"{s.columns}x{s.rows} ({s.width}x{s.height} px)" for s in self.sheets)
        sheets = f"{len(self.sheets)} face sheet{'s' if len(self.sheets) != 1 else ''}"
        backs = (
            f"{len(self.back_files)} back sheet{'s' if len(self.back_files) != 1 else ''} (the backs differ)"
            if self.unique_backs
            else "a back image"
        )
        return (f"{self.cards} cards, {self.faces} different faces on {sheets} {grids}, {backs}, and the saved object "
                f"{self.saved_object.name} in {self.folder} ({self.bytes / 1024 / 1024:.1f} MB)")  # fmt: skip


def file_stem(text: str, limit: int = 60) -> str:
    """A file-name-safe stem (ASCII letters, digits, '_' and '-') of a deck's name."""
    return _SAFE.sub("_", text).strip("_")[:limit] or "deck"


def cell_size(card: Size) -> tuple[int, int]:
    """A card's size in pixels on a sheet: as large as fits MAX_CELL, at the card's own proportions."""
    scale = min(MAX_CELL[0] / card.width, MAX_CELL[1] / card.height)  # pixels per mm
    return max(1, math.floor(card.width * scale)), max(1, math.floor(card.height * scale))


def sheet_grid(faces: int) -> tuple[int, int]:
    """(columns, rows) of a sheet of `faces` faces (1 to FACES_PER_SHEET) plus the hidden slot, last."""
    if not 1 <= faces <= FACES_PER_SHEET:
        raise ValueError(f"a sheet holds 1 to {FACES_PER_SHEET} faces, not {faces}")
    slots = faces + 1
    columns = min(MAX_COLUMNS, slots)
    return columns, math.ceil(slots / columns)


def file_url(path: Path) -> str:
    """The file:/// address of `path`, absolute (TTS reads local files by it)."""
    return path.resolve().as_uri()


def write_tts(
    cards: Sequence[TtsCard],
    face: Face[Any],
    card: Size,
    folder: str | os.PathLike[str],
    *,
    name: str,
    description: str = "",
    url_base: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> TtsSummary:
    """Write the deck for TTS into `folder`, all files or none; returns what was written.

    Files (STEM is `name` made file-safe): STEM.json, the saved object (a
    DeckCustom; TTS lists it under Objects > Saved Objects when it is in that
    folder), STEM.png its thumbnail there, STEM-faces-N.png the face sheets and
    STEM-back.png the back (or STEM-backs-N.png, a back sheet per face sheet, when
    the cards' backs differ: UniqueBack). The images are addressed by `url_base`
    + file name when given (where the files are published), else by their
    absolute file:/// address. `progress(n)` is told as cards are drawn.
    """
    if not cards:
        raise CardgenError("the deck has no card to export")
    stem = file_stem(name)
    out = Path(folder)

    def url(file: str) -> str:
        return url_base + quote(file) if url_base is not None else file_url(out / file)

    order: dict[str, int] = {}  # key -> face number, in order of first appearance
    unique: list[TtsCard] = []
    for c in cards:
        if c.key not in order:
            order[c.key] = len(unique)
            unique.append(c)
    groups = [unique[i : i + FACES_PER_SHEET] for i in range(0, len(unique), FACES_PER_SHEET)]
    cell = cell_size(card)
    identity = deck_identity(name, cards)
    first_id = sheet_id(identity)

    with atomic_files(out) as written:
        backs = _Backs(cell)
        sheets: list[Sheet] = []
        rendered = _render_cards(unique, face, card, cell, progress)
        for number, group in enumerate(groups, start=1):
            columns, rows = sheet_grid(len(group))
            faces = Image.new("RGB", (columns * cell[0], rows * cell[1]), "white")
            for slot in range(len(group)):
                front, back = next(rendered)
                faces.paste(front, _at(slot, columns, cell))
                backs.add(number, slot, back)
            faces.paste(backs.first, _at(columns * rows - 1, columns, cell))  # the hidden slot
            file = f"{stem}-faces-{number}.png"
            written.write(file, encode_png(faces))
            sheets.append(Sheet(number, columns, rows, len(group), faces.width, faces.height, file))
            del faces
        back_files = backs.write(written, stem, sheets)
        decks = {
            str(first_id + s.id - 1): {
                "FaceURL": url(s.file),
                "BackURL": url(back_files[s.id - 1] if backs.unique else back_files[0]),
                "NumWidth": s.columns,
                "NumHeight": s.rows,
                "BackIsHidden": True,
                "UniqueBack": backs.unique,
                "Type": 0,  # rectangle with rounded corners: a playing card
            }
            for s in sheets
        }
        ids = [_card_id(order[c.key], first_id) for c in cards]
        saved = saved_object(cards, ids, decks, name, description, identity)
        json_name = f"{stem}.json"
        written.write(json_name, (json.dumps(saved, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
        thumbnail = backs.first.copy()
        thumbnail.thumbnail((256, 256))
        written.write(f"{stem}.png", encode_png(thumbnail))
        names = [json_name, f"{stem}.png", *back_files, *(s.file for s in sheets)]
    size = sum((out / n).stat().st_size for n in names)
    return TtsSummary(out, out / json_name, len(cards), tuple(sheets), tuple(back_files), backs.unique, size)


def deck_identity(name: str, cards: Sequence[TtsCard]) -> str:
    """What the deck's ids and GUIDs are derived from: its name and its cards (key and pile) in order."""
    text = json.dumps([name, [[c.key, c.pile] for c in cards]], ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def sheet_id(identity: str) -> int:
    """The first sheet's CustomDeck id, from the deck's identity."""
    return FIRST_SHEET_ID + int(identity[:16], 16) % SHEET_IDS


class Guids:
    """Six-hex-digit GUIDs derived from the deck's identity and a label; never two alike in one export."""

    def __init__(self, identity: str) -> None:
        self.identity = identity
        self.used: set[str] = set()

    def __call__(self, label: str) -> str:
        for attempt in range(1000):
            text = f"{self.identity}/{label}" + (f"/{attempt}" if attempt else "")
            guid = hashlib.sha256(text.encode("utf-8")).hexdigest()[:6]
            if guid not in self.used:
                self.used.add(guid)
                return guid
        raise AssertionError("no free GUID in 1000 tries")  # 16.7 million of them: a deck never uses so many


def _card_id(face_number: int, first_id: int = 1) -> int:
    """CardID of the face_number-th face (from 0): its sheet's id x 100 + slot (sheets numbered on from first_id)."""
    sheet, slot = divmod(face_number, FACES_PER_SHEET)
    return (first_id + sheet) * 100 + slot


def _at(slot: int, columns: int, cell: tuple[int, int]) -> tuple[int, int]:
    """The top-left pixel of a slot (TTS counts left to right, then top to bottom)."""
    row, column = divmod(slot, columns)
    return column * cell[0], row * cell[1]


def _transform(flipped: bool, x: float = 0.0) -> dict[str, float]:
    """Where the object lies: at the table's centre (or `x` along it), face down (rotZ 180) as TTS saves a deck."""
    return {"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0 if flipped else 0.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}  # fmt: skip


def _object(kind: str, nickname: str, description: str, hands: bool, fields: dict[str, Any],
            contained: list[dict[str, Any]] | None = None, guid: str = "", x: float = 0.0) -> dict[str, Any]:  # fmt: skip
    """One object as TTS saves it: its common fields in TTS's order around the kind's own `fields`."""
    obj: dict[str, Any] = {
        "GUID": guid,
        "Name": kind,
        "Transform": _transform(True, x),
        "Nickname": nickname,
        "Description": description,
        "GMNotes": "",
        "ColorDiffuse": CARD_TINT,
        "Locked": False,
        "Grid": True,
        "Snap": True,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
        "Hands": hands,
        "SidewaysCard": False,
        **fields,
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
    }
    if contained is not None:
        obj["ContainedObjects"] = contained
    return obj


def saved_object(cards: Sequence[TtsCard], ids: Sequence[int], decks: dict[str, dict[str, Any]], name: str,
                 description: str, identity: str | None = None) -> dict[str, Any]:  # fmt: skip
    """The saved-object JSON of the deck: a DeckCustom per pile (a pile of one card is saved as a Card, as
    TTS does), in the order the piles first appear, side by side."""
    guids = Guids(identity if identity is not None else deck_identity(name, cards))
    piles: dict[str, list[int]] = {}
    for k, c in enumerate(cards):
        piles.setdefault(c.pile, []).append(k)
    several = len(piles) > 1
    states = []
    for p, (pile, members) in enumerate(piles.items()):
        x = p * PILE_SPACING
        contained = [
            _object("Card", cards[k].nickname, cards[k].description, True,
                    {"CardID": ids[k], "CustomDeck": {str(ids[k] // 100): decks[str(ids[k] // 100)]}},
                    guid=guids(f"card/{k}"), x=x)  # fmt: skip
            for k in members
        ]
        if len(contained) == 1:
            states.append(contained[0])
            continue
        used = {str(ids[k] // 100) for k in members}
        states.append(_object("DeckCustom", f"{name} ({pile})" if several and pile else name, description, False,
                              {"DeckIDs": [ids[k] for k in members], "CustomDeck": {key: v for key, v in decks.items() if key in used}},
                              contained, guid=guids(f"deck/{pile}"), x=x))  # fmt: skip
    # The outer fields of a saved object, empty as TTS writes them (only ObjectStates matters).
    return {
        "SaveName": "",
        "Date": "",
        "VersionNumber": "",
        "GameMode": "",
        "GameType": "",
        "GameComplexity": "",
        "Tags": [],
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Table": "",
        "Sky": "",
        "Note": "",
        "TabStates": {},
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
        "ObjectStates": states,
    }


def _render_cards(cards: Sequence[TtsCard], face: Face[Any], card: Size, cell: tuple[int, int],
                  progress: Callable[[int], None] | None) -> Iterator[tuple[Image.Image, Image.Image]]:  # fmt: skip
    """(front, back) of each card at `cell` pixels, drawn by the face as the print PDF draws it.

    One card-sized page per side, no bleed: a PDF of a batch of cards, front then
    back, rendered by pdfium into exactly `cell` pixels.
    """
    imposition = impose(Layout(card=card, bleed=0.0, mode="single", crop_marks=False, backs="long-edge"))
    width, height = cell
    for batch in batches(cards, BATCH):
        buffer = io.BytesIO()
        render_pdf([c.card for c in batch], face, imposition, buffer, backs=True, title="cardgen tts batch")
        document = pdfium.PdfDocument(buffer.getvalue())
        try:
            images = []
            for index in range(2 * len(batch)):
                page = document[index]
                try:
                    pixels = _render(page, width, height, filter_bytes=False)
                finally:
                    page.close()
                images.append(Image.frombytes("RGB", (width, height), bytes(pixels)))
        finally:
            document.close()
        if progress is not None:
            progress(len(batch))
        yield from zip(images[0::2], images[1::2])


class _Backs:
    """The cards' backs: one image when every card has the same back (the usual case), else back sheets.

    The first back is kept, and any back that differs from it (with its sheet
    and slot); when there is one, every face sheet gets a back sheet of the same
    grid (UniqueBack). A deck whose cards share one back keeps one image.
    """

    def __init__(self, cell: tuple[int, int]) -> None:
        self.cell = cell
        self.first: Image.Image = Image.new("RGB", cell, "white")
        self._first_bytes: bytes | None = None
        self._odd: dict[int, dict[int, Image.Image]] = {}  # sheet -> slot -> back differing from the first

    @property
    def unique(self) -> bool:
        """Do the backs differ (a back sheet per face sheet, UniqueBack)?"""
        return bool(self._odd)

    def add(self, sheet: int, slot: int, back: Image.Image) -> None:
        data = back.tobytes()
        if self._first_bytes is None:
            self.first, self._first_bytes = back, data
        elif data != self._first_bytes:
            self._odd.setdefault(sheet, {})[slot] = back

    def write(self, written: FileBatch, stem: str, sheets: Sequence[Sheet]) -> list[str]:
        if not self.unique:
            name = f"{stem}-back.png"
            written.write(name, encode_png(self.first))
            return [name]
        names = []
        for s in sheets:
            image = Image.new("RGB", (s.width, s.height), "white")
            odd = self._odd.get(s.id, {})
            for slot in [*range(s.faces), s.columns * s.rows - 1]:
                image.paste(odd.get(slot, self.first), _at(slot, s.columns, self.cell))
            name = f"{stem}-backs-{s.id}.png"
            written.write(name, encode_png(image))
            names.append(name)
        return names
