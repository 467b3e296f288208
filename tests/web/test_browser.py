"""The web lookup in a real headless browser (Debian's chromium and chromium-driver, via selenium).

Skipped, with the reason, where no browser is installed: `apt-get install chromium chromium-driver`
(.ci/run installs them when it runs as root with apt-get).
"""

from __future__ import annotations

import re
import shutil
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.cli.main import cli

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed: pip install 'cardgen[test]'")

from selenium.webdriver.common.by import By  # noqa: E402

CHROMIUM = next((p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome")) if p), None)
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None,
    reason="no headless browser: install one with `sudo apt-get install chromium chromium-driver`",
)
WAIT = 30.0  # seconds any one thing may take in the browser on a slow machine


@pytest.fixture(scope="module")
def downloads(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("downloads")


@pytest.fixture(scope="module")
def browser(tmp_path_factory, downloads):
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", "--window-size=1200,900",
                 f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}"):  # fmt: skip
        options.add_argument(flag)
    options.add_experimental_option("prefs", {"download.default_directory": str(downloads),
                                              "download.prompt_for_download": False,
                                              "plugins.always_open_pdf_externally": True})  # fmt: skip
    driver = webdriver.Chrome(service=Service(executable_path=DRIVER), options=options)
    driver.set_page_load_timeout(60)
    driver.implicitly_wait(5)
    try:
        yield driver
    finally:
        driver.quit()


def _until(check, what: str):
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def test_a_card_page_from_a_printed_serial_shows_the_image_and_stats(browser, live_server, tmp_path):
    pdf = tmp_path / "cards.pdf"
    run = CliRunner().invoke(cli, ["gyonrg", "print", "--seed", "browser", "-n", "9", "-o", str(pdf),
                                   "--lookup-url", live_server.base])  # fmt: skip
    assert run.exit_code == 0, run.output
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(str(pdf))
    text = document[0].get_textpage().get_text_range()
    document.close()
    serial = re.search(r"\b[A-H][0-9A-Z]{3}-[0-9A-Z]{4}-[0-9A-Z]{3}\b", text).group(0)
    browser.get(f"{live_server.url}c/{serial}")
    image = browser.find_element(By.ID, "card-image")
    _until(lambda: image.get_property("complete"), "the card image")
    assert image.get_property("naturalWidth") > 0
    stats = browser.find_element(By.ID, "stats")
    assert stats.is_displayed() and "1 in" in stats.text and "★" in stats.text
    assert browser.find_element(By.ID, "serial").text == serial


def test_a_mistyped_serial_in_the_search_box_shows_the_error(browser, live_server):
    browser.get(live_server.url)
    box = browser.find_element(By.ID, "s")
    box.send_keys("A7QH-ANSG-2XF")  # last character mistyped
    box.submit()
    error = _until(lambda: browser.find_elements(By.ID, "error"), "the error message")[0]
    assert error.is_displayed() and "check character" in error.text
    box = browser.find_element(By.ID, "s")
    box.clear()
    box.send_keys("a7qh ansg 2xe")
    box.submit()
    _until(lambda: browser.current_url.endswith("/c/A7QH-ANSG-2XE"), "the card page")
    assert browser.find_element(By.ID, "card-name").text == "Armored Corvette"


def test_a_pasted_deck_shows_as_cards_and_downloads_as_a_pdf(browser, live_server, deck_text, downloads):
    browser.get(f"{live_server.url}deck")
    area = browser.find_element(By.ID, "deck")
    # send_keys types slowly; the page has no script, so set the text the way a paste does.
    browser.execute_script("arguments[0].value = arguments[1];", area, deck_text)
    browser.find_element(By.ID, "check-button").click()
    verdict = _until(lambda: browser.find_elements(By.ID, "verdict"), "the deck check")[0]
    assert verdict.text == "Legal."
    # The deck name was a script tag: it shows as text, and nothing ran.
    assert browser.find_element(By.ID, "deck-name").text.endswith("<script>alert(1)</script>")
    assert len(browser.find_elements(By.CSS_SELECTOR, "#grid img")) > 40
    browser.find_element(By.ID, "pdf-button").click()
    pdf = _until(lambda: [p for p in downloads.glob("*.pdf")], "the PDF download")[0]
    _until(lambda: pdf.stat().st_size > 0 and not list(downloads.glob("*.crdownload")), "the download to finish")
    assert pdf.read_bytes().startswith(b"%PDF")
    from pypdf import PdfReader

    assert len(PdfReader(str(pdf)).pages) == 6


# ----- the phone card page (issue 39) ----------------------------------------------------------

# One card of each game with cards.
CARDS = {"gyonrg": "AT67-CGWX-01S", "gogmagog": "P18D-9", "spherion": "T1QA-ME0", "ginjontan": "J2GW-E"}
SIZES = {"phone": (390, 844, 3.0), "desktop": (1280, 900, 1.0)}


def _chrome(profile: Path, size: str):
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    width, height, ratio = SIZES[size]
    options = Options()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", f"--user-data-dir={profile}"):  # fmt: skip
        options.add_argument(flag)
    if ratio != 1.0:  # a phone: its viewport in CSS px and its device pixel ratio
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": width, "height": height, "pixelRatio": ratio}})
    else:
        options.add_argument(f"--window-size={width},{height}")
    driver = webdriver.Chrome(service=Service(executable_path=DRIVER), options=options)
    driver.set_page_load_timeout(60)
    driver.implicitly_wait(2)
    return driver


@pytest.fixture(scope="module", params=sorted(SIZES))
def screen(request, tmp_path_factory):
    driver = _chrome(tmp_path_factory.mktemp(f"chromium-{request.param}"), request.param)
    try:
        yield request.param, driver
    finally:
        driver.quit()


def _pixel_width(driver, url: str) -> int:
    """The width in pixels of the image at `url` (loaded as a plain image: density 1)."""
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1], i = new Image();"
        "i.onload = () => done(i.naturalWidth); i.onerror = () => done(-1); i.src = arguments[0];", url)


def _no_sideways_scrolling(driver) -> None:
    width, scroll = driver.execute_script("return [document.documentElement.clientWidth, document.documentElement.scrollWidth]")
    assert scroll <= width, f"the page scrolls sideways: {scroll} px of content in {width} px"


@pytest.mark.parametrize("game", sorted(CARDS))
def test_the_card_page_shows_its_parts_sharp_and_never_scrolls_sideways(screen, live_server, game):
    size, driver = screen
    serial = CARDS[game]
    driver.get(f"{live_server.url}c/{serial}")
    assert driver.execute_script("return [window.innerWidth, window.devicePixelRatio]") == [SIZES[size][0], SIZES[size][2]]
    image = driver.find_element(By.ID, "card-image")
    _until(lambda: image.get_property("complete") and image.get_property("naturalWidth") > 0, "the card image")
    for part in ("card-image", "card-name", "serial", "facts", "stats", "rules-link"):
        assert driver.find_element(By.ID, part).is_displayed(), (size, part)
    assert not driver.find_element(By.ID, "json-link").is_displayed()  # folded with every attribute
    shown = image.get_property("clientWidth")
    assert 0 < shown <= 300
    # The image the browser chose is at least twice as wide, in pixels, as it is shown (3x phones get
    # the @3x image). Its DOM naturalWidth is divided by the srcset density, so the pixels are read
    # from the same address loaded without one.
    chosen = image.get_property("currentSrc")
    pixels = _pixel_width(driver, chosen)
    assert pixels >= 2 * shown, (size, chosen, pixels, shown)
    if SIZES[size][2] == 3.0:
        assert chosen.endswith(f"/c/{serial}@3x.png") and pixels >= 3 * shown * 0.95, (chosen, pixels)
    _no_sideways_scrolling(driver)
    # Compact: the whole page, image included, in at most two screens (it was about four).
    height, screen_height = driver.execute_script("return [document.documentElement.scrollHeight, window.innerHeight]")
    assert height <= 2 * screen_height, (size, height, screen_height)
    driver.find_element(By.CSS_SELECTOR, "#all-attributes > summary").click()
    assert driver.find_element(By.ID, "json-link").is_displayed()
    _no_sideways_scrolling(driver)


def test_the_rules_page_and_a_typo_page_fit_the_screen(screen, live_server):
    size, driver = screen
    driver.get(f"{live_server.url}c/{CARDS['gyonrg']}")
    driver.find_element(By.ID, "rules-link").click()
    _until(lambda: driver.current_url.endswith("/rules/gyonrg"), "the rules page")
    assert driver.find_element(By.CSS_SELECTOR, "#rules h1").is_displayed()
    _no_sideways_scrolling(driver)
    driver.get(f"{live_server.url}c/AT67-CGWX-01T")  # the check character mistyped
    suggestions = driver.find_element(By.ID, "suggestions")
    assert suggestions.is_displayed() and driver.find_element(By.ID, "s").get_property("value") == "AT67-CGWX-01T"
    _no_sideways_scrolling(driver)
    suggestions.find_element(By.CSS_SELECTOR, f'a[href="/c/{CARDS["gyonrg"]}"]').click()
    _until(lambda: driver.current_url.endswith(f"/c/{CARDS['gyonrg']}"), "the suggested card")
    assert driver.find_element(By.ID, "card-name").text == "Ghost Scout"


def _luminance(css_colour: str) -> float:
    r, g, b = (int(v) for v in re.findall(r"\d+", css_colour)[:3])
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255


def test_every_page_follows_the_dark_mode_of_the_phone(screen, live_server):
    size, driver = screen
    pages = [f"c/{CARDS['spherion']}", "", "rules/gogmagog", "c/AT67-CGWX-01T", "deck"]
    try:
        for scheme in ("light", "dark"):
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            for page in pages:
                driver.get(f"{live_server.url}{page}")
                background, ink = driver.execute_script(
                    "const s = getComputedStyle(document.body); return [s.backgroundColor, s.color]")
                if scheme == "dark":
                    assert _luminance(background) < 0.2 and _luminance(ink) > 0.7, (page, background, ink)
                else:
                    assert _luminance(background) > 0.9 and _luminance(ink) < 0.3, (page, background, ink)
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
