"""Deck legality at the table: play and simulate refuse what `deck check` rejects, with the
same problems; a variant's limits are options; the default print is a legal deck."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cardgen.cli.main import cli
from cardgen.engine.registry import load_game
from cardgen.errors import DeckError
from cardgen.gyonrg.deck import Deck, DeckRules, build_deck, check_deck, deck_from_sequence
from cardgen.gyonrg.generator import generate


def invoke(*args):
    return CliRunner().invoke(cli, list(args))


@pytest.fixture(scope="module")
def legal(tmp_path_factory):
    path = tmp_path_factory.mktemp("decks") / "legal.txt"
    r = invoke("gyonrg", "deck", "build", "--seed", "7", "-o", str(path))
    assert r.exit_code == 0, r.output
    return path


def _drones_and_ships(n_drones: int, n_ships: int) -> list[str]:
    drones, ships = [], []
    for card in generate("table-decks", 3000):
        (drones if card.is_drone else ships).append(card.serial)
    assert len(drones) >= n_drones
    return drones[:n_drones] + ships[:n_ships]


def _checker_lines(path) -> list[str]:
    r = invoke("gyonrg", "deck", "check", str(path))
    assert r.exit_code == 1
    return [line for line in r.stdout.splitlines() if line]


@pytest.mark.parametrize("command", ["play", "simulate"])
@pytest.mark.parametrize(
    "lines",
    [
        pytest.param(_drones_and_ships(0, 7), id="7-cards"),
        pytest.param(_drones_and_ships(6, 48), id="6-drones"),
        pytest.param(_drones_and_ships(1, 53) + ["this line does not parse", "2x NOT-A-SERIAL"], id="bad-lines"),
    ],
)
def test_the_table_refuses_what_the_checker_rejects(tmp_path, legal, command, lines):
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(lines) + "\n")
    expected = _checker_lines(bad)
    args = [command, "gyonrg", "--decks", f"{bad},{legal}", "--bots", "random,random", "--seed", "1"]
    if command == "simulate":
        args += ["--games", "2", "--no-progress"]
    r = invoke(*args)
    assert r.exit_code == 1, r.output
    err = [line for line in r.stderr.splitlines() if line.startswith("error:")]
    assert len(err) == 1 and "Traceback" not in r.output
    # every problem the checker prints, word for word, and nothing else
    assert err[0].startswith(f"error: deck {bad} is not legal (54 cards with at most 3 Drones): ")
    assert err[0].split(": ", 2)[2].split("; ") == expected, (err, expected)


def test_a_legal_deck_plays(legal):
    r = invoke("play", "gyonrg", "--decks", f"{legal},seed:2", "--bots", "random,random", "--seed", "1")
    assert r.exit_code == 0 and "game over" in r.output, r.output


def test_a_record_with_an_illegal_deck_is_refused():
    serials = _drones_and_ships(0, 7)
    with pytest.raises(DeckError, match=r"deck 1 is not legal .*deck-size: the deck has 7 cards"):
        load_game("gyonrg", decks=[serials, serials])


def test_variant_limits_are_options_never_the_default(tmp_path):
    lines = _drones_and_ships(4, 16)
    variant = tmp_path / "variant.txt"
    variant.write_text("name: twenty\n" + "\n".join(lines) + "\n")
    other = tmp_path / "other.txt"
    other.write_text("\n".join(_drones_and_ships(0, 20)) + "\n")
    decks = f"{variant},{other}"
    # refused under the rulebook's limits...
    assert invoke("play", "gyonrg", "--decks", decks, "--bots", "random,random").exit_code == 1
    # ...played under a variant's, and `deck check` agrees when given the same limits
    r = invoke("play", "gyonrg", "--decks", decks, "--bots", "random,random", "-o", "deck_size=20", "-o", "max_drones=4")
    assert r.exit_code == 0 and "game over" in r.output, r.output
    r = invoke("gyonrg", "deck", "check", str(variant), "--deck-size", "20", "--max-drones", "4")
    assert r.exit_code == 0 and "legal: 20 cards, 4 Drones" in r.output
    r = invoke("gyonrg", "deck", "check", str(variant), "--deck-size", "20", "--max-drones", "3", "--json")
    assert r.exit_code == 1 and [p["code"] for p in json.loads(r.stdout)["problems"]] == ["too-many-drones"]
    # seed decks are built to the variant's size
    g = load_game("gyonrg", deck_size=20, max_drones=1)
    assert [len(d) for d in g.deck_ids] == [20, 20]
    assert all(sum(g.cards[c].drone for c in d) <= 1 for d in g.deck_ids)


def test_deck_rules_shape_the_builder():
    deck, _ = build_deck("rules", rules=DeckRules(30, 1))
    assert deck.size == 30 and deck.drones <= 1
    assert check_deck(deck, DeckRules(30, 1)) == [] and check_deck(deck) != []


@pytest.mark.parametrize("seed", ["4", "12", "9"])
def test_the_seeds_deck_passes_over_extra_drones(seed):
    cards, skipped = deck_from_sequence(seed)
    assert skipped, "these seeds have more than 3 Drones among their first 54 cards"
    assert check_deck(Deck.from_cards(cards)) == []
    # the seed's own cards, in order, less the Drones passed over
    raw = list(generate(seed, 54 + len(skipped)))
    assert [c.serial for c in cards] == [c.serial for i, c in enumerate(raw) if i not in skipped]
    assert all(raw[i].is_drone for i in skipped)


def test_default_print_is_a_legal_deck_and_says_so(tmp_path):
    r = invoke("gyonrg", "print", "--seed", "12", "-o", str(tmp_path / "d.pdf"))
    assert r.exit_code == 0, r.output
    cards, skipped = deck_from_sequence("12")
    assert f"a legal Gyon-RG deck: 54 cards, 3 Drones; passed over {len(skipped)} more Drones" in r.stdout
    from pypdf import PdfReader

    text = "".join(page.extract_text() for page in PdfReader(tmp_path / "d.pdf").pages)
    assert all(c.serial in text for c in cards)
    raw = list(generate("12", 54))
    assert not any(raw[i].serial in text for i in skipped if i < 54)


def test_other_counts_say_they_are_a_pool(tmp_path):
    r = invoke("gyonrg", "print", "--seed", "12", "-n", "9", "-o", str(tmp_path / "p.pdf"))
    assert r.exit_code == 0 and "a pool of 9 cards, not a deck" in r.stdout, r.output
