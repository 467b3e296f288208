"""The HTML pages: jinja2 templates from templates/web/, escaped, and the values they show.

Shared by the server (cardgen.web.app) and the static export (cardgen.web.export),
so a card page looks the same on both. Autoescaping is on for every template:
whatever a visitor typed or uploaded shows as text.
"""

from __future__ import annotations

import functools
import importlib
import json
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, urlsplit, urlunsplit

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from cardgen import __version__
from cardgen.games import LookupResult, registry
from cardgen.resources import data_dir
from cardgen.web import rules

STATIC_FILES = ("style.css", "favicon.svg", "favicon.ico")
STATIC_TYPES = {".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".ico": "image/x-icon"}
IMAGE_CSS_WIDTH = 300  # the card image's widest on a page, in CSS pixels (its PNG is >= 2x that)
# Labels for the statistics every game's card data may carry (the full attribute list).
LABELS = {"probability_float": "Probability (decimal)", "percentile": "Pulls at least as likely",
          "odds": "Odds", "stars": "Stars"}  # fmt: skip


@functools.cache
def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(data_dir("templates") / "web")),
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        auto_reload=False,  # the templates are the package's: no stat of each file on every render
    )
    env.globals["version"] = __version__
    env.filters["stars"] = stars
    env.globals["problem_words"] = problem_words
    return env


def render(template: str, **values: Any) -> str:
    """The page `template` (a file in templates/web/) filled with `values`, escaped."""
    values.setdefault("root", "/")
    values.setdefault("static", "/static/")
    values.setdefault("asset", static_urls(values["static"], not values.get("static_site", False)))
    return environment().get_template(template).render(**values)


@functools.cache
def static_version(name: str) -> str:
    """A static file's version: a hash of its bytes (a new file, a new address)."""
    import hashlib

    return hashlib.sha256(static_file(name)).hexdigest()[:12]


@functools.cache
def static_urls(static: str, versioned: bool) -> dict[str, str]:
    """The addresses pages link their static files at: under the server, versioned
    (/static/style.css?v=HASH, cached a year); on a static site, the plain file."""
    return {name: static + name + (f"?v={static_version(name)}" if versioned else "") for name in STATIC_FILES}


def static_type(name: str) -> str:
    """The media type a static file is served with, by its extension."""
    return STATIC_TYPES[name[name.rindex(".") :]]


def static_file(name: str) -> bytes:
    """One of the pages' static files by its fixed name (never a path from a request)."""
    if name not in STATIC_FILES:
        raise KeyError(name)
    return (data_dir("templates") / "web" / "static" / name).read_bytes()


def json_bytes(value: Any) -> bytes:
    """JSON the way `cardgen lookup --json` prints it (indented, UTF-8, a final newline). A lone
    surrogate (JSON may escape one, "\\ud800") has no UTF-8: it stays the escape it came as."""
    return (json.dumps(value, indent=2, ensure_ascii=False) + "\n").encode("utf-8", "backslashreplace")


def html_bytes(text: str) -> bytes:
    """A page as UTF-8; a lone surrogate in something a visitor sent (no UTF-8 for it) becomes '?'."""
    return text.encode("utf-8", "replace")


def stars(count: Any) -> str:
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 5:
        return str(count)
    return "★" * count + "☆" * (5 - count)


def _label(key: str) -> str:
    return LABELS.get(key) or key.replace("_", " ").capitalize()


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:.6g}"
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(v, (list, tuple)) for v in value):
            return ", ".join("(" + ", ".join(_value(x) for x in v) + ")" for v in value)
        return ", ".join(_value(v) for v in value) if value else "none"
    return str(value)


def attribute_rows(data: dict[str, Any], prefix: str = "") -> list[tuple[str, str]]:
    """Every attribute of a card's JSON as (label, text) rows; nested objects flattened as 'Special · text'."""
    rows: list[tuple[str, str]] = []
    for key, value in data.items():
        label = f"{prefix}{_label(key)}" if not prefix else f"{prefix} · {key.replace('_', ' ')}"
        if isinstance(value, dict):
            rows.extend(attribute_rows(value, label))
        elif key == "percentile" and isinstance(value, float) and not prefix:
            rows.append((label, f"{value * 100:.2f} % of all pulls"))
        else:
            rows.append((label, _value(value)))
    return rows


def card_values(result: LookupResult, image: str | None = None, root: str = "/", static: str = "/static/",
                json_url: str | None = None, image_3x: str | None = None, canonical: str | None = None,
                image_url: str | None = None, rules_url: str | None = None) -> dict[str, Any]:  # fmt: skip
    """What card.html.j2 shows for one looked-up card: the image (`image`, and `image_3x` for 3x
    screens), what a player reads (the game kit's page facts and rarity note), every attribute
    (folded), the game's rules page (`rules_url`, by default ROOT/rules/GAME when the game has
    one), and for link previews the absolute page and image addresses (`canonical`, `image_url`)."""
    from cardgen.web import games as webgames

    data = result.data
    name = str(data.get("name") or result.serial)
    hooks = webgames.hooks(result.game)
    card = hooks.card(result.serial) if hooks is not None else None  # decoded once for the facts and "what now?"
    facts, rarity = player_facts(result, card)
    stars_count = data.get("stars")
    edition = data.get("edition")
    width, height = image_size(result.game)
    return {
        "result": result,
        "name": name,
        "facts": facts,
        "rarity": rarity,
        "stars": stars(stars_count) if isinstance(stars_count, int) and not isinstance(stars_count, bool) else "",
        "stars_count": stars_count,
        "edition": str(edition) if isinstance(edition, str) and edition else "",
        "rows": attribute_rows({k: v for k, v in data.items() if k != "serial" and not is_alias(k, data)}),
        "image": image,
        "image_3x": image_3x,
        "image_width": width,
        "image_height": height,
        "json_url": json_url,
        "rules_url": (rules_url or f"{root}rules/{result.game}") if rules.has_rules(result.game) else None,
        "canonical": canonical,
        "image_url": image_url,
        "description": preview_text(result.title, facts, rarity),
        "next": next_steps(result, card),
        "root": root,
        "static": static,
    }


def next_steps(result: LookupResult, card: Any = None) -> dict[str, Any]:
    """What the card page says after the card, for "what now?": the game in a line (its kit's
    help), the card in a deck (how many copies its game's deck checker allows, and the game's
    deck rules in a line), and whether there are decks to check. `card`: the result's card, when
    decoded already."""
    from cardgen.web import games as webgames

    hooks = webgames.hooks(result.game)
    if hooks is None:
        return {"game": result.game, "about": "", "copies": "", "deck_rules": "", "has_decks": False}
    about = " ".join(hooks.kit.help.strip().split("\n\n")[0].split())
    if not hooks.has_decks:
        return {"game": result.game, "about": about, "copies": "", "deck_rules": "", "has_decks": False}
    allowed = webgames.copies_allowed(result.game, result.serial, card)
    copies = {None: "as many copies as the deck holds (no limit for one card)", 0: "not allowed in a deck",
              1: "one copy in a deck"}.get(allowed, f"up to {allowed} copies in a deck")  # fmt: skip
    rules_line = " ".join(hooks.deck_help.split("\n\n", 1)[0].split())
    return {"game": result.game, "about": about, "copies": copies, "deck_rules": rules_line, "has_decks": True}


@functools.cache
def _aliases() -> dict[str, str]:
    """The API's older field names and the shared ones they stand for (read once: a card page asks per field)."""
    try:
        return dict(getattr(importlib.import_module("cardgen.web.openapi"), "ALIASES", {}))
    except ImportError:  # the API's description is not there: every field is listed
        return {}


def is_alias(key: str, data: dict[str, Any]) -> bool:
    """Is `key` a field's older name, kept in the card's JSON beside the shared one with the same
    value (the API's field vocabulary, cardgen.web.openapi.ALIASES)? The page lists it once."""
    name = _aliases().get(key)
    return name is not None and name in data and data[name] == data[key]


def player_facts(result: LookupResult, card: Any = None) -> tuple[list[tuple[str, str]], str]:
    """The card's facts in its game's words and its rarity explained, from the game's kit (a game
    without a kit: read from the card's JSON). `card`: the result's card, when decoded already."""
    from cardgen.kit import data_facts, data_rarity
    from cardgen.web import games as webgames

    hooks = webgames.hooks(result.game)
    if hooks is None:
        return data_facts(result.data), data_rarity(result.data)
    if card is None:
        card = hooks.card(result.serial)
    return list(hooks.kit.page_facts(card)), hooks.kit.rarity_note(card)


def image_size(game: str) -> tuple[int, int]:
    """The card image's width and height on the page, in CSS pixels: at most IMAGE_CSS_WIDTH wide,
    in the aspect of the game's card size (poker size when the game has none)."""
    from cardgen.web import games as webgames

    hooks = webgames.hooks(game)
    w, h = (hooks.card_size.width, hooks.card_size.height) if hooks is not None else (63.0, 88.0)
    return IMAGE_CSS_WIDTH, round(IMAGE_CSS_WIDTH * h / w)


def preview_text(title: str, facts: list[tuple[str, str]], rarity: str, limit: int = 200) -> str:
    """A link preview's description in words: '<Game> card. Element Void; Attack / shield 1 / 1; ...'."""
    parts = [f"{label}: {_sentence(value)}" for label, value in facts[:4]]
    text = f"{title} card. " + "; ".join(p for p in parts if p)
    if rarity:
        text = _sentence(text) + ". " + _sentence(rarity.split(". ")[0]) + "."
    return text if len(text) <= limit else text[: limit - 1].rstrip(" ;:,.") + "…"


def _sentence(text: str) -> str:
    """A fact's words without the stop they may end with ('No effect.'), so joining them never
    doubles it ('No effect.. Common.')."""
    return text.strip().rstrip(".;").rstrip()


def server_links(base: str, serial: str, image: bool = True) -> dict[str, Any]:
    """The addresses a card page of `cardgen serve` links to: its image (and the 3x one), its JSON,
    and, absolute under the server's lookup base, the page itself and its image for link previews."""
    path = f"c/{quote(serial)}"
    root = site_root(base)
    return {"image": f"/{path}.png" if image else None, "image_3x": f"/{path}@3x.png" if image else None,
            "json_url": f"/{path}.json", "canonical": root + path, "image_url": f"{root}{path}.png" if image else None}  # fmt: skip


def site_root(base: str) -> str:
    """The server's own root address from its lookup base: 'https://h/c/' -> 'https://h/'; any other
    base (a path of another shape, a query) -> its scheme and host."""
    parts = urlsplit(base)
    path = parts.path if not parts.query and parts.path.endswith("/c/") else "/c/"
    return urlunsplit((parts.scheme, parts.netloc, path[: -len("c/")], "", ""))


def games_list() -> list[dict[str, Any]]:
    """Every registered game with cards: its title and the serial letters it owns."""
    return [{"title": e.title, "prefixes": e.prefix_text(), "name": e.name, "rules": rules.has_rules(e.name)}
            for e in registry().entries() if e.serial_prefixes]  # fmt: skip


@dataclass(frozen=True)
class Problem:
    """A serial's mistake named for a player: a heading and a sentence."""

    heading: str
    words: str
    details: bool = True  # the message's own words add something (a position, a length...)


# What each error type of a serial (cardgen.web.errors.serial_error) means, in a player's words.
PROBLEMS = {
    "check_character": Problem("This serial has a typo", "Its last character, the check character, does not fit the "
                               "others: one character is probably mistyped, or two are swapped.", details=False),
    "wrong_length": Problem("This serial has too few or too many characters",
                            "Its game's serials are longer or shorter: a character is probably missing or doubled."),
    "bad_character": Problem("This serial has a character serials never use",
                             "Serials use the digits 0-9 and the letters A-Z except I, L, O and U."),
    "unknown_game": Problem("No game's serials start like this",
                            "The first character names the game and its edition: it is probably mistyped."),
    "unknown_edition": Problem("No cards of this edition yet",
                               "The first character names an edition of the game that has no cards yet: it is probably mistyped."),
    "out_of_range": Problem("No card has this number", "The check character fits, but the number is past the "
                            "edition's last card: two or more characters are probably mistyped."),
    "empty": Problem("No serial", "Type the serial printed on the card, like A7QH-ANSG-2XE."),
    "bad_notation": Problem("No card has this name", "Write the card the way it is printed, like Sun-7-blue "
                            "(a symbol, its number and a colour), or type its serial."),
}  # fmt: skip


def problem_words(error: Any) -> Problem | None:
    """The player's words for an error about a serial, or None for any other error (a game's name
    in a form or a query, also of type unknown_game, is not a serial: errors.serial_error sets `typed`)."""
    if getattr(error, "typed", None) is None:
        return None
    return PROBLEMS.get(getattr(error, "type", ""))


def rules_html(game: str, root: str = "/", static: str = "/static/", static_site: bool = False, house: bool = False) -> str:
    """The rules page of a game that has one (KeyError otherwise): its player's rulebook, or with `house`
    the house rules (its appendix); a static site's page names no other game."""
    listed = rules.games_with_rules()
    title = next(g["title"] for g in listed if g["name"] == game)
    links = rules.Links(root, static_site)
    heading, body, sections = rules.render_rules_toc(game, house, links)
    head, end, rest = body.partition("</h1>")  # the contents go under the page's title
    return render("rules.html.j2", games=listed, game={"name": game, "title": title}, heading=heading,
                  body_head=head + end, body_rest=rest, sections=sections, unknown=None, root=root, static=static,
                  static_site=static_site, house=house, has_house=rules.has_house_rules(game),
                  rulebook_url=links.rulebook(game), house_url=links.house(game))  # fmt: skip


def rules_page(game: str, house: bool = False) -> tuple[int, bytes]:
    """The /rules/<game> page (200; with `house`, /rules/<game>/house-rules), the list of the games'
    rules for /rules (200), or, for a name that is no game with rules, that list with the mistake named (404)."""
    listed = rules.games_with_rules()
    if not game:
        return 200, html_bytes(render("rules.html.j2", games=listed, game=None, unknown=None, known=None))
    if game not in {g["name"] for g in listed} or (house and not rules.has_house_rules(game)):
        entry = registry().get(game)  # a game without (house) rules is named as the game it is, no mistyped name
        known = None if entry is None else {"title": entry.title, "rules_url": f"/rules/{game}" if rules.has_rules(game) else None}
        return 404, html_bytes(render("rules.html.j2", games=listed, game=None, unknown=game[:60], known=known, house=house))
    return 200, html_bytes(rules_html(game, house=house))
