"""The API described in OpenAPI 3.1 (served at /api/openapi.json), and the one field vocabulary
every game's card JSON keeps to (docs/api.md has the same table for people).

Hand-written rather than generated from the code: it is the promise made to clients, so a test
holds the routes and real answers to it (tests/web/test_issue39_openapi.py), not the other way
round. Plain data only: no web framework is imported, so pages and tools can read VOCABULARY.
"""

from __future__ import annotations

from typing import Any

from cardgen import __version__

# One name per meaning across games: (name, JSON schema, what it means). A game whose card has
# the meaning uses the name; a card without it leaves the key out.
VOCABULARY: tuple[tuple[str, dict[str, Any], str], ...] = (
    ("serial", {"type": "string"}, "The canonical serial (what the card prints; the first character is the edition)."),
    ("edition", {"type": "string", "minLength": 1, "maxLength": 1}, "The letter of the table edition the card belongs to."),
    ("name", {"type": "string"}, "The card's name as printed."),
    ("kind", {"type": "string"}, "What sort of card it is: ship or drone (Gyon-RG); creature, ability (a creature "
     "with an ability), spell or resource (Gog & Magog); monster, spell or trap (Spherion); symbol, bonus, universal "
     "or defeat (Gin-jon-tan)."),
    ("element", {"type": "string"}, "The card's element (Gyon-RG, Spherion)."),
    ("cost", {"type": "integer"}, "What playing the card costs: mana (Gog & Magog), action points to deploy (Gyon-RG)."),
    ("attack", {"type": "integer"}, "Attack strength."),
    ("defence", {"type": "integer"}, "What an attack must overcome: defence (Gog & Magog, Spherion), shield (Gyon-RG)."),
    ("text", {"type": "string"}, "What the card says: its effect, ability or special (Gyon-RG), or its motto (Gin-jon-tan)."),
    ("stars", {"type": "integer", "minimum": 1, "maximum": 5}, "Rarity, 1 (common) to 5 stars (the rarest)."),
    ("rarity", {"type": "string"}, "The stars' name, Common to Legendary (Spherion)."),
    ("odds", {"type": "string", "pattern": "^1 in [0-9,]+$"}, "How often a pull gives exactly this card: '1 in 3,674'."),
    ("probability", {"type": "string", "pattern": "^[0-9]+/[0-9]+$"}, "The same as an exact fraction: '18/66125'."),
)  # fmt: skip

# Names a game published before the vocabulary, kept in the JSON (after the vocabulary's keys)
# with the same value, so no client breaks; deprecated in the description.
ALIASES: dict[str, str] = {
    "atk": "attack",  # Spherion
    "shield": "defence",  # Gyon-RG
    "deploy_cost": "cost",  # Gyon-RG
    "says": "text",  # Gin-jon-tan
}

REF = "#/components/schemas/"


def _ref(name: str) -> dict[str, str]:
    return {"$ref": REF + name}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


# What each error status means, for every address that can give it.
ERROR_WORDS = {
    400: "Bad input (the type says what: bad_json, empty, unknown_game, check_character, wrong_length, bad_character, bad_notation...)",
    404: "No such card (unknown_game, unknown_edition, out_of_range) or address (not_found)",
    405: "A method this address does not answer (method_not_allowed): Allow names those it does",
    408: "The request body did not arrive within 30 seconds (too_slow)",
    413: "Too large: a body over 256 KB (too_large), more than 100 serials (too_many)",
    414: "An address over 512 characters (uri_too_long)",
    415: "Not sent as application/json (not_json)",
    422: "The deck's game could not be told from its serials (unknown_game)",
    431: "A request's address and headers over 64 KB (headers_too_large)",
    500: "A fault of the server, logged; the details say so in one line (internal_error)",
    503: "Busy: the image workers' queue is full (busy, with Retry-After), or this process serves its most "
         "connections at once (a line of text)",
}  # fmt: skip
# Any address can give these: a wrong method, an over-long address or head, a fault, a full server.
EVERY = (405, 414, 431, 500, 503)
# Any address that reads a body can give these too.
BODY = (408, 413, 415)
TEXT = {"text/plain": {"schema": {"type": "string"}}}
HTML = {"text/html": {"schema": {"type": "string"}}}


def _errors(*statuses: int, page: bool = False) -> dict[str, Any]:
    """Error answers: an Error object (a page too when `page`: a browser asked); 503 may be the
    connection cap's line of text, which comes before any address is read."""
    out = {}
    for status in sorted({*statuses, *EVERY}):
        content: dict[str, Any] = {"application/json": {"schema": _ref("Error")}}
        if page:
            content.update(HTML)
        if status == 503:
            content.update(TEXT)
        out[str(status)] = {"description": ERROR_WORDS[status], "content": content}
    return out


def _text_errors(*statuses: int) -> dict[str, Any]:
    """Error answers of an image address: one line of text (an <img> shows no page)."""
    return {str(s): {"description": ERROR_WORDS[s] + " (one line of text)", "content": TEXT} for s in sorted({*statuses, *EVERY})}


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"oneOf": [schema, {"type": "null"}]}


SERIAL_PARAM = {
    "name": "serial", "in": "path", "required": True,
    "description": "A serial in any spelling (case, separators, O for 0) or a game's own notation as its cards print "
                   "names (Gin-jon-tan: Sun-7-blue); anything but the canonical serial is redirected to it (301).",
    "schema": {"type": "string"},
}  # fmt: skip
GAME_PARAM = {
    "name": "game", "in": "query", "required": False,
    "description": "A game's name (/api/games); none: any game. An unknown name is 400, listing the accepted ones.",
    "schema": {"type": "string"},
}  # fmt: skip
CACHED = {
    "ETag": {"description": "A hash of the bytes served (another one for the gzipped bytes)", "schema": {"type": "string"}},
    "Cache-Control": {"description": "public, max-age=3600", "schema": {"type": "string"}},
}  # fmt: skip
REDIRECT = {"description": "Another spelling of the serial: Location is the card's one address",
            "headers": {"Location": {"schema": {"type": "string"}}}}  # fmt: skip
NOT_MODIFIED = {"description": "If-None-Match named the current ETag", "headers": CACHED}


def schemas() -> dict[str, Any]:
    """The components' schemas (JSON Schema 2020-12, as OpenAPI 3.1 has it)."""
    fields: dict[str, Any] = {name: {**schema, "description": text} for name, schema, text in VOCABULARY}
    for alias, name in ALIASES.items():
        fields[alias] = {**dict(next(s for n, s, _ in VOCABULARY if n == name)), "deprecated": True,
                         "description": f"The same as {name!r}: the name the game published first, kept as an alias."}  # fmt: skip
    link = {"type": "string", "format": "uri"}
    return {
        "Error": {
            "type": "object", "required": ["object", "status", "code", "type", "details"],
            "properties": {"object": {"const": "error"}, "status": {"type": "integer"},
                           "code": {"type": "string", "description": "By status: bad_request, not_found, too_large..."},
                           "type": {"type": "string", "description": "What went wrong, stable: check_character, unknown_edition..."},
                           "details": {"type": "string", "description": "For people"},
                           "suggestions": {"type": "array", "items": {"type": "object"},
                                           "description": "A mistyped serial: the cards one typo away"}},
        },
        "CardFields": {
            "type": "object", "required": ["serial", "edition", "name", "kind"], "properties": fields,
            "additionalProperties": True,
            "description": "Every attribute of the card. Names shared by games follow the vocabulary (docs/api.md); "
                           "each game adds its own (ship_type, guild, colour, level...).",
        },
        "Links": {
            "type": "object", "required": ["api", "page", "image"],
            "properties": {"api": {**link, "description": "This JSON"}, "page": {**link, "description": "The card's page"},
                           "image": _nullable({**link, "description": "The card drawn as printed (PNG); null: its game draws none"})},
        },
        "Card": {
            "type": "object", "required": ["object", "game", "title", "serial", "links", "card"],
            "properties": {"object": {"const": "card"}, "game": {"type": "string"}, "title": {"type": "string"},
                           "serial": {"type": "string"}, "links": _ref("Links"), "card": _ref("CardFields")},
        },
        "BatchError": {"allOf": [_ref("Error"), {"type": "object", "required": ["serial"],
                                                 "properties": {"serial": {"type": "string"}}}]},  # fmt: skip
        "CardList": {
            "type": "object", "required": ["object", "found", "not_found", "not_found_count", "data"],
            "properties": {
                "object": {"const": "list"}, "found": {"type": "integer", "minimum": 0},
                "not_found": {"type": "array", "items": {"type": "string"},
                              "description": "The identifiers that named no card, as sent (at most 200 characters each)"},
                "not_found_count": {"type": "integer", "minimum": 0, "description": "How many (before issue 39 `not_found` was this count)"},
                "data": {"type": "array", "items": {"oneOf": [_ref("Card"), _ref("BatchError")]}},
            },
        },
        "DeckRequest": {
            "type": "object", "required": ["deck"],
            "properties": {"deck": {"type": "string", "description": "The deck file's text (as `deck check` reads it)"},
                           "game": {"type": "string", "description": "The game's name; left out: told from the serials"}},
        },
        "Problem": {
            "type": "object", "required": ["code", "line", "message"],
            "properties": {"code": {"type": "string"}, "line": _nullable({"type": "integer"}), "message": {"type": "string"},
                           "suggestions": {"type": "array", "items": {"type": "string"},
                                           "description": "A mistyped serial: the serials one typo away"}},
        },
        "DeckCard": {
            "type": "object", "required": ["count", "serial", "name", "links"],
            "properties": {"count": {"type": "integer", "minimum": 1}, "serial": {"type": "string"}, "name": {"type": "string"},
                           "line": _nullable({"type": "integer"}), "section": {"type": "string"},
                           "facets": {"type": "object", "additionalProperties": {"type": "string"}}, "links": _ref("Links")},
        },
        "DeckCheck": {
            "type": "object", "required": ["object", "game", "title", "legal", "size", "problems", "cards"],
            "properties": {
                "object": {"const": "deck_check"}, "game": {"type": "string"}, "title": {"type": "string"},
                "name": _nullable({"type": "string"}), "legal": {"type": "boolean"}, "size": {"type": "integer", "minimum": 0},
                "summary": {"type": "string"}, "problems": {"type": "array", "items": _ref("Problem")},
                "cards": {"type": "array", "items": _ref("DeckCard"), "description": "Each line's card, counted (never expanded)"},
                "breakdown": {"type": "array", "items": {"type": "object"}, "description": "The deck counted by each facet"},
            },
        },
        "Edition": {
            "type": "object", "required": ["letter", "released", "current"],
            "properties": {"letter": {"type": "string"}, "released": {"type": "boolean", "description": "Serials of it name cards"},
                           "current": {"type": "boolean", "description": "New cards are made with it"}},
        },
        "Game": {
            "type": "object",
            "required": ["object", "name", "title", "has_cards", "serial_letters", "generated", "has_decks", "has_images",
                         "card_size", "editions", "links"],
            "properties": {
                "object": {"const": "game"}, "name": {"type": "string"}, "title": {"type": "string"},
                "has_cards": {"type": "boolean"}, "serial_letters": {"type": "array", "items": {"type": "string"}},
                "serial_example": _nullable({"type": "string"}),
                "generated": {"type": "boolean", "description": "Cards come from a seeded generator (else a fixed family)"},
                "has_decks": {"type": "boolean"}, "has_images": {"type": "boolean"},
                "card_size": _nullable({"type": "object", "required": ["name", "width_mm", "height_mm"],
                                        "properties": {"name": {"type": "string"}, "width_mm": {"type": "number"},
                                                       "height_mm": {"type": "number"}}}),
                "editions": {"type": "array", "items": _ref("Edition")},
                "links": {"type": "object", "properties": {"random": _nullable(link)}},
            },
        },
        "GameList": {
            "type": "object", "required": ["object", "data"],
            "properties": {"object": {"const": "list"}, "data": {"type": "array", "items": _ref("Game")}},
        },
        "Health": {
            "type": "object", "required": ["status", "version", "games"],
            "properties": {"status": {"const": "ok"}, "version": {"type": "string"},
                           "games": {"type": "array", "items": {"type": "string"}}},
        },
    }  # fmt: skip


def paths() -> dict[str, Any]:
    """Every route under /api and /c/, and /random and /healthz, with every status each can give."""
    card = {"200": {**_json(_ref("Card"), "The card"), "headers": CACHED}, "301": REDIRECT, "304": NOT_MODIFIED,
            **_errors(400, 404)}  # fmt: skip
    png = {"200": {"description": "The card drawn as printed", "headers": CACHED,
                   "content": {"image/png": {"schema": {"type": "string", "contentMediaType": "image/png"}}}},
           "301": REDIRECT, "304": NOT_MODIFIED, **_text_errors(400, 404)}  # fmt: skip
    png["404"]["description"] = "No such card, or its game draws none (one line of text)"
    png["503"]["headers"] = {"Retry-After": {"description": "Seconds to wait (the image queue)", "schema": {"type": "integer"}}}
    stable = {"304": NOT_MODIFIED}
    return {
        "/c/{serial}": {"get": {
            "summary": "A card's page, or its JSON when Accept prefers application/json",
            "operationId": "cardPage", "parameters": [SERIAL_PARAM],
            "responses": {**card, **_errors(400, 404, page=True),
                          "200": {"description": "The page (text/html) or the card (application/json)", "headers": CACHED,
                                  "content": {"text/html": {"schema": {"type": "string"}},
                                              "application/json": {"schema": _ref("Card")}}}},
        }},
        "/c/{serial}.json": {"get": {"summary": "A card", "operationId": "card", "parameters": [SERIAL_PARAM], "responses": card}},
        "/c/{serial}.png": {"get": {"summary": "A card's image", "operationId": "cardImage", "parameters": [SERIAL_PARAM],
                                    "responses": png}},
        "/c/{serial}@3x.png": {"get": {"summary": "A card's image at 3x (for srcset on 3x screens)", "operationId": "cardImage3x",
                                       "parameters": [SERIAL_PARAM], "responses": png}},
        "/api/cards": {"post": {
            "summary": "Up to 100 cards at once, each the card or its error, in order",
            "operationId": "cards",
            "requestBody": {"required": True, "content": {"application/json": {"schema": {"oneOf": [
                {"type": "object", "required": ["serials"], "properties": {"serials": {
                    "type": "array", "minItems": 1, "maxItems": 100, "items": {"type": "string"},
                    "description": "Serials, lookup URLs or a game's own notation (Sun-7-blue)"}}},
                {"type": "array", "minItems": 1, "maxItems": 100, "items": {"type": "string"}}]}}}},
            "responses": {"200": _json(_ref("CardList"), "Each card or its error"), **_errors(400, *BODY)},
        }},
        "/api/deck": {"post": {
            "summary": "A deck checked by its game's rules (counted, never expanded: past 1,000 cards, a bad-count problem)",
            "operationId": "deckCheck",
            "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("DeckRequest")}}},
            "responses": {"200": _json(_ref("DeckCheck"), "The check (legal or not)"), **_errors(400, 422, *BODY)},
        }},
        "/api/games": {"get": {"summary": "Every game: serial letters, editions, card size, decks", "operationId": "games",
                               "responses": {"200": {**_json(_ref("GameList"), "The games"), "headers": CACHED}, **stable,
                                             **_errors()}}},
        "/api/random": {"get": {
            "summary": "A card chosen afresh (a new seed each time; a game without a generator: one of its cards)",
            "operationId": "randomCard", "parameters": [GAME_PARAM],
            "responses": {"200": _json(_ref("Card"), "The card (Cache-Control: no-store)"), **_errors(400)},
        }},
        "/api/openapi.json": {"get": {"summary": "This description", "operationId": "openapi",
                                      "responses": {"200": {**_json({"type": "object"}, "OpenAPI 3.1"), "headers": CACHED},
                                                    **stable, **_errors()}}},
        "/random": {"get": {
            "summary": "To a random card's page (for people)", "operationId": "randomPage", "parameters": [GAME_PARAM],
            "responses": {"303": {"description": "Location: the card's page (Cache-Control: no-store)",
                                  "headers": {"Location": {"schema": {"type": "string"}}}},
                          **_errors(400, page=True)},
        }},
        "/healthz": {"get": {"summary": "For load balancers", "operationId": "health",
                             "responses": {"200": _json(_ref("Health"), "The server is up"), **_errors()}}},
    }  # fmt: skip


def spec(root: str) -> dict[str, Any]:
    """The OpenAPI 3.1 description of the server at `root` (an absolute address ending in '/')."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "cardgen web lookup",
            "version": __version__,
            "description": "Every card of every cardgen game by its serial, deck checks, the games. Answers are objects "
                           "with an `object` field; errors are {object: error, status, code, type, details}. Text answers "
                           "are gzipped for clients that accept it. Field names: docs/api.md.",
            "license": {"name": "MIT", "identifier": "MIT"},
        },
        "servers": [{"url": root.rstrip("/") or "/"}],
        "paths": paths(),
        "components": {"schemas": schemas()},
    }  # fmt: skip
