"""The /deck page (issue 39, "the deck page"): one game's example at a time, a compact list with the
counts, a breakdown by the game's facets that sums to the deck, images only on demand, and the PDF
for a legal deck only."""

from __future__ import annotations

import html
import re

import pytest

from cardgen.games import registry
from cardgen.web import deckpage
from cardgen.web import games as webgames
from tests.web.conftest import SERIAL

GAMES = [e.name for e in webgames.deck_games()]


def _kit(name: str):
    return registry().get(name).load_kit()


@pytest.fixture(scope="module")
def built() -> dict[str, str]:
    """A legal deck of each game with decks, as its deck file's text (`deck build --seed 7`)."""
    out = {}
    for name in GAMES:
        dk = _kit(name).deck
        out[name] = dk.text(dk.build("7", None, f"{name} test deck").deck)
    return out


def _placeholder(page: str) -> str:
    found = re.search(r'<textarea id="deck"[^>]*placeholder="([^"]*)"', page)
    assert found, "no deck textarea"
    return html.unescape(found.group(1))


def _rows(page: str) -> list[tuple[int, str, str]]:
    """The compact list: (count, serial linked, name) of each row."""
    listed = page.split('id="cards"', 1)[1].split("</section>", 1)[0]
    return [(int(n), s, html.unescape(label)) for n, s, label in
            re.findall(r'<span class="count">(\d+)×</span>\s*<a class="label" href="/c/([^"]+)">([^<]*)</a>', listed)]  # fmt: skip


def _breakdown(page: str) -> dict[str, dict[str, int]]:
    """The breakdown: facet -> value -> count, as the page shows it."""
    part = page.split('id="breakdown"', 1)[1].split("</section>", 1)[0]
    out: dict[str, dict[str, int]] = {}
    for name, body in re.findall(r'<div class="facet" data-facet="([^"]+)">(.*?)</div>', part, re.S):
        pairs = re.findall(r'<td class="value">([^<]*)</td><td class="n">(\d+)</td>', body) or \
            re.findall(r'<span class="value">([^<]*)</span> <span class="n">(\d+)</span>', body)  # fmt: skip
        out[html.unescape(name)] = {html.unescape(v): int(n) for v, n in pairs}
    return out


# ----- the form ------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_placeholder_is_the_chosen_games_example_only(client, game):
    r = client.get(f"/deck?game={game}")
    assert r.status_code == 200
    examples = {name: webgames.hooks(name).deck_example for name in GAMES}
    assert _placeholder(r.text) == examples[game]
    for other, example in examples.items():
        if other != game:
            assert html.escape(example.splitlines()[1]) not in r.text  # no other game's example anywhere
    # Links switch the game, with no script; the chosen one is marked.
    for name in GAMES:
        assert f'href="/deck?game={name}"' in r.text
    assert re.search(rf'href="/deck\?game={game}" aria-current="page"', r.text)
    # What a legal deck of that game is, in its own words (the `deck` group's help).
    rules = webgames.hooks(game).deck_help.split("\n\n")[0]
    assert rules and html.escape(rules) in r.text


def test_without_a_chosen_game_the_placeholder_is_the_line_format_and_no_examples_run_together(client):
    page = client.get("/deck").text
    assert "SERIAL" in _placeholder(page)
    for name in GAMES:
        assert html.escape(webgames.hooks(name).deck_example.splitlines()[1]) not in page


def test_an_unknown_game_in_the_address_is_a_readable_400(client):
    r = client.get("/deck?game=chess")
    assert r.status_code == 400 and 'id="error"' in r.text
    assert "chess" in r.text and all(name in r.text for name in GAMES)
    assert "Traceback" not in r.text


def test_a_deck_of_another_game_than_the_chosen_one_is_still_recognised(client, built):
    # The form on /deck?game=gyonrg carries fallback=gyonrg; the serials of a Gog & Magog deck decide.
    r = client.post("/deck", data={"deck": built["gogmagog"], "game": "auto", "fallback": "gyonrg"})
    assert r.status_code == 200 and "Gog &amp; Magog deck" in r.text


def test_a_deck_with_no_serial_is_read_as_the_chosen_game(client):
    # A Gin-jon-tan deck may name its cards without serials: recognising fails, the chosen game reads it.
    text = "name: by hand\n2x Sun-7-blue\n1 Night-4-violet\n"
    r = client.post("/deck", data={"deck": text, "game": "auto", "fallback": "ginjontan"})
    assert r.status_code == 422  # 3 cards: not a legal deck, but read as one
    assert "Gin-jon-tan deck: by hand" in r.text
    assert [(n, label) for n, _, label in _rows(r.text)] == [(2, "Sun-7-blue"), (1, "Night-4-violet")]
    r = client.post("/deck", data={"deck": text, "game": "auto"})
    assert r.status_code == 422 and "no line of this deck holds a serial" in r.text


# ----- the result ----------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_legal_deck_shows_a_compact_list_and_a_breakdown_that_sums_to_the_deck(client, built, game):
    r = client.post("/deck", data={"deck": built[game], "game": "auto"})
    assert r.status_code == 200 and "Legal." in r.text
    hooks = webgames.hooks(game)
    deck = hooks.read_deck(built[game], "deck")
    assert _rows(r.text) == [(line.count, line.serial, line.label) for line in deck.lines]
    facets = _breakdown(r.text)
    assert facets, "no breakdown"
    assert list(facets) == list(dict.fromkeys(name for line in deck.lines for name, _ in line.facets))
    for name, counts in facets.items():
        assert sum(counts.values()) == deck.size, name
    # The page and the JSON the API serves say the same.
    summary = deckpage.deck_summary(deck)
    assert {f["facet"]: {c["value"]: c["count"] for c in f["counts"]} for f in summary["breakdown"]} == facets
    assert summary["legal"] and summary["size"] == deck.size and not summary["problems"]


def test_the_breakdowns_of_gyonrg_name_type_element_cost_and_stars(client, built):
    page = client.post("/deck", data={"deck": built["gyonrg"], "game": "gyonrg"}).text
    facets = _breakdown(page)
    assert list(facets) == ["type", "element", "deploy", "stars"]
    costs = list(facets["deploy"])
    assert costs == sorted(costs, key=lambda v: int(v.split()[0]))  # a curve, cheapest first
    deck = webgames.hooks("gyonrg").read_deck(built["gyonrg"], "deck")
    drones = sum(line.count for line in deck.lines if dict(line.facets)["type"] == "Drone")
    assert facets["type"].get("Drone", 0) == drones == deck.parsed.drones


def test_spherion_lists_the_deck_master_apart_and_counts_it(client, built):
    page = client.post("/deck", data={"deck": built["spherion"], "game": "spherion"}).text
    assert re.search(r"<h3>master \(1\)</h3>", page) and re.search(r"<h3>main \(40\)</h3>", page)
    facets = _breakdown(page)
    assert sum(facets["kind"].values()) == 41  # the master and the 40-card main deck
    assert facets["element"]["—"] == facets["kind"].get("spell", 0) + facets["kind"].get("trap", 0)


def test_no_image_is_loaded_until_asked_for(client, built):
    page = client.post("/deck", data={"deck": built["gyonrg"], "game": "gyonrg"}).text
    page = page.split('<section class="deck-result">', 1)[1]  # the deck's part (not the site's header)
    images = re.findall(r"<img [^>]*>", page)
    assert images, "the images are on demand, not gone"
    assert all('loading="lazy"' in img for img in images)
    # Every image is inside the closed <details>: a browser draws (and fetches) none of them first.
    before, inside = page.split('<details class="images" id="images">', 1)
    assert "<img" not in before and "<img" not in inside.split("</details>", 1)[1]
    assert '<details class="images" id="images" open' not in page


def test_an_illegal_deck_shows_its_problems_by_line_and_no_pdf_button(client, built):
    lines = built["gogmagog"].splitlines()
    first = next(i for i, text in enumerate(lines) if text.strip() and text.split()[0].isdigit())
    count, serial = lines[first].split()[:2]
    lines[first] = f"5 {serial}"  # over the 3 copies a card
    text = "\n".join(lines) + "\n"
    r = client.post("/deck", data={"deck": text, "game": "auto"})
    assert r.status_code == 422
    assert 'id="pdf-button"' not in r.text and 'action="/deck/pdf"' not in r.text
    assert f'<a class="where" href="#line-{first + 1}">line {first + 1}</a> <span class="message">5 copies of' in r.text
    assert f'<li id="line-{first + 1}" class="problem">' in r.text
    deck = webgames.hooks("gogmagog").read_deck(text, "deck")
    assert sum(_breakdown(r.text)["kind"].values()) == deck.size == 30 - int(count) + 5
    assert [p["code"] for p in deckpage.deck_summary(deck)["problems"]] == ["too-many-copies", "deck-size"]


@pytest.mark.parametrize("force", [None, "1"])
def test_the_pdf_of_an_illegal_deck_is_refused_with_422_and_its_problems(client, built, force):
    short = "\n".join(built["gyonrg"].splitlines()[:10])
    data = {"deck": short, "game": "gyonrg", **({"force": force} if force else {})}
    r = client.post("/deck/pdf", data=data)
    assert r.status_code == 422
    assert r.headers["content-type"].startswith("text/html") and not r.content.startswith(b"%PDF")
    assert "no PDF was made" in r.text and "a deck holds exactly 54" in r.text
    assert 'id="pdf-button"' not in r.text


@pytest.mark.parametrize("game", GAMES)
def test_a_legal_deck_has_a_pdf_button_and_its_pdf(client, built, game):
    page = client.post("/deck", data={"deck": built[game], "game": "auto"}).text
    assert 'id="pdf-button"' in page
    r = client.post("/deck/pdf", data={"deck": built[game], "game": game, "paper": "a4"})
    assert r.status_code == 200 and r.headers["content-type"] == "application/pdf"
    assert r.content.startswith(b"%PDF")


def test_a_thousand_copies_are_counted_never_expanded(client, monkeypatch):
    # Decks are kept as counts: neither the page nor its breakdown makes a copy per card.
    def no_copies(*args, **kwargs):
        raise AssertionError("the deck page expanded the deck into copies")

    monkeypatch.setattr(webgames.CheckedDeck, "cards", no_copies)
    monkeypatch.setattr(type(_kit("gyonrg").deck), "cards", no_copies)
    r = client.post("/deck", data={"deck": f"1000 {SERIAL}\n", "game": "gyonrg"})
    assert r.status_code == 422
    assert _rows(r.text) == [(1000, SERIAL, "Armored Corvette")]
    assert all(sum(counts.values()) == 1000 for counts in _breakdown(r.text).values())


def test_a_deck_with_no_readable_line_shows_its_problems_and_no_empty_list(client):
    r = client.post("/deck", data={"deck": "2x A7QH-ANSG-2XF\nhello\n", "game": "gyonrg"})
    assert r.status_code == 422 and "check character" in r.text
    assert 'id="no-cards"' in r.text and 'id="breakdown"' not in r.text and 'id="images"' not in r.text


def test_the_breakdown_orders_a_curve_by_number_and_the_rest_by_count():
    from cardgen.kit import DeckLine

    def line(count: int, **facets: str) -> DeckLine:
        return DeckLine(count, "X", "x", None, tuple(facets.items()))

    lines = (line(2, cost="10 AP", element="Void"), line(3, cost="2 AP", element="Fire"), line(1, element="Void"),
             line(4, cost="1 AP"))  # fmt: skip
    deck = webgames.CheckedDeck("g", "G", None, lines, ())
    facets = {f.name: [(t.value, t.count) for t in f.tallies] for f in deckpage.breakdown(deck)}
    assert facets == {"cost": [("1 AP", 4), ("2 AP", 3), ("10 AP", 2), ("—", 1)],
                      "element": [("Fire", 3), ("Void", 3), ("—", 4)]}  # fmt: skip
    # A game whose kit names no facets: no breakdown, the list still shows.
    bare = webgames.CheckedDeck("g", "G", None, (DeckLine(2, "X", "x", 1),), ())
    assert deckpage.breakdown(bare) == [] and deckpage.deck_summary(bare)["lines"][0]["count"] == 2


def test_the_form_under_a_result_reads_the_next_deck_as_this_one_was_read(client, built):
    # Recognised from its serials: the form below lets the serials decide again, so a deck of
    # another game pasted there is read as that game, not as this one.
    page = client.post("/deck", data={"deck": built["gyonrg"], "game": "auto"}).text
    assert not re.search(r"<option value=\"\w+\" selected>", page)
    assert '<input type="hidden" name="fallback" value="gyonrg">' in page
    page = client.post("/deck", data={"deck": built["gyonrg"], "game": "gyonrg"}).text
    assert '<option value="gyonrg" selected>' in page  # a game chosen stays chosen
