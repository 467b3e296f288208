"""The Spherion face a card designer would sign off (issue 38): the name at one size and beside
nothing, the level as diamonds where players look for it, rarity as a set symbol with its initial,
the element told by its letters as well as its colour, deck masters marked without a tribute
line, spells and traps saying how they activate and what they do, and nothing outside its box."""

from __future__ import annotations

import io

import pypdfium2 as pdfium
import pytest
import zxingcpp
from reportlab.pdfgen.canvas import Canvas

from cardgen.print import vision
from cardgen.print.face import CardBox
from cardgen.print.fonts import draw_text_box as real_draw_text_box
from cardgen.spherion import face as sface
from cardgen.spherion.cards import RARITIES, Card, decode, generate, tables

BOX = CardBox.from_mm(63, 88, 3)


class Drawn:
    """What one draw_front call put on the card: text boxes (text, x, y, w, h, size) and level pips
    (diamonds; kept in `stars`, the name this test had when the level was drawn as stars)."""

    def __init__(self, monkeypatch, card: Card) -> None:
        self.texts: list[tuple[str, float, float, float, float, float]] = []
        self.stars: list[tuple[float, float, float]] = []

        def text_box(canvas, text, x, y, width, height, font, max_size, min_size, *args, **kw):
            fitted = real_draw_text_box(canvas, text, x, y, width, height, font, max_size, min_size, *args, **kw)
            self.texts.append((text, x, y, width, height, fitted.size))
            return fitted

        real_pip = sface._diamond

        def pip(canvas, x, y, r):
            self.stars.append((x, y, r))
            real_pip(canvas, x, y, r)

        monkeypatch.setattr(sface, "draw_text_box", text_box)
        monkeypatch.setattr(sface, "_diamond", pip)
        f = sface.SpherionFace("https://cards.test/c/")
        canvas = Canvas(io.BytesIO(), pagesize=(BOX.width, BOX.height))
        f.setup(canvas, BOX)
        f.draw_front(canvas, card, BOX)
        canvas.showPage()
        canvas.save()

    def text(self, text: str) -> tuple[str, float, float, float, float, float]:
        found = [t for t in self.texts if t[0] == text]
        assert found, f"{text!r} not drawn; drawn: {[t[0] for t in self.texts]}"
        return found[0]

    def all_text(self) -> str:
        return " | ".join(t[0] for t in self.texts)


def _overlap(a, b) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw - 1e-6 and bx < ax + aw - 1e-6 and ay < by + bh - 1e-6 and by < ay + ah - 1e-6


def _kinds():
    cards = list(generate("face-design", 400))
    monster = next(c for c in cards if c.is_monster and c.level >= 7)
    return {
        "monster": monster,
        "master": monster.as_master(),
        "spell": next(c for c in cards if c.kind == 1 and c.condition[0] != "always"),
        "trap": next(c for c in cards if c.kind == 2 and c.condition[0] != "always"),
        "relic": next(c for c in generate("face-relic", 3000) if c.relic),
    }


@pytest.mark.parametrize("kind", ["monster", "master", "spell", "trap", "relic"])
def test_the_name_keeps_its_size_and_its_box_to_itself(monkeypatch, kind):
    card = _kinds()[kind]
    drawn = Drawn(monkeypatch, card)
    name = drawn.text(card.name)
    assert name[5] == sface.TITLE_PT  # never shrunk for its length
    others = [t for t in drawn.texts if t is not name]
    for t in others:
        assert not _overlap(name[1:5], t[1:5]), f"the name's box meets {t[0]!r}'s"
    for x, y, r in drawn.stars:
        assert not _overlap(name[1:5], (x - r, y - r, 2 * r, 2 * r)), "a star runs into the name"


@pytest.mark.parametrize("kind", ["monster", "master", "relic"])
def test_the_level_is_a_row_of_diamonds_and_the_rarity_a_set_symbol(monkeypatch, kind):
    card = _kinds()[kind]
    drawn = Drawn(monkeypatch, card)
    assert len(drawn.stars) == card.level  # one diamond a level: stars mean rarity on the card's pages
    assert f"Level {card.level}" in drawn.all_text()
    drawn.text(card.rarity)
    drawn.text(card.rarity[0])  # the set symbol's initial: rarity is never told by colour alone
    assert len({r[0] for r in RARITIES}) == len(RARITIES) == 5


def test_spells_and_traps_say_how_they_activate_and_what_they_do(monkeypatch):
    kinds = _kinds()
    for kind in ("spell", "trap"):
        card = kinds[kind]
        drawn = Drawn(monkeypatch, card)
        assert not drawn.stars
        drawn.text("ACTIVATE")
        drawn.text("EFFECT")
        act, eff = drawn.text(card.activation_text()), drawn.text(card.effect_words())
        assert act[5] >= sface.MIN_TEXT_PT and eff[5] >= sface.MIN_TEXT_PT
        assert "_" not in drawn.all_text()  # no internal effect key ('atk_up') on the face
    spell = kinds["spell"]
    assert "plan" in spell.activation_text() and "runs into it" in spell.activation_text()
    trap = kinds["trap"]
    assert trap.activation_text().startswith("When an opposing")


def test_every_spell_and_trap_text_fits_above_the_minimum(monkeypatch):
    t = tables()
    for n in range(t.offsets[1], t.count):
        card = Card.from_number(t, n)
        drawn = Drawn(monkeypatch, card)
        assert min(x[5] for x in drawn.texts) >= sface.MIN_TEXT_PT


def test_a_deck_master_is_marked_and_has_no_tribute_line(monkeypatch):
    monster = _kinds()["monster"]
    assert monster.tributes == 2
    drawn = Drawn(monkeypatch, monster.as_master())
    text = drawn.all_text()
    assert "DECK MASTER" in text and "Deck master" in text
    assert "tribute" not in text.lower()
    assert "tribute" in Drawn(monkeypatch, monster).all_text()  # the same card in a main deck
    # the print path keeps the mark (worker processes get it through pack/unpack)
    f = sface.SpherionFace()
    assert f.unpack(f.pack(monster.as_master())).master and not f.unpack(f.pack(monster)).master
    assert monster.as_master() == monster  # the same card, printed as a deck master


def test_a_printed_deck_marks_its_master_first():
    from cardgen.spherion.deck import seed_deck
    from cardgen.spherion.kit import KIT

    deck = seed_deck("7")
    printed = KIT.deck.cards(deck)
    assert printed[0].master and printed[0] == deck.master
    assert not any(c.master for c in printed[1:])


def test_elements_are_told_by_letters_as_well_as_colour(monkeypatch):
    """Greyscale and deuteranopia readers lose some element colours; each element's badge letters
    are distinct and drawn on its card."""
    badges = [sface.BADGES[e.name] for e in tables().elements]
    assert len(set(badges)) == len(badges)
    shapes = [sface.BADGE_SHAPES[e.name] for e in tables().elements]  # and its own godai shape
    assert len(set(shapes)) == len(shapes) and sface.BADGE_SHAPES["spell"] not in shapes
    for e, letters in zip(tables().elements, badges):
        card = next(c for c in generate(f"badge-{e.name}", 200) if c.is_monster and c.element == e.name)
        drawn = Drawn(monkeypatch, card)
        drawn.text(letters)
        assert f"{card.element} ({card.reading})" in drawn.all_text()
    # what colour alone would do: report, not rely on (the letters carry it)
    rgb = [tuple(int(sface.COLOURS[e.name][i:i + 2], 16) / 255 for i in (1, 3, 5)) for e in tables().elements]
    assert vision.closest_pair(rgb, "normal")[0] >= 10


def test_faces_render_with_scannable_qr_codes():
    from cardgen.print.imposition import Layout, impose
    from cardgen.print.pdf import render_pdf

    kinds = _kinds()
    cards = [kinds["master"], kinds["monster"], kinds["spell"], kinds["trap"]]
    buffer = io.BytesIO()
    render_pdf(cards, sface.SpherionFace("https://cards.test/c/"), impose(Layout(columns=2, rows=2)), buffer)
    document = pdfium.PdfDocument(buffer.getvalue())
    try:
        image = document[0].render(scale=300 / 72).to_pil().convert("L")
    finally:
        document.close()
    found = {r.text.rsplit("/", 1)[-1] for r in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)}
    assert found == {c.serial for c in cards}


def test_decode_of_an_old_serial_still_works():
    card = decode("T0BM-DWY")
    assert (card.element, card.level, card.atk, card.defence) == ("Fire", 11, 3100, 3400)


def test_every_colour_of_the_face_has_cmyk_inks():
    from cardgen.print.colour import load_palette
    from cardgen.resources import data_dir

    palette = load_palette(data_dir("attribute_tables") / "spherion" / "print.toml")
    used = set(sface.COLOURS.values()) | set(sface.RARITY_COLOURS) | {sface.INK, sface.PAPER, sface.PANEL, sface.NIGHT,
                                                                      sface.GLOW, sface.GOLD_INK, sface.RULE}
    assert {c.upper() for c in used} <= set(palette)


@pytest.mark.parametrize("master", [False, True])
def test_every_level_fits_its_stars_beside_its_number(monkeypatch, master):
    t = tables()
    for level in range(12):
        card = Card(t, 0, (level % 5, level, 4, 4, 0, 0, 1 + level % 5, level % 2))  # the highest ATK and DEF
        card = card.as_master() if master else card
        drawn = Drawn(monkeypatch, card)
        number = drawn.text(f"Level {card.level}")
        assert len(drawn.stars) == card.level
        for x, y, r in drawn.stars:
            assert not _overlap(number[1:5], (x - r, y - r, 2 * r, 2 * r))
        assert min(x[5] for x in drawn.texts) >= sface.MIN_TEXT_PT
