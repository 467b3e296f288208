"""The web lookup as a client sees it: pages, JSON, images, caching, headers, decks, and bad input."""

from __future__ import annotations

import html
import io
import json
import re
from urllib.parse import quote

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgen import serial as serialcodec
from cardgen.cli.main import cli
from cardgen.games import registry
from cardgen.gyonrg import deck as decks
from cardgen.gyonrg.cards import decode
from cardgen.gyonrg.generator import generate
from tests.web.conftest import BASE, SERIAL

SECURITY = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
}


def assert_secure(response) -> None:
    for name, value in SECURITY.items():
        assert response.headers.get(name) == value, name
    csp = response.headers["content-security-policy"]
    assert "default-src 'none'" in csp and "frame-ancestors 'none'" in csp
    assert "script-src" not in csp and "unsafe-inline" not in csp  # no script may run at all


def assert_readable_error(response, status: int) -> None:
    """A 4xx page a person can read: the status, a message, no stack trace."""
    assert response.status_code == status
    assert response.headers["content-type"].startswith("text/html")
    assert 'id="error"' in response.text
    assert "Traceback" not in response.text and 'File "' not in response.text
    assert_secure(response)


# ----- card pages ------------------------------------------------------------------------


def test_card_page_shows_the_card_its_statistics_and_image(client):
    card = decode(SERIAL)
    r = client.get(f"/c/{SERIAL}")
    assert r.status_code == 200
    page = r.text
    assert card.name in page and SERIAL in page
    assert f"1 in {card.odds:,}" in page
    assert "★" * card.stars + "☆" * (5 - card.stars) in page
    assert f"{float(card.percentile) * 100:.2f} %" in page
    assert card.special.text.split()[0] in page  # what the special does
    assert "Edition" in page and f"<td>{card.edition.letter}</td>" in page
    assert f'src="/c/{SERIAL}.png"' in page
    assert_secure(r)


def test_serials_are_read_as_forgivingly_as_the_cli(client):
    card = next(c for c in generate("forgiving", 200) if re.search("[01]", c.serial))
    typed = card.serial.lower().replace("-", " ").replace("0", "o").replace("1", "l")
    canonical = client.get(f"/c/{card.serial}")
    loose = client.get(f"/c/{quote(typed)}")
    assert loose.status_code == 200 and card.serial in loose.text
    assert loose.headers["etag"] == canonical.headers["etag"]


def test_json_is_what_cardgen_lookup_json_prints(client):
    cli_out = CliRunner().invoke(cli, ["lookup", SERIAL, "--json"])
    assert cli_out.exit_code == 0
    for r in (client.get(f"/c/{SERIAL}.json"), client.get(f"/c/{SERIAL}", headers={"Accept": "application/json"})):
        assert r.status_code == 200
        assert r.headers["content-type"].startswith("application/json")
        assert r.headers["access-control-allow-origin"] == "*"
        web = json.loads(r.text)  # the CLI's fields, and the API's object and links (docs/api.md)
        assert web.pop("object") == "card" and web.pop("links")["page"] == f"{BASE}{SERIAL}"
        assert web == json.loads(cli_out.output)
    assert client.get(f"/c/{SERIAL}").headers["vary"] == "Accept, Accept-Encoding"


def test_a_browser_accept_header_gets_the_page(client):
    accept = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
    assert client.get(f"/c/{SERIAL}", headers={"Accept": accept}).headers["content-type"].startswith("text/html")


def test_any_registered_game_is_served_without_naming_it(client):
    """A game the server has never heard of is served from its registered lookup alone."""
    from tests.web.fake_game import ENTRY, LENGTH, PREFIX

    registry().add(ENTRY)
    try:
        serial = serialcodec.encode(PREFIX, 1234, LENGTH)
        r = client.get(f"/c/{serial}.json")
        assert r.status_code == 200
        assert r.json() == {"object": "card", "game": "zeta", "title": "Zeta", "serial": serial,
                            "links": {"api": f"{BASE}{serial}.json", "page": f"{BASE}{serial}", "image": None},
                            "card": {"name": "Zeta <card> #1234", "strength": 2}}  # fmt: skip
        page = client.get(f"/c/{serial}")
        assert page.status_code == 200
        assert "Zeta &lt;card&gt; #1234" in page.text and "<card>" not in page.text
        assert 'id="card-image"' not in page.text  # no web hooks: no image, still a page
        assert client.get(f"/c/{serial}.png").status_code == 404
        assert "Zeta" in client.get("/").text
    finally:
        registry().remove(ENTRY.name)


def test_card_image_is_the_printed_drawing_and_its_qr_scans_to_the_server(client):
    import zxingcpp
    from PIL import Image

    r = client.get(f"/c/{SERIAL}.png")
    assert r.status_code == 200 and r.headers["content-type"] == "image/png"
    image = Image.open(io.BytesIO(r.content))
    assert image.width > 300 and image.height > image.width  # a portrait poker card
    found = zxingcpp.read_barcodes(image.convert("L"), formats=zxingcpp.BarcodeFormat.QRCode)
    assert [b.text for b in found] == [BASE + SERIAL]


# ----- caching -----------------------------------------------------------------------------


@pytest.mark.parametrize("suffix", ["", ".json", ".png"])
def test_card_answers_have_a_strong_etag_and_304(client, suffix):
    r = client.get(f"/c/{SERIAL}{suffix}")
    etag = r.headers["etag"]
    assert re.fullmatch(r'"[0-9a-f]{16,}"', etag)  # strong: no W/
    assert r.headers["cache-control"] == "public, max-age=3600"  # revalidated by ETag, never immutable (issue 39)
    again = client.get(f"/c/{SERIAL.lower()}{suffix}")
    assert again.headers["etag"] == etag
    for header in (etag, f'"other", {etag}', f"W/{etag}", "*"):
        cached = client.get(f"/c/{SERIAL}{suffix}", headers={"If-None-Match": header})
        assert cached.status_code == 304 and cached.content == b""
        assert cached.headers["etag"] == etag
    assert client.get(f"/c/{SERIAL}{suffix}", headers={"If-None-Match": '"other"'}).status_code == 200
    other = next(generate("etag", 1)).serial
    assert client.get(f"/c/{other}{suffix}").headers["etag"] != etag


def test_errors_are_not_cached(client):
    r = client.get("/c/A7QH-ANSG-2XF")
    assert r.headers["cache-control"] == "no-store" and "etag" not in r.headers


# ----- bad serials ---------------------------------------------------------------------------


def _valid_check(prefix: str, length: int) -> str:
    return serialcodec.encode(prefix, 12345, length)


BAD_SERIALS = [
    ("A7QH-ANSG-2XF", 400, "check_character", "check character"),
    ("A7QH-NASG-2XE", 400, "check_character", "check character"),  # two characters swapped
    ("A7QH-ANSG", 400, "wrong_length", "characters"),
    ("A7", 400, "wrong_length", "too short"),
    ("A" * 40, 400, "wrong_length", "too long"),
    ("Z7QH-ANSG-2XE", 404, "unknown_game", "no game uses"),
    ("A7QH-ÅNSG-2XE", 400, "bad_character", "U+00C5"),
    ("Ａ7QH-ANSG-2XE", 400, "bad_character", "U+FF21"),  # fullwidth look-alike
    ("A7QH-ANSG-2XE<script>", 400, "bad_character", "'<'"),
    ("%20", 400, "empty", "no serial"),
]


@pytest.mark.parametrize(("typed", "status", "kind", "words"), BAD_SERIALS)
def test_a_mistyped_serial_says_what_is_wrong(client, typed, status, kind, words):
    page = client.get(f"/c/{quote(typed) if typed != '%20' else typed}")
    assert_readable_error(page, status)
    assert words in html.unescape(page.text)
    assert "<script>" not in page.text
    data = client.get(f"/c/{quote(typed) if typed != '%20' else typed}.json")
    assert data.status_code == status and data.headers["content-type"].startswith("application/json")
    body = data.json()
    assert body["object"] == "error" and body["status"] == status and body["type"] == kind
    assert body["code"] == {400: "bad_request", 404: "not_found"}[status]
    assert words in body["details"]


def test_unknown_edition_is_404(client):
    serial = _valid_check("B", 9)  # Gyon-RG's edition B: reserved, not released
    body = client.get(f"/c/{serial}.json").json()
    assert body["status"] == 404 and body["type"] == "unknown_edition" and "unknown edition" in body["details"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(typed=st.text(min_size=1, max_size=60))
def test_no_typed_serial_gets_a_server_error(client, typed):
    for path in (f"/c/{quote(typed, safe='')}", f"/c/{quote(typed, safe='')}.json", f"/search?s={quote(typed, safe='')}"):
        r = client.get(path, follow_redirects=False)
        # 307: '.' or '..' is sent as /c (the client drops dot segments), which is redirected to /c/
        assert r.status_code in (200, 301, 303, 307, 400, 404, 414), (typed, r.status_code)


def test_over_long_paths_and_unknown_routes_get_readable_4xx(client):
    assert_readable_error(client.get("/c/" + "A" * 2000), 414)
    assert_readable_error(client.get("/nothing/here"), 404)
    assert_readable_error(client.get(f"/c/{SERIAL}/extra"), 404)
    assert_readable_error(client.post(f"/c/{SERIAL}"), 405)
    assert client.get("/api/nothing").json()["status"] == 404  # a JSON client gets JSON


def test_no_path_leads_outside_the_package_files(client):
    assert client.get("/static/style.css").status_code == 200
    for path in ("/static/..%2fbase.html.j2", "/static/%2e%2e/%2e%2e/pyproject.toml", "/static/../../etc/passwd",
                 "/c/..%2f..%2fetc%2fpasswd", "/static/card.html.j2"):
        r = client.get(path)
        assert r.status_code in (400, 404), path
        assert "root:" not in r.text and "{%" not in r.text


# ----- search --------------------------------------------------------------------------------


def test_search_goes_to_the_card_or_says_what_is_wrong(client):
    r = client.get("/search", params={"s": " a7qh ansg 2xe "}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/c/{SERIAL}"
    url = client.get("/search", params={"s": f"https://elsewhere.test/c/{SERIAL}"}, follow_redirects=False)
    assert url.headers["location"] == f"/c/{SERIAL}"  # a scanned QR address works too
    bad = client.get("/search", params={"s": "A7QH-ANSG-2XF"})
    assert_readable_error(bad, 400)
    assert "check character" in bad.text and 'value="A7QH-ANSG-2XF"' in bad.text


def test_home_page_has_a_search_box_and_names_every_game(client):
    page = client.get("/").text
    assert 'action="/search"' in page and 'name="s"' in page
    for entry in registry().entries():
        if entry.serial_prefixes:
            assert html.escape(entry.title) in page  # "Gog & Magog" is written "Gog &amp; Magog"


def test_healthz(client):
    r = client.get("/healthz")
    assert r.status_code == 200 and r.json()["status"] == "ok"
    assert "gyonrg" in r.json()["games"]


# ----- batch API -------------------------------------------------------------------------------


def test_batch_lookup_answers_each_card_or_its_error(client):
    good = [c.serial for c in generate("batch", 3)]
    r = client.post("/api/cards", json={"serials": [*good, "A7QH-ANSG-2XF", SERIAL.lower()]})
    assert r.status_code == 200 and r.headers["access-control-allow-origin"] == "*"
    body = r.json()
    assert body["object"] == "list" and body["found"] == 4 and body["not_found"] == ["A7QH-ANSG-2XF"]
    assert [d["serial"] for d in body["data"]] == [*good, "A7QH-ANSG-2XF", SERIAL]
    assert decode(good[0]).to_dict().items() <= body["data"][0]["card"].items()  # and the shared vocabulary (docs/api.md)
    assert body["data"][3]["object"] == "error" and body["data"][3]["type"] == "check_character"
    assert client.post("/api/cards", json=good).json()["found"] == 3  # a bare list works too


def test_other_sites_may_call_the_api_from_a_browser(client):
    """A cross-site POST of JSON sends an OPTIONS preflight first; it must allow the POST (and only
    where there is one: card addresses are read-only, issue 39)."""
    for path in ("/api/cards", f"/c/{SERIAL}.json"):
        r = client.options(path, headers={"Origin": "https://decks.test", "Access-Control-Request-Method": "POST",
                                          "Access-Control-Request-Headers": "content-type"})  # fmt: skip
        assert r.status_code == 204
        assert r.headers["access-control-allow-origin"] == "*"
        assert ("POST" in r.headers["access-control-allow-methods"]) == (path == "/api/cards")
        assert "content-type" in r.headers["access-control-allow-headers"].lower()


@pytest.mark.parametrize(("body", "headers", "status", "kind"), [
    (json.dumps({"serials": [SERIAL] * 101}), {"content-type": "application/json"}, 413, "too_many"),
    (json.dumps({"serials": []}), {"content-type": "application/json"}, 400, "empty"),
    ("{not json", {"content-type": "application/json"}, 400, "bad_json"),
    (json.dumps({"serials": [1, 2]}), {"content-type": "application/json"}, 400, "bad_json"),
    (json.dumps({"serials": SERIAL}), {"content-type": "application/json"}, 400, "bad_json"),
    ("[" * 100_000, {"content-type": "application/json"}, 400, "bad_json"),
    (SERIAL, {"content-type": "text/plain"}, 415, "not_json"),
    (json.dumps({"serials": ["A" * 300_000]}), {"content-type": "application/json"}, 413, "too_large"),
])  # fmt: skip
def test_bad_batch_requests_get_json_errors(client, body, headers, status, kind):
    r = client.post("/api/cards", content=body, headers=headers)
    assert r.status_code == status
    assert r.json()["object"] == "error" and r.json()["type"] == kind
    assert_secure(r)


# ----- decks -----------------------------------------------------------------------------------


def test_deck_page_shows_the_deck_as_cards_and_escapes_its_name(client, deck_text):
    r = client.post("/deck", data={"deck": deck_text, "game": "auto"})
    assert r.status_code == 200
    deck = decks.parse_deck(deck_text)
    assert 'id="verdict"' in r.text and "Legal." in r.text
    assert r.text.count('<img src="/c/') == len(deck.entries)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in r.text and "<script>" not in r.text
    assert_secure(r)


def test_illegal_deck_lists_the_checkers_problems_by_line(client, deck_text):
    lines = deck_text.splitlines()
    broken = "\n".join([*lines[:-4], "2x A7QH-ANSG-2XF", "three A7QH-ANSG-2XE", "0 A7QH-ANSG-2XE"]) + "\n"
    expected = decks.check_to_json(decks.parse_deck(broken))["problems"]
    assert {p["code"] for p in expected} >= {"bad-serial", "deck-size", "bad-count"}
    r = client.post("/deck", files={"file": ("deck.txt", broken.encode(), "text/plain")}, data={"game": "gyonrg"})
    assert r.status_code == 422
    listed = re.findall(r'<span class="where">(line \d+|deck)</span> <span class="message">([^<]*)</span>', r.text)
    listed = [(where, html.unescape(message)) for where, message in listed]
    assert listed == [(f"line {p['line']}" if p["line"] else "deck", p["message"]) for p in expected]


def test_deck_pdf_is_print_ready_and_illegal_decks_get_none(client, deck_text):
    from pypdf import PdfReader

    r = client.post("/deck/pdf", data={"deck": deck_text, "game": "gyonrg", "paper": "letter"})
    assert r.status_code == 200 and r.headers["content-type"] == "application/pdf"
    assert r.headers["content-disposition"].startswith("attachment;")
    reader = PdfReader(io.BytesIO(r.content))
    assert len(reader.pages) == 6  # 54 cards, 3x3 per page
    assert round(float(reader.pages[0].mediabox.width)) == 612  # letter
    short = "\n".join(deck_text.splitlines()[:10])
    refused = client.post("/deck/pdf", data={"deck": short, "game": "gyonrg"})
    assert refused.status_code == 422 and "no PDF was made" in refused.text
    # The web prints legal decks only (issue 39): `deck print --force` prints any deck, locally.
    forced = client.post("/deck/pdf", data={"deck": short, "game": "gyonrg", "force": "1"})
    assert forced.status_code == 422 and not forced.content.startswith(b"%PDF")


@pytest.mark.parametrize(("files", "data", "status", "words"), [
    (None, {"deck": ""}, 400, "no deck"),
    (None, {"deck": "hello world\nnothing here"}, 422, "no line of this deck"),
    (None, {"deck": f"1 {SERIAL}", "game": "chess"}, 400, "has no decks here"),
    (None, {"deck": f"1 {SERIAL}", "game": "gyonrg", "paper": "a0"}, 400, "use a4 or letter"),
    ({"file": ("deck.png", b"\x89PNG\r\n\x1a\n\0\0\0binary", "image/png")}, {}, 400, "not UTF-8 text"),
    ({"file": ("deck.txt", b"\xff\xfe\xff", "text/plain")}, {}, 400, "not UTF-8 text"),
    ({"file": ("big.txt", b"1 A7QH-ANSG-2XE\n" * 40_000, "text/plain")}, {}, 413, "over 256 KB"),
    (None, {"deck": "x" * 300_000}, 413, "over 256 KB"),
])  # fmt: skip
def test_bad_deck_uploads_get_readable_4xx(client, files, data, status, words):
    path = "/deck/pdf" if "paper" in data else "/deck"
    r = client.post(path, files=files, data=data)
    assert_readable_error(r, status)
    assert words in r.text


def test_malformed_deck_files_are_reported_by_the_checker(client):
    r = client.post("/deck", data={"deck": '{"cards": [{"serial": 5}], "name": "<b>x</b>"}', "game": "gyonrg"})
    assert r.status_code == 422 and "is not an object with a &#34;serial&#34; string" in r.text
    r = client.post("/deck", data={"deck": '{"cards": [', "game": "gyonrg"})
    assert r.status_code == 422 and "not valid JSON" in r.text


def test_a_raw_body_that_is_not_a_form_is_a_4xx(client):
    r = client.post("/deck", content=b"\0\1\2garbage", headers={"content-type": "multipart/form-data; boundary=zz"})
    assert 400 <= r.status_code < 500
