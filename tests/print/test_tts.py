"""Issue 37: `cardgen <game> deck tts DECK -o DIR` writes what Tabletop Simulator imports as a custom deck.

What a player relies on: the saved object is the JSON TTS loads (a DeckCustom whose DeckIDs,
ContainedObjects and CustomDeck agree, CardID = sheet id x 100 + slot), every card is named
with its name and serial, copies share a face; the face sheets are at most 10 x 7 cards
within 4096 px, each card in the slot its CardID names, the last slot the hidden card; a deck
over 69 faces takes several sheets; the images are addressed by --url-base or by absolute
file:/// addresses; bad input is refused in one line and never half-writes the folder.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

import click
import pytest
from click.testing import CliRunner
from PIL import Image

from cardgen import games
from cardgen.cli.kit import group
from cardgen.cli.main import CardgenGroup
from cardgen.cli.tts import tts_command
from cardgen.errors import CardgenError
from cardgen.print.face import CardBox
from cardgen.print.sizes import CARD_SIZES
from cardgen.print.tts import (
    FACES_PER_SHEET,
    MAX_COLUMNS,
    MAX_ROWS,
    MAX_SHEET_PIXELS,
    TtsCard,
    cell_size,
    sheet_grid,
    write_tts,
)

POKER = CARD_SIZES["poker"]
WHITE = (255, 255, 255)


# ----- a face whose every card is one flat colour: a slot's pixels say which card is in it ------


@dataclass(frozen=True)
class Flat:
    number: int
    back: int = 0  # which back colour


def colour(number: int) -> tuple[int, int, int]:
    return (number * 37 % 200 + 20, number * 91 % 200 + 20, number * 13 % 200 + 20)


BACKS = [(10, 10, 120), (120, 10, 10)]


class FlatFace:
    def setup(self, canvas, box: CardBox) -> None:
        pass

    def draw_front(self, canvas, card: Flat, box: CardBox) -> None:
        canvas.setFillColorRGB(*(c / 255 for c in colour(card.number)))
        canvas.rect(0, 0, box.width, box.height, stroke=0, fill=1)

    def draw_back(self, canvas, card: Flat, box: CardBox) -> None:
        canvas.setFillColorRGB(*(c / 255 for c in BACKS[card.back]))
        canvas.rect(0, 0, box.width, box.height, stroke=0, fill=1)


def flat_deck(numbers: list[int], back=lambda n: 0) -> list[TtsCard]:
    return [TtsCard(Flat(n, back(n)), f"S{n:03d}", f"Card {n} (S{n:03d})") for n in numbers]


def load(folder: Path, stem: str) -> dict:
    return json.loads((folder / f"{stem}.json").read_text(encoding="utf-8"))


def slot_colour(image: Image.Image, slot: int, columns: int, cell: tuple[int, int]) -> tuple[int, int, int]:
    """The colour at the centre of a slot."""
    row, column = divmod(slot, columns)
    return image.getpixel((column * cell[0] + cell[0] // 2, row * cell[1] + cell[1] // 2))


def close(a, b) -> bool:
    return all(abs(x - y) <= 2 for x, y in zip(a, b))


def url_path(url: str) -> Path:
    parts = urlsplit(url)
    assert parts.scheme == "file" and parts.netloc == ""
    return Path(unquote(parts.path))


# ----- geometry -------------------------------------------------------------------------------


def test_every_sheet_is_at_most_10x7_within_4096_px_with_the_hidden_slot_free():
    assert FACES_PER_SHEET == 69 and (MAX_COLUMNS, MAX_ROWS) == (10, 7)
    assert cell_size(POKER) == (409, 571)  # the poker card's 63:88, within 409 x 585
    for size in CARD_SIZES.values():
        w, h = cell_size(size)
        assert abs(w / h - size.width / size.height) < 0.01  # not stretched
        for faces in range(1, FACES_PER_SHEET + 1):
            columns, rows = sheet_grid(faces)
            assert columns <= 10 and rows <= 7
            assert faces < columns * rows  # the last slot stays for the hidden card
            assert columns * rows - faces <= columns  # no empty row
            assert columns * w <= MAX_SHEET_PIXELS and rows * h <= MAX_SHEET_PIXELS
    assert sheet_grid(69) == (10, 7) and sheet_grid(33) == (10, 4) and sheet_grid(1) == (2, 1)
    with pytest.raises(ValueError):
        sheet_grid(70)


def test_a_deck_over_69_faces_takes_two_sheets_each_card_in_the_slot_its_card_id_names(tmp_path):
    numbers = [0, 0, 0] + list(range(1, 75)) + [70]  # 75 faces, 3 copies of card 0, card 70 twice
    cards = flat_deck(numbers)
    told = []
    summary = write_tts(cards, FlatFace(), POKER, tmp_path / "out", name="Big deck", progress=told.append)
    out = tmp_path / "out"
    assert sum(told) == 75  # progress counts the cards drawn (each face once)
    assert sorted(p.name for p in out.iterdir()) == [
        "Big_deck-back.png", "Big_deck-faces-1.png", "Big_deck-faces-2.png", "Big_deck.json", "Big_deck.png"]  # fmt: skip

    deck = load(out, "Big_deck")["ObjectStates"]
    assert len(deck) == 1
    state = deck[0]
    assert state["Name"] == "DeckCustom" and state["Nickname"] == "Big deck"
    base = int(min(state["CustomDeck"], key=int))  # derived from the deck: the sheets' ids follow it
    assert set(state["CustomDeck"]) == {str(base), str(base + 1)}
    first, second = state["CustomDeck"][str(base)], state["CustomDeck"][str(base + 1)]
    assert (first["NumWidth"], first["NumHeight"]) == (10, 7)
    assert (second["NumWidth"], second["NumHeight"]) == (7, 1)  # 6 faces and the hidden slot
    assert first["BackURL"] == second["BackURL"] and first["UniqueBack"] is False and first["BackIsHidden"] is True
    # card k (by first appearance) is face k: sheet k // 69 (its id base + k // 69), slot k % 69
    ids = [i - base * 100 for i in state["DeckIDs"]]
    assert len(ids) == len(numbers) == len(state["ContainedObjects"])
    assert ids[:4] == [0, 0, 0, 1] and ids[69 + 2] == 100 and ids[-1] == 101 and ids[-2] == 105
    ids = state["DeckIDs"]
    for card, card_id, number in zip(state["ContainedObjects"], ids, numbers):
        assert card["Name"] == "Card" and card["CardID"] == card_id
        assert card["Nickname"] == f"Card {number} (S{number:03d})"
        assert card["CustomDeck"] == {str(card_id // 100): state["CustomDeck"][str(card_id // 100)]}

    cell = cell_size(POKER)
    for key, sheet in state["CustomDeck"].items():
        image = Image.open(url_path(sheet["FaceURL"]))
        columns, rows = sheet["NumWidth"], sheet["NumHeight"]
        assert image.size == (columns * cell[0], rows * cell[1])
        for card_id, number in zip(ids, numbers):
            if card_id // 100 == int(key):
                assert close(slot_colour(image, card_id % 100, columns, cell), colour(number))
        assert close(slot_colour(image, columns * rows - 1, columns, cell), BACKS[0])  # the hidden slot
    back = Image.open(url_path(first["BackURL"]))
    assert back.size == cell and close(back.getpixel((cell[0] // 2, cell[1] // 2)), BACKS[0])
    assert summary.cards == 78 and summary.faces == 75 and len(summary.sheets) == 2


def test_cards_whose_backs_differ_get_a_back_sheet_per_face_sheet(tmp_path):
    cards = flat_deck(list(range(5)), back=lambda n: n % 2)
    write_tts(cards, FlatFace(), POKER, tmp_path, name="two backs")
    (sheet,) = load(tmp_path, "two_backs")["ObjectStates"][0]["CustomDeck"].values()
    assert sheet["UniqueBack"] is True and (sheet["NumWidth"], sheet["NumHeight"]) == (6, 1)
    backs = Image.open(url_path(sheet["BackURL"]))
    assert backs.size == (6 * 409, 571)
    for n in range(5):
        assert close(slot_colour(backs, n, 6, (409, 571)), BACKS[n % 2])


def test_a_single_card_is_saved_as_a_card_as_tts_saves_one(tmp_path):
    write_tts(flat_deck([3]), FlatFace(), POKER, tmp_path, name="one")
    state = load(tmp_path, "one")["ObjectStates"][0]
    assert state["Name"] == "Card" and state["CardID"] % 100 == 0 and str(state["CardID"] // 100) in state["CustomDeck"]


# ----- addresses --------------------------------------------------------------------------------


def test_images_are_addressed_under_url_base_or_by_absolute_file_urls(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write_tts(flat_deck([1, 2]), FlatFace(), POKER, "local", name="My deck")
    (sheet,) = load(tmp_path / "local", "My_deck")["ObjectStates"][0]["CustomDeck"].values()
    for url in (sheet["FaceURL"], sheet["BackURL"]):
        assert url.startswith("file:///")
        path = url_path(url)
        assert path.is_absolute() and path.is_file() and path.parent == (tmp_path / "local").resolve()

    write_tts(flat_deck([1, 2]), FlatFace(), POKER, "web", name="My deck", url_base="https://example.org/decks/")
    (sheet,) = load(tmp_path / "web", "My_deck")["ObjectStates"][0]["CustomDeck"].values()
    assert sheet["FaceURL"] == "https://example.org/decks/My_deck-faces-1.png"
    assert sheet["BackURL"] == "https://example.org/decks/My_deck-back.png"


# ----- all or nothing ---------------------------------------------------------------------------


class Failing(FlatFace):
    def draw_front(self, canvas, card: Flat, box: CardBox) -> None:
        if card.number == 72:
            raise CardgenError("card 72 cannot be drawn")
        super().draw_front(canvas, card, box)


def test_a_failure_on_a_late_card_leaves_the_folder_as_it_was(tmp_path):
    out = tmp_path / "out"
    write_tts(flat_deck([1, 2]), FlatFace(), POKER, out, name="d")
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    with pytest.raises(CardgenError, match="card 72"):
        write_tts(flat_deck(list(range(75))), Failing(), POKER, out, name="d")  # fails on the second sheet
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    with pytest.raises(CardgenError, match="card 72"):
        write_tts(flat_deck(list(range(75))), Failing(), POKER, tmp_path / "new", name="d")
    assert not (tmp_path / "new").exists()


# ----- the command ------------------------------------------------------------------------------


def cli(game: str) -> CardgenGroup:
    """`cardgen GAME` with `deck tts` (added here when cardgen.cli.kit's deck group does not have it yet)."""
    kit = games.game(game).load_kit()
    grp = group(kit)
    deck = grp.commands["deck"]
    assert isinstance(deck, click.Group)
    if "tts" not in deck.commands:
        deck.add_command(tts_command(kit, kit.deck))
    root = CardgenGroup("cardgen")
    root.add_command(grp)
    return root


def run(game: str, *args: str):
    return CliRunner().invoke(cli(game), [game, *args])


def built(game: str, path: Path, seed: str = "1") -> Path:
    result = run(game, "deck", "build", "--seed", seed, "-o", str(path))
    assert result.exit_code == 0, result.output
    return path


@pytest.mark.parametrize("game", ["ginjontan", "gogmagog"])
def test_deck_tts_names_every_card_with_its_name_and_serial_copies_included(game, tmp_path):
    from cardgen.kit import DeckKit

    deck_file = built(game, tmp_path / "deck.txt")
    result = run(game, "deck", "tts", str(deck_file), "-o", str(tmp_path / "tts"))
    assert result.exit_code == 0, result.output
    kit = games.game(game).load_kit()
    dk: DeckKit = kit.deck
    d = dk.read(deck_file)
    lines = dk.lines(d)
    expected = [f"{line.label} ({line.serial})" for line in lines for _ in range(line.count)]
    (saved,) = (tmp_path / "tts").glob("*.json")
    state = json.loads(saved.read_text(encoding="utf-8"))["ObjectStates"][0]
    assert state["Name"] == "DeckCustom" and state["Nickname"] == dk.name(d)
    assert [c["Nickname"] for c in state["ContainedObjects"]] == expected
    assert len(state["DeckIDs"]) == sum(line.count for line in lines)
    assert len(set(state["DeckIDs"])) == len(lines)  # one face per different card
    (sheet,) = state["CustomDeck"].values()
    image = Image.open(url_path(sheet["FaceURL"]))
    assert image.size == (sheet["NumWidth"] * 409, sheet["NumHeight"] * 571)
    assert "cards," in result.output and saved.name in result.output


def test_deck_tts_refuses_bad_input_in_one_line_and_writes_nothing(tmp_path):
    deck_file = built("gogmagog", tmp_path / "deck.txt")
    a_file = tmp_path / "a-file"
    a_file.write_text("mine")
    result = run("gogmagog", "deck", "tts", str(deck_file), "-o", str(a_file))
    assert result.exit_code == 2 and "is a file" in result.output
    assert a_file.read_text() == "mine"

    for bad in ("ftp://example.org/d/", "example.org/decks", "https://", "https://example.org/d/?x=1",
                "https://example.org:99999/", "https://exa mple.org/"):  # fmt: skip
        result = run("gogmagog", "deck", "tts", str(deck_file), "-o", str(tmp_path / "out"), "--url-base", bad)
        assert result.exit_code == 2, bad
        assert "--url-base" in result.output and "http" in result.output, result.output
    assert not (tmp_path / "out").exists()

    illegal = tmp_path / "illegal.txt"
    illegal.write_text("\n".join(deck_file.read_text().splitlines()[:6]) + "\n", encoding="utf-8")
    result = run("gogmagog", "deck", "tts", str(illegal), "-o", str(tmp_path / "out"))
    assert result.exit_code == 1 and "error: " in result.output and "--force" in result.output
    assert "Traceback" not in result.output and not (tmp_path / "out").exists()
    result = run("gogmagog", "deck", "tts", str(illegal), "-o", str(tmp_path / "out"), "--force")
    assert result.exit_code == 0, result.output


def test_deck_tts_with_url_base_addresses_the_published_files(tmp_path):
    deck_file = built("gogmagog", tmp_path / "deck.txt")
    result = run("gogmagog", "deck", "tts", str(deck_file), "-o", str(tmp_path / "out"),
                 "--url-base", "https://example.org/decks")  # fmt: skip
    assert result.exit_code == 0, result.output
    (saved,) = (tmp_path / "out").glob("*.json")
    (sheet,) = json.loads(saved.read_text(encoding="utf-8"))["ObjectStates"][0]["CustomDeck"].values()
    assert sheet["FaceURL"] == f"https://example.org/decks/{saved.stem}-faces-1.png"
    assert sheet["BackURL"] == f"https://example.org/decks/{saved.stem}-back.png"
    assert "file:///" not in saved.read_text(encoding="utf-8")


def test_every_game_with_decks_has_deck_tts_and_a_game_without_has_no_deck_group():
    for name in games.registry().names():
        entry = games.game(name)
        if not entry.kit:
            continue
        kit = entry.load_kit()
        grp = group(kit)
        if kit.deck is None:
            assert "deck" not in grp.commands
        else:
            assert "tts" in cli(name).commands[name].commands["deck"].commands  # type: ignore[attr-defined]


# ----- GUIDs, CustomDeck ids and piles (issue 51) -----------------------------------------------


def objects(state: dict) -> list[dict]:
    """Every object of a saved state, the contained ones too."""
    return [state, *(o for c in state.get("ContainedObjects", []) for o in objects(c))]


def test_every_object_has_a_guid_unique_in_the_export_and_the_same_for_the_same_deck(tmp_path):
    import re

    write_tts(flat_deck([0, 0, 1, 2, 3]), FlatFace(), POKER, tmp_path / "a", name="d")
    write_tts(flat_deck([0, 0, 1, 2, 3]), FlatFace(), POKER, tmp_path / "b", name="d")
    first = [o for s in load(tmp_path / "a", "d")["ObjectStates"] for o in objects(s)]
    assert len(first) == 6  # the deck and its 5 cards, copies included
    guids = [o["GUID"] for o in first]
    assert all(re.fullmatch(r"[0-9a-f]{6}", g) for g in guids) and len(set(guids)) == len(guids)
    again = [o["GUID"] for s in load(tmp_path / "b", "d")["ObjectStates"] for o in objects(s)]
    assert again == guids  # derived from the deck: stable from one export to the next


def test_two_decks_never_share_a_custom_deck_id(tmp_path):
    write_tts(flat_deck(list(range(80))), FlatFace(), POKER, tmp_path, name="red")  # two sheets
    write_tts(flat_deck(list(range(80))), FlatFace(), POKER, tmp_path, name="blue")
    write_tts(flat_deck(list(range(1, 81))), FlatFace(), POKER, tmp_path, name="red2")
    keys = [set(load(tmp_path, n)["ObjectStates"][0]["CustomDeck"]) for n in ("red", "blue", "red2")]
    assert all(len(k) == 2 for k in keys)
    assert not (keys[0] & keys[1]) and not (keys[0] & keys[2]) and not (keys[1] & keys[2])
    for name in ("red", "blue", "red2"):
        state = load(tmp_path, name)["ObjectStates"][0]
        assert {str(i // 100) for i in state["DeckIDs"]} == set(state["CustomDeck"])
        assert all(0 < i < 2**31 for i in state["DeckIDs"])


def test_cards_of_several_piles_are_saved_as_a_pile_each_side_by_side(tmp_path):
    cards = [TtsCard(Flat(n), f"S{n:03d}", f"Card {n}", pile=p)
             for n, p in [(0, "master"), (1, "main"), (2, "main"), (2, "main"), (3, "extra"), (4, "side"), (1, "side")]]  # fmt: skip
    write_tts(cards, FlatFace(), POKER, tmp_path, name="d")
    states = load(tmp_path, "d")["ObjectStates"]
    assert [(s["Name"], s["Nickname"]) for s in states] == [
        ("Card", "Card 0"), ("DeckCustom", "d (main)"), ("Card", "Card 3"), ("DeckCustom", "d (side)")]  # fmt: skip
    assert [s["Transform"]["posX"] for s in states] == [0.0, 3.0, 6.0, 9.0]
    assert [c["Nickname"] for c in states[1]["ContainedObjects"]] == ["Card 1", "Card 2", "Card 2"]
    assert states[3]["DeckIDs"] == [c["CardID"] for c in states[3]["ContainedObjects"]]
    guids = [o["GUID"] for s in states for o in objects(s)]
    assert len(set(guids)) == len(guids) == 4 + 3 + 2


SPHERION_DECK = """name: Piles
master: T0SN-RW1
main:
3x T0HF-EPX
3x T0YM-ZJM
3x T0H9-433
2x T0YJ-TGY
3x T1S1-AY6
3x T045-16J
3x T1BP-PMX
3x T06D-N6R
3x T0KG-4RF
3x T1MM-1Q4
1x T21X-C8H
1x T21X-CMQ
1x T21X-E4C
1x T21X-EGG
1x T21X-DR5
2x T21X-DCS
1x T21X-FCK
2x T21X-EMX
1x T21X-G08
extra:
1x T0YJ-TGY
side:
2x T21X-C8H
1x T21X-F8Y
"""


def test_spherion_master_main_extra_and_side_decks_are_separate_piles(tmp_path):
    deck_file = tmp_path / "piles.txt"
    deck_file.write_text(SPHERION_DECK)
    result = run("spherion", "deck", "tts", str(deck_file), "-o", str(tmp_path / "tts"))
    assert result.exit_code == 0, result.output
    states = load(tmp_path / "tts", "Piles")["ObjectStates"]
    assert [s["Nickname"] for s in states] == ["Skycrest Titan (T0SN-RW1)", "Piles (main)",
                                               "Ironheart Yurei (T0YJ-TGY)", "Piles (side)"]  # fmt: skip
    assert len(states[1]["ContainedObjects"]) == 40 and len(states[3]["ContainedObjects"]) == 3
    assert [c["Nickname"] for c in states[3]["ContainedObjects"]][-1].endswith("(T21X-F8Y)")
    guids = [o["GUID"] for s in states for o in objects(s)]
    assert len(set(guids)) == len(guids)
