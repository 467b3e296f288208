"""Issue 34, class 10: `png -o DIR` replaces the PNGs it writes only when every one of them (and the
contact sheet) has been written; a failure on a later card leaves DIR as it was, and files in
DIR that the run does not write are never touched."""

from __future__ import annotations

import errno
import os

import pytest
from click.testing import CliRunner

from cardgen import files
from cardgen.cli.main import cli
from cardgen.errors import FileError
from cardgen.print.png import write_pngs
from cardgen.print.sizes import CARD_SIZES

from .conftest import make_cards


def snapshot(folder):
    return {p.name: (p.read_bytes() if p.is_file() else "folder") for p in sorted(folder.iterdir())}


def earlier_run(folder, names):
    for name in names:
        (folder / name).write_bytes(b"earlier " + name.encode())
    (folder / "mine.txt").write_bytes(b"not the run's")


def test_a_later_target_that_is_a_folder_leaves_every_earlier_png(tmp_path, face):
    earlier_run(tmp_path, [f"T{i:05d}X.png" for i in range(40)] + ["contact-sheet.png"])
    (tmp_path / "T00035X.png").unlink()
    (tmp_path / "T00035X.png").mkdir()  # a later card's name is taken by a folder
    before = snapshot(tmp_path)
    with pytest.raises(FileError, match="T00035X.png"):
        write_pngs(make_cards(40), face, CARD_SIZES["mini"], tmp_path, key=face.key, dpi=36)
    assert snapshot(tmp_path) == before


def test_a_full_disk_on_a_later_png_leaves_every_earlier_png(tmp_path, face, monkeypatch):
    earlier_run(tmp_path, [f"T{i:05d}X.png" for i in range(40)] + ["contact-sheet.png"])
    before = snapshot(tmp_path)
    real = files._TempFile.write
    calls = []

    def write(self, data):
        calls.append(1)
        if len(calls) == 37:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(self, data)

    monkeypatch.setattr(files._TempFile, "write", write)
    with pytest.raises(FileError, match="no space left on device"):
        write_pngs(make_cards(40), face, CARD_SIZES["mini"], tmp_path, key=face.key, dpi=36)
    assert snapshot(tmp_path) == before


def test_a_contact_sheet_that_cannot_be_written_leaves_every_png(tmp_path, face):
    earlier_run(tmp_path, [f"T{i:05d}X.png" for i in range(3)])
    (tmp_path / "contact-sheet.png").mkdir()
    before = snapshot(tmp_path)
    with pytest.raises(FileError, match="contact-sheet.png"):
        write_pngs(make_cards(3), face, CARD_SIZES["mini"], tmp_path, key=face.key, dpi=36)
    assert snapshot(tmp_path) == before


def test_a_successful_run_replaces_its_pngs_and_leaves_the_rest(tmp_path, face):
    earlier_run(tmp_path, ["T00000X.png", "contact-sheet-002.png"])
    summary = write_pngs(make_cards(2), face, CARD_SIZES["mini"], tmp_path, key=face.key, dpi=36)
    assert (tmp_path / "mine.txt").read_bytes() == b"not the run's"
    assert (tmp_path / "contact-sheet-002.png").read_bytes() == b"earlier contact-sheet-002.png"
    assert (tmp_path / "T00000X.png").read_bytes().startswith(b"\x89PNG")
    assert [p.parent for p in summary.contact_sheets] == [tmp_path]
    assert all(p.is_file() for p in summary.contact_sheets)
    assert not [n for n in os.listdir(tmp_path) if n.startswith(".")]


def test_a_new_folder_is_not_left_behind_by_a_failed_run(tmp_path, face):
    out = tmp_path / "new" / "pngs"

    def key(card):
        if card.serial == "T00035X":
            raise KeyboardInterrupt
        return card.serial

    with pytest.raises(KeyboardInterrupt):
        write_pngs(make_cards(40), face, CARD_SIZES["mini"], out, key=key, dpi=36)
    assert os.listdir(tmp_path) == []


def test_png_command_into_a_file_is_refused_before_any_work(tmp_path):
    target = tmp_path / "pngs"
    target.write_text("a file")
    r = CliRunner().invoke(cli, ["gyonrg", "png", "-s", "1", "-n", "2", "--dpi", "36", "-o", str(target)])
    assert r.exit_code in (1, 2) and "Traceback" not in r.output
    assert target.read_text() == "a file"
