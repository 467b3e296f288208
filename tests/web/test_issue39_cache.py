"""Issue 39, defect 7: the ETag is a hash of the bytes served (it hashed the version, kind, serial
and base, so a template or data change kept the ETag while the version stayed 0.1.0, and HTML was
immutable for a year); every spelling of a serial is redirected to the card's one address."""

from __future__ import annotations

import hashlib

import pytest

from tests.web.conftest import BASE, SERIAL


@pytest.mark.parametrize("suffix", ["", ".json", ".png"])
def test_the_etag_is_a_hash_of_the_bytes_served_and_nothing_is_immutable(client, suffix):
    r = client.get(f"/c/{SERIAL}{suffix}", headers={"Accept-Encoding": "identity"})  # gzipped: test_issue39_api
    assert r.status_code == 200
    assert r.headers["etag"].strip('"') == hashlib.sha256(r.content).hexdigest()[:32]
    assert "immutable" not in r.headers["cache-control"]
    assert int(r.headers["cache-control"].split("max-age=")[1].split(",")[0]) <= 86_400


def test_a_changed_page_gets_a_new_etag_under_the_same_version(client, monkeypatch):
    from starlette.testclient import TestClient

    from cardgen.web import pages
    from cardgen.web.app import create_app

    before = client.get(f"/c/{SERIAL}")
    original = pages.render
    monkeypatch.setattr(pages, "render", lambda template, **values: original(template, **values) + "<!-- v2 -->")
    with TestClient(create_app(BASE, raise_errors=True)) as fresh:
        after = fresh.get(f"/c/{SERIAL}", headers={"If-None-Match": before.headers["etag"]})
    assert after.status_code == 200 and after.text.endswith("<!-- v2 -->")
    assert after.headers["etag"] != before.headers["etag"]


@pytest.mark.parametrize(("typed", "suffix"), [("a7qhansg2xe", ""), ("A7QH ANSG 2XE", ".json"),
                                               ("a7qh-ansg-2xe", ".png"), (SERIAL, ".PNG"), (SERIAL, ".Json")])  # fmt: skip
def test_every_spelling_is_redirected_to_the_canonical_address(client, typed, suffix):
    r = client.get(f"/c/{typed}{suffix}", follow_redirects=False)
    assert r.status_code == 301
    assert r.headers["location"] == f"/c/{SERIAL}{suffix.lower()}"
    assert client.get(r.headers["location"], follow_redirects=False).status_code == 200


def test_the_canonical_address_is_not_redirected(client):
    assert client.get(f"/c/{SERIAL}", follow_redirects=False).status_code == 200
