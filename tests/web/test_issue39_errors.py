"""Issue 39, defect 6: error types from structure, not message text; Accept q-values; an exact JSON
content type; lookup URLs in the batch API; .png errors that are not HTML; a read-only preflight
on /c/."""

from __future__ import annotations

import pytest

from tests.web.conftest import BASE, SERIAL


@pytest.mark.parametrize(("typed", "status", "kind"), [
    ("JZZZ-Q", 404, "out_of_range"),  # Gin-jon-tan: past its edition's cards (was unknown_card)
    ("PZZZ-Z", 404, "out_of_range"),  # Gog & Magog: the same mistake, the same type
    ("N000-00F", 404, "unknown_edition"),  # Gin-jon-tan's unreleased edition N (was unknown_card)
    ("H000-0000-0010", 404, "unknown_edition"),  # Gyon-RG's unknown edition H
    ("J000-0000-0", 400, "wrong_length"),  # a released edition, at a length it has no cards of
])  # fmt: skip
def test_an_error_type_is_the_same_in_every_game(client, typed, status, kind):
    r = client.get(f"/c/{typed}.json")
    assert r.status_code == status and r.json()["type"] == kind


def test_the_type_does_not_depend_on_the_games_words(client, monkeypatch):
    """The game's message is shown, never read: rewording it changes no type."""
    from cardgen import lookup as lookup_module
    from cardgen.errors import SerialError
    from cardgen.web import errors

    original = lookup_module.lookup

    def reworded(serial):
        try:
            return original(serial)
        except SerialError:
            raise SerialError("nope: characters range edition unknown") from None

    monkeypatch.setattr(lookup_module, "lookup", reworded)
    errors.edition_lengths.cache_clear()
    try:
        for typed, kind in (("JZZZ-Q", "out_of_range"), ("A7QH-ANSG-2XF", "check_character"), ("N000-00F", "unknown_edition")):
            assert errors.serial_error(typed, SerialError("x")).type == kind
    finally:
        errors.edition_lengths.cache_clear()


@pytest.mark.parametrize(("accept", "json"), [
    ("text/html;q=0.1, application/json", True),
    ("application/json;q=0, text/html;q=0.5", False),
    ("application/json;q=0", False),
    ("application/json, text/html;q=0.9", True),
    ("text/html, application/json;q=0.9", False),
    ("application/json;q=1, */*;q=0.1", True),
])  # fmt: skip
def test_accept_q_values_decide_json_or_html(client, accept, json):
    r = client.get(f"/c/{SERIAL}", headers={"Accept": accept})
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("application/json" if json else "text/html")


@pytest.mark.parametrize("content_type", ["text/x-not-json", "application/jsonp", "text/plain; note=json"])
def test_the_json_content_type_is_matched_exactly(client, content_type):
    r = client.post("/api/cards", content=b'{"serials": ["A7QH-ANSG-2XE"]}', headers={"content-type": content_type})
    assert r.status_code == 415 and r.json()["type"] == "not_json"


def test_the_batch_api_reads_lookup_urls_as_search_does(client):
    r = client.post("/api/cards", json={"serials": [BASE + SERIAL, f"https://elsewhere.test/c/{SERIAL.lower()}"]})
    assert r.json()["found"] == 2


@pytest.mark.parametrize("path", ["/c/A7QH-ANSG-2XF.png", "/c/ZZZ.png", "/c/H000-0000-0010.png"])
def test_errors_on_png_addresses_are_not_html(client, path):
    r = client.get(path)
    assert 400 <= r.status_code < 500
    assert r.headers["content-type"].startswith(("image/png", "text/plain"))
    assert "<html" not in r.text.lower()


def test_the_preflight_on_card_addresses_does_not_advertise_post(client):
    r = client.options(f"/c/{SERIAL}", headers={"Origin": "https://x.test", "Access-Control-Request-Method": "GET"})
    assert r.status_code == 204 and "POST" not in r.headers["access-control-allow-methods"]
