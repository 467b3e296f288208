"""What a new user reads works: every command's --help, and the README's tour as pasted."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from cardgen.cli.main import cli

ROOT = Path(__file__).resolve().parents[1]


def _walk(group: click.Group, ctx: click.Context, path: list[str]):
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        assert cmd is not None, name
        yield path + [name], cmd
        if isinstance(cmd, click.Group):
            yield from _walk(cmd, click.Context(cmd, parent=ctx, info_name=name), path + [name])


def test_every_command_has_help():
    seen = []
    for path, cmd in _walk(cli, click.Context(cli, info_name="cardgen"), []):
        r = CliRunner().invoke(cli, [*path, "--help"], prog_name="cardgen")
        assert r.exit_code == 0, (path, r.output)
        assert r.output.startswith("Usage: cardgen " + " ".join(path)), (path, r.output[:80])
        assert (cmd.help or "").strip(), f"cardgen {' '.join(path)} has no help text"
        seen.append(" ".join(path))
    # the games and the shared commands are all there
    for expected in ("gyonrg", "gyonrg print", "gyonrg deck check", "gyre", "gyre board", "lookup", "play", "simulate", "replay"):
        assert expected in seen


def tour_lines() -> list[str]:
    """The README tour's commands, in order: every line of the sh blocks after '## A short tour'."""
    text = (ROOT / "README.md").read_text()
    tour = text[text.index("## A short tour"):]
    tour = tour[: tour.index("## Where things are")]
    lines = []
    for block in re.findall(r"```sh\n(.*?)```", tour, flags=re.S):
        lines += [line for line in block.splitlines() if line.strip()]
    return lines


def test_readme_tour_runs_as_pasted(tmp_path):
    """Every tour command that needs no person at the keyboard, in a fresh folder holding only
    what the checkout gives (attribute_tables/, output/): exit 0, and the files it names appear."""
    shutil.copytree(ROOT / "attribute_tables", tmp_path / "attribute_tables")
    (tmp_path / "output").mkdir()
    script = ["set -euo pipefail"]
    skipped = []
    for line in tour_lines():
        if line.startswith(". .venv/bin/activate"):
            continue  # the test puts cardgen on PATH itself
        if "human" in line:
            skipped.append(line)
            continue
        script.append(line)
    assert len(skipped) == 1, skipped  # only the game against a person
    tour = "\n".join(script)
    bindir = Path(sys.executable).parent
    assert (bindir / "cardgen").exists(), "cardgen is not installed next to this Python"
    env = dict(os.environ, PATH=f"{bindir}{os.pathsep}{os.environ['PATH']}")
    env.pop("CARDGEN_LOOKUP_URL", None)
    r = subprocess.run(["bash", "-c", tour], cwd=tmp_path, env=env, stdin=subprocess.DEVNULL,
                       capture_output=True, text=True, timeout=400)  # fmt: skip
    assert r.returncode == 0, r.stderr[-3000:]
    assert "Traceback" not in r.stderr
    out = tmp_path / "output"
    for name in ("cards.csv", "a.txt", "b.txt", "c.txt", "a.pdf", "game.json", "balance.png"):
        assert (out / name).is_file(), name
    assert list(out.glob("gyonrg-7-54.pdf")) and len(list((out / "png").glob("*.png"))) == 10
    # the designer's copy is identical to edition A, so it prints the same serials
    assert (out / "my_tables" / "meta.toml").is_file()


RULEBOOKS = ROOT.parent / "shared" / "rules"


# docs/rules/<game>.md -> the rulebook it quotes (a game's page is checked once it exists)
RULE_DOCS = {"gyonrg.md": "gyon-rg.txt", "gyre.md": "gyre.txt", "ginjontan.md": "gin-jon-tan.txt",
             "gogmagog.md": "gog-and-magog.txt", "spherion.md": "spherion.txt"}  # fmt: skip


def test_every_rules_page_is_checked():
    assert {p.name for p in (ROOT / "docs" / "rules").glob("*.md")} <= set(RULE_DOCS)


@pytest.mark.parametrize("doc,rulebook", sorted(RULE_DOCS.items()))
def test_rule_docs_stand_alone_and_quote_their_rulebook(doc, rulebook):
    """docs/rules/ names no file outside the repository, and every quotation in it is the rulebook's
    own words (checked against the rulebook where it sits beside the checkout, as in CI)."""
    if not (ROOT / "docs" / "rules" / doc).is_file():
        pytest.skip(f"docs/rules/{doc} is not written yet (its game is not built)")
    text = (ROOT / "docs" / "rules" / doc).read_text()
    assert "shared/rules" not in text and ".txt" not in text
    source = RULEBOOKS / rulebook
    if not source.is_file():
        pytest.skip(f"the rulebook is not beside the checkout ({source})")
    book = " ".join(source.read_text().split())
    prose = " ".join(re.sub(r"\n> ?", " ", re.sub(r"`[^`]*`", "", text)).split())
    for ours in ('"Up"', '"exceed"', '"at least"'):  # our words in quotation marks, not the rulebook's
        prose = prose.replace(ours, "")
    quotes = re.findall(r'"([^"]{6,})"', prose)
    assert len(quotes) >= 10
    for quote in quotes:
        for part in (p.strip() for p in quote.split("...")):
            assert len(part) < 6 or part in book, part
