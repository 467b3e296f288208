"""The JSON API beside the pages: card objects with links, the deck check, the games, a random card,
the OpenAPI description, and gzip for text answers (docs/api.md).

Shaped like the public card API its users know (Scryfall): every answer is an object with an
`object` field ("card", "list", "deck_check", "game", "error"), cards carry absolute `links`, and
one field vocabulary names the same thing the same way in every game (cardgen.web.openapi).
Nothing here names a game: it reads the registry and each game's kit.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import MutableHeaders
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from cardgen import games
from cardgen.games import LookupResult
from cardgen.structured import StructureError, load_json
from cardgen.web import games as webgames
from cardgen.web import openapi
from cardgen.web.errors import ApiError, edition_lengths
from cardgen.web.pages import json_bytes

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
Find = Callable[[str], LookupResult]
Check = Callable[[webgames.WebGame, str], Awaitable[webgames.CheckedDeck]]
Endpoint = Callable[[Request], Awaitable[Response]]

JSON_TYPE = "application/json; charset=utf-8"
# Any site's script may call the API and read, beside the body, the headers it revalidates and
# waits with (a cross-origin script sees only the "safelisted" headers unless they are exposed).
CORS = {"Access-Control-Allow-Origin": "*", "Access-Control-Expose-Headers": "ETag, Link, Retry-After"}
NO_STORE = {"Cache-Control": "no-store"}
# What never changes while the server runs (the games, the description): an hour, like a card.
STABLE = {"Cache-Control": "public, max-age=3600"}
GZIP_MIN = 500  # bytes: below this gzip's header and a round trip's worth of CPU outweigh what it saves
GZIP_LEVEL = 6
# Text answers are compressed; images and PDFs are compressed already.
GZIP_TYPES = ("text/html", "text/css", "text/plain", "application/json")
DECK_EXAMPLE = '{"deck": "<the text of a deck file>", "game": "gyonrg"}'


# ----- small HTTP pieces (the app uses them too) -----------------------------------------


def etag_of(body: bytes) -> str:
    """The strong ETag of an answer: a hash of exactly the bytes served."""
    return f'"{hashlib.sha256(body).hexdigest()[:32]}"'


def etag_matches(header: str, etag: str) -> bool:
    """Does an If-None-Match header name `etag`? (weak comparison, as RFC 9110 asks for it; '*' matches)"""
    tags = [t.strip() for t in header.split(",")]
    return "*" in tags or any(t.removeprefix("W/") == etag.removeprefix("W/") for t in tags)


def parse_q(text: str) -> float:
    """An Accept q-value ("0" to "1", up to three decimals), or 0 when it is none."""
    if not text or len(text) > 5 or not all(c.isdigit() or c == "." for c in text) or text.count(".") > 1:
        return 0.0
    value = float(text)
    return value if 0.0 <= value <= 1.0 else 0.0


def weighted(header: str) -> list[tuple[str, float]]:
    """An Accept-style header's values, lower-cased, each with its q-value (1 when it has none;
    an unreadable one counts as 0). At most 50 values are read."""
    out = []
    for part in header.lower().split(",")[:50]:
        value, *params = (p.strip() for p in part.split(";"))
        q = 1.0
        for param in params:
            name, _, text = param.partition("=")
            if name.strip() == "q":
                q = parse_q(text.strip())
        out.append((value, q))
    return out


def is_json_type(content_type: str) -> bool:
    """Is a Content-Type header exactly application/json (any parameters, any case)?"""
    return content_type.split(";", 1)[0].strip().lower() == "application/json"


def accepts_gzip(accept_encoding: str) -> bool:
    """Does an Accept-Encoding header allow gzip (by name or by '*', with a q-value above 0)?"""
    named: float | None = None
    star: float | None = None
    for coding, q in weighted(accept_encoding):
        if coding in ("gzip", "x-gzip"):
            named = q if named is None else max(named, q)
        elif coding == "*":
            star = q
    return named > 0 if named is not None else (star is not None and star > 0)


async def read_json(request: Request, example: str) -> Any:
    """The request's JSON body; 415 unless it is sent as application/json, 400 when it is not JSON."""
    if not is_json_type(request.headers.get("content-type", "")):
        raise ApiError(415, "not_json", f"send JSON (Content-Type: application/json): {example}")
    raw = await request.body()
    try:
        return load_json(raw, "the body")
    except StructureError as exc:
        raise ApiError(400, "bad_json", f"{exc}: send {example}") from None


# ----- cards as the API gives them -------------------------------------------------------


def site_root(base: str, request: Request) -> str:
    """Where this server's addresses start, ending in '/': the lookup base without its 'c/' when
    it ends so (the base `cardgen serve` prints and the QR codes carry), else the address the
    request came to (a base like https://HOST/lookup?s= is another site's or a proxy's)."""
    if base.endswith("/c/"):
        return base[: -len("c/")]
    return str(request.base_url)


def card_links(game: str, serial: str, root: str) -> dict[str, str | None]:
    """A card's absolute addresses: its JSON, its page, its image (None: its game draws none)."""
    at = f"{root}c/{quote(serial, safe='-')}"
    image = f"{at}.png" if webgames.hooks(game) is not None else None
    return {"api": f"{at}.json", "page": at, "image": image}


def card_json(result: LookupResult, root: str) -> dict[str, Any]:
    """One card as the API answers it: what `cardgen lookup --json` prints, plus its object type
    and its links (the CLI works offline and knows no server, so it prints neither)."""
    return {"object": "card", "game": result.game, "title": result.title, "serial": result.serial,
            "links": card_links(result.game, result.serial, root), "card": result.data}  # fmt: skip


def batch_json(typed: list[str], answers: list[dict[str, Any]]) -> dict[str, Any]:
    """POST /api/cards' answer: each card or its error, in order; `not_found` lists the identifiers
    (as sent, at most 200 characters each) that named no card. `found` and `not_found_count` count
    them (before issue 39 `not_found` was that count)."""
    missing = [text[:200] for text, answer in zip(typed, answers) if answer["object"] != "card"]
    return {"object": "list", "found": len(answers) - len(missing), "not_found": missing,
            "not_found_count": len(missing), "data": answers}  # fmt: skip


# ----- games ---------------------------------------------------------------------------------


def editions(entry: games.GameEntry, current: str) -> list[dict[str, Any]]:
    """The edition letters a serial of the game can start with: which have cards (released) and
    which is current (what new cards are made with; else the last released)."""
    released = [letter for letter in entry.serial_prefixes if edition_lengths(letter)]
    now = current if current in released else (released[-1] if released else "")
    return [
        {"letter": letter, "released": letter in released, "current": letter == now} for letter in entry.serial_prefixes
    ]


@functools.cache
def game_facts(name: str) -> dict[str, Any]:
    """What /api/games says of one registered game (without its links)."""
    entry = games.game(name)
    hooks = webgames.hooks(name)
    kit = hooks.kit if hooks is not None else None
    size = hooks.card_size if hooks is not None else None
    return {
        "object": "game",
        "name": entry.name,
        "title": entry.title,
        "has_cards": bool(entry.serial_prefixes),
        "serial_letters": list(entry.serial_prefixes),
        "serial_example": getattr(kit, "serial_example", "") or None,
        "generated": bool(kit is not None and kit.generated),
        "has_decks": bool(hooks is not None and hooks.has_decks),
        "has_images": hooks is not None,
        "card_size": {"name": size.name, "width_mm": size.width, "height_mm": size.height}
        if size is not None
        else None,
        "editions": editions(entry, kit.edition() if kit is not None else ""),
    }


def random_games() -> list[str]:
    """The games a random card can come from: those with a kit that makes or lists cards."""
    return [name for name in games.registry().names() if webgames.hooks(name) is not None]


def random_serial(name: str) -> str:
    """A card of the game chosen afresh: a new seed for its generator, or one of its fixed cards."""
    hooks = webgames.hooks(name)
    assert hooks is not None
    kit = hooks.kit
    if kit.generated:
        card = next(iter(kit.generate(secrets.token_hex(8), 1, 0)))
    else:
        chosen = list(kit.fixed_cards().cards)
        card = chosen[secrets.randbelow(len(chosen))]
    return str(kit.serial(card))


def random_game(wanted: str) -> str:
    """The game a random card is asked of (any, when none is named); 400 names the accepted ones."""
    names = random_games()
    if not wanted:
        return names[secrets.randbelow(len(names))]
    if wanted not in names:
        raise ApiError(400, "unknown_game", f"game {wanted[:40]!r} has no random cards: use one of {', '.join(names)}")
    return wanted


# ----- decks ---------------------------------------------------------------------------------


def deck_game(text: str, wanted: str, fallback: str = "") -> games.GameEntry:
    """The game a deck is checked as (/deck and /api/deck): the one named (400 when it has no
    decks), else the one whose serials its lines hold, else `fallback`, else the game of the cards
    its mistyped serials were one typo from (so the deck gets its "did you mean"; 422 when none)."""
    names = {e.name: e for e in webgames.deck_games()}
    if wanted and wanted != "auto":
        if wanted not in names:
            raise ApiError(
                400,
                "unknown_game",
                f"game {wanted[:40]!r} has no decks here: choose one of {', '.join(names) or 'none'}",
            )
        return names[wanted]
    found = webgames.recognise_deck(text) or names.get(fallback)
    if found is None:  # every serial mistyped: the game of the cards they were probably meant to be
        from cardgen.web.deckpage import guess_game

        found = names.get(guess_game(text, set(names)) or "")
    if found is None:
        raise ApiError(422, "unknown_game", "no line of this deck holds a serial of a game with decks: "
                       f"check the serials, or choose the game ({', '.join(e.title for e in names.values())})")  # fmt: skip
    return found


def deck_json(deck: webgames.CheckedDeck, root: str, text: str = "") -> dict[str, Any]:
    """POST /api/deck's answer: the deck page's summary (cardgen.web.deckpage) as an object, each
    listed card with its links; a problem of a mistyped serial lists, as `suggestions`, the
    serials one typo away (as the page's "did you mean"; `text`: the deck as sent)."""
    from cardgen.web.deckpage import deck_summary, did_you_mean

    summary = deck_summary(deck)
    meant = did_you_mean(deck, text) if text else {}
    for problem in summary["problems"]:
        if problem.get("line") in meant:
            problem["suggestions"] = [result.serial for result in meant[problem["line"]]]
    cards = [{**line, "links": card_links(deck.game, line["serial"], root)} for line in summary.pop("lines")]
    first = {key: summary.pop(key) for key in ("game", "title", "name", "legal", "size", "summary", "problems")}
    return {"object": "deck_check", **first, "cards": cards, **summary}  # the verdict first, the breakdown last


# ----- the routes ----------------------------------------------------------------------------


def _json(value: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(json_bytes(value), status_code=status, media_type=JSON_TYPE, headers={**CORS, **(headers or {})})


def _stable(response: Response) -> Response:
    """An answer that changes only with the server: its strong ETag, so a client revalidates it
    (Gzip answers If-None-Match with a 304)."""
    response.headers["ETag"] = etag_of(bytes(response.body))
    return response


class Api:
    """The API routes, bound to the server's lookup base, its cached `find` and its deck `check`."""

    def __init__(self, base: str, find: Find, check: Check) -> None:
        self.base, self.find, self.check = base, find, check

    def handlers(self) -> dict[str, dict[str, Endpoint]]:
        """Each address and the handler of each method it answers (the app adds HEAD and OPTIONS)."""
        return {
            "/api/deck": {"POST": self.deck},
            "/api/games": {"GET": self.games},
            "/api/random": {"GET": self.random_card},
            "/api/openapi.json": {"GET": self.description},
            "/random": {"GET": self.random_page},
        }

    def root(self, request: Request) -> str:
        return site_root(self.base, request)

    async def deck(self, request: Request) -> Response:
        """POST /api/deck: {"deck": TEXT, "game": NAME (optional)} -> the deck check."""
        payload = await read_json(request, DECK_EXAMPLE)
        if not isinstance(payload, dict) or not isinstance(payload.get("deck"), str):
            raise ApiError(400, "bad_json", f"expected an object with the deck file's text as a string: {DECK_EXAMPLE}")
        wanted = payload.get("game") or ""
        if not isinstance(wanted, str):
            raise ApiError(400, "bad_json", f'"game" is a game\'s name as a string: {DECK_EXAMPLE}')
        text = payload["deck"]
        if not text.strip():
            raise ApiError(400, "empty", 'no deck: send the deck file\'s text in "deck"')
        entry = deck_game(text, wanted)
        hooks = webgames.hooks(entry.name)
        assert hooks is not None
        deck = await self.check(hooks, text)
        return _json(deck_json(deck, self.root(request), text), headers=NO_STORE)

    async def games(self, request: Request) -> Response:
        """GET /api/games: every registered game, its serial letters, editions, card size, decks."""
        root = self.root(request)
        # The first answer looks up each edition letter's first serials (errors.edition_lengths):
        # under a second, off the event loop; later ones are cached.
        facts = await run_in_threadpool(lambda: [game_facts(name) for name in games.registry().names()])
        data = [{**fact, "links": {"random": f"{root}api/random?game={quote(fact['name'])}" if fact["name"] in random_games() else None}}
                for fact in facts]  # fmt: skip
        return _stable(_json({"object": "list", "data": data}, headers=STABLE))

    async def random_card(self, request: Request) -> Response:
        """GET /api/random?game=NAME: a card chosen afresh (any game's without NAME), never cached."""
        name = random_game(request.query_params.get("game", ""))
        serial = await run_in_threadpool(random_serial, name)
        return _json(card_json(self.find(serial), self.root(request)), headers=NO_STORE)

    async def random_page(self, request: Request) -> Response:
        """GET /random?game=NAME: to a random card's page (303, never cached)."""
        name = random_game(request.query_params.get("game", ""))
        serial = await run_in_threadpool(random_serial, name)
        return RedirectResponse(f"/c/{quote(serial, safe='-')}", status_code=303, headers=NO_STORE)

    async def description(self, request: Request) -> Response:
        """GET /api/openapi.json: the API described in OpenAPI 3.1."""
        return _stable(_json(openapi.spec(self.root(request)), headers=STABLE))


# ----- gzip ----------------------------------------------------------------------------------


def gzip_bytes(body: bytes) -> bytes:
    """`body` gzipped the same way every time (no time stamp), so its ETag is stable."""
    return gzip.compress(body, compresslevel=GZIP_LEVEL, mtime=0)


def _compressible(content_type: str) -> bool:
    return content_type.split(";", 1)[0].strip().lower() in GZIP_TYPES


class Gzip:
    """Text answers (HTML, JSON, CSS, plain text) of GZIP_MIN bytes or more gzipped for clients that
    accept it, whatever the method and status (errors and POST answers too), with `Vary:
    Accept-Encoding`; images and PDFs as they are.

    A gzipped answer is another representation, so its strong ETag is the hash of the gzipped
    bytes (RFC 9110, 8.8.3: a strong tag changes with the content coding). Conditional GETs are
    therefore answered here, against the ETag of what would be served: the app is asked without
    If-None-Match and a 200 whose ETag matches becomes a 304 (with the ETag, Cache-Control, Vary
    and CORS headers the 200 would have had). An answer sent in several parts passes unchanged."""

    def __init__(self, app: ASGIApp, minimum: int = GZIP_MIN) -> None:
        self.app, self.minimum = app, minimum

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = scope.get("headers", [])
        accept = b", ".join(v for k, v in headers if k == b"accept-encoding").decode("latin-1")
        zipped = accepts_gzip(accept)
        wanted = ""
        if scope.get("method") in ("GET", "HEAD"):  # a conditional GET: answered here, against what is served
            wanted = b", ".join(v for k, v in headers if k == b"if-none-match").decode("latin-1")
            scope = {**scope, "headers": [(k, v) for k, v in headers if k != b"if-none-match"]}
        held: Message | None = None
        done = False

        async def send_on(message: Message) -> None:
            nonlocal held, done
            if done or message["type"] not in ("http.response.start", "http.response.body"):
                await send(message)
            elif message["type"] == "http.response.start":
                held = message  # kept until the body is known
            elif held is not None:
                done = True
                if message.get("more_body", False):
                    await send(held)
                    await send(message)
                else:
                    for part in self.finish(held, message.get("body", b""), zipped, wanted):
                        await send(part)

        await self.app(scope, receive, send_on)

    def finish(self, start: Message, body: bytes, zipped: bool, wanted: str) -> list[Message]:
        """The start and body messages to send for an answer held whole."""
        headers = MutableHeaders(raw=list(start.get("headers", [])))
        status = start["status"]
        if _compressible(headers.get("content-type", "")):
            headers.add_vary_header("Accept-Encoding")
            if zipped and status not in (204, 304) and "content-encoding" not in headers and len(body) >= self.minimum:
                body = gzip_bytes(body)
                headers["content-encoding"] = "gzip"
                headers["content-length"] = str(len(body))
                if "etag" in headers:
                    headers["etag"] = etag_of(body)
        if wanted and status == 200 and "etag" in headers and etag_matches(wanted, headers["etag"]):
            for name in ("content-length", "content-type", "content-encoding"):
                if name in headers:
                    del headers[name]
            status, body = 304, b""
        return [{"type": "http.response.start", "status": status, "headers": headers.raw},
                {"type": "http.response.body", "body": body}]  # fmt: skip
