"""The phone card page of issue 39: one compact section of what a player reads, stars and odds
in words, the game's rules as a page, did-you-mean for a mistyped serial, link previews, favicon.

Every card page is read as a player reads it: the compact section (#card-facts up to the folded
full list) must hold the game's own words and none of the JSON's internal names."""

from __future__ import annotations

import html
import re

import pytest

from cardgen import serial as serialcodec
from cardgen.games import registry
from cardgen.lookup import lookup
from cardgen.print.sizes import CARD_SIZES
from tests.web.conftest import BASE, SERIAL

# One card of each game with cards, and the words its page must use (the game's own terms).
CARDS = {
    "gyonrg": ("AT67-CGWX-01S", ["Attack / shield", "Speed", "AP costs", "Special", "Corrosion Cloud (3 AP)",
                                 "1 sector: 1 ahead", "Every exact card is rare", "1 in 8.72 trillion"]),
    "gogmagog": ("P18D-9", ["Storm creature", "Mana cost", "Attack / defence", "3 / 6", "1 in 4,898 pulls"]),
    "spherion": ("T1QA-ME0", ["Void monster, level 3", "ATK / DEF", "800 / 700", "1 Summon point, no tribute", "Fusion", "Rare",
                             "1 in 3.58 million"]),
    "ginjontan": ("J2GW-E", ["Sun, copy 7, blue", "9 x 7 x 33 (blue) = 2,079", "Overcomes", "Night, Coldness",
                             "fixed family"]),
}  # fmt: skip
# What the card JSON calls things inside, which a player never reads in the compact section.
INTERNAL = ("all_enemy", "probability_float", "Probability float", "deploy_cost", "ship_type", "goal_sectors",
            "main_sector", "colour_multiplier", "symbol_value", "1.14714e-13", "16/139476756880125", "(0, 1)",
            "Percentile", "target:", "effect · kind")  # fmt: skip


def compact(page: str) -> str:
    """The page's compact section as text: from the card's facts to the folded full list."""
    start = page.index('id="card-facts"')
    end = page.index("<details", start)
    return html.unescape(re.sub(r"<[^>]+>", " ", page[start:end]))


def folded(page: str) -> str:
    start = page.index('<details class="all"')
    return page[start : page.index("</details>", start)]


def meta(page: str, key: str) -> str:
    found = re.search(rf'<meta (?:property|name)="{re.escape(key)}" content="([^"]*)">', page)
    assert found, key
    return html.unescape(found.group(1))


@pytest.mark.parametrize("game", sorted(CARDS))
def test_the_card_page_says_what_a_player_reads_once_in_the_games_words(client, game):
    serial, words = CARDS[game]
    r = client.get(f"/c/{serial}")
    assert r.status_code == 200
    page, text = r.text, compact(r.text)
    for word in words:
        assert word in text, (game, word)
    for name in INTERNAL:
        assert name not in text, (game, name)
    data = lookup(serial).data
    assert data["name"] in text and text.count(serial) == 1
    if "edition" in data:
        assert text.count(f"edition {data['edition']}") == 1
    if "stars" in data:  # the stars shown once, and said in words with the odds
        stars = data["stars"]
        assert text.count("★") == stars and f"{stars} of 5 stars" in text and re.search(r"1 in [\d.,]+( \w+)? pulls", text)
        assert "stars say how rare" in text.lower()
    assert "<pre" not in page  # no block of text cut off sideways on a phone
    # The full list and the JSON stay, folded, with readable labels.
    rest = folded(page)
    assert f'href="/c/{serial}.json"' in rest and "_" not in re.sub(r"<[^>]+>", "", rest.split("<table", 1)[1].split("</table>")[0]).replace("all_enemy", "")


@pytest.mark.parametrize("game", sorted(CARDS))
def test_the_card_image_is_sharp_on_2x_and_3x_screens_at_the_cards_aspect(client, game):
    serial = CARDS[game][0]
    page = client.get(f"/c/{serial}").text
    img = re.search(r'<img id="card-image"[^>]*>', page, re.S).group(0)
    assert f'src="/c/{serial}.png"' in img and f"/c/{serial}@3x.png 3x" in img
    width, height = int(re.search(r'width="(\d+)"', img).group(1)), int(re.search(r'height="(\d+)"', img).group(1))
    size = CARD_SIZES[registry().get(game).load_kit().card_size_name]
    assert width == 300 and abs(height - 300 * size.height / size.width) < 1
    css = client.get("/static/style.css").text
    assert re.search(r"\.card-image img \{[^}]*max-width: 300px", css)


def test_a_game_without_a_kit_gets_facts_from_its_card_data(client):
    from tests.web.fake_game import ENTRY, LENGTH, PREFIX

    registry().add(ENTRY)
    try:
        page = client.get(f"/c/{serialcodec.encode(PREFIX, 1234, LENGTH)}").text
        assert "Strength" in compact(page) and "Zeta &lt;card&gt; #1234" in page
        assert 'id="rules-link"' not in page  # no rules file for it
    finally:
        registry().remove(ENTRY.name)


# ----- rules ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(CARDS))
def test_the_card_page_links_to_its_games_rules_page(client, game):
    page = client.get(f"/c/{CARDS[game][0]}").text
    link = re.search(r'<a id="rules-link" href="([^"]+)"', page).group(1)
    assert link == f"/rules/{game}"
    rules = client.get(link)
    assert rules.status_code == 200 and rules.headers["content-type"].startswith("text/html")
    title = registry().get(game).title
    assert f"<title>{html.escape(title)} rules" in rules.text
    assert re.search(r'<h1 id="[a-z0-9-]+">', rules.text) and re.search(r'<h2 id="[a-z0-9-]+">', rules.text)
    assert "<p>" in rules.text and '<h2 id="in-one-minute">' in rules.text  # the player's rulebook
    assert "<script" not in rules.text and "&lt;" not in rules.text.split("<article", 1)[1].split("<h1", 1)[0]
    picture = re.search(r'<figure class="anatomy" id="anatomy"><a href="[^"]+"><img src="([^"]+)"', rules.text).group(1)
    image = client.get(picture)
    assert image.status_code == 200 and image.headers["content-type"] == "image/png" and image.content[:4] == b"\x89PNG"
    house = client.get(f"/rules/{game}/house-rules")  # the appendix: the choices made, with their options
    assert house.status_code == 200 and "<code>" in house.text and f'href="/rules/{game}/house-rules"' in rules.text


def test_the_rules_tables_quotes_and_code_are_rendered(client):
    page = client.get("/rules/gyonrg/house-rules").text
    assert "<table>" in page and "<th>option</th>" in page and "<blockquote>" in page and "<code>" in page
    assert "<pre><code>" in client.get("/rules/gyre/house-rules").text
    toc = page.split('id="toc"', 1)[1].split("</nav>", 1)[0]  # the sections, under the title
    assert page.index('id="toc"') < page.index('<h2 id="cards-and-tables"') and 'href="#cards-and-tables"' in toc


def test_every_in_page_link_of_the_rules_pages_finds_its_heading(client):
    for game in ("gyonrg", "gyre"):
        for url in (f"/rules/{game}", f"/rules/{game}/house-rules"):
            page = client.get(url).text
            ids = set(re.findall(r' id="([^"]+)"', page))
            anchors = set(re.findall(r'href="#([^"]+)"', page))
            assert anchors <= ids, anchors - ids
    assert 'href="#who-starts"' in client.get("/rules/gyonrg/house-rules").text


def test_an_unknown_games_rules_are_a_404_page_listing_the_games(client):
    r = client.get("/rules/chess")
    assert r.status_code == 404 and r.headers["cache-control"] == "no-store"
    assert "chess" in r.text
    for entry in registry().entries():
        assert f'href="/rules/{entry.name}"' in r.text
    index = client.get("/rules")
    assert index.status_code == 200 and 'href="/rules/gyonrg"' in index.text
    assert client.get("/rules/..%2Fserials").status_code == 404  # a name, never a path
    assert client.get("/rules/chess/house-rules").status_code == 404
    assert client.get("/rules/chess/anatomy.png").status_code == 404


def test_the_rules_are_installed_with_the_package():
    """The rules pages read docs/rules/ as package data (setup.py maps docs/ into the wheel)."""
    from pathlib import Path

    setup = (Path(__file__).resolve().parents[2] / "setup.py").read_text(encoding="utf-8")
    assert '"cardgen._data.docs": "docs"' in setup
    from cardgen.resources import data_dir

    assert (data_dir("docs") / "rules" / "gyonrg.md").is_file()
    assert (data_dir("docs") / "play" / "gyonrg.md").is_file()  # the player's rulebook, docs/play/


# ----- did you mean --------------------------------------------------------------------------


def typos(serial: str) -> dict[str, str]:
    """One of each single mistake in a serial (not in its first character: that names the game)."""
    canon = serial.replace("-", "")
    changed = canon[:5] + ("B" if canon[5] != "B" else "C") + canon[6:]
    return {
        "changed": changed,
        "swapped": canon[:3] + canon[4] + canon[3] + canon[5:],
        "missing": canon[:4] + canon[5:],
        "extra": canon[:6] + canon[6] + canon[6:],
    }


@pytest.mark.parametrize("kind", ["changed", "swapped", "missing", "extra"])
def test_a_one_character_typo_page_keeps_the_serial_and_suggests_the_right_card(client, kind):
    typed = typos(SERIAL)[kind]
    r = client.get(f"/search?s={typed}")
    assert r.status_code in (400, 404)
    page = r.text
    assert f'name="s" type="text" value="{typed}"' in page  # the typed serial stays in the box
    assert "check_character" not in page.split('<p class="code">')[0]  # named in words, not a code
    assert re.search(r"typo|too few or too many characters|No card has this number", page)
    suggestions = page.split('id="suggestions"', 1)[1]
    assert f'href="/c/{SERIAL}"' in suggestions and "Armored Corvette" in suggestions
    for serial in re.findall(r'href="/c/([^"]+)"', suggestions):
        lookup(serial)  # every suggestion is a real card


def test_the_card_address_of_a_typo_suggests_too_and_keeps_the_serial(client):
    typed = "A7QH-ANSG-2XF"
    page = client.get(f"/c/{typed}").text
    assert "This serial has a typo" in page and f'value="{typed}"' in page
    assert f'href="/c/{SERIAL}"' in page.split('id="suggestions"', 1)[1]


@pytest.mark.parametrize("game", sorted(CARDS))
def test_did_you_mean_finds_the_card_of_each_game(client, game):
    serial = CARDS[game][0]
    canon = serial.replace("-", "")
    last = serialcodec.ALPHABET[(serialcodec.ALPHABET.index(canon[-1]) + 1) % 32]
    r = client.get(f"/c/{canon[:-1] + last}.json")
    assert r.status_code == 400
    assert serial in [s["serial"] for s in r.json()["suggestions"]]


def test_json_errors_list_the_suggestions_and_keep_their_shape(client):
    r = client.get("/c/A7QH-ANSG-2XF.json")
    body = r.json()
    assert r.status_code == 400
    assert {k: body[k] for k in ("object", "status", "code", "type")} == {
        "object": "error", "status": 400, "code": "bad_request", "type": "check_character"}  # fmt: skip
    assert "A7QH-ANSG-2XF" in body["details"]
    right = [s for s in body["suggestions"] if s["serial"] == SERIAL]
    assert right == [{"serial": SERIAL, "name": "Armored Corvette", "game": "gyonrg", "title": "Gyon-RG", "url": f"/c/{SERIAL}"}]
    assert 1 <= len(body["suggestions"]) <= 20
    batch = client.post("/api/cards", json={"serials": ["A7QH-ANSG-2XF"]}).json()
    assert SERIAL in [s["serial"] for s in batch["data"][0]["suggestions"]]


def test_a_serial_with_no_near_card_says_so(client):
    r = client.get("/c/A000-0000-000.json")  # many typos away from anything: check fails, nothing near
    assert r.status_code in (400, 404)
    assert isinstance(r.json()["suggestions"], list)
    empty = client.get("/search?s=")
    assert "Did you mean" not in empty.text


def test_a_bad_character_is_suggested_away(client):
    r = client.get("/c/A7QH-ANSG-2XU.json")  # U is no serial character
    assert r.status_code == 400 and r.json()["type"] == "bad_character"
    assert SERIAL in [s["serial"] for s in r.json()["suggestions"]]


def test_suggestions_are_bounded():
    from cardgen.web.suggest import MAX_LOOKUPS, one_edit

    longest = "A" * (serialcodec.MAX_LENGTH + 1)
    assert len(one_edit(longest)) < 2_100  # checked cheaply; at most MAX_LOOKUPS are looked up
    assert MAX_LOOKUPS <= 200


# ----- link previews, canonical, favicon, dark mode -----------------------------------------------


def test_the_card_page_has_a_canonical_link_and_link_preview_tags(client):
    page = client.get(f"/c/{SERIAL}").text
    assert f'<link rel="canonical" href="{BASE}{SERIAL}">' in page
    assert meta(page, "og:url") == f"{BASE}{SERIAL}"
    assert meta(page, "og:image") == meta(page, "twitter:image") == f"{BASE}{SERIAL}.png"
    assert meta(page, "og:title").startswith("Armored Corvette") and meta(page, "twitter:card") == "summary_large_image"
    description = meta(page, "og:description")
    assert description == meta(page, "description") and "Gyon-RG card" in description and "stars" in description
    assert not any(name in description for name in INTERNAL)


def test_the_canonical_address_follows_the_servers_base():
    from cardgen.web.pages import server_links, site_root

    assert site_root("https://cards.example.org/c/") == "https://cards.example.org/"
    assert site_root("https://example.org/club/c/") == "https://example.org/club/"
    assert site_root("https://example.org/lookup?s=") == "https://example.org/"
    links = server_links("https://example.org/club/c/", SERIAL)
    assert links["canonical"] == f"https://example.org/club/c/{SERIAL}" and links["image_url"].endswith(f"/club/c/{SERIAL}.png")


def test_the_favicon_is_served_like_the_static_files_and_every_page_links_it(client):
    css = client.get("/static/style.css")
    for path, kind in (("/favicon.ico", "image/x-icon"), ("/static/favicon.svg", "image/svg+xml")):
        r = client.get(path)
        assert r.status_code == 200 and r.headers["content-type"] == kind, path
        assert r.headers["cache-control"] == css.headers["cache-control"]
    assert client.get("/favicon.ico").content[:4] == b"\x00\x00\x01\x00"
    for path in ("/", f"/c/{SERIAL}", "/deck", "/rules/gyonrg", "/c/A7QH-ANSG-2XF"):
        assert re.search(r'<link rel="icon" href="/static/favicon\.svg\?v=\w+" type="image/svg\+xml">', client.get(path).text), path


def test_every_page_has_a_dark_mode(client):
    css = client.get("/static/style.css").text
    dark = css.split("@media (prefers-color-scheme: dark)", 1)[1]
    assert "--bg:" in dark and "--ink:" in dark
    assert re.search(r"\nbody \{[^}]*background: var\(--bg\)", css) and re.search(r"\.error \{[^}]*var\(--bad-bg\)", css)
    assert '<meta name="color-scheme" content="light dark">' in client.get("/").text


def test_the_static_export_carries_the_new_page_and_the_games_rules(tmp_path, deck_text):
    from click.testing import CliRunner

    from cardgen.cli.main import cli

    (tmp_path / "deck.txt").write_text("\n".join(deck_text.splitlines()[:4]) + "\n", encoding="utf-8")
    site = tmp_path / "site"
    run = CliRunner().invoke(cli, ["gyonrg", "deck", "export", str(tmp_path / "deck.txt"), "-o", str(site),
                                   "--lookup-url", "https://club.test/cards/"])  # fmt: skip
    assert run.exit_code == 0, run.output
    card = next(p for p in site.iterdir() if p.is_dir() and p.name != "static")
    page = (card / "index.html").read_text(encoding="utf-8")
    assert 'id="facts"' in page and "stars say how rare" in page and 'href="../rules.html"' in page
    rules = (site / "rules.html").read_text(encoding="utf-8")
    house = (site / "house-rules.html").read_text(encoding="utf-8")
    assert "<h1 id=" in rules and '<h2 id="in-one-minute">' in rules and 'href="house-rules.html"' in rules
    assert 'href="#who-starts"' in house and 'href="rules.html"' in house
    for page in (rules, house):
        assert 'href="/' not in page
        for link in re.findall(r'(?:href|src)="([^"#][^"]*)"', page):
            assert not link.startswith(("/", "http")) and (site / link).exists(), link
    assert (site / "static" / "favicon.svg").is_file() and 'href="rules.html"' in (site / "index.html").read_text(encoding="utf-8")


def test_suggestions_are_ranked_by_how_easy_the_mistake_and_how_common_the_card():
    from cardgen.web.suggest import TYPO_WEIGHT, likelihood, pull_probability, suggest

    typed = "A7QHANSG2XF"
    found = suggest(typed)
    scores = [TYPO_WEIGHT[likelihood(typed, r.serial.replace("-", ""))] * pull_probability(r) for r in found]
    assert scores == sorted(scores, reverse=True) and len(set(scores)) > 1
    assert likelihood("A7QHANSG2XF", "A7QHANSG2XE") == 0  # E and F look alike
    assert likelihood("A7QHANSG2XF", "A7QHANSG2XM") == 1


def test_the_full_list_names_each_field_once_not_its_older_alias_too(client):
    openapi = pytest.importorskip("cardgen.web.openapi", reason="the API description lists the older field names")
    for serial in ("AT67-CGWX-01S", "T1QA-ME0", "J2GW-E"):
        data = lookup(serial).data
        labels = re.findall(r'<th scope="row">([^<]+)</th>', folded(client.get(f"/c/{serial}").text))
        for alias, name in openapi.ALIASES.items():
            if alias in data and name in data:
                assert alias.replace("_", " ").capitalize() not in labels, (serial, alias)
        assert len(labels) == len(set(labels)), serial
