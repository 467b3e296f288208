"""Issue 50's last loose ends: the deck page's error box in player words (the codes stay in the
JSON), its counts in the right number, request heads past 64 KB refused with 431 however big,
"did you mean" for a deck whose every serial is mistyped, and the card page's "what now?" links
each landing on what they name."""

from __future__ import annotations

import html
import re

import pytest

SHORT = "2x A7QH-ANSG-2XF\n1 A7QH-ANSG-2XE\n"  # a mistyped serial, and a deck far too small


def _text(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


@pytest.mark.parametrize("path", ["/deck", "/deck/pdf"])
def test_the_deck_pages_error_box_names_no_problem_code(client, path):
    problems = client.post("/api/deck", json={"deck": SHORT, "game": "gyonrg"}).json()["problems"]
    assert {p["code"] for p in problems} >= {"bad-serial", "deck-size"}  # the JSON keeps its codes
    page = client.post(path, data={"deck": SHORT, "game": "gyonrg", "paper": "a4"})
    assert page.status_code == 422
    box = _text(page.text.split('id="verdict"', 1)[1].split('id="no-pdf"', 1)[0])
    for p in problems:
        assert p["message"] in box
        assert p["code"] not in box, box
    assert "<code>" not in page.text.split('id="problems"', 1)[1].split("</ul>", 1)[0]


@pytest.mark.parametrize("game", ["gyonrg", "gogmagog", "spherion", "ginjontan"])
def test_the_deck_page_says_1_card_not_1_cards(client, game):
    from tests.web.test_issue39_page import CARDS

    serial = CARDS[game][0]
    text = _text(client.post("/deck", data={"deck": f"1 {serial}\n", "game": game}).text)
    assert not re.search(r"\b1 (card|main card|extra card|side card)s\b", text), text
    assert re.search(r"\b1 card\b", text)
    two = _text(client.post("/deck", data={"deck": f"2 {serial}\n", "game": game}).text)
    assert re.search(r"\b2 cards\b", two) and not re.search(r"\b2 card\b", two)


def _raw(port: int, request: bytes) -> bytes:
    import socket

    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(request)  # in one send
        answer = b""
        while part := sock.recv(65536):
            answer += part
    return answer


@pytest.mark.parametrize("kb", [100, 200, 1024])
def test_a_head_of_any_size_over_64_kb_sent_at_once_gets_431(live_server, kb):
    from cardgen.web.app import SECURITY_HEADERS

    answer = _raw(live_server.port, f"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Big: {'x' * (kb * 1024)}\r\n\r\n".encode())
    assert answer.startswith(b"HTTP/1.1 431"), answer[:80]
    assert all((name + b": " + value).lower() in answer.lower() for name, value in SECURITY_HEADERS), answer[:400]


def test_an_unreadable_head_is_still_a_400(live_server):
    assert _raw(live_server.port, b"GET /healthz HTTP/1.1\r\nHost: x\r\nBad header line\r\n\r\n").startswith(b"HTTP/1.1 400")


@pytest.mark.parametrize(("text", "game", "meant"), [
    ("2 TA67-CGWX-01S\n3 A7QH-ANSG-2XF\n", "gyonrg", "AT67-CGWX-01S"),  # two swapped; one wrong
    ("name: typos\n1 P18D-8\n", "gogmagog", "P18D-9"),
    ("1 J2GW-F\n", "ginjontan", "J2GW-E"),
])  # fmt: skip
def test_a_deck_whose_every_serial_is_mistyped_gets_did_you_mean_without_a_game(client, text, game, meant):
    page = client.post("/deck", data={"deck": text})  # no game chosen: the serials decide
    assert page.status_code == 422 and 'id="deck-name"' in page.text
    problems = page.text.split('id="problems"', 1)[1].split("</ul>", 1)[0]
    assert "Did you mean" in problems and f'<a class="serial" href="/c/{meant}">{meant}</a>' in problems
    answer = client.post("/api/deck", json={"deck": text}).json()
    assert answer["game"] == game and meant in answer["problems"][0]["suggestions"]


def test_a_deck_of_no_serial_at_all_still_asks_for_the_game(client):
    page = client.post("/deck", data={"deck": "hello\nworld\n"})
    assert page.status_code == 422 and "choose the game" in page.text


@pytest.mark.parametrize("game", ["gyonrg", "gogmagog", "spherion", "ginjontan"])
def test_the_card_pages_kit_and_play_links_each_land_on_what_they_name(client, game):
    from tests.web.test_issue39_page import CARDS

    section = client.get(f"/c/{CARDS[game][0]}").text.split('id="next-links"', 1)[1].split("</p>", 1)[0]
    kit = re.search(r'<a id="kit-link" href="([^"]+)">Print a kit</a>', section).group(1)
    play = re.search(r'<a id="play-link" href="([^"]+)">Play</a>', section).group(1)
    assert kit != play
    landed = {}
    for href in (kit, play):
        path, _, anchor = href.partition("#")
        page = client.get(path)
        assert page.status_code == 200 and anchor, href
        heading = re.search(rf'<h2 id="{re.escape(anchor)}">([^<]*)</h2>(.*?)(?=<h2|</section>)', page.text, re.S)
        assert heading, href
        landed[href] = (heading.group(1), _text(heading.group(2)))
    assert landed[kit][0] == "Print a kit" and f"cardgen {game} kit -o kit.pdf" in landed[kit][1]
    assert landed[play][0] == "Play" and f"cardgen play {game}" in landed[play][1]
