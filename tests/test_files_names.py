"""Issue 34, class 10: a name that names a folder (a trailing '/', '.' or '..') is never taken for a
file, so the file of that name is not replaced; '-' is standard output only where a command
writes text; and several files are written all or none (cardgen.files.atomic_files)."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen import files
from cardgen.cli.main import cli
from cardgen.errors import FileError

IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def hidden(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


@pytest.mark.parametrize("suffix", ["/", "//", "/.", "/./"])
def test_a_trailing_slash_names_a_folder_and_the_file_is_kept(tmp_path, suffix):
    notes = tmp_path / "notes"
    notes.write_text("my notes")
    with pytest.raises(FileError, match="folder") as caught:
        files.write_text(str(notes) + suffix, "new")
    assert str(notes) + suffix in str(caught.value) and "\n" not in str(caught.value)
    assert notes.read_text() == "my notes"
    assert hidden(tmp_path) == []


def test_dot_dot_names_a_folder(tmp_path):
    with pytest.raises(FileError, match="folder"):
        files.write_text(str(tmp_path / "a" / ".."), "x")


@pytest.mark.parametrize("name", ["", "-"])
def test_empty_and_dash_are_not_file_names_for_the_writer(tmp_path, name, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(FileError):
        files.write_text(name, "x")
    assert os.listdir(tmp_path) == []


def test_a_file_named_dash_is_still_writable_as_dot_slash_dash(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    files.write_text("./-", "x")
    assert (tmp_path / "-").read_text() == "x"


def test_open_output_trailing_slash(tmp_path):
    notes = tmp_path / "notes"
    notes.write_text("mine")
    with pytest.raises(FileError, match="folder"), files.open_output(str(notes) + "/") as out:
        out.write(b"new")
    assert notes.read_text() == "mine"


@pytest.mark.parametrize("args", [
    ["gyonrg", "print", "-s", "1", "-n", "1"],
    ["gyonrg", "generate", "-s", "1", "-n", "1"],
    ["gyonrg", "deck", "build", "-s", "1"],
    ["gyre", "board"],
    ["spherion", "board", "--text"],
    ["simulate", "gyre", "--bots", "random,greedy", "-n", "1", "-o", "size=4", "--no-progress", "--record"],
    ["gyonrg", "balance", "-n", "1", "--chart"],
])  # fmt: skip
def test_commands_refuse_a_file_name_ending_in_a_slash(tmp_path, args):
    notes = tmp_path / "notes"
    notes.write_text("my notes")
    option = [] if args[-1] in ("--record", "--chart") else ["-o"]
    r = CliRunner().invoke(cli, [*args, *option, str(notes) + "/"])
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output
    errors = [line for line in r.output.splitlines() if line.lower().startswith("error")]
    assert len(errors) == 1 and "folder" in errors[0] and "notes/" in errors[0]
    assert notes.read_text() == "my notes"
    assert sorted(os.listdir(tmp_path)) == ["notes"]


def test_deck_show_refuses_a_trailing_slash(tmp_path):
    deck = tmp_path / "deck.txt"
    assert CliRunner().invoke(cli, ["gyonrg", "deck", "build", "-s", "1", "-o", str(deck)]).exit_code == 0
    notes = tmp_path / "notes"
    notes.write_text("mine")
    r = CliRunner().invoke(cli, ["gyonrg", "deck", "show", str(deck), "-o", str(notes) + "/"])
    assert r.exit_code == 2 and "folder" in r.output and notes.read_text() == "mine"


# ----- atomic_files: several files, all or none --------------------------------------------


def test_atomic_files_write_all_at_the_end(tmp_path):
    (tmp_path / "a.png").write_bytes(b"old a")
    (tmp_path / "keep.png").write_bytes(b"not mine")
    with files.atomic_files(tmp_path) as batch:
        assert batch.write("a.png", b"new a") == tmp_path / "a.png"
        batch.write("b.png", b"new b")
        assert (tmp_path / "a.png").read_bytes() == b"old a"  # nothing replaced yet
        assert not (tmp_path / "b.png").exists()
    assert (tmp_path / "a.png").read_bytes() == b"new a"
    assert (tmp_path / "b.png").read_bytes() == b"new b"
    assert (tmp_path / "keep.png").read_bytes() == b"not mine"
    assert hidden(tmp_path) == []


def test_atomic_files_leave_everything_when_one_target_is_a_folder(tmp_path):
    (tmp_path / "a.png").write_bytes(b"old a")
    (tmp_path / "c.png").mkdir()
    with pytest.raises(FileError, match="c.png"), files.atomic_files(tmp_path) as batch:
        batch.write("a.png", b"new a")
        batch.write("b.png", b"new b")
        batch.write("c.png", b"new c")
    assert (tmp_path / "a.png").read_bytes() == b"old a"
    assert sorted(os.listdir(tmp_path)) == ["a.png", "c.png"]


def test_atomic_files_leave_everything_on_a_full_disk(tmp_path, monkeypatch):
    (tmp_path / "a.png").write_bytes(b"old a")
    calls = []
    real = files._TempFile.write

    def write(self, data):
        calls.append(1)
        if len(calls) == 3:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(self, data)

    monkeypatch.setattr(files._TempFile, "write", write)
    with pytest.raises(FileError, match="no space left on device"), files.atomic_files(tmp_path) as batch:
        for name in ("a.png", "b.png", "c.png", "d.png"):
            batch.write(name, b"new")
    assert (tmp_path / "a.png").read_bytes() == b"old a"
    assert sorted(os.listdir(tmp_path)) == ["a.png"]


def test_atomic_files_roll_back_when_a_rename_fails_midway(tmp_path, monkeypatch):
    for name in ("a.png", "b.png", "c.png"):
        (tmp_path / name).write_bytes(b"old " + name.encode())
    real = os.replace
    done = []

    def replace(src, dst, *args, **kwargs):
        if str(dst).endswith("c.png") and ".part" in str(src):
            raise OSError(errno.EIO, "Input/output error")
        done.append(dst)
        return real(src, dst, *args, **kwargs)

    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(FileError, match="input/output error"), files.atomic_files(tmp_path) as batch:
        for name in ("a.png", "b.png", "new.png", "c.png"):
            batch.write(name, b"new")
    for name in ("a.png", "b.png", "c.png"):
        assert (tmp_path / name).read_bytes() == b"old " + name.encode()
    assert sorted(os.listdir(tmp_path)) == ["a.png", "b.png", "c.png"]


def test_atomic_files_make_a_missing_folder_and_remove_it_on_failure(tmp_path):
    out = tmp_path / "deep" / "pngs"
    with pytest.raises(RuntimeError), files.atomic_files(out) as batch:
        batch.write("a.png", b"x")
        raise RuntimeError("boom")
    assert os.listdir(tmp_path) == []
    with files.atomic_files(out) as batch:
        batch.write("a.png", b"x")
    assert (out / "a.png").read_bytes() == b"x"


def test_atomic_files_refuse_a_file_where_the_folder_should_be(tmp_path):
    (tmp_path / "pngs").write_text("a file")
    with pytest.raises(FileError, match="not a directory"), files.atomic_files(tmp_path / "pngs"):
        pass
    assert (tmp_path / "pngs").read_text() == "a file"


def test_atomic_files_refuse_a_name_twice_and_a_path_outside(tmp_path):
    with pytest.raises(FileError, match="twice"), files.atomic_files(tmp_path) as batch:
        batch.write("a.png", b"x")
        batch.write("a.png", b"y")
    with pytest.raises(FileError), files.atomic_files(tmp_path) as batch:
        batch.write("../a.png", b"x")
    assert os.listdir(tmp_path) == []


@pytest.mark.skipif(IS_ROOT, reason="root may write read-only files")
def test_atomic_files_keep_a_read_only_file(tmp_path):
    locked = tmp_path / "b.png"
    locked.write_bytes(b"locked")
    locked.chmod(0o444)
    with pytest.raises(FileError, match="permission denied"), files.atomic_files(tmp_path) as batch:
        batch.write("a.png", b"x")
        batch.write("b.png", b"y")
    assert sorted(os.listdir(tmp_path)) == ["b.png"]


def test_atomic_files_write_through_a_symlink(tmp_path):
    real = tmp_path / "elsewhere"
    real.mkdir()
    (real / "a.png").write_bytes(b"old")
    out = tmp_path / "out"
    out.mkdir()
    (out / "a.png").symlink_to(real / "a.png")
    with files.atomic_files(out) as batch:
        batch.write("a.png", b"new")
    assert (out / "a.png").is_symlink() and (real / "a.png").read_bytes() == b"new"
    assert hidden(out) == [] and hidden(real) == []


def test_atomic_files_signal_cleanup_removes_the_temporaries(tmp_path):
    with pytest.raises(KeyboardInterrupt), files.atomic_files(tmp_path) as batch:
        batch.write("a.png", b"x")
        files.remove_temporaries()  # what the signal handler does
        raise KeyboardInterrupt
    assert os.listdir(tmp_path) == []
