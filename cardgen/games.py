"""Which games cardgen knows. Games register themselves; nothing here names one.

A game is a package ``cardgen/<game>/`` with a ``plugin.py`` that defines
``ENTRY = GameEntry(...)``: its name, title, rules engine, command-line group,
the leading characters of its serials and its card lookup. Games outside this
package register the same ``GameEntry`` under the ``cardgen.games`` entry-point
group. Adding a game therefore touches no shared file: the engine registry, the
`cardgen` command and `cardgen lookup` all read this registry.

Serials: every serial's first character says which game (and which edition of
that game's tables) it belongs to. Each game owns a disjoint set of leading
characters; the registry refuses a game that claims a character another game
already owns (docs/serials.md has the allocation).
"""

from __future__ import annotations

import importlib
import importlib.metadata
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgen import serial as serialcodec
from cardgen.errors import CardgenError, SerialError

ENTRY_POINT_GROUP = "cardgen.games"


@dataclass(frozen=True)
class LookupResult:
    """One card found by its serial: which game, the canonical serial, a text sheet and a JSON-able dict."""

    game: str
    title: str
    serial: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "title": self.title, "serial": self.serial, "card": self.data}


@dataclass(frozen=True)
class GameEntry:
    """How cardgen finds one game.

    name             registry name: `cardgen NAME ...`, `cardgen play NAME`, load_game(NAME)
    title            the game's name for people ("Gyon-RG")
    engine           "module:attribute" of its Game class (or None: no rules engine yet)
    kit              "module:attribute" of its cardgen.kit.Kit: cards, decks, print, board, its own
                     commands; the shared command layer builds `cardgen NAME ...` from it
    cli              "module:attribute" of a click group of its own (a game without a kit)
    serial_prefixes  the leading serial characters it owns, one per edition ("" for a game without cards)
    lookup           "module:attribute" of a function serial -> LookupResult (default: the kit's lookup)
    """

    name: str
    title: str
    engine: str | None = None
    kit: str | None = None
    cli: str | None = None
    serial_prefixes: str = ""
    lookup: str | None = None

    def load_engine(self) -> Callable[..., Any]:
        if self.engine is None:
            raise CardgenError(f"{self.title} has no rules engine yet")
        return resolve(self.engine)

    def load_kit(self) -> Any:
        """The game's cardgen.kit.Kit, bound to this entry and checked (CardgenError when it has none;
        cardgen.kit.KitError when a command it asks for lacks a hook)."""
        if self.kit is None:
            raise CardgenError(f"{self.title} has no kit")
        kit = resolve(self.kit)
        bind = getattr(kit, "bind", None)
        if bind is None:
            raise CardgenError(f"{self.title}: {self.kit} is not a cardgen.kit.Kit")
        bind(self)  # the kit's name and title are this entry's; KitError when a hook it needs is missing
        return kit

    def lookup_serial(self, serial: str) -> LookupResult:
        if self.lookup is not None:
            found: LookupResult = resolve(self.lookup)(serial)
            return found
        if self.kit is not None and self.serial_prefixes:
            kit_found: LookupResult = self.load_kit().lookup(serial)
            return kit_found
        raise CardgenError(f"{self.title} cards cannot be looked up")

    def prefix_text(self) -> str:
        """The prefixes for people: 'A-H' for a run of the alphabet, else 'J, K, M'."""
        return describe_prefixes(self.serial_prefixes)


def describe_prefixes(prefixes: str) -> str:
    alphabet = serialcodec.ALPHABET
    idx = sorted(alphabet.index(c) for c in prefixes)
    if len(idx) > 2 and idx == list(range(idx[0], idx[-1] + 1)):
        return f"{alphabet[idx[0]]}-{alphabet[idx[-1]]}"
    return ", ".join(alphabet[i] for i in idx)


def resolve(target: str) -> Any:
    """The object a "module:attribute" string names (imported on demand)."""
    module, _, attr = target.partition(":")
    obj: Any = importlib.import_module(module)
    for part in attr.split(".") if attr else ():
        obj = getattr(obj, part)
    return obj


class Registry:
    """Game entries by name and by serial prefix, checked as they are added."""

    def __init__(self) -> None:
        self._by_name: dict[str, GameEntry] = {}
        self._by_prefix: dict[str, GameEntry] = {}

    def add(self, entry: GameEntry) -> None:
        name = entry.name
        if not name or name != name.strip().lower() or " " in name:
            raise CardgenError(f"game name {name!r}: use lower-case letters, digits and '-'")
        if name in self._by_name:
            if self._by_name[name] == entry:
                return
            raise CardgenError(f"two games are called {name!r}")
        for ch in entry.serial_prefixes:
            if ch not in serialcodec.ALPHABET:
                raise CardgenError(
                    f"{entry.title}: serial prefix {ch!r} is not a serial character (0-9, A-Z without I L O U)"
                )
            owner = self._by_prefix.get(ch)
            if owner is not None:
                raise CardgenError(
                    f"{entry.title} claims serial prefix {ch!r}, which belongs to {owner.title}: "
                    "each game needs its own leading characters (see docs/serials.md)"
                )
        if len(set(entry.serial_prefixes)) != len(entry.serial_prefixes):
            raise CardgenError(f"{entry.title}: serial prefixes {entry.serial_prefixes!r} repeat a character")
        self._by_name[name] = entry
        for ch in entry.serial_prefixes:
            self._by_prefix[ch] = entry

    def remove(self, name: str) -> None:
        entry = self._by_name.pop(name, None)
        if entry is not None:
            for ch in entry.serial_prefixes:
                self._by_prefix.pop(ch, None)

    def names(self) -> list[str]:
        return sorted(self._by_name)

    def entries(self) -> list[GameEntry]:
        return [self._by_name[n] for n in self.names()]

    def get(self, name: str) -> GameEntry | None:
        return self._by_name.get(name)

    def owner_of(self, prefix: str) -> GameEntry | None:
        """The game whose serials start with `prefix` (one canonical serial character)."""
        return self._by_prefix.get(prefix)


def _builtin_entries() -> list[GameEntry]:
    """ENTRY of every cardgen/<package>/plugin.py, found without importing other packages."""
    root = Path(__file__).resolve().parent
    found = []
    for info in sorted(pkgutil.iter_modules([str(root)]), key=lambda i: i.name):
        if not info.ispkg:
            continue
        if any(m.name == "plugin" for m in pkgutil.iter_modules([str(root / info.name)])):
            module = importlib.import_module(f"cardgen.{info.name}.plugin")
            entry = getattr(module, "ENTRY", None)
            if not isinstance(entry, GameEntry):
                raise CardgenError(f"cardgen/{info.name}/plugin.py defines no ENTRY = GameEntry(...)")
            found.append(entry)
    return found


def _plugin_entries() -> list[GameEntry]:
    """Games of other installed packages (entry-point group cardgen.games)."""
    out = []
    for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        entry = ep.load()
        if not isinstance(entry, GameEntry):
            raise CardgenError(f"entry point {ep.name!r} in {ENTRY_POINT_GROUP} is not a cardgen.games.GameEntry")
        out.append(entry)
    return out


_REGISTRY: Registry | None = None


def registry() -> Registry:
    """The registry of every game: built in, then installed plug-ins (built once per process)."""
    global _REGISTRY
    if _REGISTRY is None:
        reg = Registry()
        for entry in _builtin_entries() + _plugin_entries():
            reg.add(entry)
        _REGISTRY = reg
    return _REGISTRY


def game(name: str) -> GameEntry:
    """The entry of a game by name; CardgenError lists the known ones."""
    entry = registry().get(name)
    if entry is None:
        raise CardgenError(f"unknown game: {name!r} (known games: {', '.join(registry().names())})")
    return entry


def owner_of_serial(canon: str, typed: str | None = None) -> GameEntry:
    """The game a canonical serial (normalised, no separators) belongs to, by its first character.

    `typed` is the serial as the user gave it, for the error message."""
    reg = registry()
    entry = reg.owner_of(canon[:1])
    if entry is None:
        used = "; ".join(f"{e.title} serials start with {e.prefix_text()}" for e in reg.entries() if e.serial_prefixes)
        raise SerialError(f"serial {(typed or canon).strip()!r} starts with {canon[:1]!r}, which no game uses ({used})")
    return entry


def card_number(typed: str, name: str, letter: str, length: int, count: int) -> int:
    """The card number a serial names in edition `letter` of the game `name` (serials of `length`
    characters after the letter, before the check character; `count` cards). SerialError says
    what is wrong: a mistyped character, another game's serial, an unknown edition, the wrong
    length, a number past the last card."""
    raw = typed.strip()
    canon, values = serialcodec.split(raw)
    first = canon[0]
    entry = game(name)
    if not serialcodec.check_ok(values):
        if first == letter and len(canon) != length + 2:
            raise SerialError(f"serial {raw!r} has {len(canon)} characters; edition {letter} serials have "
                              f"{length + 2} (like {serialcodec.encode(letter, 0, length)!r})")  # fmt: skip
        raise SerialError(f"serial {raw!r} fails its check character: a character is mistyped or two are swapped")
    if first != letter:
        owner = registry().owner_of(first)
        if owner is not None and owner.name != name:
            raise SerialError(f"serial {raw!r} is a {owner.title} card, not a {entry.title} card: "
                              f"{entry.title} serials start with {entry.prefix_text()}")  # fmt: skip
        raise SerialError(f"serial {raw!r} is of unknown {entry.title} edition {first!r}: the known edition is {letter}")
    if len(canon) != length + 2:
        raise SerialError(f"serial {raw!r} has {len(canon)} characters; edition {letter} serials have {length + 2}")
    number = serialcodec.number_of(values)
    if number >= count:
        raise SerialError(f"serial {raw!r} is out of range: edition {letter} has {count:,} cards")
    return number
