"""Issue 50: any notation a card is printed with looks it up. Gin-jon-tan's cards print their names
as SYMBOL-NUMBER-COLOUR (Sun-7-blue) and /api/games gives that as its serial example, but the card
address, the batch, the search box and `cardgen lookup` refused it ("bad character 'u'")."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from click.testing import CliRunner

SUN = "J2GW-E"  # Sun-7-blue
HOPE = "J25W-Q"  # Hope-23-yellow
SPELLINGS = [("Sun-7-blue", SUN), ("sun-7-BLUE", SUN), ("Sun 7 blue", SUN), (" Sun - 7 - Blue ", SUN),
             ("Hope-23-yellow", HOPE), ("HOPE_23_yellow", HOPE)]  # fmt: skip


@pytest.mark.parametrize(("typed", "serial"), SPELLINGS)
@pytest.mark.parametrize("suffix", ["", ".json", ".png"])
def test_a_card_address_in_the_notation_redirects_to_the_serial(client, typed, serial, suffix):
    r = client.get(f"/c/{quote(typed)}{suffix}", follow_redirects=False)
    assert r.status_code == 301 and r.headers["location"] == f"/c/{serial}{suffix}"


@pytest.mark.parametrize(("typed", "serial"), SPELLINGS)
def test_the_search_box_and_the_batch_read_the_notation(client, typed, serial):
    r = client.get("/search", params={"s": typed}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/c/{serial}"
    batch = client.post("/api/cards", json={"serials": [typed, "A7QH-ANSG-2XE"]}).json()
    assert batch["found"] == 2 and batch["data"][0]["serial"] == serial


@pytest.mark.parametrize(("typed", "serial"), SPELLINGS)
def test_cardgen_lookup_reads_the_notation(typed, serial):
    from cardgen.cli.main import cli

    run = CliRunner().invoke(cli, ["lookup", "--json", typed])
    assert run.exit_code == 0, run.output
    assert f'"serial": "{serial}"' in run.output


def test_every_games_serial_example_looks_up(client):
    for game in client.get("/api/games").json()["data"]:
        if game["serial_example"]:
            r = client.get(f"/c/{quote(game['serial_example'])}.json")
            assert r.status_code == 200 and r.json()["game"] == game["name"], game["serial_example"]


def test_a_notation_naming_no_card_says_what_is_accepted(client):
    from cardgen.cli.main import cli

    error = client.get("/c/Son-7-blue.json").json()
    assert error["status"] == 400 and error["type"] == "bad_notation" and "Sun" in error["details"]
    page = client.get("/c/Son-7-blue")
    assert page.status_code == 400 and "like Sun-7-blue" in page.text
    run = CliRunner().invoke(cli, ["lookup", "Sun-7-bleu"])
    assert run.exit_code == 1 and "unknown colour 'bleu'" in run.output and "Traceback" not in run.output


def test_serials_still_win_and_their_typos_are_still_named(client):
    assert client.get(f"/c/{SUN}.json").json()["card"]["name"] == "Sun-7-blue"
    assert client.get("/c/A7QH-ANSG-2XF.json").json()["type"] == "check_character"
