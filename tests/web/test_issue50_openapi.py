"""Issue 50: the OpenAPI description lists every status each route can give, in the media type it
comes in (a bad serial's image is a 400 of plain text), and an error's type matches its details."""

from __future__ import annotations

import pytest

from tests.web.conftest import SERIAL


@pytest.fixture(scope="module")
def spec(client):
    return client.get("/api/openapi.json").json()


def _url(path: str) -> str:
    return path.replace("{serial}", SERIAL)


def _declared(spec, path: str, method: str, status: int, media: str) -> bool:
    answer = spec["paths"][path][method]["responses"].get(str(status))
    return answer is not None and media.split(";")[0] in answer.get("content", {})


def test_every_operation_declares_the_statuses_any_address_can_give(spec):
    for path, ops in spec["paths"].items():
        for method, op in ops.items():
            for status in ("405", "414", "431", "500", "503"):
                assert status in op["responses"], (path, method, status)


def test_real_error_answers_of_every_route_are_declared_in_their_media_type(client, spec):
    for path, ops in spec["paths"].items():
        for method in ops:
            wrong = "PUT"
            r = client.request(wrong, _url(path))
            assert _declared(spec, path, method, r.status_code, r.headers["content-type"]), (path, r.status_code)
            long = client.get(_url(path) + "?x=" + "a" * 600)
            assert _declared(spec, path, method, long.status_code, long.headers["content-type"]), (path, long.status_code)
            big = client.request(method.upper(), _url(path), headers={"X-Big": "x" * 70_000})
            assert big.status_code == 431 and _declared(spec, path, method, 431, big.headers["content-type"]), path


@pytest.mark.parametrize("path", ["/c/{serial}.png", "/c/{serial}@3x.png"])
def test_a_bad_serial_image_is_a_declared_400_of_text(client, spec, path):
    r = client.get(path.replace("{serial}", SERIAL[:-1] + "F"))
    assert r.status_code == 400 and r.headers["content-type"].startswith("text/plain")
    assert _declared(spec, path, "get", 400, "text/plain")


@pytest.mark.parametrize("serial", ["X1234567", "XABC-DEFG", "K2GW-E"])
def test_an_unknown_edition_says_so_in_its_details(client, serial):
    error = client.get(f"/c/{serial}.json").json()
    assert error["type"] == "unknown_edition"
    assert "edition" in error["details"] and "check character" not in error["details"], error["details"]
