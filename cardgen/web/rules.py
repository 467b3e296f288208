"""A game's rules as web pages, Markdown rendered to HTML with markdown-it-py.

/rules/<game> is the player's rulebook (docs/play/<game>.md, cardgen.rulebook): in one minute
first, then the sections, with the card anatomy picture (/rules/<game>/anatomy.png, drawn by
the face code) under "The card, part by part". /rules/<game>/house-rules is its appendix,
docs/rules/<game>.md: where the rulebook is silent and which choice cardgen made. A game with
only the appendix shows it at /rules/<game>. Raw HTML in the Markdown is shown as text (the
pages allow no inline script or style), headings get ids so the pages' own '#section' links
work, and a link to another rules file leads to its page (`Links` says where, on a server or
in a static export).
"""

from __future__ import annotations

import functools
import html
import re
from dataclasses import dataclass
from typing import Any

from cardgen import rulebook
from cardgen.rulebook import rules_file

HOUSE = "house-rules"  # /rules/<game>/house-rules: the appendix
ANATOMY = "anatomy.png"  # /rules/<game>/anatomy.png: the card anatomy picture


@dataclass(frozen=True)
class Links:
    """Where the rules pages are: on a server under `root`, or (static) as files beside each other."""

    root: str = "/"
    static: bool = False

    def rulebook(self, game: str) -> str:
        return "rules.html" if self.static else f"{self.root}rules/{game}"

    def house(self, game: str) -> str:
        return "house-rules.html" if self.static else f"{self.root}rules/{game}/{HOUSE}"

    def anatomy(self, game: str) -> str:
        return "anatomy.png" if self.static else f"{self.root}rules/{game}/{ANATOMY}"


@functools.lru_cache(maxsize=64)
def has_rules(game: str) -> bool:
    """The game has a rules page: its rulebook, its house rules, or both (asked once per game: the
    rules are package data and the registry is built once, and every card page asks)."""
    return rules_file(game) is not None or rulebook.has_rulebook(game)


def has_house_rules(game: str) -> bool:
    return rules_file(game) is not None and rulebook.has_rulebook(game)


def games_with_rules() -> list[dict[str, str]]:
    """Every registered game that has a rules page: its name and title, by title."""
    from cardgen.games import registry

    found = [{"name": e.name, "title": e.title} for e in registry().entries() if has_rules(e.name)]
    return sorted(found, key=lambda g: g["title"].lower())


def slug(text: str) -> str:
    """A heading's id as GitHub makes it ('Who starts' -> 'who-starts'), which the files' links use."""
    kept = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return kept.replace(" ", "-")


@functools.cache
def _markdown() -> Any:
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False, "typographer": False}).enable("table")

    def heading_ids(state: Any) -> None:
        seen: dict[str, int] = {}
        tokens = state.tokens
        for i, token in enumerate(tokens):
            if token.type != "heading_open" or i + 1 >= len(tokens):
                continue
            base = slug(tokens[i + 1].content) or "section"
            count = seen.get(base, 0)
            seen[base] = count + 1
            token.attrSet("id", base if count == 0 else f"{base}-{count}")

    def rules_links(state: Any) -> None:
        """A link to a rules file leads to its page: `other.md` (between house rules pages) and
        `../rules/other.md` (from a rulebook) to that game's house rules, `../play/other.md` to its rulebook."""
        links: Links = state.env.get("links") or Links()
        for block in state.tokens:
            for token in block.children or ():
                href = token.attrGet("href") if token.type == "link_open" else None
                found = re.fullmatch(r"(\./|\.\./rules/|\.\./play/)?([a-z0-9-]+)\.md(#[\w-]*)?", href) if isinstance(href, str) else None
                if found is None:
                    continue
                where, name, anchor = found.groups()
                house = where != "../play/" and rulebook.has_rulebook(name)
                url = links.house(name) if house else links.rulebook(name)
                token.attrSet("href", url + (anchor or ""))

    md.core.ruler.push("heading_ids", heading_ids)
    md.core.ruler.push("rules_links", rules_links)
    return md


@functools.lru_cache(maxsize=16)
def render_rules(game: str) -> tuple[str, str]:
    """(the page's first heading as text, the page as HTML) of a game with a rules page
    (KeyError for a game without one)."""
    heading, body, _ = render_rules_toc(game)
    return heading, body


@functools.lru_cache(maxsize=32)
def render_rules_toc(game: str, house: bool = False, links: Links = Links()) -> tuple[str, str, tuple[tuple[str, str], ...]]:
    """render_rules and the page's sections for a table of contents: (id, text) of each h2. The rulebook,
    or with `house` (or for a game without a rulebook) the house rules."""
    if house or not rulebook.has_rulebook(game):
        path = rules_file(game)
        if path is None:
            raise KeyError(game)
        text = path.read_text(encoding="utf-8")
    else:
        text = rulebook.source(game)
    md = _markdown()
    env = {"links": links}
    tokens = md.parse(text, env)
    heading = next((tokens[i + 1].content for i, t in enumerate(tokens) if t.type == "heading_open"), game)
    sections = tuple((str(t.attrGet("id")), tokens[i + 1].content) for i, t in enumerate(tokens)
                     if t.type == "heading_open" and t.tag == "h2")  # fmt: skip
    body = md.renderer.render(tokens, md.options, env)
    if not house and rulebook.has_rulebook(game):
        body = _with_anatomy(game, body, sections, links)
    return heading, body, sections


def _with_anatomy(game: str, body: str, sections: tuple[tuple[str, str], ...], links: Links) -> str:
    """The anatomy picture under the heading of the rulebook's anatomy part."""
    found = rulebook.part(game, "anatomy")
    ident = next((i for i, text in sections if found is not None and text == found.heading), None)
    if ident is None:
        return body
    width, height = anatomy_size(game)
    thing = "board and pieces" if found is not None and found.heading.lower().startswith("the board") else "card"
    alt = html.escape(f"A {game_title(game)} {thing} drawn as printed, each part named beside it")
    src = html.escape(links.anatomy(game))
    figure = (f'<figure class="anatomy" id="anatomy"><a href="{src}"><img src="{src}" alt="{alt}" width="{width}" '
              f'height="{height}"></a><figcaption>Tap the picture to see it full size.</figcaption></figure>')  # fmt: skip
    head = f'<h2 id="{ident}">'
    start = body.find(head)
    end = body.find("</h2>", start)
    return body if start < 0 or end < 0 else body[: end + 5] + "\n" + figure + body[end + 5 :]


def game_title(game: str) -> str:
    from cardgen.games import registry

    entry = registry().get(game)
    return entry.title if entry is not None else game


@functools.lru_cache(maxsize=8)
def _figure(game: str) -> Any:
    from cardgen.print import anatomy
    from cardgen.print.sizes import mm

    return anatomy.layout(anatomy.subjects(game), mm(170))


ANATOMY_DPI = 110


def anatomy_size(game: str) -> tuple[int, int]:
    """The anatomy PNG's size in pixels (for the img tag, so the page does not jump as it loads)."""
    from cardgen.print.sizes import mm

    figure = _figure(game)
    scale = ANATOMY_DPI / 72
    return round((figure.width + 2 * mm(2)) * scale), round((figure.height + 2 * mm(2)) * scale)


@functools.lru_cache(maxsize=8)
def anatomy_png(game: str) -> bytes:
    """The card anatomy picture of a game with a rulebook (KeyError otherwise)."""
    from cardgen.print import anatomy

    if not rulebook.has_rulebook(game):
        raise KeyError(game)
    return anatomy.png(_figure(game), ANATOMY_DPI)
