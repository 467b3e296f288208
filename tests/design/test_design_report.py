"""`cardgen GAME design`: the designer's report names every option with its probability, fetches
nothing, compares editions, and refuses bad input in one line."""

from __future__ import annotations

import re
import shutil
import tomllib
from fractions import Fraction
from html import escape
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.cli.main import cli
from cardgen.design.charts import pct
from cardgen.resources import data_dir

TABLES = data_dir("attribute_tables")


def _toml(game: str, name: str) -> dict:
    return tomllib.loads((TABLES / game / f"{name}.toml").read_text(encoding="utf-8"))


def _named(rows: list[dict], label=lambda r: r["name"]) -> list[tuple[str, int]]:
    return [(label(r), r["weight"]) for r in rows]


def expected_tables(game: str) -> dict[tuple[str, str], list[tuple[str, int]]]:
    """(title, file) -> [(option, weight)] read straight from the TOML files, not through cardgen."""
    if game == "gyonrg":
        mods = _toml(game, "modifiers")
        out = {
            ("element", "elements.toml"): _named(_toml(game, "elements")["element"]),
            ("ship type", "ships.toml"): _named(_toml(game, "ships")["ship"]),
            ("modifier", "modifiers.toml"): _named(mods["modifier"]),
            ("modifier count", "modifiers.toml"): [("one", mods["count"]["one"]), ("two", mods["count"]["two"])],
            ("goal grid", "goals.toml"): _named(_toml(game, "goals")["grid"]),
            ("special", "specials.toml"): _named(_toml(game, "specials")["special"]),
        }
        for side, w in _toml(game, "deploy").items():
            out[(f"deploy {side}", "deploy.toml")] = [("allow", w["allow"]), ("deny", w["deny"])]
        return out
    if game == "gogmagog":
        cr = _toml(game, "creatures")
        return {
            ("kind", "meta.toml"): list(_toml(game, "meta")["kinds"].items()),
            ("guild", "guilds.toml"): _named(_toml(game, "guilds")["guild"]),
            ("attack", "creatures.toml"): _named(cr["attack"], lambda r: str(r["value"])),
            ("defence", "creatures.toml"): _named(cr["defence"], lambda r: f"{r['value']} ({r['word']})"),
            ("noun", "creatures.toml"): [(n, 1) for n in cr["nouns"]],
            ("ability", "abilities.toml"): _named(_toml(game, "abilities")["ability"]),
            ("spell", "spells.toml"): _named(_toml(game, "spells")["spell"]),
            ("resource", "resources.toml"): _named(_toml(game, "resources")["resource"]),
        }
    assert game == "spherion"
    mon, sp = _toml(game, "monsters"), _toml(game, "spells")
    step = mon["spread"]["step"]

    def cond(r):
        return f"{r['kind']} {r['value']}" if r["value"] else r["kind"]

    return {
        ("kind", "meta.toml"): list(_toml(game, "meta")["kinds"].items()),
        ("element", "monsters.toml"): _named(mon["element"]),
        ("level", "monsters.toml"): _named(mon["level"], lambda r: f"Level {r['level']}"),
        ("ATK and DEF spread", "monsters.toml"): [(f"{o:+d} ({o * step:+d})", w) for o, w in
                                                  zip(mon["spread"]["offsets"], mon["spread"]["weights"])],
        ("prefix", "monsters.toml"): _named(mon["prefix"]),
        ("noun", "monsters.toml"): _named(mon["noun"]),
        ("fusion", "monsters.toml"): _named(mon["fusion"]),
        ("relic", "monsters.toml"): [("no", mon["relic"]["weight_no"]), ("yes", mon["relic"]["weight_yes"])],
        ("magnitude", "spells.toml"): list(zip(sp["magnitude"]["names"], sp["magnitude"]["weights"])),
        ("spell", "spells.toml"): _named(sp["spell"], lambda r: r["title"]),
        ("spell condition", "spells.toml"): _named(sp["spell_condition"], cond),
        ("trap", "spells.toml"): _named(sp["trap"], lambda r: r["title"]),
        ("trap condition", "spells.toml"): _named(sp["trap_condition"], cond),
    }  # fmt: skip


def chart_of(html: str, title: str, file: str) -> str:
    """The markup of one table's chart in the report."""
    head = f'<div class="chart"><h3>{escape(title)} <small>{escape(file)}</small></h3>'
    assert html.count(head) == 1, f"no single chart for {title} ({file})"
    start = html.index(head)
    return html[start : html.index("</svg>", start)]


def shows(chart: str, name: str, probability: Fraction) -> bool:
    """The chart's bar of `name` carries `probability` (the figure drawn after that bar)."""
    pattern = (re.escape(f"<title>{escape(name)}</title>") + r"[^<]*</text><rect[^>]*/><text[^>]*>"
               + re.escape(escape(pct(probability))) + r"\s")  # fmt: skip
    return re.search(pattern, chart) is not None


@pytest.fixture(scope="module")
def reports(tmp_path_factory) -> dict[str, str]:
    out = {}
    folder = tmp_path_factory.mktemp("design")
    for game in ("gyonrg", "gogmagog", "spherion", "ginjontan"):
        path = folder / f"{game}.html"
        res = CliRunner().invoke(cli, [game, "design", "-o", str(path), "--games", "0"])
        assert res.exit_code == 0, res.output
        out[game] = path.read_text(encoding="utf-8")
    return out


@pytest.mark.parametrize("game", ["gyonrg", "gogmagog", "spherion"])
def test_every_option_of_every_table_with_its_probability(reports, game):
    html = reports[game]
    for (title, file), options in expected_tables(game).items():
        chart = chart_of(html, title, file)
        total = sum(w for _, w in options)
        for name, weight in options:
            assert shows(chart, name, Fraction(weight, total)), f"{game} {file} {title}: {name} not at {pct(Fraction(weight, total))}"


@pytest.mark.parametrize("game", ["gyonrg", "gogmagog", "spherion"])
def test_stars_examples_and_extremes(reports, game):
    html = reports[game]
    assert 'id="stars"' in html and 'id="extremes"' in html
    # three example cards drawn by the print code at each star level, inline
    assert html.count('<img src="data:image/png;base64,') == 15
    for stars in range(1, 6):
        assert f"{'★' * stars}{'☆' * (5 - stars)}" in html


def test_ginjontan_shows_card_and_hand_values(reports):
    html = reports["ginjontan"]
    assert "card values across the family" in html and "values of random 9-card hands" in html
    assert 'id="stars"' not in html  # a fixed family has no stars


@pytest.mark.parametrize("game", ["gyonrg", "gogmagog", "spherion", "ginjontan"])
def test_the_report_fetches_nothing(reports, game):
    html = reports[game]
    assert "<script" not in html.lower() and "<link" not in html.lower() and "@import" not in html
    for attr in re.findall(r"""\b(?:src|href)\s*=\s*["']([^"']*)""", html, flags=re.I):
        assert attr.startswith(("data:", "#")), attr
    assert not re.search(r"url\(\s*['\"]?(?:https?:)?//", html)
    assert not re.search(r"https?://", html)


def _edited(tmp_path: Path, letter: str = "B") -> Path:
    """A copy of the Gyon-RG tables with Matter's weight 6 -> 9 and a new edition letter."""
    dest = tmp_path / "tables"
    shutil.copytree(TABLES / "gyonrg", dest)
    el = dest / "elements.toml"
    text = el.read_text(encoding="utf-8")
    head, rest = text.split('name = "Matter"', 1)
    assert "weight = 6" in rest.split("[[element]]", 1)[0]
    el.write_text(head + 'name = "Matter"' + rest.replace("weight = 6", "weight = 9", 1), encoding="utf-8")
    meta = dest / "meta.toml"
    meta.write_text(meta.read_text(encoding="utf-8").replace('edition = "A"', f'edition = "{letter}"'), encoding="utf-8")
    return dest


def _change_row(html: str, option: str) -> str:
    section = html[html.index('id="changes"') : html.index('id="stars"')]
    rows = [r for r in section.split("<tr>") if f"<td>{option}</td>" in r]
    assert len(rows) == 1, rows
    return rows[0]


@pytest.mark.parametrize("against", ["A", "builtin"])
def test_against_names_the_changed_option_and_its_two_probabilities(tmp_path, against):
    tables = _edited(tmp_path)
    out = tmp_path / "r.html"
    spec = str(TABLES / "gyonrg") if against == "builtin" else against
    res = CliRunner().invoke(cli, ["gyonrg", "design", "-o", str(out), "--tables", str(tables), "--against", spec, "--games", "0"])
    assert res.exit_code == 0, res.output
    html = out.read_text(encoding="utf-8")
    elements = _toml("gyonrg", "elements")["element"]
    total = sum(e["weight"] for e in elements)
    before, after = Fraction(6, total), Fraction(9, total + 3)
    row = _change_row(html, "Matter")
    assert "element" in row and pct(before) in row and pct(after) in row
    assert "What changed since edition A" in html and "A changed table is a new edition" in html
    # star shares before and after are shown side by side
    assert "edition A</th><th class=\"n\">edition B</th>" in html


@pytest.mark.parametrize(("game", "letter"), [("gyonrg", "A"), ("gogmagog", "P"), ("spherion", "T"), ("ginjontan", "J")])
def test_against_itself_moves_nothing(tmp_path, game, letter):
    out = tmp_path / "r.html"
    res = CliRunner().invoke(cli, [game, "design", "-o", str(out), "--against", letter, "--games", "0"])
    assert res.exit_code == 0, res.output
    assert "nothing moved" in out.read_text(encoding="utf-8")


def test_balance_section_plays_games_and_says_whether_rarer_cards_win(tmp_path):
    out = tmp_path / "r.html"
    res = CliRunner().invoke(cli, ["gogmagog", "design", "-o", str(out), "--games", "2"])
    assert res.exit_code == 0, res.output
    assert "balance: played 2/2 games" in res.output  # progress with its cost
    html = out.read_text(encoding="utf-8")
    section = html[html.index('id="balance"') :]
    assert re.search(r'<p class="verdict">(Yes|No|Not shown|Too few)', section)
    for cat in ("stars", "guild", "kind", "cost"):
        assert f"<h3>by {cat}</h3>" in section
    assert "The first player wins" in section and "random legal decks drawn from a pool of 300 cards" in section


@pytest.mark.parametrize(
    ("args", "code", "said"),
    [
        (["--tables", "{empty}"], 1, "meta.toml: table file missing"),
        (["--against", "Z"], 2, "'Z' is neither a tables folder nor a released Gyon-RG edition (known editions: A)"),
        (["-o", "{tmp}"], 2, "is a directory"),
    ],
)
def test_bad_input_is_one_clear_line(tmp_path, args, code, said):
    empty = tmp_path / "empty"
    empty.mkdir()
    args = [a.format(empty=empty, tmp=tmp_path) for a in args]
    if "-o" not in args:
        args = ["-o", str(tmp_path / "r.html"), *args]
    res = CliRunner().invoke(cli, ["gyonrg", "design", "--games", "0", *args])
    assert res.exit_code == code, res.output
    assert said in res.output
    assert "Traceback" not in res.output
    assert not (tmp_path / "r.html").exists()


@pytest.mark.parametrize("game", ["gyonrg", "gogmagog", "spherion"])
def test_each_level_reaches_down_to_its_rarest_card(game):
    """A level's odds reach down to a real card: the 5★ one is the rarest card of the edition, and
    every example card of a level is at least as likely as that level's rarest."""
    from cardgen.design.model import design_of, examples, extremes

    design = design_of(game)
    ed = design.load(None)
    levels = {lv.stars: lv for lv in design.levels(ed)}
    ((_, kind, choices),) = extremes(design.spaces(ed), 1, biggest=False)
    assert levels[5].min_probability == design.view(design.card(ed, kind, choices)).probability
    for stars, cards in examples(design, ed).items():
        assert cards and all(design.view(c).probability >= levels[stars].min_probability for c in cards)


def test_balance_figures_do_not_depend_on_the_processes():
    """Each game is seeded by itself, so one process or two give the same figures."""
    from cardgen.design.balance import run
    from cardgen.design.model import design_of

    design = design_of("gogmagog")
    one, two = run(design, 4, jobs=1), run(design, 4, jobs=2)
    assert one.categories == two.categories and one.categories["stars"]


@pytest.mark.parametrize(("args", "option"), [(["--address", "auto"], "--address"), (["--interval", "2"], "--interval")])
def test_an_option_that_would_be_ignored_is_refused(tmp_path, args, option):
    res = CliRunner().invoke(cli, ["gogmagog", "design", "-o", str(tmp_path / "r.html"), "--games", "0", *args])
    assert res.exit_code == 2 and option in res.output
    assert not (tmp_path / "r.html").exists()


def test_ginjontan_has_no_balance_games_to_play(tmp_path):
    res = CliRunner().invoke(cli, ["ginjontan", "design", "-o", str(tmp_path / "r.html"), "--games", "5"])
    assert res.exit_code == 2 and "'--games'" in res.output and "no balance games" in res.output
    assert not (tmp_path / "r.html").exists()


def test_cards_of_the_old_edition_are_shown_with_their_new_odds(tmp_path):
    """The comparison carries edition A's cards into the edited tables: a Matter card is
    (9/28) / (6/25) times as likely as before, any other card 25/28 times."""
    from cardgen.design.model import design_of
    from cardgen.design.report import build

    design = design_of("gyonrg")
    tables = _edited(tmp_path)
    report = build(design, None, tables, against=design.load(None), dpi=0)
    assert report.comparison is not None and len(report.comparison.cards) >= 15
    total = sum(e["weight"] for e in _toml("gyonrg", "elements")["element"])
    matter = 0
    for old, new in report.comparison.cards:
        assert new.name == old.name and new.serial[0] == "B" and old.serial[0] == "A"
        ratio = new.probability / old.probability
        assert ratio in (Fraction(9, total + 3) / Fraction(6, total), Fraction(total, total + 3))
        matter += ratio > 1
    assert 0 < matter < len(report.comparison.cards)
    assert "Cards of edition A, drawn now" in report.html


@pytest.mark.parametrize(("game", "file", "option", "old", "letter"),
                         [("gogmagog", "guilds.toml", "Ember", "P", "Q"), ("spherion", "monsters.toml", "Fire", "T", "V")])
def test_against_in_the_other_games(tmp_path, game, file, option, old, letter):
    """Gog & Magog and Spherion: one weight 1 -> 3 in a copy with a new letter names that option
    and its two probabilities."""
    dest = tmp_path / "tables"
    shutil.copytree(TABLES / game, dest)
    text = (dest / file).read_text(encoding="utf-8")
    head, rest = text.split(f'name = "{option}"', 1)
    block, tail = rest.split("weight = 1", 1)
    (dest / file).write_text(head + f'name = "{option}"' + block + "weight = 3" + tail, encoding="utf-8")
    meta = dest / "meta.toml"
    meta.write_text(meta.read_text(encoding="utf-8").replace(f'edition = "{old}"', f'edition = "{letter}"'), encoding="utf-8")
    out = tmp_path / "r.html"
    res = CliRunner().invoke(cli, [game, "design", "-o", str(out), "--tables", str(dest), "--against", old, "--games", "0"])
    assert res.exit_code == 0, res.output
    rows = _toml(game, file.removesuffix(".toml"))
    group = rows["guild"] if game == "gogmagog" else rows["element"]
    total = sum(r["weight"] for r in group)
    row = _change_row(out.read_text(encoding="utf-8"), option)
    assert pct(Fraction(1, total)) in row and pct(Fraction(3, total + 2)) in row
