import os

import pytest
import zxingcpp
from PIL import Image

from cardgen.errors import CardgenError
from cardgen.lookup import lookup_url
from cardgen.print import png as png_module
from cardgen.print.png import write_pngs
from cardgen.print.sizes import CARD_SIZES

from .conftest import BASE, make_cards


def test_one_png_per_card_and_contact_sheet(tmp_path, face):
    steps = []
    summary = write_pngs(make_cards(5), face, CARD_SIZES["poker"], tmp_path, key=face.key, dpi=150, progress=steps.append)
    names = sorted(os.listdir(tmp_path))
    assert names == sorted([f"T{i:05d}X.png" for i in range(5)] + ["contact-sheet.png"])
    assert (summary.cards, summary.files, sum(steps)) == (5, 5, 5)
    with Image.open(tmp_path / "T00000X.png") as image:
        # 63 x 88 mm at 150 dpi, trimmed (no bleed)
        assert abs(image.width - 372) <= 1 and abs(image.height - 520) <= 1
    with Image.open(tmp_path / "contact-sheet.png") as sheet:
        assert sheet.width > sheet.height  # 5 thumbnails in one row


def test_png_qr_scans_at_300_dpi(tmp_path, face):
    write_pngs(make_cards(1, start=7), face, CARD_SIZES["mini"], tmp_path, key=face.key, contact_sheet=False)
    with Image.open(tmp_path / "T00007X.png") as image:
        found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
    assert [r.text for r in found] == [lookup_url("T00007X", BASE)]


def test_bleed_enlarges_the_image(tmp_path, face):
    write_pngs(make_cards(1), face, CARD_SIZES["poker"], tmp_path, key=face.key, dpi=100, bleed=3, contact_sheet=False)
    with Image.open(tmp_path / "T00000X.png") as image:
        assert abs(image.width - round(69 / 25.4 * 100)) <= 1


def test_many_cards_make_numbered_contact_sheets(tmp_path, face, monkeypatch):
    monkeypatch.setattr(png_module, "CONTACT_ROWS", 1)
    summary = write_pngs(make_cards(23), face, CARD_SIZES["mini"], tmp_path, key=face.key, dpi=36)
    assert [p.name for p in summary.contact_sheets] == [f"contact-sheet-00{i}.png" for i in (1, 2, 3)]


@pytest.mark.parametrize("bad", ["../x", "", "a b", "é"])
def test_unsafe_keys_refused(tmp_path, face, bad):
    with pytest.raises(CardgenError, match="not a safe file name"):
        write_pngs(make_cards(1), face, CARD_SIZES["poker"], tmp_path, key=lambda c: bad, dpi=36)


def test_duplicate_keys_refused(tmp_path, face):
    with pytest.raises(CardgenError, match="'same' repeats"):
        write_pngs(make_cards(2), face, CARD_SIZES["poker"], tmp_path, key=lambda c: "same", dpi=36)


def test_bad_dpi(tmp_path, face):
    with pytest.raises(CardgenError, match="dpi 5 out of range"):
        write_pngs(make_cards(1), face, CARD_SIZES["poker"], tmp_path, key=face.key, dpi=5)


def test_interrupted_run_leaves_only_whole_files(tmp_path, face):
    def key(card):
        if card.serial == "T00040X":
            raise KeyboardInterrupt
        return card.serial

    with pytest.raises(KeyboardInterrupt):
        write_pngs(make_cards(50), face, CARD_SIZES["mini"], tmp_path, key=key, dpi=36)
    names = os.listdir(tmp_path)
    assert not [n for n in names if n.startswith(".") or n.endswith(".part")]
    for name in names:
        with Image.open(tmp_path / name) as image:
            image.verify()


def test_png_files_are_the_same_for_any_number_of_jobs(tmp_path):
    """Issue 11: batches rendered in worker processes give byte-identical files and contact sheet."""
    from cardgen.gyonrg.face import GyonrgFace
    from cardgen.gyonrg.generator import generate
    from cardgen.print.png import write_pngs
    from cardgen.print.sizes import CARD_SIZES

    cards = list(generate("png-jobs", 34))  # two batches: 32 and 2
    found = []
    for jobs in (1, 2):
        folder = tmp_path / f"j{jobs}"
        write_pngs(iter(cards), GyonrgFace(), CARD_SIZES["poker"], folder, key=lambda c: c.serial, dpi=72, jobs=jobs)
        found.append({p.name: p.read_bytes() for p in folder.iterdir()})
    assert len(found[0]) == 35 and found[0] == found[1]


def test_png_batches_are_rendered_by_the_workers(tmp_path, monkeypatch):
    """With jobs > 1 the main process renders no batch of a face that packs its cards (Gyon-RG packs only after setup)."""
    from cardgen.gyonrg.face import GyonrgFace
    from cardgen.gyonrg.generator import generate

    main, render = os.getpid(), png_module._render_batch

    def in_a_worker(*args):
        assert os.getpid() != main, "the main process rendered a batch"
        return render(*args)

    monkeypatch.setattr(png_module, "_render_batch", in_a_worker)
    summary = write_pngs(generate("png-workers", 3), GyonrgFace(), CARD_SIZES["poker"], tmp_path, key=lambda c: c.serial,
                         dpi=36, jobs=2)  # fmt: skip
    assert summary.cards == 3


def test_png_pixels_are_pdfiums_own_render(tmp_path, face):
    """The rows pdfium draws straight into the PNG layout are the pixels of pypdfium2's usual render."""
    import io

    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    from cardgen.print.imposition import Layout, impose
    from cardgen.print.pdf import render_pdf

    cards = list(make_cards(2))
    write_pngs(cards, face, CARD_SIZES["poker"], tmp_path, key=face.key, dpi=100, contact_sheet=False)
    buffer = io.BytesIO()
    render_pdf(cards, face, impose(Layout(card=CARD_SIZES["poker"], bleed=0, mode="single", crop_marks=False)), buffer, backs=False)
    document = pdfium.PdfDocument(buffer.getvalue())
    for index, card in enumerate(cards):
        bitmap = document[index].render(scale=100 / 72, force_bitmap_format=pdfium_c.FPDFBitmap_BGR, rev_byteorder=True)
        with Image.open(tmp_path / f"{card.serial}.png") as image:
            assert image.mode == "RGB" and image.info["dpi"] == pytest.approx((100, 100), abs=0.01)
            assert image.tobytes() == bitmap.to_pil().tobytes()
    document.close()


def test_frames_drawn_once_give_the_same_pixels(tmp_path, monkeypatch):
    """A Gyon-RG card starts with its element's frame form: drawn once a batch and painted over, it gives the
    pixels of the whole page drawn by pdfium, for the cards and the contact sheet alike."""
    import io

    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    from cardgen.gyonrg.face import GyonrgFace
    from cardgen.gyonrg.generator import generate
    from cardgen.print.imposition import Layout, impose
    from cardgen.print.pdf import render_pdf

    cards = list(generate("png-frames", 40))
    assert len({c.choices[0] for c in cards}) == 5  # every element's frame, most drawn over many times
    take, alone = png_module._Backgrounds.take, png_module._Backgrounds._alone
    bases, frames = [], []
    monkeypatch.setattr(png_module._Backgrounds, "take", lambda self, *a: bases.append(take(self, *a)) or bases[-1])
    monkeypatch.setattr(png_module._Backgrounds, "_alone", lambda self, *a: frames.append(1) or alone(self, *a))
    write_pngs(iter(cards), GyonrgFace(), CARD_SIZES["poker"], tmp_path / "fast", key=lambda c: c.serial, dpi=100)
    assert len(bases) == 40 and all(b[0] is not None and b[1] is not None for b in bases)
    assert len(frames) == 5  # one per element, kept from the first batch to the second
    taken = []
    monkeypatch.setattr(png_module._Backgrounds, "take", lambda self, *args: taken.append(1) or [None] * len(self.sizes))
    write_pngs(iter(cards), GyonrgFace(), CARD_SIZES["poker"], tmp_path / "whole", key=lambda c: c.serial, dpi=100)
    assert len(taken) == 40
    fast = {p.name: p.read_bytes() for p in (tmp_path / "fast").iterdir()}
    assert len(fast) == 41 and fast == {p.name: p.read_bytes() for p in (tmp_path / "whole").iterdir()}
    buffer = io.BytesIO()
    imposition = impose(Layout(card=CARD_SIZES["poker"], bleed=0, mode="single", crop_marks=False))
    render_pdf(cards[:6], GyonrgFace(), imposition, buffer, backs=False)
    document = pdfium.PdfDocument(buffer.getvalue())
    for index, card in enumerate(cards[:6]):
        bitmap = document[index].render(scale=100 / 72, force_bitmap_format=pdfium_c.FPDFBitmap_BGR, rev_byteorder=True)
        with Image.open(tmp_path / "fast" / f"{card.serial}.png") as image:
            assert image.tobytes() == bitmap.to_pil().tobytes()
    document.close()
