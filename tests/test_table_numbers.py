"""Numbers in edited attribute tables (`cardgen gyonrg --tables DIR`): where a table asks for a
whole number, a float, NaN, a boolean, a text or a number of thousands of digits is one line
naming the file and the key, never a traceback, a message thousands of characters long, or
weights so large that generating a card never ends."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardgen.cli.main import cli
from cardgen.errors import TableError
from cardgen.gyonrg import edition as editions

HOSTILE = ["9" * 4000, "9" * 5000, "1000000001", "-1000000001", "nan", "inf", "-inf", "1.5", "1e400", "true",
           '"3"', '"²"', "[1]", "{ a = 1 }"]  # fmt: skip


def set_first_weight(folder, value: str) -> None:
    path = folder / "elements.toml"
    text = path.read_text(encoding="utf-8")
    assert "\nweight = 6\n" in text
    path.write_text(text.replace("\nweight = 6\n", f"\nweight = {value}\n", 1), encoding="utf-8")


@pytest.mark.parametrize("value", HOSTILE, ids=lambda v: v[:12])
def test_a_weight_that_is_no_sane_whole_number_is_refused_in_one_line(gyonrg_tables, value):
    set_first_weight(gyonrg_tables, value)
    with pytest.raises(TableError) as info:
        editions.load(gyonrg_tables, check=False)
    message = str(info.value)
    assert message.startswith("elements.toml: ") and "\n" not in message and len(message) < 300


@pytest.mark.parametrize("value", ["9" * 4000, "9" * 5000, "nan", '"²"'], ids=lambda v: v[:12])
def test_generate_with_such_tables_ends_in_one_line(gyonrg_tables, value):
    set_first_weight(gyonrg_tables, value)
    r = CliRunner().invoke(cli, ["gyonrg", "--tables", str(gyonrg_tables), "generate", "-n", "1", "--seed", "1"])
    assert r.exit_code == 1, r.output
    assert r.exception is None or isinstance(r.exception, SystemExit)
    errors = [line for line in r.output.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1 and "elements.toml" in errors[0] and len(errors[0]) < 300


def edited_copy(tmp_path, game: str, file: str, old: str, new: str):
    """A copy of a game's built-in tables with `old` replaced by `new` in `file`."""
    import shutil

    from cardgen.resources import data_dir

    folder = tmp_path / game
    shutil.copytree(data_dir("attribute_tables") / game, folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


LIST_VALUES = ['"²"', "1.5", "true", "nan", "-1", "9" * 4000]


@pytest.mark.parametrize("value", LIST_VALUES, ids=lambda v: v[:12])
@pytest.mark.parametrize("file, old", [("spells.toml", "weights = [6, 3, 1]"), ("monsters.toml", "weights = [1, 3, 4, 3, 1]")])
def test_spherion_weights_in_a_list_are_whole_numbers(tmp_path, file, old, value):
    from cardgen.spherion.cards import Tables

    folder = edited_copy(tmp_path, "spherion", file, old, old.replace("[1", f"[{value}").replace("[6", f"[{value}"))
    with pytest.raises(TableError) as info:
        Tables(folder)
    assert str(info.value).startswith(f"{file}: ") and "weights" in str(info.value) and len(str(info.value)) < 300


@pytest.mark.parametrize("key", ["²", "٣", "9" * 5000, "0", "x"], ids=lambda v: v[:12])
def test_ginjontan_combination_sizes_are_plain_numbers(tmp_path, key):
    from cardgen.ginjontan.cards import Tables

    folder = edited_copy(tmp_path, "ginjontan", "combinations.toml", "\n2 = 2\n", f'\n"{key}" = 2\n')
    with pytest.raises(TableError) as info:
        Tables(folder)
    assert str(info.value).startswith("combinations.toml: sets: key ") and len(str(info.value)) < 300
