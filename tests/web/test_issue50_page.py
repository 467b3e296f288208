"""Issue 50, the pages: one rounding of odds (the printed card's), clean link-preview descriptions,
player words in error boxes (codes in the JSON only), a random-card link, "did you mean" for a
deck's mistyped serials, and a card page that answers "what now?" from each game's own rules."""

from __future__ import annotations

import html
import re

import pytest
from click.testing import CliRunner

from cardgen.web import games as webgames
from tests.web.test_issue39_page import CARDS


def _text(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def test_the_page_gives_the_odds_the_printed_card_gives(client, tmp_path):
    import pypdfium2 as pdfium

    from cardgen.cli.main import cli

    pdf = tmp_path / "cards.pdf"
    run = CliRunner().invoke(cli, ["gyonrg", "print", "--seed", "odds-50", "-n", "9", "-o", str(pdf)])
    assert run.exit_code == 0, run.output
    document = pdfium.PdfDocument(str(pdf))
    text = document[0].get_textpage().get_text_range()
    document.close()
    serials = re.findall(r"\b[A-H][0-9A-Z]{3}-[0-9A-Z]{4}-[0-9A-Z]{3}\b", text)
    printed = re.findall(r"1 in ([0-9.,]+ (?:trillion|billion|million)|[0-9,]+)", text)
    assert len(serials) == 9 and len(printed) == 9
    shown = []
    for serial in serials:
        stats = _text(client.get(f"/c/{serial}").text.split('id="stats"', 1)[1].split("</p>", 1)[0])
        shown.append(re.search(r"1 in ([0-9.,]+ (?:trillion|billion|million)|[0-9,]+)", stats).group(1))
    assert sorted(shown) == sorted(printed)


def test_link_preview_descriptions_never_double_a_stop(client):
    kits = {name: webgames.hooks(name).kit for name in ("gyonrg", "gogmagog", "spherion")}
    serials = [kit.serial(card) for kit in kits.values() for card in kit.generate("descriptions-50", 60, 0)]
    serials += [serial for serial, _ in CARDS.values()] + ["T1P5-7M9"]  # 'No effect.' then 'Common.'
    for serial in serials:
        description = re.search(r'<meta name="description" content="([^"]*)"', client.get(f"/c/{serial}").text).group(1)
        description = html.unescape(description)
        assert ".." not in description and ".;" not in description and " ." not in description, (serial, description)


@pytest.mark.parametrize("path", ["/c/A7QH-ANSG-2XF", "/search?s=A7QH-ANSG-2XF", "/c/Z7QH-ANSG-2XE", "/nothing", "/c/Son-7-blue",
                                  "/rules/chess", "/rules/chess/house-rules"])  # fmt: skip
def test_error_boxes_speak_to_players_and_codes_stay_in_the_json(client, path):
    page = client.get(path)
    assert page.status_code >= 400
    box = _text(page.text.split('id="error"', 1)[1].split("</div>", 1)[0])
    for code in ("bad_request", "not_found", "check_character", "unknown_game", "bad_notation", str(page.status_code)):
        assert code not in box, (path, box)
    if path.startswith("/c/"):
        error = client.get(path, headers={"Accept": "application/json"}).json()
        assert error["code"] in ("bad_request", "not_found") and error["type"]


def test_the_rules_error_box_says_what_is_wrong_in_words(client, monkeypatch):
    """A name that is no game is called probably mistyped; a game without house rules is named, and its rules linked."""
    from cardgen.web import rules

    box = _text(client.get("/rules/chess").text.split('id="error"', 1)[1].split("</div>", 1)[0])
    assert "No game of cardgen's is called chess" in box and "probably mistyped" in box
    monkeypatch.setattr(rules, "has_house_rules", lambda game: game != "gyonrg")
    page = client.get("/rules/gyonrg/house-rules")
    assert page.status_code == 404
    box = page.text.split('id="error"', 1)[1].split("</div>", 1)[0]
    assert "Gyon-RG has no house rules page" in _text(box) and '<a href="/rules/gyonrg">Read its rules</a>' in box
    assert "No game called" not in page.text


@pytest.mark.parametrize("path", ["/", f"/c/{CARDS['gogmagog'][0]}", "/deck", "/rules", "/c/A7QH-ANSG-2XF"])
def test_every_page_links_a_random_card(client, path):
    assert re.search(r'<a href="/random"[^>]*>Random card</a>', client.get(path).text), path
    r = client.get("/random", follow_redirects=False)
    assert r.status_code == 303 and client.get(r.headers["location"]).status_code == 200


def test_a_mistyped_serial_in_a_deck_gets_a_did_you_mean(client):
    text = "2 TA67-CGWX-01S\n3 A7QH-ANSG-2XE\n"  # two characters swapped on line 1
    page = client.post("/deck", data={"deck": text})
    assert page.status_code == 422
    line = page.text.split('id="problems"', 1)[1].split("</li>", 1)[0]
    assert "Did you mean" in line and '<a class="serial" href="/c/AT67-CGWX-01S">AT67-CGWX-01S</a>' in line
    problems = client.post("/api/deck", json={"deck": text}).json()["problems"]
    assert problems[0]["line"] == 1 and problems[0]["suggestions"][:1] == ["AT67-CGWX-01S"]


ABOUT = {"gyonrg": "as many copies as the deck holds", "gogmagog": "up to 3 copies", "spherion": "up to 3 copies",
         "ginjontan": "one copy"}  # fmt: skip


@pytest.mark.parametrize("game", sorted(CARDS))
def test_the_card_page_says_what_now(client, game):
    serial = CARDS[game][0]
    page = client.get(f"/c/{serial}").text
    section = page.split('id="what-now"', 1)[1].split("</section>", 1)[0]
    kit = webgames.hooks(game).kit
    assert " ".join(kit.help.split("\n\n")[0].split()) in _text(section)  # the game in a line, its kit's
    legality = _text(section.split('id="legality"', 1)[1].split("</span>", 1)[0])
    assert ABOUT[game] in legality
    deck_rules = " ".join(webgames.hooks(game).deck_help.split("\n\n")[0].split())
    assert deck_rules in legality
    assert f'id="check-deck-link" href="/deck?game={game}"' in section
    assert 'id="kit-link"' in section and 'id="play-link"' in section and f"cardgen play {game}" in section


def test_a_gyonrg_drone_is_held_to_the_drones_limit():
    from cardgen.gyonrg.generator import generate

    drone = next(c for c in generate("drones", 300) if c.to_dict()["drone"])
    assert webgames.copies_allowed("gyonrg", drone.serial) == 3


def test_the_copies_allowed_come_from_the_games_deck_checker(client, monkeypatch):
    """No number is the page's own: a checker allowing 2 copies makes the page say 2."""
    from starlette.testclient import TestClient

    from cardgen.gogmagog import deck as decks
    from cardgen.web.app import create_app
    from tests.web.conftest import BASE

    kit = type(webgames.hooks("gogmagog").kit.deck)
    monkeypatch.setattr(kit, "check", lambda self, deck, **options: decks.check_deck(deck, decks.DeckRules(30, 2, 6)))
    webgames.forget_copies()
    try:
        with TestClient(create_app(BASE, raise_errors=True)) as fresh:
            assert "up to 2 copies in a deck" in fresh.get(f"/c/{CARDS['gogmagog'][0]}").text
    finally:
        webgames.forget_copies()


@pytest.mark.parametrize(("odds", "words"), [(1_094_000_000_000, "1.09 trillion"), (87_340_000_000_000, "87.3 trillion"),
                                             (6_913_195_775_797_500, "6,913 trillion"), (4_898, "4,898")])  # fmt: skip
def test_the_card_and_the_page_round_odds_with_one_function(odds, words):
    from cardgen.gyonrg.face import _short
    from cardgen.kit import odds_words

    assert _short(odds) == words and odds_words(odds) == f"1 in {words}"  # the rarest printed '6.91e+03 trillion'
