"""`cardgen gyonrg deck export`: a static site whose pages, images and JSON match the server's."""

from __future__ import annotations

import html
import json
import re

import zxingcpp
from click.testing import CliRunner
from PIL import Image

from cardgen.cli.main import cli
from cardgen.gyonrg import deck as decks
from cardgen.lookup import lookup

BASE = "https://club.test/cards/"


def export(*args):
    return CliRunner().invoke(cli, ["gyonrg", "deck", "export", *args])


def test_export_writes_a_page_per_card_with_working_relative_links(deck_text, tmp_path):
    deck = tmp_path / "deck.txt"
    lines = deck_text.splitlines()
    deck.write_text("\n".join([*lines[:8], "1 A7QH-ANSG-2XF"]) + "\n", encoding="utf-8")  # short, one typo
    site = tmp_path / "site"
    result = export(str(deck), "-o", str(site), "--lookup-url", BASE)
    assert result.exit_code == 0, result.output
    assert f"--lookup-url {BASE}" in result.output and "illegal deck (2 problems)" in result.output
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in index and "<script>" not in index
    # The problems in player words, their codes left to the JSON (issue 50).
    assert "fails its check character" in index and "a deck holds exactly 54" in index
    assert "bad-serial" not in index and "deck-size" not in index
    card_dirs = sorted(p for p in site.iterdir() if p.is_dir() and p.name != "static")
    wanted = {e.card.serial for e in decks.parse_deck(deck.read_text(encoding="utf-8")).entries}
    assert {p.name for p in card_dirs} == wanted and len(wanted) >= 4
    for folder in card_dirs:
        serial = folder.name
        found = lookup(serial)
        page = (folder / "index.html").read_text(encoding="utf-8")
        assert html.escape(found.data["name"]) in page and serial in page
        assert json.loads((folder / "card.json").read_text(encoding="utf-8")) == found.to_json()
        codes = zxingcpp.read_barcodes(Image.open(folder / "card.png").convert("L"), formats=zxingcpp.BarcodeFormat.QRCode)
        assert [c.text for c in codes] == [BASE + serial]  # scans to this card's page on the published site
    for page in [site / "index.html", *(d / "index.html" for d in card_dirs)]:
        for link in re.findall(r'(?:href|src)="([^"]+)"', page.read_text(encoding="utf-8")):
            assert not link.startswith(("/", "http")), link  # relative: works from any folder of any host
            assert (page.parent / link).resolve().exists(), (page, link)


def test_export_refuses_an_existing_folder_and_a_missing_deck(tmp_path, deck_text):
    (tmp_path / "deck.txt").write_text(deck_text, encoding="utf-8")
    (tmp_path / "site").mkdir()
    taken = export(str(tmp_path / "deck.txt"), "-o", str(tmp_path / "site"))
    assert taken.exit_code == 1 and "already exists" in taken.output
    missing = export(str(tmp_path / "none.txt"), "-o", str(tmp_path / "new"))
    assert missing.exit_code == 1 and "does not exist" in missing.output
    assert not (tmp_path / "new").exists()
