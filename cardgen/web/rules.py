"""A game's rules as a web page: docs/rules/<game>.md rendered to HTML with markdown-it-py.

The rules pages say where the rulebook is silent and which choice cardgen made; every game
with a file in docs/rules/ gets /rules/<game>. Raw HTML in the Markdown is shown as text
(the pages allow no inline script or style), headings get ids so the pages' own
'#section' links work, and a link to another rules file leads to its page.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

from cardgen.resources import data_dir

RULES_FOLDER = ("docs", "rules")


def _folder() -> Path | None:
    try:
        return data_dir(RULES_FOLDER[0]) / RULES_FOLDER[1]
    except FileNotFoundError:
        return None


def rules_file(game: str) -> Path | None:
    """docs/rules/<game>.md for a registered game name (never a path from a request), or None."""
    from cardgen.games import registry

    folder = _folder()
    if folder is None or registry().get(game) is None:
        return None
    path = folder / f"{game}.md"
    return path if path.is_file() else None


def has_rules(game: str) -> bool:
    return rules_file(game) is not None


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
        for block in state.tokens:
            for token in block.children or ():
                href = token.attrGet("href") if token.type == "link_open" else None
                if isinstance(href, str) and re.fullmatch(r"(\./)?[a-z0-9-]+\.md(#[\w-]*)?", href):
                    name, _, anchor = href.removeprefix("./").partition("#")
                    token.attrSet("href", f"/rules/{name[:-3]}" + (f"#{anchor}" if anchor else ""))

    md.core.ruler.push("heading_ids", heading_ids)
    md.core.ruler.push("rules_links", rules_links)
    return md


@functools.lru_cache(maxsize=16)
def render_rules(game: str) -> tuple[str, str]:
    """(the page's first heading as text, the rules as HTML) of a game with a rules file
    (KeyError for a game without one)."""
    heading, body, _ = render_rules_toc(game)
    return heading, body


@functools.lru_cache(maxsize=16)
def render_rules_toc(game: str) -> tuple[str, str, tuple[tuple[str, str], ...]]:
    """render_rules and the page's sections for a table of contents: (id, text) of each h2."""
    path = rules_file(game)
    if path is None:
        raise KeyError(game)
    text = path.read_text(encoding="utf-8")
    md = _markdown()
    tokens = md.parse(text)
    heading = next((tokens[i + 1].content for i, t in enumerate(tokens) if t.type == "heading_open"), game)
    sections = tuple((str(t.attrGet("id")), tokens[i + 1].content) for i, t in enumerate(tokens)
                     if t.type == "heading_open" and t.tag == "h2")  # fmt: skip
    return heading, md.renderer.render(tokens, md.options, {}), sections
