"""The web server the QR codes point to: card pages, images and JSON for every game, and deck pages.

Routes (see README, "Web lookup"):

    /                     search box and the games
    /c/SERIAL             the card page (JSON with `Accept: application/json`)
    /c/SERIAL.json        what `cardgen lookup --json` prints
    /c/SERIAL.png         the card drawn as printed (/c/SERIAL@3x.png: 1.5x as wide, for 3x screens)
    POST /api/cards       up to 100 serials in one JSON request
    POST /api/deck        a deck checked, as JSON; /api/games, /api/random, /random, /api/openapi.json
                          (cardgen.web.api; docs/api.md)
    /deck                 check a pasted or uploaded deck (?game=NAME: its example); POST /deck/pdf prints a legal one
    /healthz              for load balancers

It keeps no state between requests (caches hold only what a serial always
gives), so any number of processes can run behind a load balancer. A card's
answers carry a strong ETag, a hash of the bytes served, and a matching
If-None-Match gets 304; every spelling of a serial is redirected to /c/SERIAL. Text answers are
gzipped for clients that accept it (cardgen.web.api.Gzip, which also answers the conditional GETs).
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import quote

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Match, Route

from cardgen import __version__, decks, rulebook
from cardgen import serial as serialcodec
from cardgen.errors import CardgenError, SerialError
from cardgen.games import LookupResult, registry
from cardgen.lookup import lookup_base, lookup_serial, notation_serial, serial_from_url
from cardgen.numbers import parse_int
from cardgen.web import api, deckpage, pages, render, renderpool, rules
from cardgen.web import games as webgames
from cardgen.web.api import etag_matches, etag_of, weighted
from cardgen.web.errors import ApiError, serial_error
from cardgen.web.pages import json_bytes

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

log = logging.getLogger("cardgen.web")

MAX_PATH = 512  # characters of a request path; a lookup address is far shorter
MAX_HEAD = 64 * 1024  # bytes of a request's line and headers, however they arrive (431 past it)
MAX_BODY = 256 * 1024  # bytes of any request body (a 54-card deck file is ~3 KB)
MAX_BATCH = 100  # serials per POST /api/cards
MAX_SERIAL_TEXT = 200  # characters of one serial in a batch
# Cards of a deck /deck and /api/deck check, counted from its lines (a game's deck is 33 to 60): the
# same number as the copies one line may hold (decks.MAX_COUNT), so a deck past it is one problem,
# a bad-count, whether one line or several take it there.
MAX_DECK_CARDS = decks.MAX_COUNT
BODY_TIMEOUT = 30.0  # seconds for a whole request body to arrive (cardgen.web.server bounds the head)
LOOKUP_CACHE = 50_000  # looked-up cards kept per process (a few KB each)

# A card's answers are revalidated by ETag (a hash of the bytes served), never kept as immutable:
# a new template, face or table changes what a serial shows while the version may stay the same.
CARD_CACHE = "public, max-age=3600"
JSON_TYPE = "application/json; charset=utf-8"
SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"content-security-policy",
     b"default-src 'none'; img-src 'self'; style-src 'self'; form-action 'self'; "
     b"frame-ancestors 'none'; base-uri 'none'"),
    (b"cross-origin-opener-policy", b"same-origin"),
]  # fmt: skip
SECURITY_NAMES = frozenset(name for name, _ in SECURITY_HEADERS)
CORS = api.CORS  # Allow-Origin *, and the headers a script may read (ETag, Link, Retry-After)
# A cross-site request that is not "simple" (a POST of JSON, a GET with If-None-Match) is preceded
# by an OPTIONS "preflight"; its answer names the address's own methods and may be cached a day.
PREFLIGHT_HEADERS = "Content-Type, If-None-Match"
METHOD_ORDER = ("GET", "HEAD", "POST", "OPTIONS")


# ----- lookups (cached: a serial always names the same card) -------------------------


@functools.lru_cache(maxsize=LOOKUP_CACHE)
def _lookup_canon(canon: str) -> LookupResult:
    return lookup_serial(canon)


def find(typed: str) -> LookupResult:
    """The card a typed serial names; ApiError (4xx) says what is wrong with it."""
    try:
        canon = serialcodec.normalize(typed)
        if not canon:
            raise SerialError(f"no serial in {typed.strip()!r}: expected a serial like 'A7QH-ANSG-2XE'")
        if len(canon) > serialcodec.MAX_LENGTH + 1:
            serialcodec.split(typed)  # raises "too long" with the typed text
        return _lookup_canon(canon)
    except SerialError as first:
        error = first
    except CardgenError as exc:  # a game that cannot look its cards up
        raise ApiError(404, "unknown_card", str(exc)) from None
    try:  # not a serial: a game's own notation, as its cards print their names (Sun-7-blue)?
        named = notation_serial(typed)
    except SerialError as exc:
        bad = ApiError(400, "bad_notation", str(exc))
        bad.typed = typed
        raise bad from None
    if named is not None:
        return _lookup_canon(named)
    try:  # the same error again, quoting the serial as the visitor typed it
        lookup_serial(typed)
    except SerialError as typed_error:
        error = typed_error
    except CardgenError:
        pass
    raise serial_error(typed, error)


def _matches(request: Request, etag: str) -> bool:
    header = request.headers.get("if-none-match")
    return header is not None and etag_matches(header, etag)


def _cached(request: Request, body: bytes, media_type: str, extra: dict[str, str] | None = None, etag: str | None = None) -> Response:
    """A cacheable answer with its strong ETag (`etag`: already known, else hashed here); a 304 when
    the request's If-None-Match names it."""
    etag = etag or etag_of(body)
    headers = {"ETag": etag, "Cache-Control": CARD_CACHE, **(extra or {})}
    if _matches(request, etag):
        return Response(status_code=304, headers=headers)
    return Response(body, media_type=media_type, headers=headers)


def wants_json(request: Request) -> bool:
    """JSON for the API paths and for clients that ask for JSON rather than HTML."""
    path = request.url.path
    if path.startswith("/api/") or path.endswith(".json") or path == "/healthz":
        return True
    return accept_prefers_json(request.headers.get("accept", ""))


def accept_prefers_json(accept: str) -> bool:
    """Does an Accept header rank JSON above HTML, by its q-values? (*/* and text/* count for the
    page; a range with q=0 is refused; an unreadable q counts as 0.)"""
    best = {"json": -1.0, "html": -1.0}
    for media, q in weighted(accept):
        kind = {"application/json": "json", "application/*": "json", "text/html": "html", "text/*": "html",
                "*/*": "html"}.get(media)  # fmt: skip
        if kind is not None:
            best[kind] = max(best[kind], q)
    return best["json"] > 0 and best["json"] > best["html"]


# ----- addresses and their methods -------------------------------------------------------


class Resource(Route):
    """One address and the handler of each method it answers: GET (which answers HEAD too), POST.
    Every other method is answered here, so each answer names all of the address's methods: OPTIONS
    is a 204 with `Allow` (and, with `cors`, the preflight a browser asks a cross-site script's
    request with), any other method a 405 with the same `Allow`. (Starlette routes one address's
    methods to several routes and lets the first answer the 405, naming its own methods only.)"""

    def __init__(self, path: str, handlers: dict[str, api.Endpoint], cors: bool = False) -> None:
        self.handlers, self.cors = handlers, cors
        super().__init__(path, self.answer, methods=[*handlers, "OPTIONS"])
        self.allow = ", ".join(m for m in METHOD_ORDER if m in (self.methods or ()))

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        match, child = super().matches(scope)
        return (Match.FULL if match is Match.PARTIAL else match), child  # the address is ours, whatever the method

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.app(scope, receive, send)  # answer() checks the method

    async def answer(self, request: Request) -> Response:
        method = request.method
        handler = self.handlers.get("GET" if method == "HEAD" else method)
        if handler is not None:
            return await handler(request)
        if method == "OPTIONS":
            headers = {"Allow": self.allow}
            if self.cors:
                headers.update({**CORS, "Access-Control-Allow-Methods": self.allow,
                                "Access-Control-Allow-Headers": PREFLIGHT_HEADERS, "Access-Control-Max-Age": "86400"})  # fmt: skip
            return Response(status_code=204, headers=headers)
        error = ApiError(405, "method_not_allowed", f"{method[:20]} is not answered at this address: use {self.allow}")
        error.headers = {"Allow": self.allow}
        raise error


# ----- the app ---------------------------------------------------------------------------


class Server:
    """The routes, bound to the lookup base the card images' QR codes carry."""

    def __init__(self, base: str) -> None:
        self.base = base
        # A card's page and JSON with their ETags, made once: a page asked again costs no hash.
        self.page_body = functools.lru_cache(maxsize=4096)(self._page_body)
        self.json_body = functools.lru_cache(maxsize=4096)(self._json_body)

    # --- pages -----------------------------------------------------------------------

    def _page_body(self, serial: str) -> tuple[bytes, str]:
        result = _lookup_canon(serialcodec.normalize(serial))
        hooks = webgames.hooks(result.game)
        values = pages.card_values(result, **pages.server_links(self.base, result.serial, hooks is not None))
        body = pages.html_bytes(pages.render("card.html.j2", **values))
        return body, etag_of(body)

    def _json_body(self, serial: str, root: str) -> tuple[bytes, str]:
        body = json_bytes(api.card_json(_lookup_canon(serialcodec.normalize(serial)), root))
        return body, etag_of(body)

    async def index(self, request: Request) -> Response:
        return self.html("index.html.j2", games=pages.games_list(), query="", error=None)

    async def search(self, request: Request) -> Response:
        typed = request.query_params.get("s", "")
        if len(typed) > MAX_SERIAL_TEXT:
            typed = typed[:MAX_SERIAL_TEXT]
        try:
            result = find(serial_from_url(typed))
        except (ApiError, SerialError) as exc:
            error = exc if isinstance(exc, ApiError) else serial_error(typed, exc)
            return self.html("index.html.j2", status=error.status, games=pages.games_list(), query=typed, error=error)
        return RedirectResponse(f"/c/{quote(result.serial)}", status_code=303)

    async def card(self, request: Request) -> Response:
        rest = request.path_params["rest"]
        kind, suffix = "page", ""
        for ext, name in ((".json", "json"), (".png", "png")):
            if rest.lower().endswith(ext):
                rest, kind, suffix = rest[: -len(ext)], name, rest[-len(ext) :]
        size = ""  # the image's size: "" or "@3x" (render.SIZES)
        if kind == "png" and rest.lower().endswith("@3x"):  # the 3x image, for srcset on 3x phones
            rest, size, suffix = rest[:-3], "@3x", rest[-3:] + suffix
        if "/" in rest:
            raise ApiError(404, "not_found", f"no page at {request.url.path!r}: card addresses are /c/SERIAL")
        result = find(rest)
        serial = result.serial
        if rest != serial or suffix != suffix.lower():
            # One address per card: every spelling (lower case, no dashes, O for 0) is sent to it,
            # so caches keep one copy and links agree.
            ext = {"page": "", "json": ".json", "png": f"{size}.png"}[kind]
            return RedirectResponse(f"/c/{quote(serial)}{ext}", status_code=301,
                                    headers={**CORS, "Cache-Control": CARD_CACHE})  # fmt: skip
        if kind == "page" and wants_json(request):
            kind = "json"
        vary = {"Vary": "Accept"}
        if kind == "json":
            root = api.site_root(self.base, request)
            # The card's other representation, for a client that reads headers (exposed to scripts).
            link = {"Link": f'<{root}c/{quote(serial)}>; rel="alternate"; type="text/html"'}
            body, etag = self.json_body(serial, root)
            return _cached(request, body, JSON_TYPE, {**CORS, **vary, **link}, etag)
        if kind == "png":
            hooks = webgames.hooks(result.game)
            if hooks is None:
                raise ApiError(404, "no_image", f"{result.title} cards have no image yet")
            try:
                png = await render.card_image(hooks, serial, self.base, render.SIZES[size])
            except renderpool.Busy as exc:  # the workers' queue is full: a moment's wait, not a growing queue
                busy = self.error(request, ApiError(503, "busy", f"{exc}: try again in {exc.retry_after} s"))
                busy.headers["Retry-After"] = str(exc.retry_after)
                return busy
            except renderpool.RenderFailed:  # logged by the pool
                raise ApiError(500, "internal_error", "the card image could not be drawn; it has been logged") from None
            return _cached(request, png, "image/png", CORS)
        link = {"Link": f'</c/{quote(serial)}.json>; rel="alternate"; type="application/json"'}
        body, etag = self.page_body(serial)
        return _cached(request, body, "text/html; charset=utf-8", {**vary, **link}, etag)

    async def cards_api(self, request: Request) -> Response:
        """POST /api/cards: {"serials": [...]} (or a bare list) -> {"object": "list", "data": [card or error]}."""
        payload = await api.read_json(request, '{"serials": ["A7QH-ANSG-2XE", ...]}')
        serials = payload.get("serials") if isinstance(payload, dict) else payload
        if not isinstance(serials, list) or not all(isinstance(s, str) for s in serials):
            raise ApiError(400, "bad_json", 'expected {"serials": [...]} with a list of serial strings')
        if not serials:
            raise ApiError(400, "empty", "the list of serials is empty: send 1 to 100")
        if len(serials) > MAX_BATCH:
            raise ApiError(413, "too_many", f"{len(serials)} serials in one request: send at most {MAX_BATCH}")
        data = []
        root = api.site_root(self.base, request)
        for typed in serials:
            try:
                if len(typed) > MAX_SERIAL_TEXT:
                    raise ApiError(400, "wrong_length", f"a serial of {len(typed):,} characters: serials have at most {serialcodec.MAX_LENGTH + 1}")
                data.append(api.card_json(find(serial_from_url(typed)), root))
            except ApiError as exc:
                data.append({**exc.to_json(), "serial": typed[:MAX_SERIAL_TEXT]})
        return Response(json_bytes(api.batch_json(serials, data)), media_type=JSON_TYPE, headers=CORS)

    async def deck_form(self, request: Request) -> Response:
        wanted = request.query_params.get("game", "")
        if wanted and wanted not in {e.name for e in webgames.deck_games()}:
            raise ApiError(400, "unknown_game", f"game {wanted[:40]!r} has no decks here: choose one of "
                           f"{', '.join(e.name for e in webgames.deck_games()) or 'none'}")  # fmt: skip
        return self.html("deck.html.j2", **self._deck_values(wanted, ""))

    async def deck_check(self, request: Request) -> Response:
        text, game, hooks, form = await self._read_deck(request)
        deck = await _checked(hooks, text)
        status = 200 if deck.legal else 422
        return self.html("deck.html.j2", status=status, deck=deck, deck_text=text, **deckpage.page_values(deck, text),
                         **self._deck_values(game.name, _asked(form)))  # fmt: skip

    async def deck_pdf(self, request: Request) -> Response:
        text, game, hooks, form = await self._read_deck(request)
        paper = str(form.get("paper") or "a4")
        if paper not in ("a4", "letter"):
            raise ApiError(400, "bad_paper", f"paper {paper[:20]!r}: use a4 or letter")
        deck = await _checked(hooks, text)
        if not deck.legal:  # the PDF is for a legal deck only (`deck print --force` prints any, locally)
            return self.html("deck.html.j2", status=422, deck=deck, deck_text=text, **deckpage.page_values(deck, text),
                             refused=True, **self._deck_values(game.name, _asked(form)))  # fmt: skip
        try:
            pdf = await run_in_threadpool(render.deck_pdf, hooks, deck, self.base, paper)
        except CardgenError as exc:
            raise ApiError(422, "cannot_print", str(exc)) from None
        stem = "".join(c if c.isalnum() else "-" for c in (deck.name or "deck"))[:40].strip("-") or "deck"
        return Response(pdf, media_type="application/pdf",
                        headers={"Content-Disposition": f'attachment; filename="{game.name}-{stem}.pdf"'})  # fmt: skip

    async def healthz(self, request: Request) -> Response:
        return Response(json_bytes({"status": "ok", "version": __version__, "games": registry().names()}),
                        media_type=JSON_TYPE, headers={"Cache-Control": "no-store"})  # fmt: skip

    async def rules(self, request: Request) -> Response:
        status, body = pages.rules_page(request.path_params.get("game", ""), request.url.path.endswith("/house-rules"))
        if status != 200:
            return HTMLResponse(body, status_code=status, headers={"Cache-Control": "no-store"})
        return _cached(request, body, "text/html; charset=utf-8", {"Cache-Control": "public, max-age=3600"})

    async def rules_anatomy(self, request: Request) -> Response:
        """/rules/<game>/anatomy.png: the card anatomy picture of the game's rulebook."""
        game = request.path_params.get("game", "")
        if not rules.has_rules(game) or not rulebook.has_rulebook(game):
            raise ApiError(404, "not_found", f"no rulebook picture for {game[:60]!r}")
        png = await run_in_threadpool(rules.anatomy_png, game)
        return _cached(request, png, "image/png", {"Cache-Control": "public, max-age=3600"})

    async def static(self, request: Request) -> Response:
        """A static file: kept a year under its versioned address (?v=, pages.static_url: a new file
        gets a new address), revalidated by its ETag on every use under any other."""
        name = request.path_params.get("name", "favicon.ico")
        try:
            body = pages.static_file(name)
        except KeyError:
            raise ApiError(404, "not_found", f"no file {name[:60]!r}") from None
        versioned = request.query_params.get("v") == pages.static_version(name)
        cache = "public, max-age=31536000, immutable" if versioned else "no-cache"
        return _cached(request, body, pages.static_type(name), {"Cache-Control": cache})

    # --- helpers ---------------------------------------------------------------------

    def _deck_values(self, chosen: str = "", selected: str | None = None) -> dict[str, Any]:
        """The deck form: the games, the `chosen` one's example, the game `selected` (default: chosen)."""
        games = [(e.name, e.title, h) for e in webgames.deck_games() if (h := webgames.hooks(e.name)) is not None]
        return {**deckpage.choices(games, chosen), "selected": chosen if selected is None else selected, "max_body": MAX_BODY}

    async def _read_deck(self, request: Request) -> tuple[str, Any, webgames.WebGame, Any]:
        try:
            form = await request.form(max_files=1, max_fields=10, max_part_size=MAX_BODY)
        except HTTPException as exc:
            raise ApiError(exc.status_code if exc.status_code < 500 else 400, "bad_form", str(exc.detail)) from None
        except (ValueError, KeyError, UnicodeError, AssertionError):
            raise ApiError(400, "bad_form", "the form could not be read: paste the deck or choose a file") from None
        text = form.get("deck") or ""
        upload = form.get("file")
        if upload is not None and not isinstance(upload, str):
            data = await upload.read(MAX_BODY + 1)
            if data:
                text = _decode_upload(data, upload.filename or "file")
        if not isinstance(text, str) or not text.strip():
            raise ApiError(400, "empty", "no deck: paste a deck list or choose a deck file")
        game = api.deck_game(text, str(form.get("game") or ""), str(form.get("fallback") or ""))
        hooks = webgames.hooks(game.name)
        assert hooks is not None
        return text, game, hooks, form

    def html(self, template: str, status: int = 200, **values: Any) -> Response:
        return HTMLResponse(pages.html_bytes(pages.render(template, **values)), status_code=status,
                            headers={"Cache-Control": "no-store"} if status >= 400 else None)  # fmt: skip

    def error(self, request: Request, error: ApiError) -> Response:
        headers = {"Cache-Control": "no-store", **CORS, **error.headers}
        if request.url.path.lower().endswith(".png"):  # an <img> or image viewer: no page to show
            return PlainTextResponse(f"{error.status} {error.title}: {error.details}\n".encode("utf-8", "replace"),
                                     status_code=error.status, headers=headers)  # fmt: skip
        if wants_json(request):
            return Response(json_bytes(error.to_json()), status_code=error.status, media_type=JSON_TYPE, headers=headers)
        body = pages.html_bytes(pages.render("error.html.j2", error=error))
        return HTMLResponse(body, status_code=error.status, headers=headers)


async def _checked(hooks: webgames.WebGame, text: str) -> webgames.CheckedDeck:
    """The deck read and checked, kept as counts; one past MAX_DECK_CARDS has that as its one
    problem, and is not checked further."""
    return await run_in_threadpool(hooks.read_deck, text, "deck", MAX_DECK_CARDS)


def _asked(form: Any) -> str:
    """The game a deck form named ("" when it let the serials decide): the next check reads the
    edited deck the same way, so a deck of another game pasted there is recognised too."""
    wanted = str(form.get("game") or "")
    return "" if wanted == "auto" else wanted


def _decode_upload(data: bytes, name: str) -> str:
    if len(data) > MAX_BODY:
        raise ApiError(413, "too_large", f"deck file {name[:60]!r} is over {MAX_BODY // 1024} KB: a deck file is a few KB of text")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            pass
    elif b"\0" not in data:
        try:
            return data.decode("utf-8-sig")
        except UnicodeDecodeError:
            pass
    raise ApiError(400, "not_text", f"deck file {name[:60]!r} is not UTF-8 text: upload the deck's text file")


# ----- ASGI middleware: limits and headers on every answer -----------------------------


class Guard:
    """Security headers on every response; over-long paths (414) and bodies (413) refused early;
    a crash logged once (with its traceback) and answered with the calm 500 page.

    A body over MAX_BODY, however it is sent (Content-Length or chunked), is answered 413 here,
    and the app reading it is told the client has gone (http.disconnect): no exception runs
    through the app's handlers, which took it for a crash (500)."""

    def __init__(self, app: ASGIApp, server: Server, raise_errors: bool = False, body_timeout: float = BODY_TIMEOUT) -> None:
        self.app = app
        self.server = server
        self.raise_errors = raise_errors  # tests: a crash fails the test instead of a 500 page
        self.body_timeout = body_timeout  # seconds for a whole request body to arrive

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False
        answered = False  # the Guard has answered (413): what the app sends after is dropped

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() not in SECURITY_NAMES]
                message["headers"] = headers + SECURITY_HEADERS
            await send(message)

        async def app_send(message: Message) -> None:
            if not answered:
                await send_with_headers(message)

        raw_path = scope.get("raw_path") or scope.get("path", "").encode()
        if len(raw_path) + len(scope.get("query_string", b"")) > MAX_PATH:
            await self._answer(scope, receive, send_with_headers,
                               ApiError(414, "uri_too_long", f"the address is over {MAX_PATH} characters: a card address is /c/SERIAL"))  # fmt: skip
            return
        if head_size(scope) > MAX_HEAD:
            await self._answer(scope, receive, send_with_headers,
                               ApiError(431, "headers_too_large", f"the request's address and headers are over {MAX_HEAD // 1024} KB"))  # fmt: skip
            return
        slashless = without_trailing_slash(scope)
        if slashless is not None:
            await self._redirect(scope, receive, send_with_headers, slashless)
            return
        length = dict(scope.get("headers", [])).get(b"content-length")
        if length is not None and parse_int(length.decode("latin-1"), 0, MAX_BODY) is None:  # 10**5000 too
            await self._answer(scope, receive, send_with_headers, _too_large())
            return
        received = 0
        deadline = asyncio.get_running_loop().time() + self.body_timeout

        async def refuse(error: ApiError) -> Message:
            nonlocal answered
            if not started:
                await self._answer(scope, receive, send_with_headers, error, close=True)
            answered = True
            scope["cardgen.refused"] = True
            return {"type": "http.disconnect"}  # the app stops reading; what it answers is dropped

        complete = False  # the whole body has arrived: later reads (a disconnect) have no deadline

        async def limited_receive() -> Message:
            nonlocal received, complete
            if answered:
                return {"type": "http.disconnect"}
            if complete:
                return await receive()
            try:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - asyncio.get_running_loop().time()))
            except TimeoutError:
                return await refuse(ApiError(408, "too_slow", f"the request body did not arrive within {self.body_timeout:g} seconds"))
            if message["type"] == "http.request":
                complete = not message.get("more_body", False)
                received += len(message.get("body", b""))
                if received > MAX_BODY:
                    return await refuse(_too_large())
            return message

        try:
            await self.app(scope, limited_receive, app_send)
        except Exception:
            if self.raise_errors:
                raise
            # The one log of a crash (the app's handler answered it without logging; uvicorn
            # would log it again if it got through, and drop the connection).
            log.exception("error answering %s %s", scope.get("method", "?"), str(scope.get("path", ""))[:200])
            if not started and not answered:
                await self._answer(scope, receive, send_with_headers, _crash())

    async def _answer(self, scope: Scope, receive: Receive, send: Send, error: ApiError, close: bool = False) -> None:
        response = self.server.error(Request(scope, receive), error)
        if close:  # the rest of the body is not read: the connection cannot carry another request
            response.headers["Connection"] = "close"
        await api.Gzip(response)(scope, receive, send)  # compressed like every other answer

    async def _redirect(self, scope: Scope, receive: Receive, send: Send, location: str) -> None:
        # 308 keeps a POST a POST; a GET's 301 may be cached like a card's.
        status = 301 if scope.get("method") in ("GET", "HEAD") else 308
        headers = {**CORS, "Cache-Control": CARD_CACHE if status == 301 else "no-store"}
        await RedirectResponse(location, status_code=status, headers=headers)(scope, receive, send)


def head_size(scope: Scope) -> int:
    """The bytes of a request's line and headers as they were sent (give or take the spaces)."""
    line = len(scope.get("method", "")) + len(scope.get("raw_path") or b"") + len(scope.get("query_string", b"")) + 12
    return line + sum(len(k) + len(v) + 4 for k, v in scope.get("headers", []))


def without_trailing_slash(scope: Scope) -> str | None:
    """Where a path ending in '/' (but '/') is sent: the same path without it, a path relative to
    this server (never built from the Host header, and never '//host' or '/\\host', which a browser
    reads as another host); None for a path without a trailing slash."""
    path = scope.get("path", "/")
    if path == "/" or not path.endswith("/"):
        return None
    location = "/" + quote(path.strip("/"), safe="/:@!$&'()*+,;=~")
    location = "/" + location.lstrip("/")
    query = scope.get("query_string", b"")
    return location + ("?" + query.decode("latin-1") if query else "")


def _crash() -> ApiError:
    return ApiError(500, "internal_error", "something went wrong on the server; it has been logged")


def _too_large() -> ApiError:
    return ApiError(413, "too_large", f"the request body is over {MAX_BODY // 1024} KB: a deck file is a few KB of text")


def create_app(base: str | None = None, raise_errors: bool = False, body_timeout: float = BODY_TIMEOUT) -> Guard:
    """The ASGI app; card images' QR codes point under `base` (default: CARDGEN_LOOKUP_URL, checked).
    `raise_errors` (tests) lets a crash out of the app rather than answering it with a 500 page."""
    server = Server(lookup_base(base))

    async def on_api_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, ApiError)
        return server.error(request, exc)

    async def on_http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        status = exc.status_code if 400 <= exc.status_code < 500 else 400
        details = {404: f"no page at {request.url.path[:80]!r}: try / to search for a card",
                   405: f"{request.method} is not allowed here"}.get(status, str(exc.detail))  # fmt: skip
        response = server.error(request, ApiError(status, CODES_BY_STATUS.get(status, "error"), details))
        if exc.headers:
            response.headers.update(exc.headers)
        return response

    async def on_crash(request: Request, exc: Exception) -> Response:
        # A bug, not the visitor's fault: the visitor sees one calm line; Starlette raises the
        # exception again after this answer and the Guard logs it, once, with its traceback.
        return server.error(request, _crash())

    async def on_disconnect(request: Request, exc: Exception) -> Response:
        # The client went away while its body was read (or the Guard cut an over-long body):
        # not a crash, one line, and no one is left to answer.
        if not request.scope.get("cardgen.refused"):
            log.warning("client left before its request was read: %s %s", request.method, request.url.path[:200])
        return Response(status_code=400)

    handlers: dict[str, dict[str, api.Endpoint]] = {
        "/c/{rest:path}": {"GET": server.card},  # first: most requests are cards (the routes do not overlap)
        "/": {"GET": server.index},
        "/search": {"GET": server.search},
        "/api/cards": {"POST": server.cards_api},
        "/deck": {"GET": server.deck_form, "POST": server.deck_check},
        "/deck/pdf": {"POST": server.deck_pdf},
        "/healthz": {"GET": server.healthz},
        "/static/{name}": {"GET": server.static},
        "/favicon.ico": {"GET": server.static},
        "/rules": {"GET": server.rules},
        "/rules/{game}": {"GET": server.rules},
        "/rules/{game}/house-rules": {"GET": server.rules},
        "/rules/{game}/anatomy.png": {"GET": server.rules_anatomy},
        **api.Api(server.base, find, _checked).handlers(),
    }
    # Scripts of other sites may read the API and the cards (JSON, images); pages are for people.
    routes = [Resource(path, methods, cors=path.startswith(("/api/", "/c/"))) for path, methods in handlers.items()]
    app = Starlette(
        routes=routes,
        exception_handlers={ApiError: on_api_error, HTTPException: on_http_error, ClientDisconnect: on_disconnect,
                            Exception: on_crash},
        lifespan=renderpool.lifespan,  # the card image workers stop with the server
    )
    app.router.redirect_slashes = False  # its redirect is built from the Host header: the Guard drops the slash instead
    # Outermost, so even a refused request or a crash answer gets the headers; gzip inside it.
    return Guard(api.Gzip(app), server, raise_errors, body_timeout)


CODES_BY_STATUS = {404: "not_found", 405: "method_not_allowed", 400: "bad_request"}


def app_from_env() -> Guard:
    """Factory for `uvicorn --factory` and worker processes: the base comes from CARDGEN_LOOKUP_URL."""
    return create_app()
