"""`cardgen gyonrg generate / lookup / stats` as a user runs them."""

from __future__ import annotations

import csv
import io
import json

from click.testing import CliRunner

from cardgen.cli.main import cli
from cardgen.gyonrg.generator import generate


def run(*args, **kw):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False, **kw)


def test_help_lists_commands():
    out = run("gyonrg", "--help").output
    for cmd in ("generate", "lookup", "stats", "freeze"):
        assert cmd in out
    assert "gyonrg" in run("--help").output


def test_generate_text_is_readable_and_seeded():
    r = run("gyonrg", "generate", "--seed", "7", "--count", "3")
    assert r.exit_code == 0
    cards = list(generate("7", 3))
    for c in cards:
        assert c.serial in r.output and c.name in r.output and c.special.text in r.output


def test_generate_without_seed_prints_the_seed_to_repeat():
    r = CliRunner().invoke(cli, ["gyonrg", "generate", "-n", "2"])
    assert r.exit_code == 0
    line = [ln for ln in r.stderr.splitlines() if ln.startswith("seed ")][0]
    seed = line.split()[1]
    again = run("gyonrg", "generate", "-n", "2", "--seed", seed)
    assert again.stdout == r.stdout


def test_generate_json_carries_everything():
    r = run("gyonrg", "generate", "-s", "j", "-n", "4", "--start", "10", "--format", "json")
    data = json.loads(r.output)
    cards = list(generate("j", 4, 10))
    assert [d["serial"] for d in data] == [c.serial for c in cards]
    d = data[0]
    for key in ("element", "name", "stars", "deploy_cost", "move_cost", "rotate_cost", "attack_cost", "speed",
                "attack", "shield", "weapon", "blindspot", "deploy", "goal_sectors", "special", "probability",
                "odds", "percentile", "drone"):  # fmt: skip
        assert key in d
    assert d["special"]["effect"]["kind"]


def test_generate_csv(tmp_path):
    out = tmp_path / "cards.csv"
    r = run("gyonrg", "generate", "-s", "c", "-n", "5", "--format", "csv", "-o", str(out))
    assert r.exit_code == 0
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert [row["serial"] for row in rows] == [c.serial for c in generate("c", 5)]
    assert rows[0]["probability"] and rows[0]["special_text"]


def test_lookup_serial_url_and_json():
    card = next(generate("look", 1))
    r = run("gyonrg", "lookup", card.serial.lower())
    assert r.exit_code == 0
    assert card.name in r.output and "1 in" in r.output and card.special.text in r.output
    r = run("gyonrg", "lookup", f"https://example.org/c/{card.serial}", "--json")
    assert json.loads(r.output)["serial"] == card.serial
    r = run("gyonrg", "lookup", f"http://localhost:8000/lookup?s={card.serial}", "--json")
    assert json.loads(r.output)["name"] == card.name


def test_bad_serial_is_one_line_exit_1():
    r = CliRunner().invoke(cli, ["gyonrg", "lookup", "A3K9-QX7M-2PQ"])
    assert r.exit_code == 1
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("error: serial")
    assert "Traceback" not in r.output + r.stderr


def test_several_serials_report_each_bad_one():
    good = next(generate("many", 1)).serial
    r = CliRunner().invoke(cli, ["gyonrg", "lookup", good, "XX", "A0000U"])
    assert r.exit_code == 1
    assert good in r.stdout
    assert len(r.stderr.strip().splitlines()) == 2


def test_usage_error_exit_2():
    r = CliRunner().invoke(cli, ["gyonrg", "generate", "--count", "-3"])
    assert r.exit_code == 2
    r = CliRunner().invoke(cli, ["gyonrg", "generate", "--format", "xml"])
    assert r.exit_code == 2


def test_stats_text_and_json():
    r = run("gyonrg", "stats")
    assert "32,695,438,540,800" in r.output and "★★★★★" in r.output
    data = json.loads(run("gyonrg", "stats", "--json").output)
    assert data["card_space"] > 13 * 10**12
    assert abs(sum(lv["pull_share"] for lv in data["stars"]) - 1) < 1e-12
    assert abs(sum(data["odds"]["element"].values()) - 1) < 1e-12


def test_broken_tables_one_line_error(gyonrg_tables):
    p = gyonrg_tables / "ships.toml"
    p.write_text(p.read_text().replace("speed = 2", "speed = -2", 1))
    r = CliRunner().invoke(cli, ["gyonrg", "--tables", str(gyonrg_tables), "generate", "-n", "1", "-s", "1"])
    assert r.exit_code == 1
    assert r.stderr.strip() == "error: ships.toml: ship[0].speed: expected a whole number >= 0, got -2"


def test_output_file_is_not_clobbered_on_error(gyonrg_tables, tmp_path):
    out = tmp_path / "keep.json"
    out.write_text("precious")
    p = gyonrg_tables / "goals.toml"
    p.write_text("not = [valid")
    r = CliRunner().invoke(cli, ["gyonrg", "--tables", str(gyonrg_tables), "generate", "-s", "1", "-o", str(out)])
    assert r.exit_code == 1
    assert out.read_text() == "precious"
    assert [f.name for f in tmp_path.iterdir() if f.name.startswith(".keep")] == []


def test_freeze_into_a_tables_folder(gyonrg_tables):
    r = run("gyonrg", "--tables", str(gyonrg_tables), "freeze")
    assert "froze edition A" in r.output
    assert (gyonrg_tables / "editions" / "A" / "ships.toml").is_file()
    assert "already frozen" in run("gyonrg", "--tables", str(gyonrg_tables), "freeze").output
