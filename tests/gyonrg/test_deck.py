"""Gyon-RG deck files: round-trips, tolerant parsing, every legality code, the deck builder."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.decks import Entry, scale_curve
from cardgen.errors import DeckError
from cardgen.gyonrg import deck as decks
from cardgen.gyonrg.deck import (
    DECK_SIZE,
    Deck,
    build_deck,
    check_deck,
    format_deck,
    parse_deck,
    read_deck,
)
from cardgen.gyonrg.generator import generate

CARDS = list(generate("deck-tests", 400))
DRONES = [c for c in generate("deck-drones", 3000) if c.is_drone][:6]
SHIPS = [c for c in CARDS if not c.is_drone]


def deck_text(cards, name=None) -> str:
    return format_deck(Deck.from_cards(cards, name))


def codes(deck: Deck) -> list[tuple[str, int | None]]:
    return [(p.code, p.line) for p in check_deck(deck)]


def same_cards(a: Deck, b: Deck) -> bool:
    return [(e.card, e.count) for e in a.entries] == [(e.card, e.count) for e in b.entries]


# ----- round-trips -----------------------------------------------------------

entries = st.lists(st.tuples(st.sampled_from(CARDS + DRONES), st.integers(1, 9)), max_size=30)
names = st.none() | st.text(max_size=40)


@settings(max_examples=150, deadline=None)
@given(names, entries)
def test_writer_parser_round_trip(name, items):
    deck = Deck(name, tuple(Entry(c, n) for c, n in items))
    text = format_deck(deck)
    back = parse_deck(text)
    assert back.errors == ()
    assert back.name == deck.name
    assert same_cards(back, deck)
    assert format_deck(back) == text
    assert [e.line for e in back.entries] == sorted(e.line for e in back.entries)


@settings(max_examples=100, deadline=None)
@given(names, entries)
def test_json_round_trip(name, items):
    deck = Deck(name, tuple(Entry(c, n) for c, n in items))
    back = parse_deck(decks.format_deck_json(deck))
    assert back.errors == () and back.name == deck.name and same_cards(back, deck)
    full = json.loads(decks.format_deck_json(deck, full=True))
    assert all(item["card"]["serial"] == item["serial"] for item in full["cards"])


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(CARDS),
    st.integers(1, 60),
    st.sampled_from(["{n} ", "{n}x ", "{n}X ", "{n} x ", "{n}×  ", "\t{n}x\t"]),
    st.sampled_from(["upper", "lower", "nodash", "spaces", "dots", "lookalike", "url", "urlq"]),
    st.sampled_from(["", "  Heavy Scout", " # comment", "\tany text: here", " 2x more text"]),
)
def test_tolerant_lines(card, n, count_style, serial_style, tail):
    s = card.serial
    serial = {
        "upper": s,
        "lower": s.lower(),
        "nodash": s.replace("-", ""),
        "spaces": s.replace("-", " "),
        "dots": s.replace("-", "."),
        "lookalike": s.replace("0", "O").replace("1", "l"),
        "url": f"https://cards.test/c/{s}",
        "urlq": f"http://x.test/lookup?s={s.lower()}",
    }[serial_style]
    line = count_style.format(n=n) + serial + tail
    deck = parse_deck(f"# header\n\n{line}\n")
    assert deck.errors == ()
    assert deck.entries == (Entry(card, n, 3),)
    # without a count, one copy
    assert parse_deck(serial + tail).entries == (Entry(card, 1, 1),)


def test_cards_expand_counts_in_file_order():
    a, b, c = SHIPS[:3]
    deck = parse_deck(f"name:  My   deck \n2x {a.serial}\n{b.serial} # one\n3 {c.serial}\n")
    assert deck.name == "My deck"
    assert deck.cards == [a, a, b, c, c, c]
    assert [(e.count, e.line) for e in deck.entries] == [(2, 2), (1, 3), (3, 4)]
    assert deck.size == 6


def test_name_line_keeps_hash_and_crlf_and_bom_are_fine():
    a = SHIPS[0]
    deck = parse_deck(f"\ufeffName = Deck #2 \r\n1 {a.serial}\r\n")
    assert deck.name == "Deck #2"
    assert deck.cards == [a] and deck.errors == ()


def test_url_fragment_is_not_a_comment_but_spaced_hash_is():
    a = SHIPS[0]
    deck = parse_deck(f"https://cards.test/c/{a.serial}#top\n#{a.serial}\n  # {a.serial}\n")
    assert deck.cards == [a]


# ----- legality ----------------------------------------------------------------


def test_a_built_deck_is_legal():
    deck = Deck.from_cards(SHIPS[:51] + DRONES[:3])
    assert check_deck(deck) == [] and deck.is_legal


def test_hand_made_deck_reports_every_problem_with_its_line():
    d0, d1, d2, d3 = (c.serial for c in DRONES[:4])
    s = [c.serial for c in SHIPS]
    bad_check = s[0][:-1] + ("0" if s[0][-1] != "0" else "1")
    text = "\n".join([
        "name: Broken",                      # 1
        "# comment",                         # 2
        f"2x {d0}  Drone",                   # 3
        f"{d1.lower()}",                     # 4
        f"https://cards.test/c/{d2}",        # 5  fourth Drone: too many from here
        f"0 {s[1]}  zero copies",            # 6
        f"{bad_check}  mistyped",            # 7
        f"2.5 {s[2]}",                       # 8
        "sideboard: 3 cards",                # 9
        "name: again",                       # 10
        f"1x {s[3]}  # trailing comment",    # 11
        "3",                                 # 12
        "Z123-4567-89A",                     # 13 unknown edition / bad check
        "",                                  # 14
        f"{d3}",                             # 15
    ])  # fmt: skip
    deck = parse_deck(text, "hand.txt")
    assert codes(deck) == [
        ("too-many-drones", 5),
        ("bad-count", 6),
        ("bad-serial", 7),
        ("bad-count", 8),
        ("bad-line", 9),
        ("bad-line", 10),
        ("bad-line", 12),
        ("bad-serial", 13),
        ("deck-size", None),
    ]
    problems = check_deck(deck)
    assert problems[0].format("hand.txt") == "hand.txt:5: too-many-drones: " + problems[0].message
    assert "lines 3, 4, 5, 15" in problems[0].message
    assert problems[-1].format("hand.txt").startswith("hand.txt: deck-size: the deck has 6 cards, not counting 4 lines with errors")
    assert {p.code for p in problems} <= set(decks.CODES)
    assert all("\n" not in p.message for p in problems)


def test_three_drones_legal_four_not():
    ships = SHIPS[:50]
    assert codes(Deck.from_cards(ships + DRONES[:3] + SHIPS[50:51])) == []
    four = Deck.from_cards(ships + DRONES[:4])
    assert codes(four) == [("too-many-drones", None)]


def test_deck_size_too_many_and_too_few():
    assert codes(Deck.from_cards(SHIPS[:55])) == [("deck-size", None)]
    assert "1 too many" in check_deck(Deck.from_cards(SHIPS[:55]))[0].message
    assert "53 missing" in check_deck(Deck.from_cards(SHIPS[:1]))[0].message
    assert codes(parse_deck("")) == [("deck-size", None)]


def test_bad_json_is_reported():
    assert codes(parse_deck("{not json")) == [("bad-json", 1), ("deck-size", None)]
    assert codes(parse_deck('{"cards": 3}'))[0] == ("bad-json", None)
    d = parse_deck(json.dumps({"cards": [{"serial": SHIPS[0].serial, "count": 0}, {"serial": "nope"}, SHIPS[1].serial]}))
    assert [c for c, _ in codes(d)] == ["bad-count", "bad-serial", "deck-size"]
    assert d.cards == [SHIPS[1]]


def test_read_deck_errors_only_for_unreadable_files(tmp_path):
    with pytest.raises(DeckError, match="does not exist"):
        read_deck(tmp_path / "missing.txt")
    with pytest.raises(DeckError, match="folder"):
        read_deck(tmp_path)
    (tmp_path / "bin.txt").write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(DeckError, match="not UTF-8"):
        read_deck(tmp_path / "bin.txt")
    (tmp_path / "odd.txt").write_text("hello world\n")
    deck = read_deck(tmp_path / "odd.txt")
    assert deck.source == str(tmp_path / "odd.txt")
    assert codes(deck) == [("bad-serial", 1), ("deck-size", None)]


# ----- building ------------------------------------------------------------------


def test_build_from_seed_is_legal_deterministic_and_follows_the_curve():
    deck, reasons = build_deck("build-1")
    again, reasons2 = build_deck("build-1")
    assert check_deck(deck) == []
    assert format_deck(deck) == format_deck(again) and reasons == reasons2
    assert deck.drones == decks.DEFAULT_DRONES
    targets = scale_curve(decks.DEFAULT_CURVE, DECK_SIZE - deck.drones)
    got = Counter(min(max(c.ship.deploy_cost, 1), 5) for c in deck.cards if not c.is_drone)
    assert dict(got) == {k: v for k, v in targets.items() if v}
    text = "\n".join(reasons)
    for word in ("curve", "elements", "drones", "stars: average", "score"):
        assert word in text
    assert format_deck(build_deck("build-2")[0]) != format_deck(deck)


@pytest.mark.parametrize("elements,drones", [(["void"], 0), (["Matter", "light"], 3), (["Shadow,Antimatter"], 1)])
def test_build_honours_element_focus_and_drone_count(elements, drones):
    deck, reasons = build_deck("focus", elements=elements, drones=drones)
    want = {w.strip().lower() for e in elements for w in e.split(",")}
    assert check_deck(deck) == []
    assert {c.element.name.lower() for c in deck.cards} <= want
    assert deck.drones == drones


def test_build_prefers_stronger_cards_within_a_cost():
    deck, _ = build_deck("strong")
    chosen = set(deck.cards)
    pool = list(generate("strong", 500))
    for cost in (2, 3):
        inside = [decks.card_score(c) for c in chosen if c.ship.deploy_cost == cost and not c.is_drone]
        outside = [decks.card_score(c) for c in pool if c not in chosen and c.ship.deploy_cost == cost and not c.is_drone]
        assert min(inside) >= max(outside) - 1e-9


def test_build_from_collection(tmp_path):
    owned = list(generate("owned", 120))
    path = tmp_path / "collection.txt"
    path.write_text("\n".join(c.serial for c in owned) + "\n")
    pool = read_deck(path)
    deck, reasons = build_deck(pool=pool)
    assert check_deck(deck) == []
    assert Counter(deck.cards) <= Counter(owned)
    assert format_deck(build_deck(pool=read_deck(path))[0]) == format_deck(deck)
    assert "collection.txt" in reasons[0]


def test_build_from_collection_uses_copies_and_lowers_default_drones():
    # 54 copies in total, no Drone: the default Drone count gives way
    pool = Deck(None, tuple(Entry(c, 6) for c in SHIPS[:9]))
    deck, reasons = build_deck(pool=pool)
    assert check_deck(deck) == [] and deck.drones == 0
    assert any(r.startswith("drones: 0") for r in reasons)


def test_build_errors_say_what_is_missing():
    with pytest.raises(DeckError, match=r"only 40 non-Drone cards and 0 Drones: a deck needs 54, 14 more"):
        build_deck(pool=Deck.from_cards(SHIPS[:40]))
    with pytest.raises(DeckError, match=r"only 1 Drone, 3 asked: use --drones 1"):
        build_deck(pool=Deck.from_cards(SHIPS[:60] + DRONES[:1]), drones=3)
    with pytest.raises(DeckError, match=r"of Void.*widen --element"):
        build_deck(pool=Deck.from_cards(SHIPS[:80]), elements=["void"], drones=0)
    with pytest.raises(DeckError, match=r"unknown element 'fire': choose from Matter"):
        build_deck("x", elements=["fire"])
    with pytest.raises(DeckError, match="drone count 4"):
        build_deck("x", drones=4)
    with pytest.raises(DeckError, match="exactly one"):
        build_deck("x", pool=Deck.from_cards(SHIPS))
    bad = parse_deck("nope\n", "c.txt")
    with pytest.raises(DeckError, match="c.txt:1: bad-serial"):
        build_deck(pool=bad)


def test_custom_curve():
    curve = decks.parse_curve("1:1, 2:1")
    deck, reasons = build_deck("curvy", curve=curve, drones=0)
    got = Counter(min(max(c.ship.deploy_cost, 1), 2) for c in deck.cards)
    assert got == {1: 27, 2: 27}
    assert "custom 1:1,2:1" in "\n".join(reasons)
    for bad in ("1", "a:b", "1:0", "1:2,1:3"):
        with pytest.raises(DeckError):
            decks.parse_curve(bad)
