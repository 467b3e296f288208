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
