"""Issue 50: the pages on a phone (390x844, 3x) in a real headless browser: every tap target at
least 44 px, form controls at 16 px (below it iOS zooms on focus), the serial of each deck row
shown (two cards of one name told apart), a card page that says what to do next.

Reuses test_browser's phone (skipped, with the reason, where no browser is installed)."""

from __future__ import annotations

import pytest

from tests.web.test_browser import CARDS, By, _chrome, _until, pytestmark  # noqa: F401  (the skip)

TAP = 44  # px: the smallest tap target (Apple's guideline; WCAG 2.5.5)
# What a thumb aims at on each page (links inside running text are not targets of their own).
TARGETS = ("header a, nav a, button, select, input:not([type=hidden]), textarea, summary, .links a, #next-links a, "
           "#suggestions a, .games a, .meant a")  # fmt: skip
CONTROLS = "button, select, input:not([type=hidden]), textarea"
SAME_NAME = ("A45J-4CAR-02G", "A45H-RWZG-811")  # two different Gyon-RG cards, both "Sniper Destroyer"


@pytest.fixture(scope="module")
def phone(tmp_path_factory):
    driver = _chrome(tmp_path_factory.mktemp("chromium-phone50"), "phone")
    try:
        yield driver
    finally:
        driver.quit()


def _small_targets(driver) -> list[str]:
    return driver.execute_script(
        """const out = [];
        for (const e of document.querySelectorAll(arguments[0])) {
          const r = e.getBoundingClientRect();
          if (r.width === 0 && r.height === 0) continue;  // not shown (a folded part)
          if (r.height < arguments[1] || r.width < arguments[1])
            out.push(`${e.tagName} ${JSON.stringify(e.textContent.trim().slice(0, 30))} ${r.width.toFixed(1)}x${r.height.toFixed(1)}`);
        }
        return out;""",
        TARGETS,
        TAP,
    )


def _small_fonts(driver) -> list[str]:
    return driver.execute_script(
        """const out = [];
        for (const e of document.querySelectorAll(arguments[0])) {
          const size = parseFloat(getComputedStyle(e).fontSize);
          if (size < 16) out.push(`${e.tagName}#${e.id} ${size}px`);
        }
        return out;""",
        CONTROLS,
    )


def _check_deck(driver, url: str, text: str) -> None:
    driver.get(f"{url}deck")
    driver.execute_script("arguments[0].value = arguments[1];", driver.find_element(By.ID, "deck"), text)  # a paste
    driver.find_element(By.ID, "check-button").click()
    _until(lambda: driver.find_elements(By.ID, "verdict"), "the deck check")


@pytest.mark.parametrize("page", [f"c/{serial}" for serial in CARDS.values()] + ["", "deck?game=gyonrg", "c/AT67-CGWX-01T", "rules",
                                  "rules/chess"])
def test_every_tap_target_is_44_px_and_every_control_16_px(phone, live_server, page):
    phone.get(f"{live_server.url}{page}")
    assert phone.execute_script("return window.innerWidth") == 390
    assert _small_targets(phone) == [], page
    assert _small_fonts(phone) == [], page


def test_a_checked_deck_on_a_phone_has_44_px_rows_and_shows_each_serial(phone, live_server):
    _check_deck(phone, live_server.url, f"2 {SAME_NAME[0]}\n3 {SAME_NAME[1]}\n1 TA67-CGWX-01S\n")  # two swapped
    rows = phone.find_elements(By.CSS_SELECTOR, "#cards .decklist li")
    assert len(rows) == 2 and rows[0].find_element(By.CLASS_NAME, "label").text == rows[1].find_element(By.CLASS_NAME, "label").text
    shown = [r.find_element(By.CLASS_NAME, "serial") for r in rows]
    assert all(s.is_displayed() for s in shown) and [s.text for s in shown] == list(SAME_NAME)
    # The mistyped line's problem says which card it probably meant, and the link is a tap target.
    # Each row is one tap target: its link covers the row, which is at least 44 px tall.
    for row in rows:
        assert row.rect["height"] >= TAP, row.rect
        hit = phone.execute_script(
            "const r = arguments[0].getBoundingClientRect(); arguments[0].scrollIntoView();"
            "const s = arguments[0].getBoundingClientRect();"
            "return document.elementFromPoint(s.left + 4, s.bottom - 3).closest('a.label') !== null", row)
        assert hit, row.text
    meant = phone.find_element(By.CSS_SELECTOR, "#problems .meant a")
    assert meant.text == "AT67-CGWX-01S"
    assert _small_targets(phone) == [] and _small_fonts(phone) == []


def test_the_card_page_says_what_to_do_next_on_a_phone(phone, live_server):
    phone.get(f"{live_server.url}c/{CARDS['gogmagog']}")
    for part in ("about-game", "legality", "check-deck-link", "kit-link", "play-link"):
        assert phone.find_element(By.ID, part).is_displayed(), part
    phone.find_element(By.ID, "check-deck-link").click()
    _until(lambda: phone.current_url.endswith("/deck?game=gogmagog"), "the deck page of the card's game")
    phone.find_element(By.ID, "random-link").click()
    _until(lambda: "/c/" in phone.current_url, "a random card")
    assert phone.find_element(By.ID, "card-name").is_displayed()
