"""Issue 39, card images: /c/SERIAL.png at least 600 px wide for a poker card and /c/SERIAL@3x.png
1.5 times that for 3x phones (with its own canonical address), drawn in parallel by worker
processes (no lock serialises two images), a crashed worker failing only its own request, a full
queue answered 503 with Retry-After, and the same bytes for the same card however it was drawn.

The parallel tests hold the workers still with SIGSTOP so that what is in flight can be seen
without timing anything; they need Linux signals and /proc-free process control only."""

from __future__ import annotations

import io
import logging
import os
import signal
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests import registered
from tests.web.conftest import BASE, SERIAL, LiveServer

POSIX = pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="holds worker processes still with SIGSTOP")


def png_size(data: bytes) -> tuple[int, int]:
    from PIL import Image

    image = Image.open(io.BytesIO(data))
    image.load()  # decodes every row: a broken PNG fails here
    return image.size


def fresh_serials(tag: str, count: int) -> list[str]:
    """Gyon-RG serials no other test asks for: their images are in no cache."""
    from cardgen.gyonrg.generator import generate

    return [c.serial for c in generate(f"images-{tag}", count)]


# ----- sizes and addresses -------------------------------------------------------------------


def test_the_image_is_at_least_600_px_wide_for_a_poker_card_and_the_3x_one_is_half_as_wide_again(client):
    one = client.get(f"/c/{SERIAL}.png")
    three = client.get(f"/c/{SERIAL}@3x.png")
    assert one.status_code == three.status_code == 200
    assert one.headers["content-type"] == three.headers["content-type"] == "image/png"
    (w1, h1), (w3, h3) = png_size(one.content), png_size(three.content)
    assert w1 >= 600 and h1 > w1  # the page shows it at most 300 CSS px wide: 2x
    assert abs(w3 / w1 - 1.5) < 0.01 and abs(h3 / h1 - 1.5) < 0.01
    assert three.headers["etag"] != one.headers["etag"]


@pytest.mark.parametrize("typed", ["a7qh-ansg-2xe@3x.png", "A7QHANSG2XE@3x.png", f"{SERIAL}@3X.png", f"{SERIAL}@3x.PNG"])
def test_every_spelling_of_the_3x_image_is_sent_to_its_canonical_address(client, typed):
    r = client.get(f"/c/{typed}", follow_redirects=False)
    assert r.status_code == 301
    assert r.headers["location"] == f"/c/{SERIAL}@3x.png"


@pytest.mark.parametrize("serial", ["A7QH-ANSG-2XE", "P0V2-A", "T21X-FFD", "J000-1"])  # Gyon-RG, Gog & Magog, Spherion, Gin-jon-tan
def test_each_games_image_decodes_and_its_qr_code_reads(client, serial):
    zxingcpp = pytest.importorskip("zxingcpp", reason="zxing-cpp (test extra) reads the QR codes")
    from PIL import Image

    for suffix in (".png", "@3x.png"):
        r = client.get(f"/c/{serial}{suffix}")
        assert r.status_code == 200
        image = Image.open(io.BytesIO(r.content))
        found = zxingcpp.read_barcodes(image.convert("L"), formats=zxingcpp.BarcodeFormat.QRCode)
        assert [b.text for b in found] == [BASE + serial]


# ----- same card, same bytes -------------------------------------------------------------------


@pytest.mark.parametrize("game", registered.card_games())
def test_an_image_is_the_file_cardgen_png_writes_whether_drawn_alone_or_beside_others(game):
    """The web's image of a card is `cardgen <game> png --dpi 250`'s file for it, byte for byte (the
    print drawing's exact pixels), and does not depend on the cards drawn in the same document."""
    import itertools

    from cardgen import games
    from cardgen.print.png import write_pngs
    from cardgen.web.render import IMAGE_DPI
    from cardgen.web.renderpool import Drawer

    kit = games.registry().get(game).load_kit()
    pool = kit.generate("images-same", 4, 0) if kit.generated else itertools.islice(kit.fixed_cards().cards, 0, 4000, 1000)
    cards = list(pool)
    serials = [kit.serial(c) for c in cards]
    cards = [kit.decode(s) for s in serials]
    together = Drawer().pngs(game, BASE, [(s, IMAGE_DPI) for s in serials])
    drawer = Drawer()
    alone = [drawer.pngs(game, BASE, [(s, IMAGE_DPI)])[0] for s in reversed(serials)][::-1]
    assert together == alone
    with tempfile.TemporaryDirectory() as tmp:
        write_pngs(cards, kit.face(BASE), kit.card_size, tmp, kit.serial, dpi=IMAGE_DPI, contact_sheet=False)
        assert [Path(tmp, f"{s}.png").read_bytes() for s in serials] == together


def test_the_same_image_twice_from_cold_is_the_same_bytes(client):
    from cardgen.web import render

    (serial,) = fresh_serials("twice", 1)
    first = client.get(f"/c/{serial}.png")
    render._CACHE.clear()
    second = client.get(f"/c/{serial}.png")
    assert first.status_code == second.status_code == 200
    assert first.content == second.content and first.headers["etag"] == second.headers["etag"]


# ----- in parallel, crashes, a full queue ------------------------------------------------------


@pytest.fixture()
def live():
    with LiveServer() as server:
        yield server


@pytest.fixture()
def pool_of():
    """Install a pool of the given size (and queue) as the server's, for one test."""
    from cardgen.web import renderpool

    made = []

    def make(workers: int, max_waiting: int = renderpool.MAX_WAITING) -> renderpool.RenderPool:
        pool = renderpool.RenderPool(workers=workers, max_waiting=max_waiting)
        made.append((pool, renderpool.install(pool)))
        return pool

    yield make
    for pool, old in reversed(made):
        renderpool.install(old)
        pool.close()


def fetch(server: LiveServer, path: str, into: dict[str, object]) -> None:
    try:
        with urllib.request.urlopen(f"{server.url.rstrip('/')}{path}", timeout=60) as r:  # noqa: S310
            into[path] = (r.status, {k.lower(): v for k, v in r.headers.items()}, r.read())
    except urllib.error.HTTPError as e:
        into[path] = (e.code, {k.lower(): v for k, v in e.headers.items()}, e.read())


def wait_until(what, condition) -> None:
    """Wait for `condition` (a bound on a hang, not a timing assert)."""
    deadline = time.monotonic() + 60
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"never happened: {what}")
        time.sleep(0.01)


def started(server: LiveServer, pool) -> list[int]:
    """The pool's workers' pids, after a first image has started them."""
    got: dict[str, object] = {}
    fetch(server, f"/c/{fresh_serials('start', 1)[0]}.png", got)
    assert next(iter(got.values()))[0] == 200
    pids = pool.pids()
    assert all(pids)
    return pids


def in_thread(server: LiveServer, path: str, into: dict[str, object]) -> threading.Thread:
    thread = threading.Thread(target=fetch, args=(server, path, into), daemon=True)
    thread.start()
    return thread


@POSIX
def test_two_images_are_drawn_at_once_by_two_workers(live, pool_of):
    pool = pool_of(2)
    pids = started(live, pool)
    a, b = fresh_serials("together", 2)
    got: dict[str, object] = {}
    for pid in pids:
        os.kill(pid, signal.SIGSTOP)  # each image stays in flight until we let it go
    try:
        first = in_thread(live, f"/c/{a}.png", got)
        wait_until("the first image is being drawn", lambda: sum(pool.drawing()) == 1)
        second = in_thread(live, f"/c/{b}.png", got)
        # Both in flight at once, each with its own worker: nothing serialises them.
        wait_until("both images are being drawn, one per worker", lambda: pool.drawing() == [1, 1])
    finally:
        for pid in pids:
            os.kill(pid, signal.SIGCONT)
    first.join(60)
    second.join(60)
    for serial in (a, b):
        status, headers, body = got[f"/c/{serial}.png"]
        assert status == 200 and headers["content-type"] == "image/png" and png_size(body)[0] >= 600


@POSIX
def test_a_crashed_worker_fails_its_own_request_with_one_logged_error_and_the_next_works(live, pool_of, caplog):
    pool = pool_of(2)
    pids = started(live, pool)
    victim, after, other = fresh_serials("crash", 3)
    got: dict[str, object] = {}
    for pid in pids:
        os.kill(pid, signal.SIGSTOP)
    try:
        thread = in_thread(live, f"/c/{victim}.png", got)
        wait_until("the image is being drawn", lambda: sum(pool.drawing()) == 1)
        busy = pids[pool.drawing().index(1)]
        with caplog.at_level(logging.ERROR, logger="cardgen.web"):
            os.kill(busy, signal.SIGKILL)  # the worker dies in the middle of the image
            thread.join(60)
    finally:
        for pid in pids:
            if pid != busy:
                os.kill(pid, signal.SIGCONT)
    status, headers, body = got[f"/c/{victim}.png"]
    assert status == 500
    assert headers["content-type"].startswith("text/plain") and b"could not be drawn" in body
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR and r.name == "cardgen.web"]
    assert len(errors) == 1 and victim in errors[0].getMessage()
    for serial in (after, other, victim):  # the worker was replaced; the card itself was never the problem
        fetch(live, f"/c/{serial}.png", got)
        assert got[f"/c/{serial}.png"][0] == 200
    assert busy not in pool.pids()


@POSIX
def test_past_the_waiting_limit_an_image_is_answered_503_with_retry_after(live, pool_of):
    pool = pool_of(1, max_waiting=1)
    (pid,) = started(live, pool)
    drawn, waiting, refused = fresh_serials("busy", 3)
    got: dict[str, object] = {}
    os.kill(pid, signal.SIGSTOP)
    try:
        threads = [in_thread(live, f"/c/{drawn}.png", got)]
        wait_until("the first image is being drawn", lambda: pool.drawing() == [1])
        threads.append(in_thread(live, f"/c/{waiting}.png", got))
        wait_until("the second image waits", lambda: pool.waiting() == 1)
        fetch(live, f"/c/{refused}.png", got)  # answered at once, while the worker is still held
    finally:
        os.kill(pid, signal.SIGCONT)
    status, headers, body = got[f"/c/{refused}.png"]
    assert status == 503 and headers["retry-after"] == "1"
    assert headers["content-type"].startswith("text/plain") and b"try again" in body
    for thread in threads:
        thread.join(60)
    assert got[f"/c/{drawn}.png"][0] == got[f"/c/{waiting}.png"][0] == 200
    fetch(live, f"/c/{refused}.png", got)
    assert got[f"/c/{refused}.png"][0] == 200


# ----- deck PDFs without the lock; the server's HTTP parser ------------------------------------


def test_deck_pdfs_drawn_in_threads_at_once_are_the_same_bytes_as_one_by_one():
    """Deck PDFs no longer wait on a lock: reportlab alone, a face of its own per call."""
    import hashlib

    from cardgen.gogmagog import deck as gm_decks
    from cardgen.gyonrg import deck as gy_decks
    from cardgen.web import games as webgames
    from cardgen.web import render

    decks = []
    for name, module in (("gyonrg", gy_decks), ("gogmagog", gm_decks)):
        hooks = webgames.hooks(name)
        built, _ = module.build_deck(f"images-{name}")
        decks.append((hooks, hooks.read_deck(module.format_deck(built), "deck")))
    one_by_one = [hashlib.sha256(render.deck_pdf(h, d, BASE)).hexdigest() for h, d in decks] * 3
    at_once: list[str | None] = [None] * len(one_by_one)

    def draw(i: int) -> None:
        hooks, deck = decks[i % 2]
        at_once[i] = hashlib.sha256(render.deck_pdf(hooks, deck, BASE)).hexdigest()

    threads = [threading.Thread(target=draw, args=(i,)) for i in range(len(at_once))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert at_once == one_by_one


def test_the_http_parser_is_h11_unless_httptools_is_asked_for_and_anything_else_is_one_clear_error(monkeypatch):
    from cardgen.errors import CardgenError
    from cardgen.web import server

    monkeypatch.delenv(server.HTTP_ENV, raising=False)
    assert server.uvicorn_options()["http"] is server.GuardedH11Protocol  # the head deadline and the cap's 503
    monkeypatch.setenv(server.HTTP_ENV, "httptools")
    assert server.uvicorn_options()["http"] == "httptools"
    monkeypatch.setenv(server.HTTP_ENV, "h2")
    with pytest.raises(CardgenError, match="CARDGEN_HTTP='h2': use h11"):
        server.uvicorn_options()


def test_image_workers_are_one_per_cpu_unless_cardgen_image_workers_says_otherwise(monkeypatch, caplog):
    from cardgen.web import renderpool

    monkeypatch.delenv(renderpool.WORKERS_ENV, raising=False)
    cpus = renderpool.default_workers()
    assert cpus >= 1
    monkeypatch.setenv(renderpool.WORKERS_ENV, "3")
    assert renderpool.default_workers() == 3 and renderpool.RenderPool().size == 3
    with caplog.at_level(logging.WARNING, logger="cardgen.web"):
        monkeypatch.setenv(renderpool.WORKERS_ENV, "lots")
        assert renderpool.default_workers() == cpus
    assert ["CARDGEN_IMAGE_WORKERS='lots' is not a number of image workers from 1 to 64: using one per CPU"] == [
        r.getMessage() for r in caplog.records if r.name == "cardgen.web"
    ]
