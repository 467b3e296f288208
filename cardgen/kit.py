"""A game's kit: everything the shared commands, pages and checks need from one game, in one place.

A game subclasses `Kit` (and `DeckKit` when it has decks) in ``cardgen/<game>/kit.py`` and
names an instance ``KIT``; its plugin.py points at it (``GameEntry(kit="cardgen.<game>.kit:KIT")``).
From the kit alone the shared command layer (cardgen.cli.kit) builds
``cardgen <game> generate | lookup | print | png | board | deck build | check | show | print | export``,
the web server draws the game's cards and reads its decks, and `cardgen lookup` finds its serials.
A hook a game leaves out is a command it does not get: a game without a generator (`generated =
False`) gets no generate/png and prints what `fixed_cards` gives; a game without decks
(`deck = None`) gets no deck group; a game without `board` gets no board command.

Everything here is about cards and files; the rules engine is the registry's (GameEntry.engine).
Methods take the group's context object (`obj`, what `context()` made from `group_options`:
Gyon-RG's --tables) so a game whose tables can be swapped reads the ones asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from cardgen.decks import Problem
from cardgen.errors import CardgenError
from cardgen.games import LookupResult

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
        raise NotImplementedError

    def parse(self, text: str, source: str, obj: Any = None) -> D:
        """A deck's text (the web reads uploads with it)."""
        raise NotImplementedError

    def check(self, deck: D, **options: Any) -> list[Problem]:
        """Every problem of the deck under the rules `check_options` set (the defaults: the game's)."""
        raise NotImplementedError

    def legal_line(self, deck: D) -> str:
        """What `deck check` says of a legal deck: 'legal: 54 cards, 3 Drones (Void rush)'."""
        raise NotImplementedError

    def check_json(self, deck: D, problems: list[Problem], **options: Any) -> dict[str, Any]:
        raise NotImplementedError

    def text(self, deck: D) -> str:
        """The deck in the canonical text format (read back by `parse`)."""
        raise NotImplementedError

    def json(self, deck: D, full: bool = False) -> str:
        """The deck as JSON (read back by `parse`); `full` adds every field of every card."""
        raise NotImplementedError

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

    def summary(self, deck: D) -> str:
        """A line for pages: what the deck holds and what a legal deck is."""
        return ""

    def name(self, deck: D) -> str | None:
        return getattr(deck, "name", None)

    def build(self, seed: Any, collection: Path | None, name: str | None, obj: Any = None, **options: Any) -> Built:
        """A legal deck from the seed's cards, or from the collection file when given."""
        raise NotImplementedError


class Kit(Generic[C]):
    """What the shared commands need from one game. Subclass it in cardgen/<game>/kit.py."""

    name: str = ""
    title: str = ""
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
    #: the decks, or None
    deck: DeckKit[Any] | None = None
    #: options of the game's group (Gyon-RG's --tables), read by `context`
    group_options: Sequence[Option] = ()
    #: the `board` command's own options (besides --paper and --output), or () with no board
    board_options: Sequence[Option] = ()
    #: the `print` command's help
    print_help: str = ""

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
        raise CardgenError(f"{self.title} has no card generator")

    def edition(self, obj: Any = None) -> str:
        """The letter of the table edition in use."""
        return ""

    def decode(self, serial: str, obj: Any = None) -> C:
        """The card of a serial (SerialError when it is not one)."""
        raise NotImplementedError

    def serial(self, card: C) -> str:
        return str(getattr(card, "serial"))  # noqa: B009  (cards of every game carry it)

    def summary(self, card: C) -> str:
        """One card in a line or a few (generate's text)."""
        raise NotImplementedError

    def csv_row(self, card: C) -> dict[str, Any]:
        raise NotImplementedError

    def sheet(self, card: C) -> str:
        """Everything about one card, as text (lookup)."""
        raise NotImplementedError

    def card_dict(self, card: C) -> dict[str, Any]:
        """Everything about one card, as JSON values."""
        to_dict: Callable[[], dict[str, Any]] = getattr(card, "to_dict")  # noqa: B009
        return to_dict()

    def face(self, lookup_base: str | None) -> Face[Any]:
        """The print Face that draws the game's cards, QR codes under `lookup_base`."""
        raise NotImplementedError

    def page_facts(self, card: C) -> list[tuple[str, str]]:
        """What a player reads on the card's web page, in the game's own words, as (label, text)
        rows: its kind, numbers, costs and text; not its name, serial, stars, odds or edition (the
        page shows those once). By default the card's plain JSON values with readable labels."""
        return data_facts(self.card_dict(card))

    def rarity_note(self, card: C) -> str:
        """The card's stars and odds explained to a player in a sentence or two ("" when its game
        has neither). By default read from the card's JSON `stars` and `odds`."""
        return data_rarity(self.card_dict(card))

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
        """What `print` prints for a game without a generator."""
        raise NotImplementedError

    #: the `print` options of a game without a generator, passed to `fixed_cards`
    fixed_print_options: Sequence[Option] = ()

    def check_export(self, obj: Any = None) -> None:
        """Refuse a static export the pages could not show as asked (click.UsageError); by default none."""

    # ----- board -------------------------------------------------------------

    def board(self, output: Path, paper: str, **options: Any) -> str:
        """Write the print-and-play board PDF; the line that says what was written."""
        raise NotImplementedError

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
        raise NotImplementedError



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
