"""cardgen.files: every file is written whole or not at all, and read only when it is text in a file."""

from __future__ import annotations

import codecs
import errno
import glob
import io
import os
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen import files
from cardgen.cli.main import cli
from cardgen.errors import CardgenError, FileError

IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


class Boom(Exception):
    pass


def temp_files(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.startswith(".")]


def finishes(func, timeout: float = 2.0):
    """Run func in a thread; fail (instead of hanging the suite) if it blocks, e.g. on a FIFO."""
    outcome: dict = {}

    def target():
        try:
            outcome["value"] = func()
        except BaseException as exc:  # noqa: BLE001 - handed back to the test
            outcome["error"] = exc

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(timeout)
    assert not thread.is_alive(), "blocked"
    return outcome


# ----- writing ----------------------------------------------------------------


def test_round_trip_bytes_and_text(tmp_path):
    files.write_bytes(tmp_path / "a.bin", b"\x00\x01 card")
    assert files.read_bytes(tmp_path / "a.bin", "file") == b"\x00\x01 card"
    files.write_text(tmp_path / "a.txt", "Ünïcode ship\nline two\n")
    assert (tmp_path / "a.txt").read_bytes() == "Ünïcode ship\nline two\n".encode()  # UTF-8, "\n" as given
    assert files.read_text(tmp_path / "a.txt", "deck file") == "Ünïcode ship\nline two\n"
    assert temp_files(tmp_path) == []


def test_streaming_writer_replaces_the_old_file_only_at_the_end(tmp_path):
    target = tmp_path / "deck.pdf"
    target.write_bytes(b"old")
    with files.atomic_write(target) as handle:
        handle.write(b"new ")
        assert target.read_bytes() == b"old"  # still the old one while writing
        handle.write(b"content")
    assert target.read_bytes() == b"new content"
    assert temp_files(tmp_path) == []


@pytest.mark.parametrize("exc", [Boom("mid-way"), KeyboardInterrupt()])
def test_old_file_intact_and_no_temp_file_when_the_writer_raises(tmp_path, exc):
    target = tmp_path / "deck.pdf"
    target.write_bytes(b"previous")
    with pytest.raises(type(exc)):
        with files.atomic_write(target) as handle:
            handle.write(b"half a PDF" * 10_000)
            raise exc
    assert target.read_bytes() == b"previous"
    assert os.listdir(tmp_path) == ["deck.pdf"]


def test_no_file_at_all_when_the_first_write_fails(tmp_path):
    with pytest.raises(Boom):
        with files.atomic_write(tmp_path / "new.pdf") as handle:
            handle.write(b"partial")
            raise Boom
    assert os.listdir(tmp_path) == []


def test_a_folder_is_refused_and_left_alone(tmp_path):
    folder = tmp_path / "out"
    folder.mkdir()
    (folder / "keep.txt").write_text("mine")
    with pytest.raises(CardgenError, match=r"cannot write '.*out': is a folder, not a file"):
        files.write_text(folder, "x")
    assert os.listdir(folder) == ["keep.txt"] and (folder / "keep.txt").read_text() == "mine"
    assert os.listdir(tmp_path) == ["out"]


def test_a_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    outcome = finishes(lambda: files.write_text(fifo, "x"))
    assert isinstance(outcome["error"], FileError)
    assert str(outcome["error"]) == f"cannot write {str(fifo)!r}: is a named pipe (FIFO), not a file"
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and os.listdir(tmp_path) == ["pipe"]


@pytest.fixture
def device(tmp_path) -> Path:
    """A private character device (the null device's numbers) in a temporary folder.

    The writer is tested on this node, never on /dev/null itself: run as root, a
    writer that got it wrong would replace the machine's /dev/null with a file.
    """
    node = tmp_path / "null"
    try:
        os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except (PermissionError, AttributeError):
        pytest.skip("making a device node needs root")
    return node


def test_a_device_is_refused_and_untouched(device):
    before = os.lstat(device)
    listing = set(os.listdir(device.parent))
    with pytest.raises(CardgenError, match=r"^cannot write '.*null': is a device, not a file$"):
        files.write_bytes(device, b"x")
    after = os.lstat(device)
    assert stat.S_ISCHR(after.st_mode) and (after.st_mode, after.st_rdev) == (before.st_mode, before.st_rdev)
    assert set(os.listdir(device.parent)) == listing  # no temporary file was made there either


def test_a_symlink_is_written_through_and_stays_a_link(tmp_path, monkeypatch):
    real_dir, link_dir = tmp_path / "real", tmp_path / "links"
    real_dir.mkdir()
    link_dir.mkdir()
    real = real_dir / "deck.txt"
    real.write_text("old")
    link = link_dir / "deck.txt"
    link.symlink_to(Path("..") / "real" / "deck.txt")
    renamed = []
    real_replace = os.replace

    def spy(src, dst):
        renamed.append((Path(src), Path(dst)))
        real_replace(src, dst)

    monkeypatch.setattr(files.os, "replace", spy)
    files.write_text(link, "new")
    assert link.is_symlink() and os.readlink(link) == os.path.join("..", "real", "deck.txt")
    assert real.read_text() == "new"
    [(src, dst)] = renamed
    assert src.parent == real_dir.resolve() and dst == real.resolve()  # the temp file beside the real file
    assert temp_files(real_dir) == [] and os.listdir(link_dir) == ["deck.txt"]


def test_a_dangling_symlink_writes_where_it_points(tmp_path):
    link = tmp_path / "latest.pdf"
    link.symlink_to("decks/v2.pdf")
    (tmp_path / "decks").mkdir()
    files.write_bytes(link, b"pdf")
    assert link.is_symlink() and (tmp_path / "decks" / "v2.pdf").read_bytes() == b"pdf"


def test_a_dangling_symlink_into_a_missing_folder_is_refused(tmp_path):
    link = tmp_path / "latest.pdf"
    link.symlink_to("nowhere/v2.pdf")
    with pytest.raises(CardgenError, match="symbolic link to .*nowhere/v2.pdf', whose folder does not exist"):
        files.write_bytes(link, b"pdf")
    assert os.listdir(tmp_path) == ["latest.pdf"] and link.is_symlink()


def test_a_symlink_to_a_folder_is_refused(tmp_path):
    (tmp_path / "dir").mkdir()
    (tmp_path / "link").symlink_to("dir")
    with pytest.raises(CardgenError, match="is a folder"):
        files.write_text(tmp_path / "link", "x")
    assert os.listdir(tmp_path / "dir") == []


@pytest.mark.parametrize("umask,mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_a_new_file_gets_0666_less_the_umask(tmp_path, umask, mode):
    old = os.umask(umask)
    try:
        files.write_text(tmp_path / "new.txt", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(tmp_path / "new.txt").st_mode) == mode


@pytest.mark.parametrize("mode", [0o600, 0o755, 0o640])
def test_a_replaced_file_keeps_its_mode(tmp_path, mode):
    target = tmp_path / "deck.txt"
    target.write_text("old")
    target.chmod(mode)
    files.write_text(target, "new")
    assert stat.S_IMODE(os.stat(target).st_mode) == mode and target.read_text() == "new"


def test_missing_parent_folders_are_created(tmp_path):
    files.write_text(tmp_path / "a" / "b" / "c.txt", "deep")
    assert (tmp_path / "a" / "b" / "c.txt").read_text() == "deep"


@pytest.mark.parametrize("below", ["x.pdf", "sub/x.pdf"])
def test_a_parent_that_is_a_file_says_not_a_directory(tmp_path, below):
    (tmp_path / "deck.txt").write_text("a file")
    target = tmp_path / "deck.txt" / below
    with pytest.raises(CardgenError) as info:
        files.write_text(target, "x")
    assert str(info.value) == f"cannot write {str(target)!r}: not a directory"
    assert os.listdir(tmp_path) == ["deck.txt"]


@pytest.mark.skipif(IS_ROOT, reason="root may write into a read-only folder")
def test_a_read_only_folder_says_permission_denied(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        with pytest.raises(CardgenError, match=r"cannot write '.*x\.pdf': permission denied"):
            files.write_bytes(folder / "x.pdf", b"x")
        assert os.listdir(folder) == []
    finally:
        folder.chmod(0o755)


@pytest.mark.skipif(IS_ROOT, reason="root may write any file")
def test_a_read_only_file_is_not_replaced(tmp_path):
    target = tmp_path / "deck.txt"
    target.write_text("keep me")
    target.chmod(0o444)
    with pytest.raises(CardgenError, match=r"cannot write '.*deck\.txt': permission denied"):
        files.write_text(target, "new")
    assert target.read_text() == "keep me" and os.listdir(tmp_path) == ["deck.txt"]


def test_refusing_to_create_the_temp_file_says_why(tmp_path, monkeypatch):
    """What a read-only folder does for a user who is not root."""
    target = tmp_path / "deck.txt"
    target.write_text("old")
    real_open = os.open

    def denied(path, flags, *args, **kwargs):
        if flags & os.O_CREAT:
            raise OSError(errno.EACCES, os.strerror(errno.EACCES), path)
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(files.os, "open", denied)
    with pytest.raises(CardgenError) as info:
        files.write_text(target, "new")
    assert str(info.value) == f"cannot write {str(target)!r}: permission denied"
    assert os.listdir(tmp_path) == ["deck.txt"] and target.read_text() == "old"


@pytest.mark.parametrize("code", [errno.EACCES, errno.ENOSPC, errno.ENAMETOOLONG, errno.EROFS, errno.EXDEV])
def test_a_failed_rename_names_the_reason_and_leaves_no_temp_file(tmp_path, monkeypatch, code):
    target = tmp_path / "deck.pdf"
    target.write_bytes(b"old")

    def fail(src, dst):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(files.os, "replace", fail)
    with pytest.raises(FileError) as info:
        files.write_bytes(target, b"new")
    assert str(info.value) == f"cannot write {str(target)!r}: {os.strerror(code).lower()}"
    assert info.value.errno == code
    assert os.listdir(tmp_path) == ["deck.pdf"] and target.read_bytes() == b"old"


def test_a_full_disk_while_streaming_is_a_clean_error(tmp_path, monkeypatch):
    class FullDisk(io.FileIO):
        def write(self, data):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(files.io, "FileIO", FullDisk)
    target = tmp_path / "deck.pdf"
    with pytest.raises(FileError, match=r"^cannot write '.*deck\.pdf': no space left on device$"):
        with files.atomic_write(target) as handle:
            for _ in range(100):
                handle.write(b"x" * 100_000)  # more than the buffer: reaches the disk mid-way
    assert os.listdir(tmp_path) == []


def test_a_failed_fsync_is_a_clean_error(tmp_path, monkeypatch):
    def fail(fd):
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(files.os, "fsync", fail)
    with pytest.raises(FileError, match=r": input/output error$"):
        files.write_text(tmp_path / "a.txt", "x")
    assert os.listdir(tmp_path) == []


def test_a_name_too_long_is_refused_before_anything_is_written(tmp_path):
    target = tmp_path / ("x" * 300 + ".pdf")
    started = []
    with pytest.raises(FileError, match=r"': file name too long$"):
        with files.atomic_write(target):
            started.append(True)
    assert started == [] and os.listdir(tmp_path) == []


def test_a_name_near_the_limit_still_works(tmp_path):
    target = tmp_path / ("y" * 250 + ".txt")  # 254 bytes: the temp file's name must be shortened
    files.write_text(target, "ok")
    assert target.read_text() == "ok" and temp_files(tmp_path) == []


def test_messages_stay_on_one_line(tmp_path):
    (tmp_path / "f").write_text("")
    with pytest.raises(FileError) as info:
        files.write_text(tmp_path / "f" / "two\nlines.txt", "x")
    assert "\n" not in str(info.value) and "not a directory" in str(info.value)


def test_open_output_dash_is_standard_output(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    monkeypatch.setattr(sys, "stdout", out)
    with files.open_output("-") as handle:
        handle.write(b"to stdout\n")
    assert out.buffer.getvalue() == b"to stdout\n"
    assert os.listdir(tmp_path) == []
    with files.open_output(tmp_path / "file.txt") as handle:
        handle.write(b"to a file\n")
    assert (tmp_path / "file.txt").read_bytes() == b"to a file\n"


def test_generate_dash_o_dash_writes_standard_output(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(cli, ["gyonrg", "generate", "-s", "1", "-n", "2", "--format", "json", "-o", "-"])
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith("[") and r.stdout.count('"serial"') == 2
    assert os.listdir(tmp_path) == []


def test_generate_into_a_device_or_missing_folder(tmp_path, device):
    r = CliRunner().invoke(cli, ["gyonrg", "generate", "-s", "1", "-n", "2", "-o", str(device)])
    assert r.exit_code == 1 and r.stderr == f"error: cannot write {str(device)!r}: is a device, not a file\n"
    assert stat.S_ISCHR(os.lstat(device).st_mode)
    out = tmp_path / "new" / "cards.txt"
    r = CliRunner().invoke(cli, ["gyonrg", "generate", "-s", "1", "-n", "2", "-o", str(out)])
    assert r.exit_code == 0 and out.read_text().count("\n\n") == 1


def test_atomic_folder_appears_whole_or_not_at_all(tmp_path):
    dest = tmp_path / "editions" / "A"
    with pytest.raises(Boom):
        with files.atomic_folder(dest) as temp:
            files.write_text(temp / "one.toml", "x = 1\n")
            raise Boom
    assert os.listdir(tmp_path / "editions") == []
    with files.atomic_folder(dest) as temp:
        files.write_text(temp / "one.toml", "x = 1\n")
        assert not dest.exists()
    assert os.listdir(tmp_path / "editions") == ["A"] and (dest / "one.toml").read_text() == "x = 1\n"
    with pytest.raises(FileError, match="already exists"):
        with files.atomic_folder(dest):
            pass
    assert os.listdir(dest) == ["one.toml"]


def test_freeze_leaves_only_the_edition_folder(gyonrg_tables):
    r = CliRunner().invoke(cli, ["gyonrg", "--tables", str(gyonrg_tables), "freeze"])
    assert r.exit_code == 0, r.output
    assert os.listdir(gyonrg_tables / "editions") == ["A"]
    for name in os.listdir(gyonrg_tables / "editions" / "A"):
        assert (gyonrg_tables / "editions" / "A" / name).read_bytes() == (gyonrg_tables / name).read_bytes()


# ----- reading ----------------------------------------------------------------


def test_reading_a_folder(tmp_path):
    with pytest.raises(FileError) as info:
        files.read_text(tmp_path, "deck file")
    assert str(info.value) == f"cannot read deck file {str(tmp_path)!r}: is a folder, not a file"


def test_reading_a_missing_file(tmp_path):
    with pytest.raises(FileError) as info:
        files.read_text(tmp_path / "nope.txt", "record")
    assert str(info.value) == f"cannot read record {str(tmp_path / 'nope.txt')!r}: does not exist"
    assert info.value.missing


def test_reading_binary_data(tmp_path):
    (tmp_path / "deck.png").write_bytes(b"name: x\n\x00\x01\x02")
    with pytest.raises(FileError, match=r"deck\.png': binary data, not UTF-8 text \(NUL byte at offset 8\)$"):
        files.read_text(tmp_path / "deck.png", "deck file")


def test_reading_latin_1_says_where(tmp_path):
    (tmp_path / "x.toml").write_bytes("name = 'café'\n".encode("latin-1"))
    with pytest.raises(FileError, match=r"x\.toml': not UTF-8 text \(bad byte at offset 11\)$"):
        files.read_text(tmp_path / "x.toml", "table file")


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_with_a_bom_is_decoded(tmp_path, encoding):
    text = "name: Ünïcode\r\n2x A7QH-ANSG-2XE\r\n"
    bom = {"utf-16-le": codecs.BOM_UTF16_LE, "utf-16-be": codecs.BOM_UTF16_BE}.get(encoding, b"")
    (tmp_path / "deck.txt").write_bytes(bom + text.encode(encoding))
    assert files.read_text(tmp_path / "deck.txt", "deck file") == "name: Ünïcode\n2x A7QH-ANSG-2XE\n"


def test_utf16_without_a_bom_is_binary(tmp_path):
    (tmp_path / "deck.txt").write_bytes("name: x\n".encode("utf-16-le"))
    with pytest.raises(FileError, match="binary data"):
        files.read_text(tmp_path / "deck.txt", "deck file")


def test_utf8_bom_is_dropped(tmp_path):
    (tmp_path / "deck.txt").write_bytes(codecs.BOM_UTF8 + b"name: x\n")
    assert files.read_text(tmp_path / "deck.txt", "deck file") == "name: x\n"


def test_reading_a_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "deck.txt"
    os.mkfifo(fifo)
    outcome = finishes(lambda: files.read_text(fifo, "deck file"))
    assert str(outcome["error"]) == f"cannot read deck file {str(fifo)!r}: is a named pipe (FIFO), not a file"


def test_reading_a_device_is_refused():
    with pytest.raises(FileError, match="is a device, not a file"):
        files.read_bytes("/dev/null", "diagram")


@pytest.mark.skipif(IS_ROOT, reason="root may read any file")
def test_reading_an_unreadable_file(tmp_path):
    secret = tmp_path / "deck.txt"
    secret.write_text("x")
    secret.chmod(0)
    with pytest.raises(FileError, match="permission denied"):
        files.read_text(secret, "deck file")


def test_dash_is_stdin_only_where_allowed(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(codecs.BOM_UTF8 + b"R.\r\n.B\n")))
    assert files.read_text("-", "diagram", allow_stdin=True) == "R.\n.B\n"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"R\xe9\n")))
    with pytest.raises(
        FileError, match=r"^cannot read diagram from standard input: not UTF-8 text \(bad byte at offset 1\)$"
    ):
        files.read_text("-", "diagram", allow_stdin=True)
    with pytest.raises(FileError, match="cannot read diagram '-': does not exist"):
        files.read_text("-", "diagram")


def test_the_readers_use_it(tmp_path):
    """Deck, table, record and diagram files all say what is wrong in the same words."""
    from cardgen.engine.records import read_records
    from cardgen.errors import DeckError, TableError
    from cardgen.gyonrg.deck import read_deck
    from cardgen.tables import load_toml

    (tmp_path / "bin").write_bytes(b"\xff\x00")
    with pytest.raises(DeckError, match="cannot read deck file .*: binary data"):
        read_deck(tmp_path / "bin")
    with pytest.raises(TableError, match="cannot read table file .*: binary data"):
        load_toml(tmp_path / "bin")
    with pytest.raises(CardgenError, match="cannot read record .*: is a folder"):
        read_records(tmp_path)
    r = CliRunner().invoke(cli, ["gyre", "score", str(tmp_path / "bin")])
    assert r.exit_code == 1 and "error: cannot read diagram" in r.stderr and "binary data" in r.stderr


# ----- signals ----------------------------------------------------------------


@pytest.mark.parametrize(
    "signum,status,message",
    [
        (signal.SIGTERM, 143, "terminated by SIGTERM"),
        (signal.SIGINT, 130, "interrupted"),
        (signal.SIGHUP, 129, "terminated by SIGHUP"),
    ],
)
def test_a_signal_mid_print_removes_the_temp_file(tmp_path, signum, status, message):
    out = tmp_path / "out.pdf"
    out.write_bytes(b"previous deck")
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardgen", "gyonrg", "print", "-s", "1", "-n", "2000", "-o", "out.pdf"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        # A test runner started in the background may ignore SIGINT; Python then would too.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        deadline = time.monotonic() + 20
        while not glob.glob(str(tmp_path / ".out.pdf.*")):
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "the temporary file never appeared"
            time.sleep(0.02)
        proc.send_signal(signum)
        _, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    stderr = err.decode()
    assert proc.returncode == status, stderr
    assert "Traceback" not in stderr
    assert stderr.strip().splitlines()[-1] == message
    assert os.listdir(tmp_path) == ["out.pdf"] and out.read_bytes() == b"previous deck"


def test_scratch_file_reads_back_what_was_written_and_leaves_nothing(tmp_path):
    with files.scratch_file(tmp_path) as scratch:
        first, second = scratch.append(b"page one"), scratch.append(b"page two!")
        assert os.listdir(tmp_path) == []  # no name: nothing to clean up after a crash
        assert scratch.read(second, 9) == b"page two!" and scratch.read(first, 8) == b"page one"
        third = scratch.append(b"3")  # appending after reading goes on at the end
        assert (first, second, third, scratch.size) == (0, 8, 17, 18)
        assert scratch.read(0, 18) == b"page onepage two!3"
        with pytest.raises(FileError, match="cannot read scratch file"):
            scratch.read(17, 2)
    assert os.listdir(tmp_path) == []


def test_scratch_file_in_a_missing_folder_is_a_file_error(tmp_path):
    with pytest.raises(FileError, match="cannot write .*missing.*no such file or directory"):
        with files.scratch_file(tmp_path / "missing"):
            pass
