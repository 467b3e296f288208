"""Issue 50, HTTP: redirects never built from the Host header, one way with trailing slashes, 405s
and OPTIONS naming every method of an address, CORS a browser script can use, gzip on every text
answer, ETags on every cacheable answer, versioned static files, the 64 KB request-head limit."""

from __future__ import annotations

import gzip
import re
import socket

import pytest

from tests.web.conftest import SERIAL

EVIL = {"Host": "evil.example"}


@pytest.mark.parametrize(("path", "where"), [("/deck/", "/deck"), ("/rules/gyonrg/", "/rules/gyonrg"),
                                             ("/api/games/", "/api/games"), (f"/c/{SERIAL}/", f"/c/{SERIAL}"),
                                             (f"/c/{SERIAL}.json/", f"/c/{SERIAL}.json"),
                                             ("/deck/?game=gyonrg", "/deck?game=gyonrg")])  # fmt: skip
def test_a_trailing_slash_is_dropped_by_a_redirect_that_ignores_the_host_header(client, path, where):
    r = client.get(path, headers=EVIL, follow_redirects=False)
    assert r.status_code == 301 and r.headers["location"] == where
    assert client.get(where, follow_redirects=False).status_code == 200


@pytest.mark.parametrize("path", ["//evil.example/", "/\\evil.example/", "///evil.example//", "/%5Cevil.example/"])
def test_a_slash_redirect_never_leads_to_another_host(path):
    from urllib.parse import unquote

    from cardgen.web.app import without_trailing_slash

    location = without_trailing_slash({"path": unquote(path), "query_string": b""})
    assert location is not None and location.startswith("/") and not location.startswith(("//", "/\\")), location


def test_a_post_to_a_trailing_slash_keeps_its_method(client, deck_text):
    r = client.post("/deck/", data={"deck": deck_text}, follow_redirects=False)
    assert r.status_code == 308 and r.headers["location"] == "/deck"


@pytest.mark.parametrize(("method", "path", "allow"), [
    ("GET", "/api/deck", "POST, OPTIONS"), ("PUT", "/deck", "GET, HEAD, POST, OPTIONS"),
    ("GET", "/api/cards", "POST, OPTIONS"), ("POST", f"/c/{SERIAL}", "GET, HEAD, OPTIONS"),
    ("DELETE", "/api/games", "GET, HEAD, OPTIONS"), ("GET", "/deck/pdf", "POST, OPTIONS"),
    ("PATCH", "/rules/gyonrg", "GET, HEAD, OPTIONS"), ("POST", "/random", "GET, HEAD, OPTIONS"),
])  # fmt: skip
def test_a_405_names_every_method_of_the_address(client, method, path, allow):
    r = client.request(method, path, headers={"Accept": "application/json"})
    assert r.status_code == 405 and r.headers["allow"] == allow
    assert r.json()["type"] == "method_not_allowed" and allow in r.json()["details"]
    assert client.options(path).headers["allow"] == allow


ADDRESSES = ["/", "/search", f"/c/{SERIAL}", "/api/cards", "/api/deck", "/api/games", "/api/random",
             "/api/openapi.json", "/random", "/deck", "/deck/pdf", "/healthz", "/static/style.css", "/rules",
             "/rules/gyonrg", "/favicon.ico"]  # fmt: skip


@pytest.mark.parametrize("path", ADDRESSES)
def test_every_address_answers_options_with_its_methods(client, path):
    r = client.options(path)
    assert r.status_code == 204 and "OPTIONS" in r.headers["allow"]


@pytest.mark.parametrize("path", [p for p in ADDRESSES if p.startswith(("/api/", "/c/"))])
def test_every_api_address_answers_a_preflight_with_its_own_methods_and_if_none_match(client, path):
    r = client.options(path, headers={"Origin": "https://decks.test", "Access-Control-Request-Method": "GET",
                                      "Access-Control-Request-Headers": "if-none-match"})  # fmt: skip
    assert r.status_code == 204 and r.headers["access-control-allow-origin"] == "*"
    assert r.headers["access-control-allow-methods"] == r.headers["allow"]
    assert "if-none-match" in r.headers["access-control-allow-headers"].lower()
    # POST-only addresses do not advertise a GET that would be a 405
    assert ("GET" in r.headers["access-control-allow-methods"]) == (path not in ("/api/cards", "/api/deck"))


@pytest.mark.parametrize("path", [f"/c/{SERIAL}.json", f"/c/{SERIAL}.png", "/api/games", "/api/openapi.json"])
def test_a_script_of_another_site_can_read_the_etag(client, path):
    exposed = client.get(path).headers["access-control-expose-headers"].lower()
    assert {"etag", "link", "retry-after"} <= {h.strip() for h in exposed.split(",")}


def _zipped(r) -> bool:
    return r.headers.get("content-encoding") == "gzip"


def test_a_post_answer_and_error_answers_are_gzipped(client, live_server):
    import httpx

    batch = {"serials": [f"A7QH-ANSG-2X{c}" for c in "E" * 20]}
    r = client.post("/api/cards", json=batch, headers={"Accept-Encoding": "gzip"})
    assert r.status_code == 200 and _zipped(r) and r.json()["found"] == 20
    for path, status in ((f"/c/{SERIAL[:-1]}F", 400), ("/nothing", 404), ("/c/" + "A" * 600, 414)):
        r = client.get(path, headers={"Accept-Encoding": "gzip"})
        assert r.status_code == status and _zipped(r), path
    # over a real connection, the raw bytes are gzip
    with httpx.stream("POST", f"{live_server.url}api/cards", json=batch, headers={"Accept-Encoding": "gzip"}) as raw:
        body = b"".join(raw.iter_raw())
    assert raw.headers["content-encoding"] == "gzip" and b'"found": 20' in gzip.decompress(body)


@pytest.mark.parametrize("path", ["/api/games", "/api/openapi.json", "/rules/gyonrg", "/rules", "/static/style.css",
                                  "/favicon.ico"])  # fmt: skip
@pytest.mark.parametrize("encoding", ["identity", "gzip"])
def test_every_cacheable_answer_has_a_strong_etag_and_a_304(client, path, encoding):
    r = client.get(path, headers={"Accept-Encoding": encoding})
    etag = r.headers["etag"]
    assert r.status_code == 200 and re.fullmatch(r'"[0-9a-f]{32}"', etag)
    again = client.get(path, headers={"Accept-Encoding": encoding, "If-None-Match": etag})
    assert again.status_code == 304 and again.headers["etag"] == etag and not again.content


def test_the_style_sheet_has_a_versioned_address_kept_a_year(client):
    page = client.get(f"/c/{SERIAL}").text
    href = re.search(r'<link rel="stylesheet" href="([^"]+)"', page).group(1)
    assert re.fullmatch(r"/static/style\.css\?v=[0-9a-f]{8,}", href)
    assert "immutable" in client.get(href).headers["cache-control"]
    # Any other address of it (an old page's, a typed one) is revalidated on every use.
    assert client.get("/static/style.css").headers["cache-control"] == "no-cache"
    assert client.get("/static/style.css?v=old").headers["cache-control"] == "no-cache"


def test_a_request_head_over_64_kb_is_refused_whole_or_in_parts(client, live_server):
    big = "x" * (100 * 1024)
    r = client.get("/healthz", headers={"X-Big": big})
    assert r.status_code == 431 and r.json()["type"] == "headers_too_large"
    assert client.get("/healthz", headers={"X-Small": "x" * (60 * 1024)}).status_code == 200
    with socket.create_connection(("127.0.0.1", live_server.port), timeout=10) as sock:
        sock.sendall(f"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Big: {big}\r\n\r\n".encode())  # in one send
        answer = b""
        while True:
            part = sock.recv(65536)
            if not part:
                break
            answer += part
    assert answer.startswith(b"HTTP/1.1 431"), answer[:80]


def test_a_cards_json_and_page_link_each_other_in_a_header_a_script_can_read(client):
    from tests.web.conftest import BASE

    json_answer = client.get(f"/c/{SERIAL}.json")
    assert json_answer.headers["link"] == f'<{BASE}{SERIAL}>; rel="alternate"; type="text/html"'
    assert "link" in json_answer.headers["access-control-expose-headers"].lower()
    assert client.get(f"/c/{SERIAL}").headers["link"] == f'</c/{SERIAL}.json>; rel="alternate"; type="application/json"'
