"""Print runs (`cardgen GAME run`): files, manifest, audit, resuming after a kill, workers, --unique."""

from __future__ import annotations

import csv
import hashlib
import importlib.util
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen import games
from cardgen.cli.main import cli
from cardgen.print.preflight import failed, preflight
from cardgen.print.shops import SHOPS
from cardgen.printrun import STATE, RunSpec, Slot, audit, check_pack, make_unit, parse_slots

ROOT = Path(__file__).resolve().parents[1]


def kit_of(name: str):
    return next(e for e in games.registry().entries() if e.name == name).load_kit()


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def folder_bytes(folder: Path) -> dict[str, bytes]:
    """Every file under the folder (hidden ones too), by relative path."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


# A tiny run: 8 files of one 3-card pack each, quick to draw, print and preflight.
TINY = ["gyonrg", "run", "--packs", "8", "--slots", "1-2:2,3+:1", "--per-file", "1", "--seed", "11"]


def test_a_run_writes_files_manifest_and_audit_and_no_state(tmp_path):
    out = tmp_path / "run"
    result = invoke("gogmagog", "run", "--decks", "3", "--per-file", "2", "--seed", "7", "-o", str(out))
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in out.iterdir())
    assert names == ["audit.json", "audit.txt", "gogmagog-decks-0001.pdf", "gogmagog-decks-0002.pdf", "manifest.csv",
                     "manifest.jsonl"]  # fmt: skip
    assert not (out / STATE).exists()  # the resume state is gone once the run is complete
    rows = list(csv.DictReader((out / "manifest.csv").open()))
    kit = kit_of("gogmagog")
    deck = kit.deck.cards(kit.deck.build("7/deck1", None, None).deck)  # what `deck build --seed 7/deck1` makes
    assert [r["serial"] for r in rows if r["unit"] == "deck-00001"] == [c.serial for c in deck]
    assert {r["seed"] for r in rows} == {"7/deck1", "7/deck2", "7/deck3"}
    # 3x3 sheets without backs: card k of a file is on page k // 9 + 1 (deck 2 starts at card 31 of file 1)
    second = [r for r in rows if r["unit"] == "deck-00002"]
    assert len(deck) == 30 and [int(r["page"]) for r in second][:3] == [4, 4, 4] and second[-1]["page"] == "7"
    lines = [json.loads(x) for x in (out / "manifest.jsonl").read_text().splitlines()]
    files = {x["file"]: x for x in lines if x["type"] == "file"}

    for name, entry in files.items():
        assert entry["sha256"] == hashlib.sha256((out / name).read_bytes()).hexdigest()
    assert {r["file_sha256"] for r in rows if r["file"] == "gogmagog-decks-0002.pdf"} == {files["gogmagog-decks-0002.pdf"]["sha256"]}


@pytest.mark.parametrize("shop", ["home", "pod", "offset"])
def test_every_file_passes_its_shops_preflight(tmp_path, shop):
    out = tmp_path / shop
    size = ["--card-size", "73x102"] if shop == "offset" else []  # offset asks for 7 pt text: a larger card
    result = invoke("gogmagog", "run", "--packs", "3", "--pack-size", "4", "--per-file", "2", "--seed", "2",
                    "--shop", shop, *size, "-o", str(out))  # fmt: skip
    assert result.exit_code == 0, result.output
    pdfs = sorted(out.glob("*.pdf"))
    assert len(pdfs) == 2
    for pdf in pdfs:
        findings = preflight(pdf.read_bytes(), SHOPS[shop], pdf.name)
        assert not failed(findings), [f.line() for f in findings]
    report = json.loads((out / "audit.json").read_text())
    assert all(not f["failed"] for f in report["preflight"].values())
    pages = [json.loads(x)["pages"] for x in (out / "manifest.jsonl").read_text().splitlines() if '"type": "file"' in x]
    # pod and offset: a card a page, each followed by its back; home: one 3x3 sheet holds the 8 cards
    assert pages == ([16, 8] if shop != "home" else [1, 1])


def test_the_same_arguments_give_the_same_bytes_for_any_number_of_workers(tmp_path):
    one, two = tmp_path / "one", tmp_path / "two"
    assert invoke(*TINY[:3], "4", *TINY[4:], "--jobs", "1", "-o", str(one)).exit_code == 0
    assert invoke(*TINY[:3], "4", *TINY[4:], "--jobs", "2", "-o", str(two)).exit_code == 0
    assert folder_bytes(one) == folder_bytes(two)


def _start(out: Path) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "cardgen", *TINY, "-o", str(out)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory) -> dict[str, bytes]:
    reference = tmp_path_factory.mktemp("reference") / "run"
    done = _start(reference)
    assert done.wait(120) == 0, done.stderr.read() if done.stderr else ""
    return folder_bytes(reference)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGKILL])
def test_a_run_killed_part_way_resumes_to_the_same_bytes(tmp_path, signum, uninterrupted):
    out = tmp_path / "killed"
    proc = _start(out)
    deadline = time.monotonic() + 120
    while not (out / STATE / "file-000002.json").exists():  # two files done, the third being made
        assert proc.poll() is None and time.monotonic() < deadline, "the run ended before it could be killed"
        time.sleep(0.005)
    proc.send_signal(signum)
    proc.wait(30)
    assert proc.returncode in (-signum, 128 + signum)
    if signum != signal.SIGKILL:  # Ctrl-C and kill: one line saying how to go on
        last = proc.stderr.read().decode().strip().splitlines()[-1]  # type: ignore[union-attr]
        assert last.endswith("can resume: run the same command again") and ("interrupted" in last or "SIGTERM" in last)
    assert not (out / "manifest.csv").exists() and (out / STATE / "run.json").exists()
    # what SIGKILL leaves of a file being written: its temporary file beside it
    (out / ".gyonrg-packs-0007.pdf.0badcafe.part").write_bytes(b"%PDF-1.4 half")
    resumed = _start(out)
    assert resumed.wait(120) == 0, resumed.stderr.read() if resumed.stderr else ""
    assert folder_bytes(out) == uninterrupted


def test_resuming_with_other_arguments_is_a_one_line_error(tmp_path):
    out = tmp_path / "run"
    spec = RunSpec("gyonrg", "A", "packs", 8, 11, slots="1-2:2,3+:1", per_file=1)
    (out / STATE).mkdir(parents=True)
    (out / STATE / "run.json").write_text(json.dumps(spec.to_json()))
    result = invoke(*TINY[:3], "9", *TINY[4:], "-o", str(out))
    assert result.exit_code == 1
    assert "unfinished run with other arguments" in result.output and "--packs 8 there, --packs 9 here" in result.output
    assert result.output.count("\n") == 1
    assert not list(out.glob("*.pdf"))


def test_a_finished_folder_is_not_run_over(tmp_path):
    out = tmp_path / "run"
    assert invoke(*TINY[:3], "1", *TINY[4:], "-o", str(out)).exit_code == 0
    result = invoke(*TINY[:3], "1", *TINY[4:], "-o", str(out))
    assert result.exit_code == 1 and "already holds a finished run" in result.output


def test_unique_refuses_a_run_that_would_repeat_a_serial_before_printing(tmp_path):
    out = tmp_path / "run"
    # Spherion's card space is small: four 10-card packs of seed 7 share serials
    args = ["spherion", "run", "--packs", "4", "--slots", "1-2:6,3+:3,trap:1", "--per-file", "2", "--seed", "7",
            "--card-size", "tarot"]  # fmt: skip
    result = invoke(*args, "--unique", "-o", str(out))
    assert result.exit_code == 1
    assert "--unique: the run would print serial" in result.output and "pack-0000" in result.output
    assert not out.exists() or not any(out.iterdir())
    allowed = invoke(*args, "-o", str(out))  # without --unique the run is made, the repeats listed
    assert allowed.exit_code == 0
    report = json.loads((out / "audit.json").read_text())
    assert report["repeated_serials"]


def test_unique_lets_a_run_without_repeats_through(tmp_path):
    out = tmp_path / "run"
    assert invoke(*TINY[:3], "2", *TINY[4:], "--unique", "-o", str(out)).exit_code == 0
    assert json.loads((out / "audit.json").read_text())["repeated_serials"] == {}


def test_packs_are_drawn_to_their_slots():
    kit = kit_of("gyonrg")
    spec = RunSpec("gyonrg", "A", "packs", 5, 3, slots="1:3,4+:2,drone:1")
    for i in range(5):
        cards = make_unit(kit, spec, i).cards
        assert [c.stars for c in cards[:3]] == [1, 1, 1]
        assert all(c.stars >= 4 for c in cards[3:5]) and cards[5].is_drone


def test_the_audit_catches_a_pack_that_breaks_its_slots():
    kit = kit_of("gyonrg")
    spec = RunSpec("gyonrg", "A", "packs", 1, 3, slots="1-2:2,3+:1")
    unit = make_unit(kit, spec, 0)
    serials = [c.serial for c in unit.cards]
    assert check_pack(kit, spec.slot_list(), serials) == []
    low = next(c for c in kit.generate("low", 100, 0) if c.stars == 1)
    broken = serials[:2] + [low.serial]  # a 1-star card in the 3+ slot
    record = {"file": "f.pdf", "preflight": [], "preflight_failed": False,
              "units": [{"id": "pack-00001", "serials": broken, "pages": [1, 1, 1]}]}  # fmt: skip
    report = audit(kit, spec, [record])
    assert report["packs_off_slots"] == {"pack-00001": [f"card 3 ({low.serial}) has 1 star, in slot 3+:1"]}
    assert check_pack(kit, spec.slot_list(), serials[:2]) == ["2 cards, the slots ask for 3"]


def test_slots_read_and_refused():
    assert parse_slots("1-2:10, 3+:5,drone:1,any:2") == (Slot(10, 1, 2), Slot(5, 3, 0), Slot(1, kind="drone"), Slot(2))
    result = invoke("gyonrg", "run", "--packs", "2", "--slots", "1-2:ten", "-o", "x")
    assert result.exit_code == 2 and "is not SELECTOR:COUNT" in result.output
    result = invoke("gyonrg", "run", "--packs", "2", "--slots", "1-2:3", "--pack-size", "4", "-o", "x")
    assert result.exit_code == 2 and "hold 3 cards, --pack-size is 4" in result.output
    assert invoke("gyonrg", "run", "-o", "x").exit_code == 2  # neither --decks nor --packs


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="Ray is not installed (pip install 'cardgen[cluster]')")
def test_ray_gives_the_bytes_of_local_workers(tmp_path):
    local, ray = tmp_path / "local", tmp_path / "ray"
    assert invoke(*TINY[:3], "3", *TINY[4:], "-o", str(local)).exit_code == 0
    result = invoke(*TINY[:3], "3", *TINY[4:], "--backend", "ray", "--jobs", "2", "-o", str(ray))
    assert result.exit_code == 0, result.output
    assert folder_bytes(local) == folder_bytes(ray)


def test_progress_says_cards_a_second_and_time_left():
    from cardgen.printrun import Progress

    said: list[tuple[str, bool]] = []
    now = [100.0]
    progress = Progress(1000, 200, lambda text, last: said.append((text, last)), lambda: now[0])
    now[0] = 104.0
    progress.add(400)  # 400 cards in 4 s this session: 100 a second, 400 to go
    now[0] = 108.0
    progress.add(400)
    assert said == [("600/1,000 cards, 100 cards/s, 4 s left", False), ("1,000/1,000 cards, 100 cards/s, 0 s left", True)]


def test_a_slot_no_card_fits_is_refused_before_anything_is_written(tmp_path):
    out = tmp_path / "run"
    result = invoke("gogmagog", "run", "--packs", "3", "--slots", "1:2,wizard:1", "--seed", "1", "-o", str(out))
    assert result.exit_code == 1
    assert "slot 'wizard:1': 0 of 1 cards found" in result.output and result.output.count("\n") == 1
    assert not out.exists()


def test_without_seed_an_unfinished_run_goes_on_with_its_own(tmp_path):
    out = tmp_path / "run"
    spec = RunSpec("gyonrg", kit_of("gyonrg").edition(), "packs", 1, 11, card_size="poker", slots="1-2:2,3+:1", per_file=1)
    (out / STATE).mkdir(parents=True)
    (out / STATE / "run.json").write_text(json.dumps(spec.to_json()))
    result = invoke("gyonrg", "run", "--packs", "1", "--slots", "1-2:2,3+:1", "--per-file", "1", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert "resuming the run of seed 11" in result.output
    assert {r["seed"] for r in csv.DictReader((out / "manifest.csv").open())} == {"11/pack1"}
