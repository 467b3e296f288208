"""The /deck page in a real headless browser at a phone's size (390x844, issue 39): a 54-card deck
fits the width, is a few screens long, and loads no card image until they are asked for.

Reuses test_browser's browser (skipped, with the reason, where none is installed)."""

from __future__ import annotations

import pytest

from tests.web.test_browser import By, _until, browser, downloads, pytestmark  # noqa: F401  (fixtures and the skip)

PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True}
SCREENS = 5  # the 54-card deck's page is at most this many phone screens long (the image grid was 11)


@pytest.fixture
def phone(browser):  # noqa: F811
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    try:
        yield browser
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def _loaded_images(driver) -> int:
    return driver.execute_script(
        "return performance.getEntriesByType('resource').filter(e => e.name.endsWith('.png')).length"
    )


def test_a_54_card_deck_on_a_phone_fits_its_width_is_short_and_loads_images_on_demand(phone, live_server, deck_text):
    phone.get(f"{live_server.url}deck?game=gyonrg")
    area = phone.find_element(By.ID, "deck")
    phone.execute_script("arguments[0].value = arguments[1];", area, deck_text)  # as a paste does
    phone.find_element(By.ID, "check-button").click()
    verdict = _until(lambda: phone.find_elements(By.ID, "verdict"), "the deck check")[0]
    assert verdict.text == "Legal."
    assert phone.execute_script("return window.innerWidth") == 390
    width = phone.execute_script("return document.documentElement.scrollWidth")
    height = phone.execute_script("return document.documentElement.scrollHeight")
    assert width <= 390, f"the page is {width} px wide on a 390 px phone"
    assert height < SCREENS * 844, f"the page is {height} px long: {height / 844:.1f} phone screens"
    rows = phone.find_elements(By.CSS_SELECTOR, "#cards .decklist li")
    assert sum(int(r.find_element(By.CLASS_NAME, "count").text.rstrip("×")) for r in rows) == 54
    assert phone.find_element(By.ID, "breakdown").is_displayed()
    # Scrolled to the bottom, still no card image was fetched: they wait behind "Show the card images".
    phone.execute_script("window.scrollTo(0, document.body.scrollHeight)")
    assert _loaded_images(phone) == 0
    phone.find_element(By.CSS_SELECTOR, "#images > summary").click()
    _until(lambda: _loaded_images(phone) > 0, "the card images once asked for")
    first = phone.find_element(By.CSS_SELECTOR, "#grid img")
    _until(lambda: phone.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", first),
           "the first card image")  # fmt: skip
