"""Gog & Magog's kit (cardgen.kit): what the shared commands need from the game, in one place."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import click

from cardgen.cardlines import Parts
from cardgen.cli.types import CurveType, WholeNumber
from cardgen.decks import Problem, n_cards
from cardgen.errors import DeckError
from cardgen.kit import Built, DeckKit, Kit, Selection
from cardgen.print.face import Face

from . import deck as decks
from .cards import Card, current, decode, sheet
from .generator import generate


def _guilds(ctx: click.Context, param: click.Parameter, value: tuple[str, ...]) -> tuple[str, ...]:
    try:
        return decks.resolve_guilds(value, current()) or ()
    except DeckError as exc:
        raise click.BadParameter(str(exc)) from None


RULE_OPTIONS = (
    click.option("--deck-size", type=WholeNumber(5, 200), default=decks.DECK_SIZE, show_default=True, help="Cards in a legal deck (game option deck_size)."),
    click.option("--max-copies", type=WholeNumber(1, 200), default=decks.MAX_COPIES, show_default=True, help="Most copies of one card (game option max_copies)."),
    click.option("--max-resources", type=WholeNumber(0, 200), default=decks.MAX_RESOURCES, show_default=True, help="Most resource cards (game option max_resources)."),
)  # fmt: skip


def _rules(deck_size: int = decks.DECK_SIZE, max_copies: int = decks.MAX_COPIES,
           max_resources: int = decks.MAX_RESOURCES) -> decks.DeckRules:  # fmt: skip
    return decks.DeckRules(deck_size, max_copies, max_resources)


class GogmagogDecks(DeckKit[decks.Deck]):
    help = """Gog & Magog decks: 30 cards, at most 3 copies of a card and 6 resources, one card per line.

    \b
    A deck file, written by hand or by `deck build`:
      name: Ember rush
      # comments start with '#'
      3x P1AJ-Z   Storm Stalker     (COUNT SERIAL, then free text)
      https://cardgen.example/c/P1AJ-Z   (a QR code's URL works too)
    """
    example = "name: Ember rush\n3x P1AJ-Z\n1 P7G7 Y   free text after the serial is ignored\n"
    check_options = RULE_OPTIONS
    build_options = (
        click.option("--guild", "-g", "guilds", multiple=True, callback=_guilds, help="Only cards of this guild (repeat or comma-separate). Default: the two guilds with the most creatures."),
        click.option("--curve", type=CurveType(decks.parse_curve, decks.format_curve(decks.DEFAULT_CURVE)), help=f"Creature mana curve COST:WEIGHT,... (default {decks.format_curve(decks.DEFAULT_CURVE)}; the highest cost takes dearer cards)."),
        click.option("--spells", type=WholeNumber(0, 100), help=f"Spells in the deck (default {decks.DEFAULT_SPELLS})."),
        click.option("--resources", type=WholeNumber(0, 100), help=f"Resource cards (default {decks.DEFAULT_RESOURCES})."),
        click.option("--strategy", type=click.Choice(tuple(decks.STRATEGIES)), default=decks.DEFAULT_STRATEGY, show_default=True,
                     help="varied: no more than half the creatures share one ability; rush: instant attackers first, no cap."),
        *RULE_OPTIONS,
    )  # fmt: skip
    build_help = """Build a legal deck with a stated strategy and say why each choice was made.

    \b
    Strategy: a guild focus (guild cards combine their attacks in a War), a
    few resources (mana wells first), spells (attack tokens and drain first),
    creatures shaped by the mana --curve, each cost's best value first:
    (attack + defence) per mana, +1 for an ability. --strategy varied (the
    default) keeps any one ability to at most half the creatures; --strategy
    rush scores instant attack +1.5 and takes as many instant attackers as
    the pool gives. The same seed (or collection) and options always give
    the same deck.
    """

    def read(self, path: Path, obj: Any = None) -> decks.Deck:
        return decks.read_deck(path)

    def parse(self, text: str, source: str, obj: Any = None) -> decks.Deck:
        return decks.parse_deck(text, source)

    def check(self, deck: decks.Deck, **options: Any) -> list[Problem]:
        """Check a deck file: 30 cards, at most 3 copies of a card and 6 resources, every serial valid.

        Codes: bad-line, bad-count, bad-serial, deck-size, too-many-copies,
        too-many-resources, bad-json.
        """
        return decks.check_deck(deck, _rules(**options))

    def legal_line(self, deck: decks.Deck) -> str:
        kinds = ", ".join(f"{n} {decks.KIND_LABELS[k]}" for k, n in deck.kinds().items())
        return f"legal: {deck.size} cards ({kinds})" + (f" ({deck.name})" if deck.name else "")

    def check_json(self, deck: decks.Deck, problems: list[Problem], **options: Any) -> dict[str, Any]:
        return decks.check_to_json(deck, problems, _rules(**options))

    def text(self, deck: decks.Deck) -> str:
        return decks.format_deck(deck)

    def json(self, deck: decks.Deck, full: bool = False) -> str:
        return decks.format_deck_json(deck, full=full)

    def facets(self, card: Card) -> dict[str, str]:
        kind = {"ability": "creature with ability"}.get(card.kind_name, card.kind_name)
        return {"kind": kind, "guild": card.guild.name, "cost": f"{card.cost} mana"}

    def copy_kind(self, card: Card) -> bool:
        """Is it a resource: every card is held to max_copies (copies counted by identity), a
        resource to max_resources as well."""
        return card.kind == 3

    def summary(self, deck: decks.Deck) -> str:
        return f"{n_cards(deck.size)}; legal decks: {decks.RULES}"

    def build(self, seed: Any, collection: Path | None, name: str | None, obj: Any = None, *, guilds: tuple[str, ...] = (),
              curve: dict[int, int] | None = None, spells: int | None = None, resources: int | None = None,
              strategy: str = decks.DEFAULT_STRATEGY, **rules: Any) -> Built:  # fmt: skip
        deck_rules = _rules(**rules)
        options: dict[str, Any] = dict(guilds=guilds, curve=curve, spells=spells, resources=resources, name=name, rules=deck_rules,
                                       strategy=strategy)  # fmt: skip
        if collection is not None:
            result, reasons = decks.build_deck(pool=decks.read_deck(collection), **options)
        else:
            result, reasons = decks.build_deck(seed, **options)
        return Built(result, f"built {result.name!r}: {result.size} cards, legal ({deck_rules})\n" + "\n".join(reasons))


def _serial(card: Card) -> str:
    return card.serial


class GogmagogKit(Kit[Card]):
    help = """Gog & Magog: creature cards with mana, two ranks and lanes.

    Every card has a serial (e.g. P1AJ-Z) that is the card: `cardgen gogmagog
    lookup` (or `cardgen lookup`) rebuilds it offline. Play with `cardgen play
    gogmagog`; the rules and every choice made where the rulebook is silent are
    in docs/rules/gogmagog.md.
    """
    serial_example = "P1AJ-Z"
    print_count = decks.DECK_SIZE
    # generate's JSON: a card's whole line, kept by its serial (the serial is the card; a seed's cards repeat
    # often: about 10,600 different ones in 200,000)
    text_parts = Parts(_serial, whole=True)
    deck = GogmagogDecks()
    design = "cardgen.gogmagog.design:DESIGN"
    board_options = (
        click.option("--lanes", type=WholeNumber(1, 7), default=5, show_default=True, help="Lanes per player (the game option lanes)."),
        click.option("--energy", type=WholeNumber(1, 200), default=20, show_default=True,
                     help="Starting energy (the game option energy), marked on the energy tracks."),
    )  # fmt: skip
    kit_options = board_options
    kit_decks = ("seed:gog", "seed:magog")

    def commands(self) -> Sequence[click.Command]:
        from .commands import stats

        return (stats,)

    def generate(self, seed: Any, count: int, start: int, obj: Any = None) -> Iterator[Card]:
        return generate(seed, count, start)

    def edition(self, obj: Any = None) -> str:
        return current().letter

    def decode(self, serial: str, obj: Any = None) -> Card:
        return decode(serial)

    def summary(self, card: Card) -> str:
        return f"{card.serial}  {'★' * card.stars:<5} {card.short()}"

    def sheet(self, card: Card) -> str:
        return sheet(card)

    def card_dict(self, card: Card) -> dict[str, Any]:
        """The card's JSON, with the "text" every game's card has in the shared vocabulary (docs/api.md):
        its ability's or effect's text, also kept where it was."""
        d = card.to_dict()
        said = d.get("ability") or d.get("effect")
        return d | ({"text": said["text"]} if said else {})

    def anatomy_subjects(self, every: bool = False) -> list[Any]:
        """The cards the rulebook's anatomy picture explains: a creature with an ability and a spell from
        gog's pool; with `every`, also 40 more cards (every kind) for the tests."""
        from cardgen.print.anatomy import card_subject

        cards = list(self.generate("gog", 80, 0))
        shown = [next(c for c in cards if c.kind == 1), next(c for c in cards if c.kind == 2)]
        if every:
            shown += [next(c for c in cards if c.kind == k) for k in (0, 3)] + cards[:40]
        return [card_subject(self.face(None), c, self.card_size.width, self.card_size.height) for c in shown]

    def face(self, lookup_base: str | None) -> Face[Any]:
        from .face import GogmagogFace

        return GogmagogFace(lookup_base)

    def page_facts(self, card: Card) -> list[tuple[str, str]]:
        kind = f"{card.guild.name} {'creature with an ability' if card.kind == 1 else card.kind_name}"
        facts = [("Kind", kind), ("Mana cost", str(card.cost))]
        if card.is_creature:
            (da, dd), (oa, od) = card.rank_values("defensive"), card.rank_values("offensive")
            facts.append(("Attack / defence", f"{card.attack} / {card.defence} (defensive rank {da} / {dd}, offensive rank {oa} / {od})"))
        if card.effect is not None:
            text = card.effect.text
            if card.kind == 1 and text.startswith("Once: "):
                text = "single use: " + text.removeprefix("Once: ")
            facts.append(("Ability" if card.kind == 1 else "Effect", f"{card.effect.name}: {text}"))
        return facts

    def rarity_note(self, card: Card) -> str:
        from cardgen.kit import explain_stars

        return explain_stars(card.stars, [float(c) for c in card.edition.star_cuts], max(1, round(1 / card.probability)))

    def seed_deck(self, seed: Any, start: int, obj: Any = None) -> Selection:
        deck, _ = decks.build_deck(seed)
        return Selection(deck.cards, deck.size, f"Gog & Magog deck of seed {seed}")

    def board(self, output: Path, paper: str, lanes: int = 5, energy: int = 20, **options: Any) -> str:
        """Print-and-play board at true size: each player's half (a 63x88 mm card slot per lane and
        rank, energy and mana tracks facing that player) and the tokens to cut out. A half is tiled
        over pages with alignment marks on a4 and letter, whole on a3."""
        from cardgen.print.kit import paper_size

        from .board_pdf import write_board_pdf

        pages = write_board_pdf(output, paper=paper_size(paper), lanes=lanes, energy=energy)
        return f"wrote {output}: {pages} pages (both halves of the board, tokens), {paper}, {lanes} lanes"

    def kit_parts(self, paper: Any, decks: Sequence[Any], obj: Any = None, lanes: int = 5, energy: int = 20, **options: Any) -> Sequence[Any]:
        from .board_pdf import parts

        return parts(lanes, energy)


KIT = GogmagogKit()
