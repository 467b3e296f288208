"""Issue 39, defect 3: a lone surrogate in a batch serial ({"serials": ["\\ud800"]}, valid JSON) got
a 500 (a UnicodeEncodeError echoing the serial) and the next request on the connection was reset."""

from __future__ import annotations

import http.client
import json

import pytest


@pytest.mark.parametrize("typed", ["\\ud800", "A7QH\\udfff-ANSG-2XE", "\\udc80\\ud800"])
def test_a_lone_surrogate_in_a_batch_is_a_json_error(client, typed):
    body = b'{"serials": ["' + typed.encode() + b'", "A7QH-ANSG-2XE"]}'
    r = client.post("/api/cards", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["type"] == "bad_json" and "surrogate" in r.json()["details"]


def test_the_connection_stays_usable_after_a_lone_surrogate(live_server):
    conn = http.client.HTTPConnection("127.0.0.1", live_server.port, timeout=5)
    try:
        conn.request("POST", "/api/cards", body=b'{"serials": ["\\ud800"]}', headers={"Content-Type": "application/json"})
        first = conn.getresponse()
        assert first.status == 400 and json.loads(first.read())["type"] == "bad_json"
        conn.request("GET", "/healthz")  # the same connection
        second = conn.getresponse()
        assert second.status == 200 and json.loads(second.read())["status"] == "ok"
    finally:
        conn.close()


@pytest.mark.parametrize("accept", ["application/json", "text/html"])
def test_an_error_that_quotes_a_lone_surrogate_is_answered(client, monkeypatch, accept):
    """Whatever a visitor's text holds, the answer that quotes it can be sent (no UnicodeEncodeError)."""
    from cardgen.web import app as webapp

    def find(typed):
        raise webapp.ApiError(404, "unknown_card", "no card \ud800 here")

    monkeypatch.setattr(webapp, "find", find)
    r = client.get("/c/A7QH-ANSG-2XE", headers={"Accept": accept})
    assert r.status_code == 404
    if accept == "application/json":
        assert r.json()["details"] == "no card \ud800 here"  # the JSON escape it came as
    else:
        assert "no card ? here" in r.text
