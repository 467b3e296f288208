"""A game's player's rulebook: docs/play/<game>.md, one source for the web, the kit and the terminal.

Every rulebook has the same parts, found by their headings (PARTS): a short "in one minute",
what the game is, the goal, what you need, setting up, a turn step by step, how a fight (an
attack, a battle, a duel, a claim) is decided with an example under it, the end and the winner,
the card (or the board) part by part, and the appendix link to docs/rules/<game>.md, the house
rules and options. The anatomy part names each printed element in bold (`- **Level**: ...`):
cardgen.print.anatomy checks those names against what the face code marks as printed.

The web renders the Markdown (cardgen.web.rules), the kit lays the same sections on its
reference pages (cardgen.print.kit), and `cardgen GAME rules` prints `plain(game)`.
"""

from __future__ import annotations

import functools
import re
import textwrap
from dataclasses import dataclass
from pathlib import Path

from cardgen.resources import data_dir

FOLDER = ("docs", "play")

#: each part of a rulebook and how its heading starts (lower case); "example" is an h3 inside "fight"
PARTS: dict[str, str | tuple[str, ...]] = {
    "minute": "in one minute",
    "game": "the game",
    "goal": "the goal",
    "components": "what you need",
    "setup": "setting up",
    "turn": "a turn",
    "fight": "how ",
    "end": "the end and the winner",
    "anatomy": ("the card", "the board"),
    "appendix": "house rules and options",
}


@dataclass(frozen=True)
class Part:
    """One section of a rulebook: its heading level (2 or 3), its heading and its Markdown body."""

    level: int
    heading: str
    body: str


def rulebook_file(game: str) -> Path | None:
    """docs/play/<game>.md for a registered game name (never a path from a request), or None."""
    from cardgen.games import registry

    if registry().get(game) is None:
        return None
    try:
        path = data_dir(FOLDER[0]) / FOLDER[1] / f"{game}.md"
    except FileNotFoundError:
        return None
    return path if path.is_file() else None


def has_rulebook(game: str) -> bool:
    return rulebook_file(game) is not None


@functools.lru_cache(maxsize=16)
def source(game: str) -> str:
    """The rulebook's Markdown (KeyError for a game without one)."""
    path = rulebook_file(game)
    if path is None:
        raise KeyError(game)
    return path.read_text(encoding="utf-8")


def title(game: str) -> str:
    """The rulebook's first heading ('Gyon-RG: how to play')."""
    first = source(game).splitlines()[0]
    return first.lstrip("# ").strip()


def parts(game: str) -> list[Part]:
    """The rulebook's h2 and h3 sections in order (the h1 title is not one)."""
    out: list[Part] = []
    level, heading, lines = 0, "", list[str]()
    for line in source(game).splitlines():
        found = re.match(r"(#{2,3}) (.+)", line)
        if found:
            if heading:
                out.append(Part(level, heading, "\n".join(lines).strip()))
            level, heading, lines = len(found.group(1)), found.group(2).strip(), []
        elif heading:
            lines.append(line)
    if heading:
        out.append(Part(level, heading, "\n".join(lines).strip()))
    return out


def part(game: str, key: str) -> Part | None:
    """The h2 section for a PARTS key ('goal', 'anatomy'...), or None when the rulebook lacks it."""
    starts = PARTS[key]
    prefixes = (starts,) if isinstance(starts, str) else tuple(starts)
    for p in parts(game):
        if p.level == 2 and p.heading.lower().startswith(prefixes):
            return p
    return None


def example(game: str) -> Part | None:
    """The worked example: the h3 section right under the fight section."""
    found = parts(game)
    fight = part(game, "fight")
    if fight is None:
        return None
    k = found.index(fight)
    for p in found[k + 1 :]:
        if p.level == 2:
            return None
        if "example" in p.heading.lower():
            return p
    return None


def missing(game: str) -> list[str]:
    """The parts a player needs that the rulebook lacks (empty: complete)."""
    gone = [key for key in PARTS if part(game, key) is None or not part(game, key).body]  # type: ignore[union-attr]
    if example(game) is None:
        gone.append("example")
    return gone


def anatomy_names(game: str) -> list[str]:
    """The printed elements the anatomy part explains: each list item's bold name(s)."""
    found = part(game, "anatomy")
    if found is None:
        return []
    names: list[str] = []
    for line in found.body.splitlines():
        if line.startswith("- "):
            names += re.findall(r"\*\*(.+?)\*\*", line)
    return names


def anatomy_meanings(game: str) -> list[tuple[str, str]]:
    """Each anatomy list item: (its bold names joined, what the item says), in order."""
    found = part(game, "anatomy")
    if found is None:
        return []
    items: list[str] = []
    for line in found.body.splitlines():
        if line.startswith("- "):
            items.append(line[2:].strip())
        elif items and line.startswith("  "):
            items[-1] += " " + line.strip()
    out = []
    for item in items:
        head, _, rest = item.partition(": ")
        out.append((head.replace("**", ""), rest))
    return out


def appendix_url(game: str) -> str:
    """Where the appendix lives on the web."""
    return f"/rules/{game}/house-rules"


# ----- plain text -------------------------------------------------------------------------


def rules_file(game: str) -> Path | None:
    """docs/rules/<game>.md, the house rules appendix, for a registered game name (never a path
    from a request), or None."""
    from cardgen.games import registry

    try:
        folder = data_dir("docs") / "rules"
    except FileNotFoundError:
        return None
    if registry().get(game) is None:
        return None
    path = folder / f"{game}.md"
    return path if path.is_file() else None


def inline(text: str) -> str:
    """Markdown inline marks taken off: bold, code, links (their text kept)."""
    text = re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", text)
    text = text.replace("**", "").replace("`", "")
    return re.sub(r"(?<![\w*])\*(\S[^*]*?)\*(?!\w)", r"\1", text)


def plain(game: str, width: int = 78, house: bool = False) -> str:
    """The rulebook (or with `house` its appendix, docs/rules/<game>.md) as plain text for a terminal:
    headings underlined, paragraphs and lists wrapped to `width`, links as their text."""
    if house:
        path = rules_file(game)
        if path is None:
            raise KeyError(game)
        return to_plain(path.read_text(encoding="utf-8"), width)
    tail = f"The appendix (house rules and options): cardgen {game} rules --house"
    return to_plain(source(game), width).rstrip("\n") + "\n\n" + tail + "\n"


def to_plain(markdown: str, width: int = 78) -> str:
    """Markdown as plain text: headings underlined, paragraphs and list items wrapped, quotations
    kept behind '> ', tables and code as they are written."""
    lines: list[str] = []
    para: list[str] = []
    item: tuple[str, list[str]] | None = None
    fenced = False

    def flush() -> None:
        nonlocal item
        if para:
            lines.extend(textwrap.wrap(inline(" ".join(para)), width) + [""])
            para.clear()
        if item is not None:
            lead, words = item
            lines.extend(textwrap.wrap(inline(" ".join(words)), width, initial_indent=lead,
                                       subsequent_indent=" " * len(lead)))  # fmt: skip
            item = None

    for raw in markdown.splitlines():
        line = raw.rstrip()
        if line.startswith("```"):
            flush()
            fenced = not fenced
            continue
        if fenced or line.startswith("|"):
            lines.append(line)
            continue
        heading = re.match(r"(#{1,4}) (.+)", line)
        if heading:
            flush()
            if lines and lines[-1] != "":
                lines.append("")
            text = inline(heading.group(2))
            lines += [text, "=-~~"[len(heading.group(1)) - 1] * len(text), ""]
            continue
        if not line.strip():
            flush()
            if lines and lines[-1] != "":
                lines.append("")
            continue
        if line.startswith(">"):
            flush()
            lines.extend(textwrap.wrap(inline(line.lstrip("> ")), width - 2, initial_indent="> ", subsequent_indent="> ") or [">"])
            continue
        bullet = re.match(r"(\s*)(-|\d+\.) (.*)", line)
        if bullet:
            flush()
            indent, mark, rest = bullet.groups()
            item = (" " * (len(indent) + 1 if indent else 0) + mark + " ", [rest])
            continue
        if item is not None:
            item[1].append(line.strip())
        else:
            para.append(line.strip())
    flush()
    return "\n".join(lines).strip("\n") + "\n"
