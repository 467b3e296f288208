"""`cardgen GAME rules`: the player's rulebook in the terminal (plain text when not a terminal), its
appendix with --house, a PDF booklet with --pdf; and the play prompt's `help rules` points to it."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from cardgen.cli.main import cli

GAMES = ("gyonrg", "gogmagog", "spherion", "ginjontan", "gyre")


@pytest.mark.parametrize("game", GAMES)
def test_rules_prints_the_rulebook_as_plain_text(game):
    r = CliRunner().invoke(cli, [game, "rules"])
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0].endswith(": how to play") and set(lines[1]) == {"="}
    for heading in ("In one minute", "The goal", "Setting up", "The end and the winner", "House rules and options"):
        assert f"\n{heading}\n" in r.output
    assert "**" not in r.output and "](" not in r.output
    assert f"cardgen {game} rules --house" in r.output


def test_house_prints_the_appendix_and_pdf_writes_a_booklet(tmp_path):
    r = CliRunner().invoke(cli, ["gyonrg", "rules", "--house"])
    assert r.exit_code == 0 and "the choices made" in r.output.splitlines()[0]
    out = tmp_path / "rules.pdf"
    r = CliRunner().invoke(cli, ["spherion", "rules", "--pdf", "-o", str(out), "--paper", "letter"])
    assert r.exit_code == 0, r.output
    assert r.output.startswith(f"wrote {out}: the Spherion rulebook, ") and "print at 100 %" in r.output
    text = " ".join(page.extract_text() for page in PdfReader(out).pages)
    assert "In one minute" in text and "Rarity symbol" in text and "docs/" not in text


@pytest.mark.parametrize("args,needle", [
    (["--pdf", "--house"], "--pdf prints the rulebook"),
    (["--pdf", "-o", "-"], "where a PDF cannot go"),
    (["--paper", "a5"], "'a5' is not one of"),
])  # fmt: skip
def test_bad_rules_options_are_one_line(args, needle):
    r = CliRunner().invoke(cli, ["gyonrg", "rules", *args])
    assert r.exit_code == 2 and needle in r.output and "Traceback" not in r.output


def test_help_rules_at_the_play_prompt_points_to_the_rulebook():
    r = CliRunner().invoke(cli, ["play", "gyre", "--bots", "human,random"], input="help rules\nquit\n")
    assert "`cardgen gyre rules`" in r.output
