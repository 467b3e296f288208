"""`cardgen lookup`: any game's card from its serial or QR address; hostile input gets one line."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cardgen import games, serial
from cardgen.cli.main import cli
from cardgen.errors import SerialError
from cardgen.gyonrg.cards import decode
from cardgen.gyonrg.generator import generate
from cardgen.lookup import lookup, lookup_url
from tests.conftest import GOLDEN


def fake_lookup(text: str) -> games.LookupResult:
    canon = serial.normalize(text)
    return games.LookupResult("fake", "Fake Game", serial.group(canon), f"a fake card numbered {canon[1:-1]}", {"n": canon})


@pytest.fixture
def fake_game():
    """A second card game owning the free prefix Y, registered for the test only."""
    entry = games.GameEntry("fake", "Fake Game", serial_prefixes="Y", lookup="tests.test_lookup:fake_lookup")
    games.registry().add(entry)
    yield entry
    games.registry().remove("fake")


def run(*args):
    r = CliRunner().invoke(cli, list(args))
    assert "Traceback" not in r.output
    return r


def test_gyonrg_serial_and_its_qr_address():
    card = next(generate(5, 1))
    r = run("lookup", card.serial.lower(), lookup_url(card.serial, "https://cards.test/c/"))
    assert r.exit_code == 0, r.output
    assert r.output.count(f"Gyon-RG card {card.serial}") == 2
    data = json.loads(run("lookup", card.serial, "--json").output)
    assert data["game"] == "gyonrg" and data["serial"] == card.serial
    assert card.to_dict().items() <= data["card"].items()  # every published field, and the shared vocabulary (docs/api.md)


def test_every_golden_serial_through_the_top_level_lookup():
    for path in sorted(GOLDEN.glob("gyonrg/edition_*.json")):
        for text, printed in json.loads(path.read_text()).items():
            found = lookup(text)
            # every printed field as it was; the lookup adds the shared vocabulary's names (docs/api.md)
            assert found.game == "gyonrg" and printed == decode(text).to_dict() and printed.items() <= found.data.items()


def test_another_game_is_answered_by_that_game(fake_game):
    code = serial.encode("Y", 77, 4)
    r = run("lookup", code)
    assert r.exit_code == 0 and r.output.startswith(f"Fake Game card {code}")
    assert json.loads(run("lookup", "--json", code).output)["game"] == "fake"


def test_a_deck_refuses_another_games_serial(fake_game, tmp_path):
    other = serial.encode("Y", 77, 9)
    deck = tmp_path / "deck.txt"
    deck.write_text(f"{other}\n")
    r = run("gyonrg", "deck", "check", str(deck))
    assert r.exit_code == 1
    assert f"deck.txt:1: bad-serial: serial '{other}' is a Fake Game card, not a Gyon-RG card" in r.output


@pytest.mark.parametrize(
    "text,needle",
    [
        ("Z000-0000-000", "which no game uses"),
        ("A7QH-ANSG-2XF", "fails its check character"),
        ("Ａ7QH", "bad character 'Ａ' (U+FF21)"),
        ("Aı7Q", "bad character 'ı' (U+0131)"),
        ("", "no serial"),
        ("https://cards.test/", "no serial in lookup url"),
        ("http://[::1", "cannot read lookup url"),
        ("https://cards.test/c/" + "A" * 5000, "characters long"),
        ("https://cards.test/c/%00%ff", "bad character"),
        ("9" * 400, "too long"),
    ],
)
def test_bad_serials_get_one_line(text, needle):
    r = run("lookup", text)
    assert r.exit_code == 1
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and needle in lines[0], r.output


def test_several_serials_report_each_bad_one_and_show_the_good():
    card = next(generate(5, 1))
    r = run("lookup", card.serial, "Z000-0000-000")
    assert r.exit_code == 1 and f"Gyon-RG card {card.serial}" in r.output and "which no game uses" in r.output


def test_lookup_module_raises_only_serial_errors():
    with pytest.raises(SerialError):
        lookup("   ")
