"""What the /deck page and the JSON deck check show of a checked deck: its compact list, its
breakdown by each facet its game names, its problems.

Everything here is counted from the deck's lines (count x card), never from a copy per card, so
a deck of 1,000 cards costs what its few dozen lines cost. The facets are the game's (its kit's
`DeckKit.facets`, carried by each DeckLine): this module names no game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from cardgen.web.games import CheckedDeck, WebGame

NONE = "—"  # a card without the facet (a Spherion spell has no element): counted, so each facet sums to the deck
MANY = 8  # a facet with more values than this is shown as a run of chips rather than one bar per value
_NUMBER = re.compile(r"(\d+)")


@dataclass(frozen=True)
class Tally:
    """One value of a facet and the cards of the deck that have it."""

    value: str
    count: int


@dataclass(frozen=True)
class Facet:
    """A facet of the deck's cards (element, cost...) and how many cards have each value."""

    name: str
    tallies: tuple[Tally, ...]

    @property
    def total(self) -> int:
        return sum(t.count for t in self.tallies)

    @property
    def many(self) -> bool:
        return len(self.tallies) > MANY


def _natural(value: str) -> tuple[Any, ...]:
    """'2 AP' < '10 AP', 'L4' < 'L12': the digits of a value compared as numbers."""
    return tuple(int(part) if part.isdigit() else part.lower() for part in _NUMBER.split(value))


def breakdown(deck: CheckedDeck) -> list[Facet]:
    """The deck counted by each facet its cards have, in the order the game names them. A facet
    whose values all hold a number (a cost, a level) is ordered by it, as a curve; any other by
    the count, most first. Every facet sums to the deck's size (cards without it count as NONE)."""
    names: dict[str, None] = {}
    for line in deck.lines:
        names.update(dict.fromkeys(name for name, _ in line.facets))
    facets = []
    for name in names:
        counts: dict[str, int] = {}
        for line in deck.lines:
            value = dict(line.facets).get(name, NONE)
            counts[value] = counts.get(value, 0) + line.count
        known = [v for v in counts if v != NONE]
        if all(_NUMBER.search(v) for v in known):
            order = sorted(known, key=_natural)
        else:
            order = sorted(known, key=lambda v: (-counts[v], v.lower()))
        if NONE in counts:
            order.append(NONE)
        facets.append(Facet(name, tuple(Tally(v, counts[v]) for v in order)))
    return facets


def _shown_facets(label: str, facets: tuple[tuple[str, str], ...]) -> list[str]:
    """The facet values the list shows after a card's name: those its name does not already say
    ('Tide' of 'Tide Hornrat', '7' of 'Sun-7-blue')."""
    return [value for _, value in facets if not re.search(rf"(?<!\w){re.escape(value)}(?!\w)", label, re.IGNORECASE)]


def deck_summary(deck: CheckedDeck) -> dict[str, Any]:
    """The deck as the page shows it, as JSON values (for the JSON deck check): its game, name,
    size, verdict, the game's one-line summary, its lines with their facets, the breakdown and
    the problems with their line numbers."""
    return {
        "game": deck.game,
        "title": deck.title,
        "name": deck.name,
        "legal": deck.legal,
        "size": deck.size,
        "summary": deck.summary,
        "lines": [
            {
                "count": line.count,
                "serial": line.serial,
                "name": line.label,
                "line": line.line,
                **({"section": line.section} if line.section else {}),
                "facets": dict(line.facets),
            }
            for line in deck.lines
        ],
        "breakdown": [
            {"facet": f.name, "counts": [{"value": t.value, "count": t.count} for t in f.tallies]}
            for f in breakdown(deck)
        ],
        "problems": [p.to_dict() for p in deck.problems],
    }


@dataclass(frozen=True)
class Row:
    """One line of the compact list."""

    count: int
    serial: str
    label: str
    line: int | None
    facets: tuple[str, ...]
    problem: bool


@dataclass(frozen=True)
class Section:
    """The rows of one part of the deck (a game without parts has one, named "")."""

    name: str
    rows: tuple[Row, ...]

    @property
    def size(self) -> int:
        return sum(r.count for r in self.rows)


MEANT_LINES = 5  # bad-serial lines of a deck given a "did you mean" (each costs up to suggest.MAX_LOOKUPS lookups)
MEANT_CARDS = 3  # cards listed for each


def did_you_mean(deck: CheckedDeck, text: str) -> dict[int, list[Any]]:
    """The real cards one typing mistake away from the serial of each line whose serial names no
    card (bad-serial, or a game's bad-card), by line number: the first few such lines only. The
    serial is read from the line as typed (after its count), one to three words of it."""
    lines = text.splitlines()
    out: dict[int, list[Any]] = {}
    for problem in deck.problems:
        if len(out) >= MEANT_LINES:
            break
        if problem.code not in ("bad-serial", "bad-card") or problem.line is None or not 1 <= problem.line <= len(lines):
            continue
        found = _meant(lines[problem.line - 1])
        if found:
            out[problem.line] = found
    return out


def _meant(line: str) -> list[Any]:
    """The real cards one typing mistake away from the serial a deck line holds (after its count),
    read as one to three words of it: 'AT67-CGWX-01T', or 'AT67 CGWX 01T' written in groups."""
    from cardgen import decks
    from cardgen.web.suggest import suggest

    _, rest, _ = decks.split_count(decks.strip_comment(line))
    words = rest.split()
    for n in range(1, min(3, len(words)) + 1):
        found = suggest(" ".join(words[:n]), MEANT_CARDS)
        if found:
            return found
    return []


def guess_game(text: str, games: set[str]) -> str | None:
    """The game (one of `games`, by name) of the cards a deck's mistyped serials probably meant,
    for a deck none of whose serials looks up: the first of its first MEANT_LINES card lines that
    is one typing mistake from a card of such a game decides (None when none is)."""
    from cardgen import decks

    tried = 0
    for line in text.splitlines()[:1000]:
        if tried >= MEANT_LINES:
            break
        if not decks.strip_comment(line) or decks.NAME.match(line.strip()):
            continue
        tried += 1
        for result in _meant(line):
            if result.game in games:
                return str(result.game)
    return None


def page_values(deck: CheckedDeck, text: str = "") -> dict[str, Any]:
    """What deck.html.j2 shows of a checked deck besides the deck itself: its list by section,
    the breakdown, which problem lines have a row to link to, and the cards a mistyped serial's
    line probably meant (`text`: the deck as sent)."""
    problem_lines = {p.line for p in deck.problems if p.line is not None}
    sections: dict[str, list[Row]] = {}
    for line in deck.lines:
        row = Row(line.count, line.serial, line.label, line.line, tuple(_shown_facets(line.label, line.facets)),
                  line.line in problem_lines)  # fmt: skip
        sections.setdefault(line.section, []).append(row)
    listed = {line.line for line in deck.lines if line.line is not None}
    return {
        "sections": [Section(name, tuple(rows)) for name, rows in sections.items()],
        "facets": breakdown(deck),
        "problem_lines": problem_lines,
        "listed_lines": listed,
        "unique": len({line.serial for line in deck.lines}),
        "meant": did_you_mean(deck, text) if text else {},
    }


def choices(games: list[tuple[str, str, WebGame]], chosen: str) -> dict[str, Any]:
    """The deck form's games ((name, title, hooks), by name) and the chosen one's example; `chosen`
    not among them chooses none (the form then shows the line format, not a game's example)."""
    listed = [{"name": name, "title": title, "example": hooks.deck_example, "help": hooks.deck_help} for name, title, hooks in games]
    current = next((g for g in listed if g["name"] == chosen), None)
    return {
        "deck_games": listed,
        "chosen": current["name"] if current else "",
        "chosen_title": current["title"] if current else "",
        "rules": current["help"].split("\n\n", 1)[0] if current else "",
        "format": current["help"].split("\n\n", 1)[-1] if current else "",
        "placeholder": current["example"] if current else "[COUNT] SERIAL [any text], one card per line",
    }
