"""Old serials keep decoding to exactly what was printed, whatever the tables become."""

from __future__ import annotations

import json
import shutil

import pytest
from click.testing import CliRunner

from cardgen.cli.main import cli
from cardgen.errors import TableError
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
    # a new edition prints nothing before it is frozen: its serials must keep their meaning
    with pytest.raises(TableError, match="edition B .* is not frozen: run `cardgen gyonrg --tables .* freeze`"):
        editions.load(gyonrg_tables)
    r = CliRunner().invoke(cli, ["gyonrg", "--tables", str(gyonrg_tables), "freeze"])
    assert r.exit_code == 0, r.output
    new = editions.load(gyonrg_tables)
    assert new.letter == "B" and new.fingerprint != old.fingerprint
    for serial, card in printed.items():
        assert decode(serial, gyonrg_tables).to_dict() == card
    # and the new edition's serials decode with the new tables
    fresh = next(generate("printed", 1, edition=new))
    assert fresh.serial.startswith("B")
    assert decode(fresh.serial, gyonrg_tables).to_dict() == fresh.to_dict()
    assert sorted(editions.known_letters(gyonrg_tables)) == ["A", "B"]


def test_edited_copy_of_a_released_edition_is_refused(gyonrg_tables, tmp_path):
    """A copied tables folder that still says edition A but differs from the real A prints nothing."""
    assert editions.load(gyonrg_tables).fingerprint == editions.current().fingerprint  # an exact copy is fine
    ships = gyonrg_tables / "ships.toml"
    ships.write_text(ships.read_text().replace("weight = 6", "weight = 7", 1))
    out = tmp_path / "cards.csv"
    for args in (["generate", "-s", "1", "-o", str(out)], ["print", "-s", "1", "-n", "1", "-o", str(tmp_path / "x.pdf")],
                 ["freeze"]):
        r = CliRunner().invoke(cli, ["gyonrg", "--tables", str(gyonrg_tables), *args])
        assert r.exit_code == 1, (args, r.output)
        assert "differ from the released edition A" in r.output and "edition = 'B'" in r.output
        assert "Traceback" not in r.output and len(r.output.strip().splitlines()) == 1
    assert not out.exists() and not (tmp_path / "x.pdf").exists()
    assert not (gyonrg_tables / "editions").exists()


def test_edition_letter_must_be_a_gyonrg_prefix(gyonrg_tables):
    """The letter is the serial's first character, which also names the game: J is not Gyon-RG's."""
    meta = gyonrg_tables / "meta.toml"
    meta.write_text(meta.read_text().replace('edition = "A"', 'edition = "J"'))
    with pytest.raises(TableError, match="meta.toml: edition: expected one of the Gyon-RG edition letters A, B"):
        editions.load(gyonrg_tables, check=False)
