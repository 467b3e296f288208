"""A hostile user's sweep over every command of every game: each case must end clean.

Clean means what a person at the terminal relies on: exit status 0, 1 (a line on standard error
says why: a CardgenError's `error:` line, or a check's verdict) or 2 (a usage error naming the
option), never an uncaught
exception or a traceback, and a file that was there before the run is still there, unchanged,
unless the run was asked to replace it and succeeded.

The cases are made from tables (games, commands, hostile values), so a new game or command is
swept by adding a row; `python -m tests.test_hostile_sweep` prints the failures one a line.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.cli.main import cli

# Serials of every game with cards, as written on the cards (valid ones).
SERIALS = {"gyonrg": "A7QH-ANSG-2XE", "gogmagog": "P1AJ-Z", "spherion": "T0XC-RJE", "ginjontan": "J2GW-E"}
CARD_GAMES = tuple(SERIALS)
GENERATED = ("gyonrg", "gogmagog", "spherion")
ALL_GAMES = ("gyonrg", "gogmagog", "spherion", "ginjontan", "gyre")

HOSTILE_SERIALS = [
    "", "   ", "²", "Ａ１Ｂ２", "A7QH-ANSG-2XF", "9" * 5000, "\x00", "A7QH\nANSG", "https://x.test/c/%zz",
    "https://x.test:99999/c/A7QH-ANSG-2XE", "http://", "-", "--", "ＡＢＣ", "A" * 300,
]
HOSTILE_NUMBERS = ["²", "٣", "７", "9" * 5000, "nan", "-1", "1e9", ""]

# Deck file contents (name -> bytes) that no game accepts as a legal deck.
HOSTILE_DECKS: dict[str, bytes] = {
    "empty": b"",
    "binary": bytes(range(256)) * 4,
    "bad-utf8": b"name: \xff\xfe\n2x A7QH-ANSG-2XE\n",
    "huge-count": b"1000000000x A7QH-ANSG-2XE\n1000000000x P1AJ-Z\n1000000000x T0XC-RJE\n1000000000x Sun-7-blue\n",
    "5000-digit-count": b"9" * 5000 + b"x A7QH-ANSG-2XE\n",
    "unicode-count": "²x A7QH-ANSG-2XE\n٣ P1AJ-Z\n７ Sun-7-blue\n".encode(),
    "deep-json": b"{\"cards\": " + b"[" * 5000 + b"]" * 5000 + b"}",
    "deep-json-2": b"[" * 100000,
    "json-huge-count": b'{"cards": [{"count": 1' + b"0" * 5000 + b', "serial": "A7QH-ANSG-2XE"}]}',
    "json-wrong-types": b'{"cards": [{"count": "2", "serial": 7}, null, [1], {"count": true, "serial": "P1AJ-Z"}], "name": 5}',
    "json-nan": b'{"cards": [{"count": NaN, "serial": "A7QH-ANSG-2XE"}]}',
    "headers-only": b"name:\nmaster:\nmain:\nextra:\nside:\n",
    "long-line": b"A" * 2_000_000 + b"\n",
}


@dataclass(frozen=True)
class Case:
    args: tuple[str, ...]
    stdin: str | None = None
    keep: tuple[str, ...] = ()  # files (relative to the run's folder) that must survive unchanged

    def __str__(self) -> str:
        shown = " ".join(a if len(a) < 40 else a[:37] + "..." for a in self.args)
        return f"cardgen {shown!r}"


def _cases() -> list[Case]:
    out: list[Case] = []
    add = out.append
    # Serials, for the shared lookup and every game's own.
    for s in HOSTILE_SERIALS:
        add(Case(("lookup", s)))
        add(Case(("lookup", "--json", s, SERIALS["gyonrg"])))
    for game in CARD_GAMES:
        for s in HOSTILE_SERIALS[:8] + [SERIALS[g] for g in CARD_GAMES if g != game]:
            add(Case((game, "lookup", s)))
    # Generation: hostile numbers for count and start, and output paths.
    for game in GENERATED:
        for n in HOSTILE_NUMBERS:
            add(Case((game, "generate", "--seed", "1", "--count", n)))
            add(Case((game, "generate", "--seed", "1", "--count", "1", "--start", n)))
        add(Case((game, "generate", "--seed", "x" * 5000, "-n", "1")))
        add(Case((game, "generate", "-n", "1", "-o", "notes/"), keep=("notes",)))
        add(Case((game, "generate", "-n", "1", "-o", "folder"), keep=("folder/inside.txt",)))
        add(Case((game, "generate", "-n", "1", "-o", "/dev/full")))
        add(Case((game, "png", "-n", "1", "--dpi", "36", "-o", "notes"), keep=("notes",)))
    # Print: hostile outputs and layouts, every game with cards.
    for game in CARD_GAMES:
        count = () if game == "ginjontan" else ("--count", "1")
        add(Case((game, "print", *count, "-o", "notes/"), keep=("notes",)))
        add(Case((game, "print", *count, "-o", "folder"), keep=("folder/inside.txt",)))
        add(Case((game, "print", *count, "-o", "/proc/version")))
        add(Case((game, "print", *count, "--card-size", "1x1", "-o", "notes"), keep=("notes",)))
        add(Case((game, "print", *count, "--grid", "²x3", "-o", "x.pdf")))
    # Decks: every hostile file, every deck command, every game with decks.
    for game in CARD_GAMES:
        for name in HOSTILE_DECKS:
            add(Case((game, "deck", "check", f"decks/{name}")))
        for name in ("huge-count", "deep-json", "binary", "json-huge-count"):
            add(Case((game, "deck", "show", f"decks/{name}")))
            add(Case((game, "deck", "print", "--force", f"decks/{name}", "-o", "notes"), keep=("notes",)))
            add(Case((game, "deck", "build", "--from", f"decks/{name}")))
        for path in ("/", "/dev/null", "/dev/zero", "missing.txt", "folder"):
            add(Case((game, "deck", "check", path)))
        add(Case((game, "deck", "export", "decks/empty", "-o", "notes"), keep=("notes",)))
        add(Case((game, "deck", "build", "--seed", "1", "--from", "decks/empty")))
    add(Case(("ginjontan", "deck", "check", "decks/empty", "--collection", "decks/huge-count")))
    add(Case(("gyonrg", "deck", "build", "--seed", "1", "--curve", "1:²")))
    add(Case(("gogmagog", "deck", "build", "--seed", "1", "--curve", "1:" + "9" * 5000)))
    add(Case(("spherion", "deck", "build", "--seed", "1", "--spells", "60", "--size", "40")))
    # Boards.
    for game in ("gogmagog", "spherion", "gyre"):
        add(Case((game, "board", "-o", "notes/"), keep=("notes",)))
        add(Case((game, "board", "--paper", "Ａ4")))
    add(Case(("spherion", "board", "--seed", "", "--text")))
    add(Case(("gyre", "board", "--size", "²")))
    # Game-only commands.
    for hand in ("", "Sun-²-blue", "Sun-7-blue " * 50, "9" * 5000, "\x00"):
        add(Case(("ginjontan", "score", hand)))
        add(Case(("ginjontan", "card", hand or " ")))
    for diagram in ("empty", "binary", "deep-json"):
        add(Case(("gyre", "score", f"decks/{diagram}")))
    add(Case(("gyre", "score", "-"), stdin="gyre size=²\n"))
    add(Case(("gyre", "score", "-"), stdin="R" * 100000))
    add(Case(("gyonrg", "--tables", "folder", "stats")))
    add(Case(("gyonrg", "--tables", "/", "generate", "-n", "1")))
    add(Case(("gyonrg", "balance", "--games", "²")))
    add(Case(("ginjontan", "tournament", "--players", "5", "--bots", "random,random")))
    # Play, simulate, arena, replay: bad options and a hostile prompt.
    for game in ALL_GAMES:
        add(Case(("play", game, "--bots", "human,random", "--seed", "1"),
                 stdin="show ²\n²\n" + "9" * 5000 + "\nshow " + "9" * 5000 + "\nc²\nask ² hand\ndeploy ² c1\nundo\nredo\nquit\n"))
        add(Case(("play", game, "--bots", "human,random", "--seed", "1"), stdin=""))
        add(Case(("simulate", game, "--games", "²")))
        add(Case(("simulate", game, "--games", "1", "-o", "players=²")))
        add(Case(("arena", game, "--games", "1", "--bots", "random,random", "-o", "nope=1")))
        add(Case(("replay", "decks/deep-json")))
        add(Case(("play", game, "--bots", "random,random", "--decks", "decks/huge-count,decks/empty")))
    for record in ("[]", "{}", '{"game": "gyre", "seed": [], "moves": "x"}', '{"game": "gyre", "moves": [99999999]}',
                   '{"game": "gyre", "moves": [1, 2, ' + "9" * 5000 + "]}", '[{"game": "gyonrg", "final": 5}]'):
        add(Case(("replay", "-"), stdin=record))
    add(Case(("simulate", "gyre", "--games", "1", "--address", "127.0.0.1:1")))
    add(Case(("play", "nope")))
    # preflight and serve.
    for name in ("empty", "binary", "notes"):
        add(Case(("preflight", f"decks/{name}" if name != "notes" else "notes")))
    add(Case(("serve", "--port", "99999")))
    add(Case(("serve", "--port", "²")))
    return out


CASES = _cases()


def _fixtures(folder: Path) -> None:
    decks = folder / "decks"
    decks.mkdir()
    for name, data in HOSTILE_DECKS.items():
        (decks / name).write_bytes(data)
    (folder / "notes").write_text("my notes\n")
    (folder / "folder").mkdir()
    (folder / "folder" / "inside.txt").write_text("keep me\n")


def run(case: Case, folder: Path) -> str | None:
    """Run one case in `folder`; the reason it is not clean, or None."""
    kept = {name: (folder / name).read_bytes() for name in case.keep}
    env = {"CARDGEN_LOOKUP_URL": "", "CARDGEN_CONFIG": str(folder / "no-config.toml")}
    result = CliRunner().invoke(cli, list(case.args), input=case.stdin, env=env, catch_exceptions=True)
    text = (result.output or "") + (result.stderr or "")
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return f"{type(result.exception).__name__}: {str(result.exception)[:200]}"
    if result.exit_code not in (0, 1, 2):
        return f"exit status {result.exit_code}"
    if "Traceback" in text:
        return "a traceback in the output"
    if result.exit_code == 1 and not result.stderr.strip():
        return "exit 1 with nothing on standard error to say why"
    for name, before in kept.items():
        path = folder / name
        if not path.is_file() or path.read_bytes() != before:
            return f"{name} was replaced or removed"
    return None


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    here = tmp_path_factory.mktemp("sweep")
    _fixtures(here)
    return here


def test_the_sweep_is_large():
    assert len(CASES) >= 150


@pytest.mark.parametrize("case", CASES, ids=[f"{i:03d}" for i in range(len(CASES))])
def test_hostile_case_ends_clean(case, folder, monkeypatch):
    monkeypatch.chdir(folder)
    reason = run(case, folder)
    assert reason is None, f"{case}: {reason}"


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        here = Path(tmp)
        _fixtures(here)
        os.chdir(here)
        bad = [(case, reason) for case in CASES if (reason := run(case, here)) is not None]
    for case, reason in bad:
        print(f"{case}: {reason}")
    print(json.dumps({"cases": len(CASES), "clean": len(CASES) - len(bad), "not clean": len(bad)}))
