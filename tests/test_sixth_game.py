"""A sixth game really is one folder (issue 45's "done when"): a throwaway game with a digit
serial prefix (tests/sixth_game.py: one folder, its tables, its rules page) is written into a
temporary copy of the repository, registered, and the shared checks run over it: layout, serials
and the docs' allocation, the kit's commands (decks of all-digit serials included), the golden
move file, both agent bridges and the web pages. No file of the copy is edited, only added.

The fast part imports the game from the copy in this process; the `slow` part runs the shared
test files themselves, unedited, in the copy (where the registry finds the folder on its own).
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import re
import shutil
import subprocess
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

import cardgen
from cardgen import games
from cardgen.cli.main import cli
from cardgen.engine import game_names
from cardgen.kit import KitError
from tests import registered, sixth_game
from tests.engine.test_golden_games import pin_new_game
from tests.test_games import DOCS, check_allocation
from tests.test_layout import MAX_LINES, cli_reaches, cycles, game_crossings, game_packages, graph_of, shared_crossings

ROOT = Path(__file__).resolve().parents[1]
NAME, PREFIX = "sixth", "2"
DIGITS = "2004"  # card 0 (Red 1): a serial made of digits only


def snapshot(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file() and "__pycache__" not in p.parts}  # fmt: skip


@pytest.fixture(scope="module")
def copy(tmp_path_factory) -> Path:
    """A copy of the package and the docs, with the sixth game added (and only added)."""
    root = tmp_path_factory.mktemp("copy")
    shutil.copytree(ROOT / "cardgen", root / "cardgen", ignore=shutil.ignore_patterns("__pycache__", "_data"))
    shutil.copytree(ROOT / "docs", root / "docs")
    before = snapshot(root)
    added = sixth_game.write(root, name=NAME, title="Sixth", prefix=PREFIX)
    after = snapshot(root)
    assert {p: h for p, h in after.items() if p not in added} == before  # no shared file edited
    return root


@pytest.fixture(scope="module")
def sixth(copy) -> Iterator[games.GameEntry]:
    """The game imported from the copy and registered, as the registry registers a game it finds."""
    cardgen.__path__.append(str(copy / "cardgen"))  # cardgen.sixth is the copy's folder
    try:
        entry = importlib.import_module(f"cardgen.{NAME}.plugin").ENTRY
        with registered.registered(entry):
            yield entry
    finally:
        cardgen.__path__.remove(str(copy / "cardgen"))
        for module in [m for m in sys.modules if m == f"cardgen.{NAME}" or m.startswith(f"cardgen.{NAME}.")]:
            del sys.modules[module]


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_layout(copy):
    package = copy / "cardgen"
    assert NAME in game_packages(package)
    for game in game_packages(package):
        assert not game_crossings(game, package) and not cli_reaches(game, package), game
    assert not shared_crossings(package)
    assert not cycles(graph_of(package))
    assert all(len(p.read_text().splitlines()) <= MAX_LINES for p in (package / NAME).glob("*.py"))


def test_serials_and_the_docs_allocation(sixth):
    assert games.owner_of_serial(DIGITS).name == NAME
    assert sixth.prefix_text() == PREFIX
    assert check_allocation(DOCS.read_text(), registered.entries()) == []  # no row: a free digit
    for command in ((NAME, "lookup"), ("lookup",)):
        r = run(*command, DIGITS)
        assert r.exit_code == 0 and "Red 1" in r.output, r.output


def test_kit_commands_and_decks_of_digit_serials(sixth, tmp_path):
    r = run(NAME, "--help")
    assert all(f"  {c}" in r.output for c in ("generate", "lookup", "print", "png", "deck"))
    deck = tmp_path / "built.txt"
    assert run(NAME, "deck", "build", "--seed", "1", "-o", str(deck)).exit_code == 0
    assert "legal: 10 cards" in run(NAME, "deck", "check", str(deck)).output
    # Serials alone on their lines, all digits: each one copy, not a count (the shared reader's rule).
    bare = tmp_path / "bare.txt"
    bare.write_text("".join(f"{s}\n" for s in ("2004", "2004", "2041", "2041", "2059", "2059", "2096", "2096"))
                    + "2x 20J0  Red 7\n")  # fmt: skip
    r = run(NAME, "deck", "check", str(bare))
    assert r.exit_code == 0 and "legal: 10 cards" in r.output, r.output
    pdf = tmp_path / "sixth.pdf"
    assert run(NAME, "print", "--seed", "1", "-o", str(pdf)).exit_code == 0
    assert run("preflight", str(pdf)).exit_code == 0


def test_golden_file_is_written_once_then_pinned(sixth, tmp_path):
    assert NAME in game_names()
    assert pin_new_game(NAME, tmp_path) == tmp_path / f"{NAME}.json"
    assert pin_new_game(NAME, tmp_path) is None  # the second run compares


def test_bridges(sixth):
    pyspiel = pytest.importorskip("pyspiel")
    from cardgen.interop import openspiel

    pyspiel.random_sim_test(pyspiel.load_game(openspiel.register(NAME)), num_sims=2, serialize=True, verbose=False)
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from cardgen.interop.pettingzoo import env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(NAME), num_cycles=100)


def test_web(sixth):
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    from cardgen.web.app import create_app

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # StarletteDeprecationWarning: it prefers httpx2 for its test client
        from starlette.testclient import TestClient

    with TestClient(create_app("https://cards.test/c/", raise_errors=True)) as client:
        page = client.get(f"/c/{DIGITS}")
        assert page.status_code == 200 and "Red 1" in page.text
        data = client.get(f"/c/{DIGITS}.json").json()
        assert data["game"] == NAME
        r = client.post("/deck", data={"deck": "2004\n" * 2 + "2x 2041\n2x 2059\n2x 2096\n2x 20J0\n", "game": NAME})
        assert r.status_code == 200 and "Legal." in r.text


def test_a_misspelled_hook_in_a_new_game_names_the_right_one(copy):
    """The same folder with `seed_deck` misspelled: loading its kit says which hook was meant."""
    text = sixth_game.files(name="seventh", title="Seventh", prefix="3")
    kit = text["cardgen/seventh/kit.py"]
    assert "def seed_deck(" in kit
    root = copy / "misspelled"
    for path, body in text.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(body.replace("def seed_deck(", "def seed_decks(") if path.endswith("kit.py") else body)
    cardgen.__path__.append(str(root / "cardgen"))
    try:
        entry = importlib.import_module("cardgen.seventh.plugin").ENTRY
        reg = games.Registry()
        reg.add(entry)
        with pytest.raises(KitError, match=r"'seed_decks' is no Kit hook: did you mean 'seed_deck'\?"):
            entry.load_kit()
    finally:
        cardgen.__path__.remove(str(root / "cardgen"))
        for module in [m for m in sys.modules if m.startswith("cardgen.seventh")]:
            del sys.modules[module]


def test_the_guide_gives_what_a_sixth_game_costs():
    """docs/adding-a-game.md's table of the files a sixth game adds is this game's, line for line."""
    guide = (ROOT / "docs" / "adding-a-game.md").read_text()
    listed = {path: int(n) for path, n in re.findall(r"^\| `([^`]+)` \| (\d+) \|$", guide, re.M)}
    written = {path: len(text.splitlines()) for path, text in sixth_game.files().items()}
    assert listed == written


@pytest.mark.slow
def test_the_shared_test_files_cover_the_new_folder_unedited(tmp_path):
    """The shared tests themselves, run in a full copy with the game added: the registry finds the
    folder, and every check that iterates the games runs over it."""
    for part in ("cardgen", "tests", "docs", "attribute_tables", "templates"):
        shutil.copytree(ROOT / part, tmp_path / part, ignore=shutil.ignore_patterns("__pycache__", "_data", ".pytest_cache"))
    shutil.copy2(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    sixth_game.write(tmp_path, name=NAME, title="Sixth", prefix=PREFIX)
    tests = ["tests/test_layout.py", "tests/test_games.py", "tests/engine/test_golden_games.py",
             "tests/engine/test_conformance.py", "tests/interop/test_openspiel.py", "tests/interop/test_pettingzoo.py",
             "tests/web/test_issue39_images.py", "tests/web/test_issue39_deck.py", "tests/print/test_backs.py"]  # fmt: skip
    select = f"{NAME} or allocation or shared_machines or cycle or registered_games or game_folders or every_game_with_cards"
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "CARDGEN_CONFIG": ""}
    args = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "", "-k", select, "-rs", *tests]
    first = subprocess.run(args, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=900)
    assert first.returncode == 0, first.stdout[-4000:] + first.stderr[-2000:]
    assert f"wrote {tmp_path / 'tests' / 'golden' / 'games' / NAME}.json" in first.stdout  # created on the first run
    assert (tmp_path / "tests/golden/games" / f"{NAME}.json").exists()
    second = subprocess.run(args, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=900)
    assert second.returncode == 0 and "first run" not in second.stdout, second.stdout[-4000:]  # then pinned
    found = json.loads((tmp_path / "tests/golden/games" / f"{NAME}.json").read_text())
    assert set(found) == {f"{NAME}-random", f"{NAME}-greedy"}
