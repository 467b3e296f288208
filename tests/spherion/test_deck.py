"""Spherion decks: the text format with sections, every problem with line and code, the builder."""

from __future__ import annotations

import json
from collections import Counter

from click.testing import CliRunner

from cardgen.cli.main import cli
from cardgen.spherion.cards import Card, generate, tables
from cardgen.spherion.deck import (
    build_deck,
    card_score,
    check_deck,
    deck_from_json,
    deck_to_json,
    format_deck,
    parse_deck,
)

CARDS = list(generate("deck-tests", 400))
MONSTERS = [c for c in CARDS if c.is_monster]
SPELLS = [c for c in CARDS if not c.is_monster]


def _deck(main=40, extra=0, side=0, master=True):
    lines = ["name: test"] + ([f"master: {MONSTERS[0].serial}"] if master else []) + ["main:"]
    lines += [f"1 {c.serial}" for c in MONSTERS[1 : 1 + main]]
    if extra:
        lines += ["extra:"] + [f"1 {c.serial}" for c in MONSTERS[100 : 100 + extra]]
    if side:
        lines += ["side:"] + [f"1 {c.serial}" for c in MONSTERS[150 : 150 + side]]
    return "\n".join(lines)


def test_sections_sizes_and_master():
    d = parse_deck(_deck(40, 15, 15))
    assert check_deck(d) == [] and d.size() == 40 and d.size("extra") == 15 and d.size("side") == 15
    assert d.master == MONSTERS[0]
    assert check_deck(parse_deck(_deck(60))) == []
    codes = {p.code for p in check_deck(parse_deck(_deck(39, 16, 16, master=False)))}
    assert codes == {"main-size", "extra-size", "side-size", "no-master"}
    assert {p.code for p in check_deck(parse_deck(_deck(61)))} == {"main-size"}


def test_every_problem_has_its_line_and_code():
    text = "\n".join([
        f"master: {SPELLS[0].serial}",       # 1 a spell as master
        "main:",                              # 2
        "2x A7QH-ANSG-2XE",                   # 3 a Gyon-RG serial
        "0x " + MONSTERS[1].serial,           # 4
        "hello: there",                       # 5
        "4x " + MONSTERS[2].serial,           # 6 too many copies
        MONSTERS[3].serial[:-1] + "Z",        # 7 mistyped
    ])
    problems = check_deck(parse_deck(text))
    got = [(p.code, p.line) for p in problems]
    assert ("bad-master", 1) in got and ("bad-serial", 3) in got and ("bad-count", 4) in got
    assert ("bad-line", 5) in got and ("too-many-copies", 6) in got and ("bad-serial", 7) in got
    assert ("main-size", None) in got
    assert "Gyon-RG card, not a Spherion card" in next(p.message for p in problems if p.line == 3)


def test_text_and_json_round_trip():
    d = parse_deck(_deck(45, 3, 2))
    back = parse_deck(format_deck(d))
    assert [(e.card, e.count, e.section) for e in back.entries] == [(e.card, e.count, e.section) for e in d.entries]
    assert back.master == d.master and back.name == d.name
    j = deck_from_json(json.dumps(deck_to_json(d)))
    assert j.master == d.master and j.cards("extra") == d.cards("extra") and j.cards() == d.cards()
    assert [p.code for p in check_deck(parse_deck("{not json"))][0] == "bad-json"


def test_builder_is_legal_and_states_its_strategy():
    for seed in ("a", "b", 3):
        d = build_deck(seed)
        assert check_deck(d) == [] and d.size() == 40 and d.master.is_monster
        assert "levels 1-4" in d.strategy and "tribute fodder" in d.strategy and "element focus" in d.strategy
        mon = [c for c in d.cards() if c.is_monster]
        assert sum(1 for c in mon if c.level <= 4) >= sum(c.tributes for c in mon)
    fire = build_deck("a", elements=("Fire",), size=60, spells=15)
    mon = [c for c in fire.cards() if c.is_monster]
    assert fire.size() == 60 and sum(c.element == "Fire" for c in mon) > len(mon) / 2


def test_built_decks_hold_traps_and_a_mix_of_spell_and_trap_effects():
    # the builder once took 12 copies of one 1-star spell in every deck (all spells and traps tied on
    # stars, and the lowest card number won): no trap was ever played in a default game
    for seed in range(1, 21):
        d = build_deck(seed)
        assert check_deck(d) == [], seed
        magic = [c for c in d.cards() if not c.is_monster]
        spells, traps = [c for c in magic if c.kind == 1], [c for c in magic if c.kind == 2]
        assert len(magic) == 12 and len(traps) == 5 and len(spells) == 7, seed
        assert len({c.effect for c in spells}) >= 4 and len({c.effect for c in traps}) >= 3, seed
        # few near-identical cards: at most 2 of any one effect (its amounts and conditions aside)
        assert max(Counter(c.effect for c in magic).values()) <= 2, seed
        assert "traps (" in d.strategy and "spells (" in d.strategy
    # scored by what they do: the amount, the condition, the effect
    assert card_score(_magic(1, "draw", 2, "always")) > card_score(_magic(1, "draw", 0, "always"))
    assert card_score(_magic(1, "draw", 2, "always")) > card_score(_magic(1, "draw", 2, "lp_at_most"))
    assert card_score(_magic(2, "destroy", 0, "always")) > card_score(_magic(1, "atk_up", 0, "always"))


def _magic(kind, effect, magnitude, condition):
    """The spell (kind 1) or trap (2) of this effect, magnitude (0 Minor .. 2 Grand) and condition."""
    t = tables()
    attrs = t.by_kind[kind]
    e = next(i for i, o in enumerate(attrs[0].options) if o.extra.startswith(effect + ":"))
    c = next(i for i, o in enumerate(attrs[2].options) if o.name == condition)
    return Card(t, kind, (e, magnitude, c))


def test_a_collection_short_of_traps_fills_with_spells():
    spells = [c for c in SPELLS if c.kind == 1]
    d = build_deck("c", collection=MONSTERS * 3 + spells * 3)
    assert check_deck(d) == [] and sum(not c.is_monster for c in d.cards()) == 12
    assert all(c.kind != 2 for c in d.cards())


def test_deck_commands(tmp_path):
    run = CliRunner().invoke
    out = tmp_path / "d.txt"
    r = run(cli, ["spherion", "deck", "build", "-s", "x", "-o", str(out)])
    assert r.exit_code == 0 and "strategy" in r.output
    r = run(cli, ["spherion", "deck", "check", str(out), "--json"])
    assert r.exit_code == 0 and json.loads(r.output)["legal"] is True
    bad = tmp_path / "bad.txt"
    bad.write_text("main:\n1 T0XC-RJE\n")
    r = run(cli, ["spherion", "deck", "check", str(bad)])
    assert r.exit_code == 1 and "no-master" in r.output and "main-size" in r.output
    r = run(cli, ["spherion", "deck", "show", str(out), "--json"])
    assert r.exit_code == 0 and json.loads(r.output)["format"] == "cardgen-spherion-deck"
    r = run(cli, ["spherion", "deck", "check", str(tmp_path / "missing.txt")])
    assert r.exit_code == 1 and "does not exist" in r.output
    binary = tmp_path / "bin.txt"
    binary.write_bytes(b"\x00\xff\x00" * 50)
    r = run(cli, ["spherion", "deck", "check", str(binary)])
    assert r.exit_code == 1 and "Traceback" not in r.output


def test_copies_are_counted_by_the_card_in_play_not_by_serial():
    # a card's prefix and noun are flavour: up to 18 serials are one card in play, one name, one count
    pool = list(generate(1, 2000))
    by_card: dict = {}
    for c in pool:
        by_card.setdefault(c.identity, set()).add(c)
    same = next(sorted(cs, key=lambda c: c.number) for cs in by_card.values() if len(cs) >= 2 and next(iter(cs)).is_monster)
    one, two = same[0], same[1]
    assert one.name == two.name and one.serial != two.serial
    text = f"master: {MONSTERS[0].serial}\nmain:\n2x {one.serial}\nside:\n2x {two.serial}\n"
    problems = [p for p in check_deck(parse_deck(text)) if p.code == "too-many-copies"]
    assert [p.line for p in problems] == [5]
    assert f"4 copies of {one.name}" in problems[0].message
    assert f"{one.serial} (line 3)" in problems[0].message and f"{two.serial} (line 5)" in problems[0].message
    for seed in (1, 2, 3):
        deck = build_deck(seed)
        per_card = Counter()
        for e in deck.entries:
            per_card[e.card.identity] += e.count
        assert max(per_card.values()) <= 3 and check_deck(deck) == []


def test_decks_differ_between_seeds():
    # a seed's pool of 2,000 cards held the best card of every effect and level band, so seeds 1-20
    # gave 5 spell and trap sections and one level profile between them
    sections, levels = set(), set()
    for seed in range(1, 21):
        deck = build_deck(seed)
        sections.add(tuple(sorted((e.card.identity, e.count) for e in deck.entries if not e.card.is_monster)))
        levels.add(tuple(sorted(Counter(e.card.level for e in deck.entries if e.card.is_monster
                                        for _ in range(e.count)).items())))  # fmt: skip
    assert len(sections) >= 10 and len(levels) >= 5, (len(sections), len(levels))
