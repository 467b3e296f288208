"""A game's kit: everything the shared commands, pages and checks need from one game, in one place.

A game subclasses `Kit` (and `DeckKit` when it has decks) in ``cardgen/<game>/kit.py`` and
names an instance ``KIT``; its plugin.py points at it (``GameEntry(kit="cardgen.<game>.kit:KIT")``).
From the kit alone the shared command layer (cardgen.cli.kit) builds
``cardgen <game> generate | lookup | print | png | board | deck build | check | show | print | export``,
the web server draws the game's cards and reads its decks, and `cardgen lookup` finds its serials.
A hook a game leaves out is a command it does not get: a game without a generator (`generated =
False`) gets no generate/png and prints what `fixed_cards` gives; a game without decks
(`deck = None`) gets no deck group; a game without `board` gets no board command
(`kit_commands` says which commands a kit asks for, and the command layer offers those).

A kit checks itself: a name in a subclass that is no hook is refused as the class is defined,
naming the nearest hook (`check_hooks`); the game's name and title are its plugin.py's only;
when the registry loads the kit, each command it asks for must find its hooks (`check_kit`), and a
hook left out says what it must return (`missing_hook`).

Everything here is about cards and files; the rules engine is the registry's (GameEntry.engine).
Methods take the group's context object (`obj`, what `context()` made from `group_options`:
Gyon-RG's --tables) so a game whose tables can be swapped reads the ones asked for.
"""

from __future__ import annotations

import difflib
import importlib
import inspect
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from cardgen.decks import Problem
from cardgen.errors import CardgenError
from cardgen.games import GameEntry, LookupResult

if TYPE_CHECKING:
    from cardgen.print.face import Face
    from cardgen.print.sizes import Size

C = TypeVar("C")
D = TypeVar("D")
Option = Callable[[Callable[..., Any]], Callable[..., Any]]  # a click.option(...) decorator


@dataclass(frozen=True)
class Selection:
    """Cards chosen to print: `count` cards (drawn one at a time: a pool streams from the generator
    into the PDF), a title for the PDF, a line for the user (or ""), the PDF's default file name
    in output/ (or "": the shared command names it)."""

    cards: Iterable[Any]
    count: int
    title: str
    note: str = ""
    file: str = ""


@dataclass(frozen=True)
class Built:
    """A deck a builder made, and the summary that says how (its first line names the deck)."""

    deck: Any
    summary: str


@dataclass(frozen=True)
class DeckLine:
    """One readable line of a deck, for people and pages: `count` copies of `serial` (`label`: its name),
    its card's `facets` (DeckKit.facets, as pairs) and the part of the deck it is in (`section`, or "")."""

    count: int
    serial: str
    label: str
    line: int | None
    facets: tuple[tuple[str, str], ...] = ()
    section: str = ""


class DeckKit(Generic[D]):
    """A game's decks: reading an entry, legality, building; the shared commands do the rest.

    Files, counts, names, comments, JSON entries and problems are the shared reader's
    (cardgen.decks); a game's deck module says how an entry names a card, what is legal,
    and how a deck is built."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        check_hooks(cls, DeckKit)

    #: the `deck` group's help: the rules in a line and an example file
    help: str = ""
    #: a short example deck file (the web's /deck page shows it)
    example: str = ""
    #: click options of `deck check` (and `play`'s deck rules), passed to `check` by name
    check_options: Sequence[Option] = ()
    #: click options of `deck build`, passed to `build` by name
    build_options: Sequence[Option] = ()
    #: the `deck build` help text
    build_help: str = "Build a legal deck and say why each choice was made."

    def read(self, path: Path, obj: Any = None) -> D:
        """A deck file (DeckError only when the file cannot be read at all; bad lines are problems)."""
        raise missing_hook(self, "read")

    def parse(self, text: str, source: str, obj: Any = None) -> D:
        """A deck's text (the web reads uploads with it)."""
        raise missing_hook(self, "parse")

    def check(self, deck: D, **options: Any) -> list[Problem]:
        """Every problem of the deck under the rules `check_options` set (the defaults: the game's)."""
        raise missing_hook(self, "check")

    def legal_line(self, deck: D) -> str:
        """What `deck check` says of a legal deck: 'legal: 54 cards, 3 Drones (Void rush)'."""
        raise missing_hook(self, "legal_line")

    def check_json(self, deck: D, problems: list[Problem], **options: Any) -> dict[str, Any]:
        """`deck check --json`: {"legal": bool, "problems": [Problem.to_dict()], ...the deck's own counts}."""
        raise missing_hook(self, "check_json")

    def text(self, deck: D) -> str:
        """The deck in the canonical text format (read back by `parse`)."""
        raise missing_hook(self, "text")

    def json(self, deck: D, full: bool = False) -> str:
        """The deck as JSON (read back by `parse`); `full` adds every field of every card."""
        raise missing_hook(self, "json")

    def cards(self, deck: D) -> list[Any]:
        """The cards to print, each copy once, in the order a player sorts them (by default a
        cardgen.decks.Deck's cards)."""
        return list(getattr(deck, "cards"))  # noqa: B009

    def lines(self, deck: D) -> list[DeckLine]:
        """The deck's readable lines, for pages (by default a cardgen.decks.Deck's entries of cards
        with a serial and a name), each with its card's facets."""
        return [DeckLine(e.count, e.card.serial, e.card.name, e.line, tuple(self.facets(e.card).items()))
                for e in getattr(deck, "entries")]  # noqa: B009  # fmt: skip

    def facets(self, card: Any) -> dict[str, str]:
        """A card's few short facts a player sorts a deck by, in the order shown ({"element": "Void",
        "cost": "2 AP"}, by default none): the /deck page lists them after the name and counts the
        deck by each (a facet whose values all hold a number is ordered by it, as a curve)."""
        return {}

    def copy_kind(self, card: Any) -> Hashable | None:
        """What of a card `check` (under the game's own rules) limits its copies by: the facts its
        rules read when the card is alone in a deck, so cards of equal kinds are allowed as many
        copies (Gyon-RG: is it a Drone). The web's card page asks the checker once per kind rather
        than once per card. None (the default): the checker is asked for each card."""
        return None

    def summary(self, deck: D) -> str:
        """A line for pages: what the deck holds and what a legal deck is."""
        return ""

    def name(self, deck: D) -> str | None:
        return getattr(deck, "name", None)

    def build(self, seed: Any, collection: Path | None, name: str | None, obj: Any = None, **options: Any) -> Built:
        """A legal deck from the seed's cards, or from the collection file when given."""
        raise missing_hook(self, "build")


class Kit(Generic[C]):
    """What the shared commands need from one game. Subclass it in cardgen/<game>/kit.py.

    The game's name and title are its plugin.py's (GameEntry), written there only: the registry
    binds the kit to its entry when it loads it (`bind`), and a kit used on its own reads the
    plugin.py beside its module. A subclass is checked as it is defined (`check_hooks`): a name
    that is no hook is refused with the nearest hook; `check_kit` checks the hooks each command
    it asks for needs (GameEntry.load_kit runs it)."""

    _entry: GameEntry | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        check_hooks(cls, Kit)

    def bind(self, entry: GameEntry) -> None:
        """Make `entry` (the game's plugin.py) the kit's name and title, and check the kit (`check_kit`)."""
        if self._entry is not None and self._entry.name != entry.name:
            raise KitError(f"{entry.title}: its kit {type(self).__name__} is already the kit of {self._entry.title}")
        self._entry = entry
        check_kit(self)

    @property
    def entry(self) -> GameEntry:
        """The game's GameEntry: the one the registry bound, else the plugin.py beside the kit."""
        if self._entry is None:
            plugin = type(self).__module__.rpartition(".")[0] + ".plugin"
            try:
                found = getattr(importlib.import_module(plugin), "ENTRY", None)
            except ImportError:
                found = None
            if not isinstance(found, GameEntry):
                raise KitError(f"{type(self).__name__}: no game entry: load the kit with GameEntry.load_kit() "
                               f"or define ENTRY = GameEntry(...) in {plugin}")  # fmt: skip
            self._entry = found
        return self._entry

    @property
    def name(self) -> str:
        """The game's registry name (its plugin.py's GameEntry.name)."""
        return self.entry.name

    @property
    def title(self) -> str:
        """The game's name for people (its plugin.py's GameEntry.title)."""
        return self.entry.title

    #: the game's command group help (first line: what the game is)
    help: str = ""
    #: cards come from a seeded generator (generate, png, print --seed); False: a fixed family
    generated: bool = True
    #: a serial as a person writes it, for messages and help
    serial_example: str = ""
    #: the trim size cards are drawn at on pages and by default
    card_size_name: str = "poker"
    #: cards per print / png run by default
    print_count: int = 54
    #: the columns of `generate --format csv` (empty: no csv)
    csv_fields: Sequence[str] = ()
    #: between two cards of `generate`'s text
    summary_separator: str = ""
    #: how `generate`'s JSON and CSV rows split into parts a card shares with others
    #: (cardgen.cardlines.Parts), so a million cards are written at the generator's speed; None: none
    text_parts: Any = None
    #: the decks, or None
    deck: DeckKit[Any] | None = None
    #: options of the game's group (Gyon-RG's --tables), read by `context`
    group_options: Sequence[Option] = ()
    #: the `board` command's own options (besides --paper and --output), or () with no board
    board_options: Sequence[Option] = ()
    #: the `print` command's help
    print_help: str = ""
    #: "module:attribute" of the game's cardgen.design.model.GameDesign: `cardgen <game> design` ("" for none)
    design: str = ""

    # ----- the group ---------------------------------------------------------

    def context(self, **group_options: Any) -> Any:
        """The object every command of the group receives as `obj` (from `group_options`' values)."""
        return None

    def commands(self) -> Sequence[Any]:
        """The game's own click commands (those no other game has), added to its group."""
        return ()

    # ----- cards -------------------------------------------------------------

    def generate(self, seed: Any, count: int, start: int, obj: Any = None) -> Iterable[C]:
        """Cards start .. start+count-1 of the seed, one at a time."""
        raise missing_hook(self, "generate")

    def edition(self, obj: Any = None) -> str:
        """The letter of the table edition in use."""
        return ""

    def decode(self, serial: str, obj: Any = None) -> C:
        """The card of a serial (SerialError when it is not one)."""
        raise missing_hook(self, "decode")

    def serial(self, card: C) -> str:
        """The card's serial (by default its `serial` attribute)."""
        return str(getattr(card, "serial"))  # noqa: B009  (cards of every game carry it)

    def summary(self, card: C) -> str:
        """One card in a line or a few (generate's text)."""
        raise missing_hook(self, "summary")

    def csv_row(self, card: C) -> dict[str, Any]:
        """One card as a row of `generate --format csv`: a value for each of `csv_fields`."""
        raise missing_hook(self, "csv_row")

    def sheet(self, card: C) -> str:
        """Everything about one card, as text (lookup)."""
        raise missing_hook(self, "sheet")

    def card_dict(self, card: C) -> dict[str, Any]:
        """Everything about one card, as JSON values."""
        to_dict: Callable[[], dict[str, Any]] = getattr(card, "to_dict")  # noqa: B009
        return to_dict()

    def face(self, lookup_base: str | None) -> Face[Any]:
        """The print Face that draws the game's cards, QR codes under `lookup_base`."""
        raise missing_hook(self, "face")

    def page_facts(self, card: C) -> list[tuple[str, str]]:
        """What a player reads on the card's web page, in the game's own words, as (label, text)
        rows: its kind, numbers, costs and text; not its name, serial, stars, odds or edition (the
        page shows those once). By default the card's plain JSON values with readable labels."""
        return data_facts(self.card_dict(card))

    def rarity_note(self, card: C) -> str:
        """The card's stars and odds explained to a player in a sentence or two ("" when its game
        has neither). By default read from the card's JSON `stars` and `odds`."""
        return data_rarity(self.card_dict(card))

    def notation_serial(self, text: str) -> str | None:
        """The serial of the card `text` names in the notation printed on the game's cards (Gin-jon-tan:
        'Sun-7-blue'), None when it is not written so; SerialError when it is, but names no card.
        cardgen.lookup tries it where the text is no serial. None by default: serials only."""
        return None

    def anatomy_subjects(self, every: bool = False) -> list[Any]:
        """The sample cards (or board pieces) the rulebook's anatomy picture explains, each a
        cardgen.print.anatomy.Subject; with `every`, more of them for the test that every element
        the face marks is explained. None by default: the rulebook shows no picture."""
        return []

    @property
    def card_size(self) -> Size:
        from cardgen.print.sizes import CARD_SIZES

        return CARD_SIZES[self.card_size_name]

    def lookup(self, serial: str, obj: Any = None) -> LookupResult:
        """A card found by its serial, for `cardgen lookup` and the web."""
        card = self.decode(serial, obj)
        return LookupResult(self.name, self.title, self.serial(card), self.sheet(card), self.card_dict(card))

    # ----- print -------------------------------------------------------------

    def seed_deck(self, seed: Any, start: int, obj: Any = None) -> Selection | None:
        """A legal deck made from the seed, printed when `print` is given no --count (None: the game
        prints the seed's cards as they come)."""
        return None

    def pool(self, seed: Any, count: int, start: int, obj: Any = None) -> Selection:
        """The seed's cards as they come, to print."""
        return Selection(self.generate(seed, count, start, obj), count, f"{self.title} cards, seed {seed}")

    def fixed_cards(self, **options: Any) -> Selection:
        """What `print` prints for a game without a generator: a Selection of the cards."""
        raise missing_hook(self, "fixed_cards")

    #: the `print` options of a game without a generator, passed to `fixed_cards`
    fixed_print_options: Sequence[Option] = ()

    def check_export(self, obj: Any = None) -> None:
        """Refuse a static export the pages could not show as asked (click.UsageError); by default none."""

    # ----- board -------------------------------------------------------------

    def board(self, output: Path, paper: str, **options: Any) -> str:
        """Write the print-and-play board PDF; the line that says what was written."""
        raise missing_hook(self, "board")

    def board_file(self, **options: Any) -> str:
        """The board PDF's default file name."""
        return f"{self.name}-board.pdf"

    def board_text(self, **options: Any) -> str | None:
        """The board as text (`board --text`), or None when the game has no text form."""
        return None

    # ----- kit ---------------------------------------------------------------

    #: the `kit` command's own options (a board's size, lanes...), passed to `kit_parts` by name
    kit_options: Sequence[Option] = ()
    #: the decks `kit` prints without --decks (the engine's default decks: 'seed:X' or files)
    kit_decks: Sequence[str] = ()
    #: how many decks a table takes (fewest, most)
    kit_deck_count: tuple[int, int] = (2, 2)

    def kit_parts(self, paper: Size, decks: Sequence[Any], obj: Any = None, **options: Any) -> Sequence[Any]:
        """What a table needs besides the decks, for `cardgen <game> kit`: cardgen.print.kit's Drawings
        (boards, mats, trackers at true size), Pieces (tokens to cut out) and the Reference page.
        `decks` are the decks the kit prints (a game may make a token per card)."""
        raise missing_hook(self, "kit_parts")



# ----- a kit checks itself -------------------------------------------------------------------


class KitError(CardgenError):
    """A game's kit is not what the shared commands need: a misspelled or missing hook."""


class MissingHook(KitError, NotImplementedError):
    """A hook the kit left out was called (a NotImplementedError too: a caller that can do without
    the hook, as `deck tts` without `summary`, catches it)."""


#: the hooks each DeckKit must define (the others have defaults)
DECK_HOOKS = ("read", "parse", "check", "legal_line", "check_json", "text", "json", "build")


def overrides(kit: Any, hook: str, base: type | None = None) -> bool:
    """Does the kit define `hook` itself (rather than inherit the base class's placeholder)?"""
    base = base or (DeckKit if isinstance(kit, DeckKit) else Kit)
    return getattr(type(kit), hook) is not getattr(base, hook)


def hook_text(base: type, hook: str) -> str:
    """'sheet(card) -> str: everything about one card, as text (lookup)': a hook's call and what it returns."""
    fn = getattr(base, hook)
    sig = inspect.signature(fn)
    params = ", ".join(str(p).split(":")[0] for n, p in sig.parameters.items() if n != "self")
    doc = (inspect.getdoc(fn) or "").split("\n\n")[0].replace("\n", " ")
    returns = sig.return_annotation if isinstance(sig.return_annotation, str) else getattr(sig.return_annotation, "__name__", "")
    return f"{hook}({params}) -> {returns}" + (f": {doc[0].lower() + doc[1:]}" if doc else "")


def missing_hook(owner: Any, hook: str, needed_by: str = "") -> MissingHook:
    """The error of a hook a kit left out: which one, what it must return, and what needs it."""
    base = DeckKit if isinstance(owner, DeckKit) else Kit
    who = type(owner).__name__
    need = f" (`{needed_by}` needs it)" if needed_by else ""
    return MissingHook(f"{who} in {type(owner).__module__} has no hook {hook}{need}: define {hook_text(base, hook)}")


def check_hooks(cls: type, base: type) -> None:
    """Refuse a kit class that defines a public name its base has no hook for (a misspelling:
    `seed_decks` for `seed_deck`), naming the nearest hook; or that writes the game's name or
    title, which its plugin.py's GameEntry holds."""
    hooks = sorted(n for n in dir(base) if not n.startswith("_"))
    for name in cls.__dict__:
        if name.startswith("_"):
            continue
        if base is Kit and name in ("name", "title"):
            raise KitError(f"{cls.__qualname__} in {cls.__module__} writes the game's {name}: write it once, in the "
                           "game's plugin.py (GameEntry(name=..., title=...)); the kit reads it from there")  # fmt: skip
        if name not in hooks:
            near = difflib.get_close_matches(name, hooks, n=1, cutoff=0.6)
            hint = f"did you mean {near[0]!r}? " if near else ""
            raise KitError(f"{cls.__qualname__} in {cls.__module__}: {name!r} is no {base.__name__} hook: {hint}"
                           f"(a helper of the game's own starts with '_'; the hooks: docs/adding-a-game.md)")  # fmt: skip


def kit_commands(kit: Kit[Any]) -> dict[str, tuple[str, ...]]:
    """The shared commands a kit asks for, each with the Kit hooks it calls (the deck group's
    DeckKit hooks are DECK_HOOKS). The command layer offers exactly these; `check_kit` holds
    the kit to their hooks."""
    out: dict[str, tuple[str, ...]] = {}
    if kit.generated:
        out["generate"] = ("generate", "summary") + (("csv_row",) if kit.csv_fields else ())
        out["print"] = ("generate", "face")
        out["png"] = ("generate", "face")
    elif overrides(kit, "fixed_cards"):
        out["print"] = ("fixed_cards", "face")
    if overrides(kit, "decode"):
        out["lookup"] = ("decode", "sheet")
    if kit.board_options or overrides(kit, "board"):
        out["board"] = ("board",)
    if kit.kit_options or overrides(kit, "kit_parts"):
        out["kit"] = ("kit_parts",) + (("face",) if kit.deck is not None else ())
    if kit.deck is not None:
        out["deck"] = ("face",)
    if kit.generated and kit.deck is not None:
        out["run"] = ("generate", "face", "decode")  # and the deck builder (DECK_HOOKS)
    if kit.design:
        out["design"] = ()  # the report reads the module `design` names, no hook
    return out


def check_kit(kit: Kit[Any]) -> None:
    """KitError naming the first hook a command the kit asks for calls and the kit lacks, and
    what that hook must return."""
    for command, hooks in kit_commands(kit).items():
        for hook in hooks:
            if not overrides(kit, hook):
                raise missing_hook(kit, hook, f"{kit.name} {command}")
    if kit.deck is not None:
        for hook in DECK_HOOKS:
            if not overrides(kit.deck, hook):
                raise missing_hook(kit.deck, hook, f"{kit.name} deck")


# ----- what a card's web page says (defaults and shared wording) ---------------------------

#: JSON keys the page shows apart (the name, serial and statistics), never among the facts
PAGE_SKIPPED = frozenset({"serial", "name", "edition", "stars", "odds", "probability", "probability_float",
                          "percentile", "rarity"})  # fmt: skip


def data_facts(data: dict[str, Any]) -> list[tuple[str, str]]:
    """A card's plain JSON values (words, numbers, lists of words) as (label, text) rows, for a game
    that says nothing of its own: nested objects and statistics are left to the full list."""
    rows = []
    for key, value in data.items():
        if key in PAGE_SKIPPED or isinstance(value, dict):
            continue
        if isinstance(value, bool):
            text = "yes" if value else "no"
        elif isinstance(value, (str, int, float)):
            text = str(value)
        elif isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
            text = ", ".join(value) or "none"
        else:
            continue
        rows.append((key.replace("_", " ").capitalize(), text))
    return rows


def data_rarity(data: dict[str, Any]) -> str:
    """'2 of 5 stars; 1 in 4,898 pulls draws this card.' from a card's JSON, or "" without stars."""
    stars, odds = data.get("stars"), data.get("odds")
    parts = []
    if isinstance(stars, int) and not isinstance(stars, bool):
        parts.append(f"{stars} of 5 stars")
    if isinstance(odds, str) and odds.startswith("1 in "):
        parts.append(f"{odds} pulls draws this card")
    return "; ".join(parts) + "." if parts else ""


def short_number(n: int) -> str:
    """'4,898', '1.09 trillion', '87.3 trillion', '1,234 trillion': a count in at most three
    figures and a word, as a printed card gives its odds (the print faces and the web page use
    this one function, so the card and its page agree)."""
    for size, word in ((10**12, "trillion"), (10**9, "billion"), (10**6, "million")):
        if n >= size:
            value = n / size
            return f"{value:.3g} {word}" if value < 999.5 else f"{round(value):,} {word}"
    return f"{n:,}"


def odds_words(n: int) -> str:
    """'1 in 4,898', '1 in 1.09 trillion': odds a player reads at a glance, as the card prints them."""
    return f"1 in {short_number(n)}"


def _share(part: float) -> str:
    return "half" if abs(part - 0.5) < 1e-9 else f"{part * 100:.3g} %"


def explain_stars(stars: int, cuts: Sequence[float], odds: int, every_card_rare: bool = False) -> str:
    """Stars cut by the share of pulls (`cuts`: the cumulative shares where 1 star ends, 2 stars
    ends..., e.g. 0.5, 0.8, 0.95, 0.99), explained to a player in the words the tables use.
    `every_card_rare`: the card space is so large that any exact card is astronomically rare,
    so the odds of this card and its stars are told apart."""
    bounds = [0.0, *cuts, 1.0]
    band = bounds[stars] - bounds[stars - 1]
    top = len(bounds) - 1
    parts = [f"1-star cards make up {_share(bounds[1])} of all pulls"]
    if stars == 1:
        parts[0] = f"1-star cards like this one make up {_share(bounds[1])} of all pulls"
    elif stars < top:
        parts.append(f"{stars}-star cards like this one {_share(band)}")
    parts.append(f"{top}-star cards {'like this one ' if stars == top else ''}only the rarest {_share(bounds[top] - bounds[top - 1])}")
    scale = ", ".join(parts[:-1]) + " and " + parts[-1] + "."
    if every_card_rare:
        return (f"{stars} of {top} stars. Every exact card is rare ({odds_words(odds)} pulls draws this one); "
                f"stars say how rare its kind is: {scale}")  # fmt: skip
    return f"{stars} of {top} stars: {odds_words(odds)} pulls draws this card. Stars say how rare it is: {scale}"
