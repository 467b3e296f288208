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
