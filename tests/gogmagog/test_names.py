"""One name, one card (issue 38): within an edition a Gog & Magog name means one card, the same
rules text and numbers, and cards that play differently have different names; a name's words
agree with its guild; names changed, serials did not (they decode to the same cards)."""

from __future__ import annotations

import time

from cardgen.gogmagog.cards import Card, current, decode
from cardgen.gogmagog.generator import generate


def play(card: Card) -> tuple:
    """Everything about a card that the rules or the face's rules text read: its kind, guild, cost,
    attack, defence and its ability's or effect's name, effect, amount and text."""
    effect = card.effect
    what = (effect.name, effect.effect, effect.amount, effect.text) if effect else None
    return (card.kind_name, card.guild.name, card.cost, card.attack, card.defence, what)


def check_names(cards) -> tuple[int, int]:
    """(cards, distinct names): every name means one card, every card's name agrees with its guild."""
    ed = current()
    other = {g.name: [o.name.lower() for o in ed.guilds if o is not g] for g in ed.guilds}
    by_name: dict[str, tuple] = {}
    by_play: dict[tuple, str] = {}
    n = 0
    for card in cards:
        n += 1
        name, p = card.name, play(card)
        assert by_name.setdefault(name, p) == p, f"{name!r} names two cards: {by_name[name]} and {p}"
        assert by_play.setdefault(p, name) == name, f"one card, two names: {by_play[p]!r} and {name!r}"
        words = name.split()
        assert words[0] == card.guild.name, name  # the board's legend: a name starts with its guild
        assert not any(o in name.lower() for o in other[card.guild.name]), f"{name!r} holds another guild's name"
        if card.is_creature:
            assert len(name) <= 15, f"{name!r}: the board's column shows 15 characters and the '*' mark"
    return n, len(by_name)


def test_every_card_of_the_edition_has_its_own_name():
    ed = current()
    n, names = check_names(ed.cards())
    # every card that plays differently: guild x attack x defence x (no ability or one of the
    # abilities), and each guild's spells and resources; the serial's noun is no longer in the name
    creatures = len(ed.guilds) * len(ed.attacks) * len(ed.defences) * (1 + len(ed.abilities))
    assert names == creatures + len(ed.guilds) * (len(ed.spells) + len(ed.resources))
    assert n == ed.count


def test_the_name_says_the_defence_and_the_ability_and_attack():
    ed = current()
    spear = next(e for e in ed.abilities if e.name == "Spear throw")
    card = next(c for c in ed.cards() if c.kind == 1 and c.effect == spear and c.attack == 2 and c.defence == 4
                and c.guild.name == "Ember")  # fmt: skip
    assert card.name == "Ember Horngnoll"
    basic = next(c for c in ed.cards() if c.kind == 0 and c.attack == 6 and c.defence == 1 and c.guild.name == "Tide")
    assert basic.name == "Tide Silkgiant"
    bolt = next(c for c in ed.cards() if c.kind == 2 and c.effect.effect == "tokens" and c.guild.name == "Tide")
    assert bolt.name == "Tide Bolt"  # no element in a spell's own name: 'Firebolt' was one on Tide cards


def test_the_issue_s_ember_howlers_now_have_three_names():
    """The issue's example: three different creatures that all read 'Ember Howler'."""
    ed = current()
    howlers = [c for c in ed.cards() if c.is_creature and c.guild.name == "Ember" and c.noun == "Howler"]
    three = [next(c for c in howlers if (c.cost, c.attack, c.defence) == stats) for stats in ((1, 3, 2), (2, 1, 4), (3, 2, 5))]
    assert len({c.name for c in three}) == 3
    # and no two Ember Howlers that play differently share a name any more
    assert len({c.name for c in howlers}) == len({play(c) for c in howlers})


def test_serials_decode_to_the_same_cards_as_before_the_names_changed():
    """Serials printed before issue 38 (seed 'faces'): the same kind, guild, cost, numbers and effect."""
    before = {
        "P1AZ-H": ("creature", "Storm", 3, 5, 4, None),
        "P25P-E": ("ability", "Ember", 2, 3, 3, "Scout"),
        "PB86-5": ("spell", "Ember", 1, 0, 0, "War cry"),
        "P0YJ-A": ("creature", "Stone", 2, 3, 3, None),
        "P4HZ-3": ("ability", "Tide", 4, 4, 4, "Frenzy"),
        "P65J-M": ("ability", "Grove", 3, 3, 4, "Soul siphon"),
        "P1TT-Z": ("ability", "Ember", 2, 2, 2, "Spear throw"),
        "PB9P-0": ("resource", "Storm", 0, 0, 0, "Library"),
        "PB98-P": ("resource", "Ember", 0, 0, 0, "Mana well"),
    }
    for serial, (kind, guild, cost, attack, defence, effect) in before.items():
        c = decode(serial)
        assert (c.kind_name, c.guild.name, c.cost, c.attack, c.defence) == (kind, guild, cost, attack, defence), serial
        assert (c.effect.name if c.effect else None) == effect and c.serial == serial
    assert [c.serial for c in generate("faces", 3)] == ["P1AZ-H", "P25P-E", "PB86-5"]


def test_200000_generated_cards_one_name_one_card():
    """The issue's check, run by default: it takes about 2 s (names are made without drawing)."""
    start = time.perf_counter()
    n, names = check_names(generate("names-38", 200_000))
    assert n == 200_000 and names > 1400
    print(f"200,000 generated cards, {names:,} distinct names, one card each, {time.perf_counter() - start:.1f} s")
