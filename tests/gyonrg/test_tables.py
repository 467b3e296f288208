"""Broken tables give one clear error naming the file, the key and what was expected."""

from __future__ import annotations

import re

import pytest

from cardgen.errors import TableError
from cardgen.gyonrg import edition as editions


def edit(folder, name, old, new, count=1):
    path = folder / f"{name}.toml"
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, count))


def test_current_tables_load_and_are_commented():
    ed = editions.current()
    assert len([s for s in ed.ship_types if not s.drone]) >= 8
    assert [s.name for s in ed.ship_types if s.drone] == ["Drone"]
    assert len(ed.modifiers) >= 24
    assert [e.name for e in ed.elements] == ["Matter", "Antimatter", "Light", "Shadow", "Void"]
    for name in editions.TABLE_FILES:
        text = (editions.tables_dir() / f"{name}.toml").read_text()
        assert text.lstrip().startswith("#"), f"{name}.toml should open with a comment for designers"


@pytest.mark.parametrize(
    "name, old, new, message",
    [
        ("ships", "speed = 2", 'speed = "fast"', r"ships\.toml: ship\[0\]\.speed: expected a whole number >= 0, got 'fast'"),
        ("ships", "shield = 2", "shield = -1", r"ships\.toml: ship\[0\]\.shield: expected a whole number >= 0, got -1"),
        ("ships", "attack_cost = 1\n", "atack_cost = 1\n", r"ships\.toml: ship\[0\]\.atack_cost: unknown key"),
        ("ships", "drone = true\nweight", "drone = false\nweight", r"ships\.toml: ship: no ship type has drone = true"),
        ("ships", ". . S . .", ". . . . .", r"ships\.toml: ship\[0\]\.weapon: expected 'S'"),
        ("elements", 'colour = "#E8761B"', 'colour = "orange"', r"elements\.toml: element\[0\]\.colour: expected a colour"),
        ("elements", 'name = "Void"', 'name = "Matter"', r"elements\.toml: element\[4\]\.name: duplicate element name 'Matter'"),
        ("modifiers", 'weapon = ["widen"]', 'weapon = ["embiggen"]', r"modifiers\.toml: modifier\[6\]\.weapon: expected a list of extend"),
        ("modifiers", "weight = 4", "weight = 0", r"modifiers\.toml: modifier\[0\]\.weight: expected a whole number >= 1, got 0"),
        ("goals", ". . M . .", ". . X . .", r"goals\.toml: grid\[0\]\.cells: expected exactly one 'M'"),
        ("specials", 'kind = "modify"', 'kind = "explode"', r"specials\.toml: special\[0\]\.effect\.kind: expected one of modify"),
        ("specials", 'target = "own_ship"', 'target = "everyone"', r"specials\.toml: special\[0\]\.effect\.target: expected one of"),
        ("deploy", "[up]\nallow = 1", "[upp]\nallow = 1", r"deploy\.toml: upp: unknown key; expected one of down, left, right, up"),
        ("meta", 'edition = "A"', 'edition = "U"', r"meta\.toml: edition: expected one of the Gyon-RG edition letters A, B, C, D, E, F, G, H, got .U."),
        ("meta", "star_cuts = [0.50, 0.80, 0.95, 0.99]", "star_cuts = [0.8, 0.5, 0.95, 0.99]", r"meta\.toml: rarity\.star_cuts: expected four increasing"),
        ("ships", "[[ship]]", "[[ship]", r"ships\.toml: not valid TOML"),
    ],
)
def test_broken_table_is_named(gyonrg_tables, name, old, new, message):
    edit(gyonrg_tables, name, old, new)
    with pytest.raises(TableError, match=message) as info:
        editions.load(gyonrg_tables)
    assert "\n" not in str(info.value)


def test_missing_file_is_named(gyonrg_tables):
    (gyonrg_tables / "goals.toml").unlink()
    with pytest.raises(TableError, match=r"goals\.toml: table file missing"):
        editions.load(gyonrg_tables)


def test_current_tables_match_their_frozen_edition():
    """Edit the tables and you must bump the edition: printed serials must keep their meaning."""
    ed = editions.current()
    frozen = editions.tables_dir() / "editions" / ed.letter
    assert (frozen / "meta.toml").is_file(), f"edition {ed.letter} is not frozen: run `cardgen gyonrg freeze`"
    assert editions.load(frozen).fingerprint == ed.fingerprint


def test_editing_a_frozen_edition_without_new_letter_is_refused(gyonrg_tables):
    import shutil

    shutil.copytree(gyonrg_tables, gyonrg_tables / "editions" / "A", ignore=shutil.ignore_patterns("editions"))
    edit(gyonrg_tables, "ships", "speed = 2", "speed = 3")
    with pytest.raises(TableError, match=re.escape("tables differ from frozen edition A")):
        editions.load(gyonrg_tables)
    edit(gyonrg_tables, "meta", 'edition = "A"', 'edition = "B"')
    assert editions.load(gyonrg_tables, check=False).letter == "B"  # valid tables; printing waits for a freeze
