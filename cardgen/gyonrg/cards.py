"""The Gyon-RG card: a value made of one option per attribute, and its serial.

A Card stores only its edition, the option index chosen for each attribute
and the numbers derived from them (serial number, weight); names, stats and
diagrams are read from the edition on demand, so generating and looking up
millions of cards stays cheap.
"""

from __future__ import annotations

from fractions import Fraction

from cardgen import games
from cardgen import serial as serialcodec
from cardgen.errors import SerialError
from cardgen.games import describe_prefixes
from cardgen.gyonrg import edition as editions
from cardgen.gyonrg import patterns
from cardgen.gyonrg.edition import DIRECTIONS, MAIN_SECTOR, Edition
from cardgen.gyonrg.plugin import SERIAL_PREFIXES
from cardgen.gyonrg.rarity import one_in

_E, _SHIP, _MODS, _GOAL, _SPECIAL = range(5)


class Card:
    """One Gyon-RG card. Equal cards have equal edition and choices."""

    __slots__ = ("edition", "choices", "number", "weight")

    def __init__(self, edition: Edition, choices: tuple[int, ...], number: int, weight: int) -> None:
        self.edition = edition
        self.choices = choices
        self.number = number
        self.weight = weight

    @classmethod
    def from_choices(cls, edition: Edition, choices) -> "Card":
        """The card making these option choices (one index per attribute)."""
        choices = tuple(choices)
        if len(choices) != len(edition.attributes):
            raise ValueError(f"expected {len(edition.attributes)} choices, got {len(choices)}")
        number = 0
        weight = 1
        for c, a in zip(choices, edition.attributes):
            if not 0 <= c < len(a):
                raise ValueError(f"choice {c} out of range for {a.name} (0..{len(a) - 1})")
            number = number * len(a) + c
            weight *= a.weights[c]
        return cls(edition, choices, number, weight)

    @classmethod
    def from_number(cls, edition: Edition, number: int) -> "Card":
        """The card with this serial number (0 <= number < edition.count)."""
        if not 0 <= number < edition.count:
            raise ValueError(f"card number {number} out of range 0..{edition.count - 1}")
        choices = [0] * len(edition.attributes)
        weight = 1
        rest = number
        for k in range(len(choices) - 1, -1, -1):
            a = edition.attributes[k]
            rest, c = divmod(rest, len(a))
            choices[k] = c
            weight *= a.weights[c]
        return cls(edition, tuple(choices), number, weight)

    @classmethod
    def from_serial(cls, text: str) -> "Card":
        """Decode a serial of any known edition; SerialError says what is wrong."""
        return decode(text)

    # ----- identity ------------------------------------------------------

    def __eq__(self, other) -> bool:
        return isinstance(other, Card) and self.edition.letter == other.edition.letter and self.choices == other.choices

    def __hash__(self) -> int:
        return hash((self.edition.letter, self.choices))

    def __repr__(self) -> str:
        return f"<Card {self.serial} {self.name!r}>"

    @property
    def serial(self) -> str:
        return self.edition.encode_serial(self.number)

    # ----- attributes ----------------------------------------------------

    @property
    def element(self):
        return self.edition.elements[self.choices[_E]]

    @property
    def ship(self):
        return self.edition.ship(self.choices[_SHIP], self.choices[_MODS])

    @property
    def name(self) -> str:
        return self.ship.name

    @property
    def is_drone(self) -> bool:
        return self.edition.ship_types[self.choices[_SHIP]].drone

    @property
    def goal(self):
        return self.edition.goals[self.choices[_GOAL]]

    @property
    def special(self):
        return self.edition.specials[self.choices[_SPECIAL]]

    @property
    def deploy(self) -> dict[str, tuple[str, ...]]:
        """Elements that may be deployed next to this ship, per side (up = towards the opponent)."""
        return {d: self.edition.deploy_elements(m) for d, m in zip(DIRECTIONS, self.choices[5:9])}

    @property
    def deploy_masks(self) -> tuple[int, ...]:
        """The deploy diagram as bit masks over the edition's elements (up, down, left, right)."""
        return self.choices[5:9]

    # ----- statistics ----------------------------------------------------

    @property
    def probability(self) -> Fraction:
        return Fraction(self.weight, self.edition.total_weight)

    @property
    def odds(self) -> int:
        """N in "1 in N"."""
        return one_in(self.weight, self.edition.total_weight)

    @property
    def stars(self) -> int:
        return self.edition.rarity.stars(self.weight)

    @property
    def percentile(self) -> Fraction:
        """Share of all pulls made by cards at least as likely as this one."""
        return self.edition.rarity.percentile(self.weight)

    # ----- export --------------------------------------------------------

    def to_dict(self, *, statistics: bool = True) -> dict:
        """Every attribute (and by default the statistics), as plain JSON values."""
        d = {
            "serial": self.serial,
            **self.name_fields(),
            "element": self.element.name,
            **self.kind_fields(),
            "stars": self.stars,
            **self.number_fields(),
            "deploy": {k: list(v) for k, v in self.deploy.items()},
            **self.goal_fields(),
        }
        if statistics:
            d.update(self.statistics_fields())
        return d

    # The groups of to_dict's fields, each from one choice (or the weight): JSON and CSV lines of a million
    # cards encode a group's text once per choice and make it from these alone (cardgen.cardlines.Part.row).

    def name_fields(self) -> dict:
        """edition, name (from the ship: its type and modifiers)."""
        return {"edition": self.edition.letter, "name": self.ship.name}

    def kind_fields(self) -> dict:
        """ship_type, modifiers, drone (from the ship)."""
        s = self.ship
        return {"ship_type": s.type.name, "modifiers": [m.name for m in s.modifiers], "drone": self.is_drone}

    def number_fields(self) -> dict:
        """The ship's costs, stats, weapon and blindspot (from the ship)."""
        s = self.ship
        return {
            "deploy_cost": s.deploy_cost,
            "move_cost": s.move_cost,
            "rotate_cost": s.rotate_cost,
            "attack_cost": s.attack_cost,
            "speed": s.speed,
            "attack": s.attack,
            "shield": s.shield,
            "weapon": sorted([dx, dy] for dx, dy in s.weapon),
            "blindspot": sorted([dx, dy] for dx, dy in s.blindspot),
        }

    def goal_fields(self) -> dict:
        """goal, goal_sectors, main_sector, special (from the goal and the special)."""
        return {
            "goal": self.goal.name,
            "goal_sectors": sorted([r, c] for r, c in self.goal.sectors),
            "main_sector": list(MAIN_SECTOR),
            "special": {
                "name": self.special.name,
                "cost": self.special.cost,
                "text": self.special.text,
                "effect": self.special.effect.to_dict(),
            },
        }

    def statistics_fields(self) -> dict:
        """probability, probability_float, odds, percentile (from the weight)."""
        return {
            "probability": str(self.probability),
            "probability_float": float(self.probability),
            "odds": f"1 in {self.odds:,}",
            "percentile": float(self.percentile),
        }

    def weapon_diagram(self) -> str:
        return patterns.format(self.ship.weapon)

    def blindspot_diagram(self) -> str:
        return patterns.format(self.ship.blindspot)


def decode(text: str, base=None) -> Card:
    """Card for a serial of any known edition. SerialError says exactly what is wrong."""
    raw = text.strip()
    canon, values = serialcodec.split(raw)
    letter = canon[0]
    ed = editions.by_letter(letter, base)
    # The check character is verified before anything else is reported, so a
    # mistyped serial is called mistyped rather than "unknown edition".
    if not serialcodec.check_ok(values):
        if ed is not None and len(canon) != ed.serial_length + 2:
            raise SerialError(
                f"serial {raw!r} has {len(canon)} characters; edition {letter} serials have {ed.serial_length + 2} "
                f"(like {serialcodec.encode(letter, 0, ed.serial_length)!r})"
            )
        raise SerialError(f"serial {raw!r} fails its check character: a character is mistyped or two are swapped")
    if ed is None:
        owner = games.registry().owner_of(letter)
        if owner is not None and owner.name != "gyonrg":
            raise SerialError(
                f"serial {raw!r} is a {owner.title} card, not a Gyon-RG card: "
                f"Gyon-RG serials start with {describe_prefixes(SERIAL_PREFIXES)}"
            )
        raise SerialError(f"serial {raw!r} is of unknown edition {letter!r}: known editions are {', '.join(editions.known_letters(base))}")
    if len(canon) != ed.serial_length + 2:
        raise SerialError(
            f"serial {raw!r} has {len(canon)} characters; edition {letter} serials have {ed.serial_length + 2}"
        )
    number = serialcodec.number_of(values)
    if number >= ed.count:
        raise SerialError(f"serial {raw!r} is out of range: edition {letter} has {ed.count:,} cards")
    return Card.from_number(ed, number)
