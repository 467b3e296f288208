"""Issue 39, the API: card objects with links, one field vocabulary across games, the JSON deck
check, the games and their editions, a random card, gzip with correct ETags, and the batch's
missing identifiers."""

from __future__ import annotations

import gzip
import hashlib
import json

import pytest
from click.testing import CliRunner

from cardgen.cli.main import cli
from cardgen.games import registry
from tests.web.conftest import BASE, SERIAL

# One card of each game (the README's and the kits' examples).
CARDS = {"gyonrg": SERIAL, "gogmagog": "P1AJ-Z", "spherion": "T0XC-RJE", "ginjontan": "J2GW-E"}
ROOT = BASE.removesuffix("c/")
PLAIN = {"Accept-Encoding": "identity"}


def sample_cards(game: str, count: int = 60) -> list[dict]:
    """The JSON of `count` cards of a game: generated ones, or a spread of its fixed family."""
    kit = registry().get(game).load_kit()
    if kit.generated:
        cards = list(kit.generate("vocabulary", count, 0))
    else:
        every = list(kit.fixed_cards().cards)
        cards = every[:: max(1, len(every) // count)]
    return [kit.card_dict(c) for c in cards]


# ----- a card's JSON ---------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "serial"), CARDS.items())
def test_a_card_is_an_object_with_absolute_links_that_answer(client, game, serial):
    for r in (client.get(f"/c/{serial}.json"), client.get(f"/c/{serial}", headers={"Accept": "application/json"})):
        body = r.json()
        assert r.status_code == 200 and body["object"] == "card"
        assert body["game"] == game and body["serial"] == serial
        assert body["links"] == {
            "api": f"{BASE}{serial}.json",
            "page": f"{BASE}{serial}",
            "image": f"{BASE}{serial}.png",
        }
    for link, kind in (("api", "application/json"), ("page", "text/html"), ("image", "image/png")):
        answer = client.get(body["links"][link].removeprefix(ROOT.removesuffix("/")))
        assert answer.status_code == 200 and answer.headers["content-type"].startswith(kind)


def test_the_cli_prints_what_the_api_gives_less_the_object_and_links():
    """`cardgen lookup --json` and the web agree on every field they share; the CLI, offline,
    prints no links (it knows no server) and no object type."""
    from cardgen.web.api import card_json
    from cardgen.web.app import find

    for serial in CARDS.values():
        r = CliRunner().invoke(cli, ["lookup", "--json", serial])
        printed = json.loads(r.output)
        web = card_json(find(serial), ROOT)
        assert {k: web[k] for k in printed} == printed
        assert set(web) - set(printed) == {"object", "links"}


def test_links_follow_the_address_asked_when_the_base_is_not_this_servers():
    from starlette.testclient import TestClient

    from cardgen.web.app import create_app

    with TestClient(
        create_app("https://club.test/lookup?s=", raise_errors=True), base_url="http://cards.local:8000"
    ) as c:
        links = c.get(f"/c/{SERIAL}.json").json()["links"]
    assert links["page"] == f"http://cards.local:8000/c/{SERIAL}"


# ----- one vocabulary ---------------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(CARDS))
def test_every_game_names_shared_meanings_the_same_and_keeps_its_old_names(game):
    from cardgen.web.openapi import ALIASES, VOCABULARY

    types = {"string": str, "integer": int}
    for card in sample_cards(game):
        for key in ("serial", "edition", "name", "kind"):
            assert isinstance(card.get(key), str) and card[key], (game, key)
        assert card["edition"] == card["serial"][0]
        for name, schema, _ in VOCABULARY:
            if name in card:
                assert isinstance(card[name], types[schema["type"]]) and not isinstance(card[name], bool), (game, name)
        for alias, name in ALIASES.items():
            if alias in card:
                assert card[name] == card[alias], (game, alias)
                assert list(card).index(alias) > list(card).index(name)  # aliases come after the vocabulary


def test_the_names_of_the_issue_are_one_across_games():
    """`atk`/`defence` against `attack`: every game with attack and defence calls them so."""
    spherion = next(c for c in sample_cards("spherion") if c["kind"] == "monster")
    gogmagog = next(c for c in sample_cards("gogmagog") if c["kind"] == "creature")
    gyonrg = sample_cards("gyonrg", 1)[0]
    for card in (spherion, gogmagog, gyonrg):
        assert isinstance(card["attack"], int) and isinstance(card["defence"], int)
    assert spherion["atk"] == spherion["attack"] and gyonrg["shield"] == gyonrg["defence"]
    assert gyonrg["cost"] == gyonrg["deploy_cost"] and gyonrg["kind"] in ("ship", "drone")


# ----- the batch ---------------------------------------------------------------------------------


def test_the_batch_lists_the_identifiers_not_found_as_sent(client):
    sent = [SERIAL, "A7QH-ANSG-2XF", "P1AJ-Z", "hello world", "https://x.test/c/T0XC-RJE"]
    body = client.post("/api/cards", json={"serials": sent}).json()
    assert body["not_found"] == ["A7QH-ANSG-2XF", "hello world"]
    assert body["found"] == 3 and body["not_found_count"] == 2
    cards = [d for d in body["data"] if d["object"] == "card"]
    assert [c["links"]["page"] for c in cards] == [f"{BASE}{s}" for s in (SERIAL, "P1AJ-Z", "T0XC-RJE")]


# ----- the deck check ------------------------------------------------------------------------------


def test_a_legal_deck_is_checked_as_json_with_its_cards_counted(client, deck_text):
    r = client.post("/api/deck", json={"deck": deck_text})
    body = r.json()
    assert r.status_code == 200 and r.headers["access-control-allow-origin"] == "*"
    assert body["object"] == "deck_check" and body["game"] == "gyonrg" and body["legal"] is True
    assert body["size"] == 54 == sum(c["count"] for c in body["cards"]) and body["problems"] == []
    first = body["cards"][0]
    assert {"count", "serial", "name", "links"} <= set(first)
    assert first["links"]["page"] == f"{BASE}{first['serial']}"


def test_an_illegal_deck_gets_its_problems_by_line(client):
    text = "# deck: two lines\n2 P1AJ-Z\n1 P1AJ-Q\n"
    body = client.post("/api/deck", json={"deck": text, "game": "gogmagog"}).json()
    assert body["legal"] is False and body["game"] == "gogmagog" and body["size"] == 2
    assert any(p["line"] == 3 and "P1AJ-Q" in p["message"] for p in body["problems"])
    assert [c["serial"] for c in body["cards"]] == ["P1AJ-Z"]


def test_a_huge_deck_is_refused_from_its_counts(client):
    text = "".join(f"1000 {SERIAL}\n" for _ in range(3))
    r = client.post("/api/deck", json={"deck": text})
    # Issue 50: a deck past the limit is not legal, its one problem the line that takes it past
    # (as a line of more copies than a line holds is); it was a 413 too_many_cards.
    assert r.status_code == 200 and r.json()["legal"] is False
    assert [(p["code"], p["line"]) for p in r.json()["problems"]] == [("bad-count", 2)] and "3,000" in r.json()["problems"][0]["message"]


@pytest.mark.parametrize(("payload", "status", "kind"), [
    ({"deck": "hello"}, 422, "unknown_game"),
    ({"deck": f"1 {SERIAL}", "game": "gyre"}, 400, "unknown_game"),
    ({"deck": "  "}, 400, "empty"),
    ({"deck": 3}, 400, "bad_json"),
    ({"deck": f"1 {SERIAL}", "game": ["gyonrg"]}, 400, "bad_json"),
    ([f"1 {SERIAL}"], 400, "bad_json"),
])  # fmt: skip
def test_bad_deck_requests_get_one_line_errors(client, payload, status, kind):
    r = client.post("/api/deck", json=payload)
    assert r.status_code == status and r.json()["type"] == kind and "\n" not in r.json()["details"]


def test_the_deck_check_wants_json_and_its_preflight_allows_the_post(client):
    r = client.post("/api/deck", content=f"1 {SERIAL}", headers={"Content-Type": "text/plain"})
    assert r.status_code == 415 and "application/json" in r.json()["details"]
    r = client.options("/api/deck", headers={"Origin": "https://decks.test", "Access-Control-Request-Method": "POST"})
    assert r.status_code == 204 and "POST" in r.headers["access-control-allow-methods"]


# ----- games and editions ------------------------------------------------------------------------


def test_every_game_is_listed_with_its_letters_editions_and_size(client):
    body = client.get("/api/games").json()
    assert body["object"] == "list"
    listed = {g["name"]: g for g in body["data"]}
    assert set(listed) >= set(CARDS) | {"gyre"}
    for name, serial in CARDS.items():
        game = listed[name]
        entry = registry().get(name)
        assert game["title"] == entry.title and game["serial_letters"] == list(entry.serial_prefixes)
        assert game["has_decks"] is True and game["card_size"]["width_mm"] == 63.0
        current = [e["letter"] for e in game["editions"] if e["current"]]
        assert current == [serial[0]]  # the example cards are of the current edition
        assert {e["letter"] for e in game["editions"] if e["released"]} == {serial[0]}
        assert client.get(game["links"]["random"].removeprefix(ROOT.removesuffix("/"))).json()["game"] == name
    assert listed["gyre"]["has_cards"] is False and listed["gyre"]["editions"] == []
    assert listed["ginjontan"]["generated"] is False and listed["gyonrg"]["generated"] is True


# ----- a random card -------------------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(CARDS))
def test_a_random_card_is_new_each_time_and_never_cached(client, game):
    answers = [client.get(f"/api/random?game={game}") for _ in range(5)]
    assert all(r.status_code == 200 and r.headers["cache-control"] == "no-store" for r in answers)
    assert all(r.json()["object"] == "card" and r.json()["game"] == game for r in answers)
    assert len({r.json()["serial"] for r in answers}) > 1


def test_a_random_card_of_any_game_and_an_unknown_game(client):
    assert client.get("/api/random").json()["game"] in CARDS
    r = client.get("/api/random?game=chess")
    assert r.status_code == 400 and r.json()["type"] == "unknown_game"
    assert all(name in r.json()["details"] for name in CARDS)


def test_people_are_sent_to_a_random_cards_page(client):
    r = client.get("/random?game=spherion", follow_redirects=False)
    assert r.status_code == 303 and r.headers["cache-control"] == "no-store"
    assert r.headers["location"].startswith("/c/T")
    assert client.get(r.headers["location"], follow_redirects=False).status_code == 200
    page = client.get("/random?game=chess")
    assert page.status_code == 400 and page.headers["content-type"].startswith("text/html") and "spherion" in page.text
    assert "serial" not in page.text.split("<h1")[1].split("</h1>")[0]  # a game's name, not a serial, was wrong


# ----- gzip ----------------------------------------------------------------------------------------


def raw(client, path: str, **headers: str):
    """The answer and the bytes as served (not decoded)."""
    with client.stream("GET", path, headers=headers) as r:
        return r, b"".join(r.iter_raw())


@pytest.mark.parametrize("path", [f"/c/{SERIAL}", f"/c/{SERIAL}.json", "/static/style.css", "/api/games", "/"])
def test_text_is_gzipped_for_clients_that_accept_it(client, path):
    zipped, body = raw(client, path, **{"Accept-Encoding": "gzip"})
    plain, text = raw(client, path, **PLAIN)
    assert zipped.headers["content-encoding"] == "gzip" and "content-encoding" not in plain.headers
    assert gzip.decompress(body) == text and len(body) < len(text)
    assert "accept-encoding" in zipped.headers["vary"].lower() and "accept-encoding" in plain.headers["vary"].lower()


@pytest.mark.parametrize("path", [f"/c/{SERIAL}.png"])
def test_images_are_not_gzipped(client, path):
    r, _ = raw(client, path, **{"Accept-Encoding": "gzip"})
    assert r.status_code == 200 and "content-encoding" not in r.headers


@pytest.mark.parametrize("suffix", ["", ".json"])
def test_each_coding_has_its_own_etag_and_gets_its_own_304(client, suffix):
    """A strong ETag names exact bytes (RFC 9110): the gzipped and the plain answer differ, and a
    client is told 'not modified' only for the representation it would get."""
    path = f"/c/{SERIAL}{suffix}"
    zipped, zbody = raw(client, path, **{"Accept-Encoding": "gzip"})
    plain, pbody = raw(client, path, **PLAIN)
    ztag, ptag = zipped.headers["etag"], plain.headers["etag"]
    assert ztag != ptag
    assert ztag.strip('"') == hashlib.sha256(zbody).hexdigest()[:32]
    assert ptag.strip('"') == hashlib.sha256(pbody).hexdigest()[:32]
    again = client.get(path, headers={"Accept-Encoding": "gzip", "If-None-Match": ztag})
    assert again.status_code == 304 and again.headers["etag"] == ztag and again.content == b""
    assert (
        "accept-encoding" in again.headers["vary"].lower()
        and again.headers["cache-control"] == zipped.headers["cache-control"]
    )
    assert client.get(path, headers={**PLAIN, "If-None-Match": ptag}).status_code == 304
    assert client.get(path, headers={**PLAIN, "If-None-Match": ztag}).status_code == 200
    assert client.get(path, headers={"Accept-Encoding": "gzip", "If-None-Match": ptag}).status_code == 200


@pytest.mark.parametrize("accept", ["gzip;q=0", "br", "identity", "*;q=0", "gzip;q=0, *"])
def test_gzip_only_when_the_client_allows_it(client, accept):
    r, _ = raw(client, f"/c/{SERIAL}.json", **{"Accept-Encoding": accept})
    assert "content-encoding" not in r.headers


def test_the_size_guard_still_refuses_big_bodies_through_gzip(client):
    r = client.post(
        "/api/deck", content=b"{" + b" " * (300 * 1024) + b"}", headers={"Content-Type": "application/json"}
    )
    assert r.status_code == 413
