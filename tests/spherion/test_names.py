"""One name, one card (issue 38): within an edition a Spherion name means one card (the same
rules text and numbers), and a monster's name agrees with its element.

The names come from what a card is (attribute_tables/spherion/names.toml), never from its
serial, so the checks run over the whole space of what a card can be, and over 200,000 seeded
cards."""

from __future__ import annotations

import itertools

from cardgen.print.fonts import fit_text, register_fonts
from cardgen.print.sizes import mm
from cardgen.spherion import face
from cardgen.spherion.cards import Card, decode, generate, tables


def _what(card: Card) -> tuple:
    """Everything a player can tell one card from another by: its kind, numbers and text."""
    if card.is_monster:
        return ("monster", card.element, card.level, card.atk, card.defence, card.fusion, card.relic, card.effect_text())
    return (card.kind_name, card.effect, card.amount, card.condition, card.effect_text())


def _one_name_one_card(cards) -> tuple[int, int]:
    by_name: dict[str, tuple] = {}
    by_card: dict[tuple, str] = {}
    for card in cards:
        what, name = _what(card), card.name
        assert by_name.setdefault(name, what) == what, f"{name!r} names two cards: {by_name[name]} and {what}"
        assert by_card.setdefault(what, name) == name, f"one card, two names: {by_card[what]!r} and {name!r}"
    return len(by_name), len(by_card)


def _agrees_with_its_element(card: Card) -> None:
    names = tables().names
    words = card.name.split()
    if card.relic:
        assert words[0] == names.relic
        words = words[1:]
    compound, noun = words
    own = [r for r in names.roots[card.element] if compound.startswith(r) and compound[len(r):] in names.suffixes]
    assert own, f"{card.name!r} ({card.element}) does not start with a {card.element} root"
    assert noun == names.nouns[card.fusion][card.level - 1]
    for element, roots in names.roots.items():
        if element != card.element:
            clash = [r for r in roots for w in words if w.lower().startswith(r.lower())]
            assert not clash, f"{card.name!r} is {card.element} but its words {clash} are {element}'s"


def _check(seed: str, count: int) -> tuple[int, int]:
    cards = list(generate(seed, count))
    for card in cards:
        if card.is_monster:
            _agrees_with_its_element(card)
    return _one_name_one_card(cards)


def test_200000_cards_one_name_one_card_and_names_agree_with_elements():
    """About 5 s: generated without drawing, so it runs by default."""
    names, cards = _check("names-200k", 200_000)
    assert names == cards > 15_000


def test_every_monster_there_can_be_has_its_own_name():
    """The whole space of monsters, as distinct cards: element x level x every ATK and DEF the spread
    and nouns give x fusion group x relic; the name function is one-to-one on it."""
    t = tables()
    attrs = t.monster_attrs
    seen: dict[str, tuple] = {}
    for element, level, fusion, relic in itertools.product(range(len(attrs[0])), range(len(attrs[1])),
                                                           range(len(attrs[6])), (0, 1)):
        stats = set()
        for a, d, noun in itertools.product(range(len(attrs[2])), range(len(attrs[3])), range(len(attrs[5]))):
            card = Card(t, 0, (element, level, a, d, 0, noun, fusion, relic))
            if (card.atk, card.defence) in stats:
                continue
            stats.add((card.atk, card.defence))
            what = _what(card)
            assert seen.setdefault(card.name, what) == what, card.name
    assert len(seen) > 40_000


def test_spells_and_traps_one_name_one_card_over_all_of_them():
    t = tables()
    every = [Card.from_number(t, n) for n in range(t.offsets[1], t.count)]
    names, cards = _one_name_one_card(every)
    assert names == cards
    # the issue's 'Minor Blazing Blessing' named three different effects; now one
    blessings = {c.effect_text() for c in every if c.name == "Minor Blazing Blessing"}
    assert len(blessings) == 1
    # a name says when its card activates: a word for every condition but 'always'
    assert all(c.name.split()[0] == t.names.conditions[c.condition[0]] for c in every if c.condition[0] != "always")


def test_the_issues_contradictions_are_gone():
    """'Storm Wisp' was Earth and 'Stone Oni' Wind: a storm word is now Wind's, a stone word Earth's."""
    names = tables().names
    assert "Storm" in names.roots["Wind"] and "Stone" in names.roots["Earth"]
    words = {w.lower() for ws in names.roots.values() for w in ws}
    assert len(words) == sum(len(ws) for ws in names.roots.values())  # no root in two elements
    others = [w for ws in names.nouns.values() for w in ws] + list(names.suffixes) + list(names.conditions.values())
    for w in others:  # nouns, suffixes and condition words belong to no element
        assert not any(w.lower().startswith(r) for r in words), w


def test_names_change_nothing_a_serial_decodes_to():
    """Names are derived; the serial's configuration (kind, choices, numbers) is what it always was."""
    for card in generate("serial-keeps", 300):
        again = decode(card.serial)
        assert (again.kind, again.choices, again.number, again.atk, again.defence, again.level) == \
            (card.kind, card.choices, card.number, card.atk, card.defence, card.level)
    # pinned: a card printed before issue 38 decodes to the same numbers, under its new name
    old = decode("T0NB-D95")
    assert (old.element, old.level, old.atk, old.defence, old.relic) == ("Wind", 8, 2600, 1900, True)
    assert old.name == "Godai Windwing Yaksha"


def test_every_name_fits_the_title_at_its_one_size():
    """The title never shrinks with its length: every name there can be fits two lines at TITLE_PT."""
    register_fonts()
    t = tables()
    names = t.names
    width = mm(face.DESIGN_W) - 2 * mm(1.2) - mm(face.BADGE_MM) - mm(1.5) - mm(0.8)
    texts = [f"{names.relic} {root}{suffix} {noun}" for roots in names.roots.values() for root in roots
             for suffix in names.suffixes for nouns in names.nouns.values() for noun in nouns]  # relics: the longest
    texts += [Card.from_number(t, n).name for n in range(t.offsets[1], t.count)]
    for text in texts:
        fitted = fit_text(text, face.SANS_BOLD, width, mm(face.TITLE_MM), face.TITLE_PT, face.TITLE_PT, 1.1, 2)
        assert fitted.size == face.TITLE_PT
