"""Old serials keep decoding to exactly what was printed, whatever the tables become."""

from __future__ import annotations

import json
import shutil

from cardgen.gyonrg import edition as editions
from cardgen.gyonrg.cards import decode
from cardgen.gyonrg.generator import generate
from tests.conftest import GOLDEN


def golden_editions():
    return sorted(GOLDEN.glob("gyonrg/edition_*.json"))


def test_every_released_edition_has_golden_serials():
    letters = {p.stem.split("_")[1] for p in golden_editions()}
    assert letters == set(editions.known_letters())


def test_golden_serials_of_every_edition_decode_exactly():
    for path in golden_editions():
        for serial, printed in json.loads(path.read_text()).items():
            assert decode(serial).to_dict() == printed, serial


def test_old_edition_survives_a_table_change(gyonrg_tables, tmp_path):
    """Freeze A, change the tables as edition B: A's serials still mean what they meant."""
    old = editions.load(gyonrg_tables)
    printed = {c.serial: c.to_dict() for c in generate("printed", 30, edition=old)}
    shutil.copytree(gyonrg_tables, gyonrg_tables / "editions" / "A", ignore=shutil.ignore_patterns("editions"))
    ships = gyonrg_tables / "ships.toml"
    ships.write_text(ships.read_text().replace("speed = 2", "speed = 9").replace("weight = 6", "weight = 1"))
    meta = gyonrg_tables / "meta.toml"
    meta.write_text(meta.read_text().replace('edition = "A"', 'edition = "B"'))
    new = editions.load(gyonrg_tables)
    assert new.letter == "B" and new.fingerprint != old.fingerprint
    for serial, card in printed.items():
        assert decode(serial, gyonrg_tables).to_dict() == card
    # and the new edition's serials decode with the new tables
    fresh = next(generate("printed", 1, edition=new))
    assert fresh.serial.startswith("B")
    assert decode(fresh.serial, gyonrg_tables).to_dict() == fresh.to_dict()
    assert sorted(editions.known_letters(gyonrg_tables)) == ["A", "B"]
