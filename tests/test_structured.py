"""Structured files a user gives (JSON decks, the TOML settings file and tables; records: see
tests/engine/test_replay_hostile.py): nested thousands deep, holding a 5,000-digit number, NaN or
bytes that are not UTF-8, each is refused in one line naming the file and what is accepted, never
a RecursionError; good files read as before."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cardgen.cli.main import cli
from cardgen.errors import CardgenError, TableError
from cardgen.structured import MAX_DEPTH, StructureError, load_json, load_toml

DEEP = 50_000  # far past Python's recursion limit


def one_line_error(res, *needles):
    """A CliRunner result that is exit 1 and one `error:` line holding every needle."""
    assert res.exit_code == 1, res.output
    assert not isinstance(res.exception, RecursionError | ValueError | TypeError), res.exception
    assert "Traceback" not in res.output, res.output
    err = res.stderr.strip().splitlines()[-1]  # after what the command said it was doing ("printing")
    assert err.startswith("error: "), res.output
    for needle in needles:
        assert needle in err, err
    return err


# -- the loader ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text,says",
    [
        ("[" * DEEP + "]" * DEEP, f"nested more than {MAX_DEPTH} deep at line 1, column {MAX_DEPTH + 1}"),
        ('{"a":' * DEEP + "1" + "}" * DEEP, f"nested more than {MAX_DEPTH} deep"),
        ('{"n":\n  ' + "7" * 5000 + "}", "a number of more than 4,300 digits at line 2, column 3"),
        ("[1, NaN]", "NaN is not a JSON number at line 1, column 5"),
        ('{"x": -Infinity}', "-Infinity is not a JSON number"),
        ("[1e999]", "1e999 is out of range for a number"),
        ('{"a": 1', "not valid JSON: Expecting ',' delimiter at line 1, column 8"),
        (b'{"a": "\xff"}', "not UTF-8 text (bad byte at offset 7)"),
        ('{"name": "x\\ud800"}', "\\ud800 is half of a surrogate pair, not a character at line 1, column 12"),
        ('["\\ud83d\\ude00", {"\\uDC00": 1}]', "\\udc00 is half of a surrogate pair"),
    ],
)
def test_json_refused_in_one_line_naming_the_file(text, says):
    with pytest.raises(StructureError) as info:
        load_json(text, "record 'r.json'")
    message = str(info.value)
    assert message.startswith("record 'r.json': ") and says in message and "\n" not in message


@pytest.mark.parametrize(
    "text,says",
    [
        ("a = " + "[" * DEEP + "]" * DEEP, f"lists and tables nested more than {MAX_DEPTH} deep at line 1"),
        ("a = " + "{b = " * DEEP + "1" + "}" * DEEP, "nested more than"),
        ("a" + ".b" * DEEP + " = 1", "nested more than"),  # dotted keys nest without brackets
        ("[t" + ".u" * DEEP + "]\nx = 1", "nested more than"),
        ("x = 1\nn = " + "9" * 5000, "a number of more than 4,300 digits at line 2, column 5"),
        ("n = 0x" + "f" * 5000, "a number of more than 4,300 digits"),  # passes the parser's decimal limit
        ("[[ship]\n", "not valid TOML: "),
        (b"a = '\xc3\x28'", "not UTF-8 text"),
    ],
)
def test_toml_refused_in_one_line_naming_the_file(text, says):
    with pytest.raises(StructureError) as info:
        load_toml(text, "ships.toml")
    message = str(info.value)
    assert message.startswith("ships.toml: ") and says in message and "\n" not in message


def test_good_files_read_as_before():
    nested = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert load_json(nested, "x") == json.loads(nested)
    text = '\ufeff{"name": "[[[[{{{{ \\" ]", "n": [1, 2.5, -3e10, {"k": null}], "big": ' + "9" * 4300 + "}"
    assert load_json(text, "x") == json.loads(text[1:])
    assert load_json('["\\ud83d\\ude00", "\\\\ud800"]', "x") == ["\U0001f600", "\\ud800"]  # a pair; a backslash
    toml = (
        'a = "[[[[" # [[[[ {{{{\nb = """x [[[ \\""" """"\nc = \'\'\'{{{{\'\'\'\n'
        "d = [[1, 2], [3]]\ne = {f = {g = 1}}\n[t.u.v]\nw = 0x" + "f" * 100 + "\nx = 1.5\ny.z = 2.25\n"
    )
    import tomllib

    assert load_toml(toml, "x") == tomllib.loads(toml)
    dotted = "a" + ".b" * (MAX_DEPTH - 2) + " = 1"  # MAX_DEPTH tables, the document's own included
    assert load_toml(dotted, "x") == tomllib.loads(dotted)
    assert isinstance(StructureError("x", "y"), CardgenError)


# -- every place that reads them --------------------------------------------------------------
DEEP_JSON = '{"cards": ' + "[" * DEEP + "]" * DEEP + "}"


@pytest.mark.parametrize("game", ["gyonrg", "spherion", "gogmagog", "ginjontan"])
def test_a_deep_json_deck_is_one_problem(tmp_path, game):
    deck = tmp_path / "deep.json"
    deck.write_text(DEEP_JSON)
    res = CliRunner().invoke(cli, [game, "deck", "check", str(deck)])
    assert res.exit_code == 1 and not isinstance(res.exception, RecursionError), res.output
    assert f"deep.json:1: bad-json: lists and objects nested more than {MAX_DEPTH} deep" in res.output
    assert "Traceback" not in res.output


@pytest.mark.parametrize(
    "content,says",
    [("lookup_url = " + "[" * DEEP + "]" * DEEP, "nested more than"), ("x" + ".y" * DEEP + " = 1", "nested more than"),
     ("lookup_url = " + "5" * 5000, "a number of more than 4,300 digits")],  # fmt: skip
)
def test_a_deep_settings_file_is_one_line(tmp_path, monkeypatch, content, says):
    cfg = tmp_path / "config.toml"
    cfg.write_text(content)
    monkeypatch.setenv("CARDGEN_CONFIG", str(cfg))
    res = CliRunner().invoke(cli, ["gyonrg", "print", "-s", "1", "-n", "1", "-o", str(tmp_path / "x.pdf")])
    one_line_error(res, f"settings file '{cfg}': ", says, "accepted")
    assert not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize(
    "line,says",
    [("deep = " + "[" * DEEP + "]" * DEEP, "nested more than"), ("[deep" + ".x" * DEEP + "]", "nested more than"),
     ("deep = " + "3" * 5000, "a number of more than 4,300 digits")],  # fmt: skip
)
def test_deep_tables_are_a_table_error(gyonrg_tables, line, says):
    from cardgen.gyonrg import edition as editions

    ships = gyonrg_tables / "ships.toml"
    ships.write_text(line + "\n" + ships.read_text())
    with pytest.raises(TableError, match="^ships\\.toml: ") as info:
        editions.load(gyonrg_tables)
    assert says in str(info.value) and "\n" not in str(info.value)
    res = CliRunner().invoke(cli, ["gyonrg", "--tables", str(gyonrg_tables), "generate", "-n", "1", "-s", "1"])
    one_line_error(res, "ships.toml: ", says)


@pytest.mark.parametrize("game", ["gyonrg", "spherion", "gogmagog", "ginjontan"])
def test_half_a_surrogate_in_a_json_deck_is_one_problem(tmp_path, game):
    deck = tmp_path / "odd.json"
    deck.write_text('{"name": "\\ud800", "cards": []}')
    res = CliRunner().invoke(cli, [game, "deck", "show", str(deck)])
    assert not isinstance(res.exception, UnicodeError) and "Traceback" not in res.output, res.exception
    assert "odd.json:1: bad-json: \\ud800 is half of a surrogate pair" in res.output
