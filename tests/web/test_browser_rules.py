"""The player's rulebook on a phone (390 x 844 CSS px, pixel ratio 3) in a real headless browser.

What a player who scanned a card relies on: the card page's rules link opens the game's
rulebook; the page never scrolls sideways; its first screen says what the game is and how
to win; the card anatomy picture loads and fits the screen; the appendix is one tap away.
Skipped, with the reason, where no browser is installed (as tests/web/test_browser.py).
"""

from __future__ import annotations

import pytest

from cardgen import rulebook
from cardgen.games import registry
from tests.web.test_browser import CARDS, CHROMIUM, DRIVER, _chrome, _no_sideways_scrolling, _until

pytestmark = pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None,
    reason="no headless browser: install one with `sudo apt-get install chromium chromium-driver`",
)

from selenium.webdriver.common.by import By  # noqa: E402

# every registered game with a player's rulebook: a new game folder is covered without an edit here
GAMES = tuple(sorted(entry.name for entry in registry().entries() if rulebook.has_rulebook(entry.name)))


@pytest.fixture(scope="module")
def phone(tmp_path_factory):
    driver = _chrome(tmp_path_factory.mktemp("chromium-phone"), "phone")
    try:
        yield driver
    finally:
        driver.quit()


@pytest.mark.parametrize("game", GAMES)
def test_the_rulebook_fits_a_phone_and_its_first_screen_says_the_game_and_the_goal(phone, live_server, game):
    phone.get(f"{live_server.url}rules/{game}")
    assert phone.execute_script("return window.innerWidth") == 390
    _no_sideways_scrolling(phone)
    screen = phone.execute_script("return window.innerHeight")
    minute = phone.find_element(By.ID, "in-one-minute")
    first = minute.find_element(By.XPATH, "following-sibling::p[1]")
    bottom = phone.execute_script("const r = arguments[0].getBoundingClientRect(); return r.bottom", first)
    assert bottom <= screen, f"'In one minute' ends at {bottom} px, below the first screen ({screen} px)"
    said = first.text.lower()
    title = phone.find_element(By.CSS_SELECTOR, "#rules h1").text
    assert title == rulebook.title(game)
    assert rulebook.title(game).split(":")[0].lower() in said and "win" in said, said
    picture = phone.find_element(By.CSS_SELECTOR, "#anatomy img")
    phone.execute_script("arguments[0].scrollIntoView()", picture)
    _until(lambda: picture.get_property("complete") and picture.get_property("naturalWidth") > 0, "the anatomy picture")
    assert 0 < picture.get_property("clientWidth") <= 390
    _no_sideways_scrolling(phone)
    house = phone.find_elements(By.CSS_SELECTOR, f'#rules a[href="/rules/{game}/house-rules"]')[-1]  # the appendix's own section
    phone.execute_script("arguments[0].scrollIntoView()", house)
    house.click()
    _until(lambda: phone.current_url.endswith(f"/rules/{game}/house-rules"), "the house rules")
    assert phone.find_element(By.ID, "rules-part").is_displayed()
    _no_sideways_scrolling(phone)


@pytest.mark.parametrize("game", sorted(CARDS))
def test_the_card_pages_rules_link_lands_on_the_rulebook(phone, live_server, game):
    phone.get(f"{live_server.url}c/{CARDS[game]}")
    phone.find_element(By.ID, "rules-link").click()
    _until(lambda: phone.current_url.endswith(f"/rules/{game}"), "the rulebook")
    assert phone.find_element(By.ID, "in-one-minute").is_displayed()
