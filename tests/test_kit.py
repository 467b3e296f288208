"""A game is one folder: the toy game in tests/toygame/ (a plugin naming its kit, cards, decks and a
face, nothing else) gets every shared command from its kit, and `cardgen lookup` finds its serials."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from cardgen import games
from cardgen.cli.main import cli
from cardgen.kit import DeckKit, Kit, KitError, kit_commands
from tests.toygame.cards import Card, generate
from tests.toygame.kit import KIT, ToyDecks, ToyKit
from tests.toygame.plugin import ENTRY


@pytest.fixture
def toy():
    reg = games.registry()
    reg.add(ENTRY)
    yield
    reg.remove(ENTRY.name)
    cli.commands.pop(ENTRY.name, None)  # the root group keeps the groups it built


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_the_toy_game_is_listed_with_the_shared_commands(toy):
    r = run("--help")
    assert r.exit_code == 0 and "toy" in r.output
    r = run("toy", "--help")
    for command in ("generate", "lookup", "print", "png", "deck"):
        assert f"  {command}" in r.output
    assert "  board" not in r.output  # the kit has no board
    r = run("toy", "deck", "--help")
    for command in ("build", "check", "show", "print", "export"):
        assert f"  {command}" in r.output


def test_generate_and_lookup(toy):
    r = run("toy", "generate", "--seed", "1", "--count", "3")
    assert r.exit_code == 0
    assert r.output.splitlines() == [f"{c.serial}  {c.name}" for c in generate("1", 3)]
    first = next(iter(generate("1", 1)))
    r = run("toy", "generate", "--seed", "1", "--count", "2", "--format", "json")
    assert json.loads(r.output)[0] == first.to_dict()
    for command in (("toy", "lookup"), ("lookup",)):  # the game's own lookup and the one for every game
        r = run(*command, first.serial.lower())
        assert r.exit_code == 0 and first.name in r.output
    r = CliRunner().invoke(cli, ["toy", "lookup", "Y0JJ"])
    assert r.exit_code == 1 and "not a toy" in r.output


def test_print_and_png(toy, tmp_path):
    out = tmp_path / "toy.pdf"
    r = run("toy", "print", "--seed", "1", "-o", str(out))
    assert r.exit_code == 0, r.output
    assert "a legal toy deck: 10 cards" in r.output
    text = "".join(page.extract_text() for page in PdfReader(out).pages)
    assert "Blue 9" in text  # the deck takes the strongest cards of the seed's pool
    r = run("toy", "print", "--seed", "1", "--count", "4", "--pool", "-o", str(tmp_path / "pool.pdf"))
    assert r.exit_code == 0
    pool = "".join(page.extract_text() for page in PdfReader(tmp_path / "pool.pdf").pages)
    assert all(c.serial in pool for c in generate("1", 4))
    r = run("toy", "png", "--seed", "1", "--count", "2", "--dpi", "36", "-o", str(tmp_path / "png"))
    assert r.exit_code == 0, r.output
    assert sorted(p.name for p in (tmp_path / "png").glob("Y*.png")) == sorted(f"{c.serial}.png" for c in generate("1", 2))


def test_decks_build_check_show_print(toy, tmp_path):
    deck = tmp_path / "deck.txt"
    r = run("toy", "deck", "build", "--seed", "1", "-o", str(deck))
    assert r.exit_code == 0 and "built a toy deck of 10 cards" in r.output
    r = run("toy", "deck", "check", str(deck))
    assert r.exit_code == 0 and "legal: 10 cards" in r.output
    r = CliRunner().invoke(cli, ["toy", "deck", "check", str(deck), "--size", "9"])
    assert r.exit_code == 1 and "deck-size" in r.output
    r = run("toy", "deck", "show", str(deck), "--json", "--full")
    cards = json.loads(r.output)["cards"]
    assert sum(c["count"] for c in cards) == 10 and all("strength" in c["card"] for c in cards)
    r = run("toy", "deck", "print", str(deck), "-o", str(tmp_path / "deck.pdf"))
    assert r.exit_code == 0 and len(PdfReader(tmp_path / "deck.pdf").pages) == 2  # 10 cards, 9 a page
    bad = tmp_path / "bad.txt"
    bad.write_text(f"3x {Card(1, 'red').serial}\nnonsense\n")
    r = CliRunner().invoke(cli, ["toy", "deck", "print", str(bad), "-o", str(tmp_path / "bad.pdf")])
    assert r.exit_code == 1 and "not a legal deck" in r.output and not (tmp_path / "bad.pdf").exists()
    assert "too-many-copies" in r.output and "bad-serial" in r.output


# ----- the kit checks itself ------------------------------------------------------------------


def test_a_misspelled_hook_is_refused_naming_the_right_one():
    with pytest.raises(KitError, match=r"'seed_decks' is no Kit hook: did you mean 'seed_deck'\?"):

        class Misspelled(ToyKit):  # without the check, `print` quietly printed a pool instead of a legal deck
            def seed_decks(self, seed, start, obj=None):
                return None

    with pytest.raises(KitError, match=r"'legal_lines' is no DeckKit hook: did you mean 'legal_line'\?"):

        class MisspelledDecks(ToyDecks):
            def legal_lines(self, deck):
                return ""

    class Helper(ToyKit):  # a helper of the game's own starts with '_'
        def _strongest(self):
            return 9


def test_name_and_title_are_written_once_in_the_plugin():
    assert (KIT.name, KIT.title) == (ENTRY.name, ENTRY.title)
    with pytest.raises(KitError, match="writes the game's title: write it once, in the game's plugin.py"):

        class Titled(ToyKit):
            title = "Another Toy"


class NoFace(Kit[Card]):
    """A kit that generates cards but cannot draw them."""

    def generate(self, seed, count, start, obj=None):
        return generate(seed, count, start)

    def summary(self, card):
        return card.name


NO_FACE = NoFace()


class NoBuild(ToyDecks):
    build = DeckKit.build  # the placeholder: a deck group without a builder


class NoBuildKit(ToyKit):
    deck = NoBuild()


NO_BUILD = NoBuildKit()


@pytest.mark.parametrize(
    ("target", "message"),
    [
        ("tests.test_kit:NO_FACE", r"NoFace in tests.test_kit has no hook face \(`broken print` needs it\): "
                                   r"define face\(lookup_base\) -> Face\[Any\]: the print Face that draws"),
        ("tests.test_kit:NO_BUILD", r"NoBuild in tests.test_kit has no hook build \(`broken deck` needs it\): "
                                    r"define build\(seed, collection, name, obj, \*\*options\) -> Built: a legal deck"),
    ],
)
def test_a_missing_hook_says_which_and_what_it_returns(target, message):
    reg = games.Registry()
    reg.add(games.GameEntry("broken", "Broken", kit=target))
    with pytest.raises(KitError, match=message):
        reg.get("broken").load_kit()  # the command layer and the web load every kit this way


def test_a_command_is_offered_only_where_its_hooks_are():
    class NoLookup(Kit[Card]):
        generated = False

        def board(self, output, paper, **options):
            return "wrote a board"

    assert set(kit_commands(NoLookup())) == {"board"}
    # a generated game with decks also gets `run` (print runs of unique decks and packs)
    assert set(kit_commands(KIT)) == {"generate", "lookup", "print", "png", "deck", "run"}


@pytest.mark.parametrize(("shop", "args"), [("home", ()), ("pod", ("--shop", "pod"))])
def test_the_toy_cards_pass_preflight(toy, tmp_path, shop, args):
    """The example a new game copies embeds its font (the standard Helvetica failed preflight) and
    draws in CMYK inks from its print palette when a print shop asks for them."""
    out = tmp_path / "toy.pdf"
    r = run("toy", "print", "--seed", "1", "-o", str(out), *args)
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(cli, ["preflight", str(out), "--shop", shop, "--json"])
    found = {f["topic"]: f["level"] for f in json.loads(r.stdout)["findings"]}
    assert r.exit_code == 0 and found["fonts"] == "ok", r.stdout


def test_a_game_whose_kit_fails_its_check_is_one_line_and_leaves_the_others_listed():
    from tests import registered

    with registered.registered(games.GameEntry("broken", "Broken", kit="tests.test_kit:NO_FACE")):
        r = CliRunner().invoke(cli, ["--help"])
        assert r.exit_code == 0 and "cannot load: NoFace" in r.output and "gyonrg" in r.output
        r = CliRunner().invoke(cli, ["broken", "generate"])
        assert r.exit_code == 1 and "Traceback" not in r.output
        assert r.output.strip().endswith("the print Face that draws the game's cards, QR codes under `lookup_base`.")
