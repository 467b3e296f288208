"""The shared uniform draw covers at most 2**256 outcomes; tables whose weights multiply past it
are refused when they are loaded (a TableError naming the tables, the product and the limit),
where the generators' rejection loop used to spin for ever on them.

The hostile tables are copies of the built-in ones with every weight raised to just under 10^9,
the most a weight may be (and made unequal, so no common factor cancels out): the products of
weights that size still pass 2^256 in every game.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen import rng
from cardgen.cli.main import cli
from cardgen.errors import TableError
from cardgen.resources import data_dir

LIMIT = "past 2^256, the most a card's 256-bit draw covers"


def raised(game: str, dest: Path, factor: int | None = None, letter: str | None = None) -> Path:
    """A copy of `game`'s tables (no frozen editions) with every weight times `factor` plus its place,
    or with `factor` None every weight a little under 10^9 (the most a table weight may be)."""
    shutil.copytree(data_dir("attribute_tables") / game, dest, ignore=shutil.ignore_patterns("editions"))
    place = 0
    for path in sorted(dest.glob("*.toml")):

        def bigger(m: re.Match) -> str:
            nonlocal place
            place += 1
            return f"{m.group(1)}{10**9 - place if factor is None else int(m.group(2)) * factor + place}"

        text = re.sub(r"(?m)^(\s*weight\w* = |\s*allow = |\s*deny = )(\d+)", bigger, path.read_text(encoding="utf-8"))
        text = re.sub(r"(\bweight = )(\d+)", bigger, text)  # inline tables: { value = 1, weight = 8 }
        if letter is not None and path.name == "meta.toml":
            text = re.sub(r'(?m)^edition = "."', f'edition = "{letter}"', text)
        path.write_text(text, encoding="utf-8")
    return dest


# ----- the shared draw -----------------------------------------------------------------------------


def test_check_space_names_the_tables_the_product_and_the_limit():
    assert rng.check_space(1 << 256, "t", "p") == 1 << 256
    with pytest.raises(TableError) as caught:
        rng.check_space((1 << 300) + 5, "the tables in 'x'", "the product of the weights")
    message = str(caught.value)
    assert message.startswith("the tables in 'x': the product of the weights is more than 2^300, ") and LIMIT in message
    assert "\n" not in message
    with pytest.raises(TableError, match="is 0: give the options positive weights"):
        rng.check_space(0, "t", "p")


@pytest.mark.parametrize("space", [(1 << 256) + 1, 1 << 257, 10**100, 0, -1])
def test_uniform_draws_refuses_a_space_it_cannot_cover_at_once(space):
    with pytest.raises(ValueError, match="space must be 1 .. 2"):
        next(rng.uniform_draws(1, ("test",), 0, 1, space))


@pytest.mark.parametrize("space", [1 << 256, (1 << 255) + 1, (1 << 200) + 7, 3])
def test_uniform_draws_at_the_edge_of_the_space_still_end_and_stay_below_the_limit(space):
    limit = (1 << 256) - (1 << 256) % space
    draws = list(rng.uniform_draws("edge", ("test",), 0, 300, space))
    assert len(draws) == 300 and all(0 <= u < limit for u in draws)
    assert draws[17:40] == list(rng.uniform_draws("edge", ("test",), 17, 23, space))  # item i is its own


# ----- the games' tables ---------------------------------------------------------------------------


def test_gyonrg_tables_too_heavy_to_draw_from_are_refused_at_freeze_and_generate(tmp_path):
    folder = raised("gyonrg", tmp_path / "tables", letter="B")
    runner = CliRunner()
    for args in (["freeze"], ["generate", "--count", "2", "-s", "1"], ["stats"]):
        r = runner.invoke(cli, ["gyonrg", "--tables", str(folder), *args])
        assert r.exit_code == 1, (args, r.output)
        assert r.stderr.startswith(f"error: the Gyon-RG tables in {str(folder)!r}: the product of the attributes' total weights")
        assert LIMIT in r.stderr and r.stderr.count("\n") == 1, r.stderr
    assert not (folder / "editions").exists()  # nothing was frozen


def test_gogmagog_tables_too_heavy_to_draw_from_are_refused_when_loaded(tmp_path):
    from cardgen.gogmagog import cards

    with pytest.raises(TableError) as caught:
        cards.load(raised("gogmagog", tmp_path / "tables"))
    assert str(caught.value).startswith("the Gog & Magog tables of edition ") and LIMIT in str(caught.value)
    assert "the kinds' total weight times every kind's product of attribute totals" in str(caught.value)


def test_spherion_tables_too_heavy_to_draw_from_are_refused_when_loaded(tmp_path):
    from cardgen.spherion import cards

    folder = raised("spherion", tmp_path / "tables")
    with pytest.raises(TableError) as caught:
        cards.Tables(folder)
    assert str(caught.value).startswith(f"the Spherion tables in {str(folder)!r}: the kinds' total weight") and LIMIT in str(caught.value)


def test_heavy_tables_within_the_limit_still_generate_the_same_cards(tmp_path):
    """Weights raised a little less: a space of more than 2^128 outcomes, under 2^256, draws as before."""
    from cardgen.gogmagog import cards, generator

    edition = cards.load(raised("gogmagog", tmp_path / "tables", 1000))
    assert 128 < edition.total_weight.bit_length() <= 256
    first = [c.number for c in generator.generate("heavy", 40, 0, edition)]
    assert first == [c.number for c in generator.generate("heavy", 40, 0, edition)]
    assert first[10:] == [c.number for c in generator.generate("heavy", 30, 10, edition)]
