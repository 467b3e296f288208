"""The HTML pages: jinja2 templates from templates/web/, escaped, and the values they show.

Shared by the server (cardgen.web.app) and the static export (cardgen.web.export),
so a card page looks the same on both. Autoescaping is on for every template:
whatever a visitor typed or uploaded shows as text.
"""

from __future__ import annotations

import functools
import json
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from cardgen import __version__
from cardgen.games import LookupResult, registry
from cardgen.resources import data_dir

STATIC_FILES = ("style.css",)
# Keys shown above the attribute table, in this order, when a game's card data has them.
HEADLINE = ("stars", "odds", "percentile", "probability", "edition")


@functools.cache
def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(data_dir("templates") / "web")),
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals["version"] = __version__
    env.filters["stars"] = stars
    return env


def render(template: str, **values: Any) -> str:
    """The page `template` (a file in templates/web/) filled with `values`, escaped."""
    values.setdefault("root", "/")
    values.setdefault("static", "/static/")
    return environment().get_template(template).render(**values)


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
    return key.replace("_", " ").capitalize()


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
        else:
            rows.append((label, _value(value)))
    return rows


def headline(data: dict[str, Any]) -> list[tuple[str, str]]:
    """The statistics a player looks for first (stars, odds, percentile...), as (label, text)."""
    out = []
    for key in HEADLINE:
        if key not in data:
            continue
        value = data[key]
        if key == "stars":
            text = f"{stars(value)} ({value})"
        elif key == "percentile" and isinstance(value, float):
            text = f"{value * 100:.2f} % of all pulls are cards at least as likely as this one"
        else:
            text = _value(value)
        out.append((_label(key), text))
    return out


def card_values(result: LookupResult, image: str | None, root: str = "/", static: str = "/static/",
                json_url: str | None = None) -> dict[str, Any]:  # fmt: skip
    """What card.html.j2 shows for one looked-up card."""
    data = result.data
    return {
        "result": result,
        "name": str(data.get("name") or result.serial),
        "headline": headline(data),
        "rows": attribute_rows({k: v for k, v in data.items() if k != "serial"}),
        "image": image,
        "json_url": json_url,
        "root": root,
        "static": static,
    }


def games_list() -> list[dict[str, str]]:
    """Every registered game with cards: its title and the serial letters it owns."""
    return [{"title": e.title, "prefixes": e.prefix_text(), "name": e.name}
            for e in registry().entries() if e.serial_prefixes]  # fmt: skip
