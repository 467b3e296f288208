"""Every file cardgen writes or reads goes through here.

Writing is atomic: the new content goes to a temporary file beside the target
(same folder, so the same file system), is flushed to disk, and only then
renamed over the target. An interrupted run (an error, Ctrl-C, SIGTERM) removes
the temporary file and leaves whatever was at the path untouched. The target's
kind is respected: a folder, device, pipe or socket is refused, a symbolic
link is written through (it stays a link), a replaced file keeps its mode and
a new one gets 0666 less the umask, as with any program.

Reading checks the kind before opening (a pipe would block, a folder or
device is not a file) and decodes text: UTF-8 (a BOM is dropped) or UTF-16
with a BOM; binary data and other encodings are refused.

A name that names a folder ("notes/", "notes/.", "..") is never taken for the
file beside it: Path("notes/") is Path("notes"), so the text is checked before it
becomes a Path (`name_problem`, also what the CLI's file options check). "-" is
standard output for `open_output` only; the other writers refuse it.

Several files that belong together (a folder of PNGs) are written all or none
by `atomic_files`: each into a temporary file beside its target, every target
checked first, and renamed into place only when all of them are written.

Every failure is a FileError (a CardgenError): `cannot write 'PATH': REASON`
or `cannot read WHAT 'PATH': REASON`, REASON being the system's words in
lowercase ("no space left on device", "permission denied").
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import io
import os
import secrets
import shutil
import stat
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, TypeVar

from cardgen.errors import FileError

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer

StrPath = str | os.PathLike[str]
T = TypeVar("T")

NEW_FILE_MODE = 0o666
"""Mode of a new file before the umask (0644 under the usual umask 022), as `open()` gives."""

STDIO = "-"
"""The path that means standard output (`open_output`) or standard input (`allow_stdin=True`)."""

_TEMP_NAME_BYTES = 200  # room for ".NAME.xxxxxxxx.part" within the usual 255-byte name limit


# ----- messages ---------------------------------------------------------------


def _reason(exc: OSError) -> str:
    return (exc.strerror or str(exc)).lower()


def _write_error(shown: str, reason: str | OSError, code: int | None = None) -> FileError:
    if isinstance(reason, OSError):
        code, reason = reason.errno, _reason(reason)
    return FileError(f"cannot write {shown!r}: {reason}", shown, reason, code)


def _read_error(
    shown: str, what: str, reason: str | OSError, code: int | None = None, *, stdin: bool = False
) -> FileError:
    if isinstance(reason, OSError):
        code, reason = reason.errno, "does not exist" if reason.errno == errno.ENOENT else _reason(reason)
    where = "from standard input" if stdin else repr(shown)
    return FileError(f"cannot read {what} {where}: {reason}", shown, reason, code)


def _kind(mode: int) -> str | None:
    """What is at a path when it is not a regular file, as words; None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


_KIND_ERRNO = {"a folder": errno.EISDIR, "a named pipe (FIFO)": errno.ESPIPE}


# ----- writing ----------------------------------------------------------------


class _TempFile(io.BufferedWriter):
    """The temporary file: a failed write (a full disk, say) names the target the user asked for."""

    def __init__(self, raw: io.FileIO, shown: str) -> None:
        super().__init__(raw)
        self.shown = shown

    def write(self, buffer: ReadableBuffer, /) -> int:
        try:
            return super().write(buffer)
        except OSError as exc:
            raise _write_error(self.shown, exc) from None

    def flush(self) -> None:
        try:
            super().flush()
        except OSError as exc:
            raise _write_error(self.shown, exc) from None


def _name_max(folder: Path) -> int:
    """The longest file name the folder's file system takes (its nearest existing ancestor's)."""
    for candidate in (folder, *folder.parents):
        try:
            return os.pathconf(candidate, "PC_NAME_MAX")
        except (OSError, ValueError):
            continue
    return 255


def _make_folder(folder: Path, shown: str) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:  # a file (or a dangling link) stands where a folder should be
        raise _write_error(shown, "not a directory", errno.ENOTDIR) from None
    except OSError as exc:
        raise _write_error(shown, exc) from None


_SEPARATORS = tuple(sep for sep in (os.sep, os.altsep) if sep)


def name_problem(path: StrPath, *, stdout: bool = False) -> str | None:
    """Why the text `path` cannot name a file to write, or None when it can.

    Empty text names nothing; a name ending in a separator, "." or ".." names a
    folder (Path("notes/") would drop the slash and replace the file "notes");
    "-" means standard output, which only a writer of text to it takes
    (`stdout=True`): a file named "-" is "./-".
    """
    text = os.fspath(path)
    if not text:
        return "the file name is empty"
    if text == STDIO:
        return None if stdout else "'-' (standard output) is not taken here: give a file name (./- for a file named '-')"
    if text.endswith(_SEPARATORS) or os.path.basename(text) in (".", ".."):
        return "names a folder (it ends in '/', '.' or '..'): give a file name"
    return None


def _target(shown: str) -> tuple[Path, os.stat_result | None]:
    """The file to replace (a symbolic link resolved) and its status (None if there is none); refuses what is not a file."""
    problem = name_problem(shown)
    if problem is not None:
        raise _write_error(shown, problem, errno.EISDIR if problem.startswith("names a folder") else errno.EINVAL)
    target = Path(shown)
    try:
        st: os.stat_result | None = os.lstat(target)
    except FileNotFoundError:
        st = None
    except OSError as exc:  # "not a directory", "file name too long", ...
        raise _write_error(shown, exc) from None
    if st is not None and stat.S_ISLNK(st.st_mode):
        resolved = Path(os.path.realpath(target))
        try:
            st = os.stat(target)
        except FileNotFoundError:
            # A dangling link: write where it points, but only into a folder that is there.
            if not resolved.parent.is_dir():
                raise _write_error(
                    shown, f"symbolic link to {str(resolved)!r}, whose folder does not exist", errno.ENOENT
                ) from None
            st = None
        except OSError as exc:  # a loop of links
            raise _write_error(shown, exc) from None
        target = resolved
    if st is not None:
        kind = _kind(st.st_mode)
        if kind is not None:
            raise _write_error(shown, f"is {kind}, not a file", _KIND_ERRNO.get(kind, errno.EINVAL))
        if not os.access(target, os.W_OK):
            # The rename would succeed in a writable folder, but a read-only file says "keep me".
            raise _write_error(shown, "permission denied", errno.EACCES)
    if len(os.fsencode(target.name)) > _name_max(target.parent):
        raise _write_error(shown, "file name too long", errno.ENAMETOOLONG)
    return target, st


def _temp_path(target: Path) -> Path:
    name = os.fsdecode(os.fsencode(target.name)[:_TEMP_NAME_BYTES])
    return target.with_name(f".{name}.{secrets.token_hex(4)}.part")


# Temporary files and folders being written now, so that a signal handler can
# remove them before the process ends (see remove_temporaries).
_LIVE: set[Path] = set()


def remove_temporaries() -> None:
    """Remove every temporary file or folder a write has open (best effort; safe in a signal
    handler): the targets are untouched, since only a finished write renames its temporary."""
    for temp in list(_LIVE):
        with contextlib.suppress(OSError):
            if temp.is_dir() and not temp.is_symlink():
                shutil.rmtree(temp, ignore_errors=True)
            else:
                os.unlink(temp)
        _LIVE.discard(temp)


def _claim_temp(target: Path, make: Callable[[Path], T], shown: str, what: str) -> tuple[Path, T]:
    """A fresh temporary name beside `target`, created with `make` (which fails if it exists)."""
    for _ in range(100):
        temp = _temp_path(target)
        try:
            made = make(temp)
            _LIVE.add(temp)
            return temp, made
        except FileExistsError:
            continue
        except OSError as exc:
            raise _write_error(shown, exc) from None
    raise _write_error(shown, f"no free temporary {what} name in its folder", errno.EEXIST)


def _create_temp(target: Path, old: os.stat_result | None, shown: str) -> tuple[Path, _TempFile]:
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)
    # the umask applies to NEW_FILE_MODE, as for any new file
    temp, fd = _claim_temp(target, lambda t: os.open(t, flags, NEW_FILE_MODE), shown, "file")
    try:
        if old is not None:
            os.fchmod(fd, stat.S_IMODE(old.st_mode) & 0o777)
            if old.st_uid != os.geteuid() or old.st_gid != os.getegid():
                with contextlib.suppress(OSError):  # only root may give a file away; others keep it as theirs
                    os.fchown(fd, old.st_uid, old.st_gid)
        return temp, _TempFile(io.FileIO(fd, "wb"), shown)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(temp)
        if isinstance(exc, OSError):
            raise _write_error(shown, exc) from None
        raise


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable; best effort, not every system opens folders."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _commit(handle: _TempFile, temp: Path, target: Path, shown: str) -> None:
    try:
        if handle.closed:  # the caller closed it: its data is in the file, not yet on the disk
            fd = os.open(temp, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
        else:
            handle.flush()
            os.fsync(handle.fileno())
            handle.close()
        os.replace(temp, target)
        _LIVE.discard(temp)
    except OSError as exc:
        raise _write_error(shown, exc) from None
    _sync_folder(target.parent)


def _discard(handle: _TempFile, temp: Path) -> None:
    with contextlib.suppress(Exception):
        handle.close()
    with contextlib.suppress(OSError):
        os.unlink(temp)
    _LIVE.discard(temp)


@contextlib.contextmanager
def atomic_write(path: StrPath) -> Iterator[BinaryIO]:
    """A binary handle on a temporary file beside `path`; on success it replaces `path` whole.

    Everything that can be checked is checked before the caller writes a byte
    (the kind of target, the folder, the name, the permission to create a file
    there), so a long render does not end in a refusal.
    """
    shown = os.fspath(path)
    target, old = _target(shown)
    _make_folder(target.parent, shown)
    temp, handle = _create_temp(target, old, shown)
    try:
        yield handle
        _commit(handle, temp, target, shown)
    except BaseException:
        _discard(handle, temp)
        raise


@contextlib.contextmanager
def open_output(path: StrPath) -> Iterator[BinaryIO]:
    """For commands that write one file: standard output for "-", else `atomic_write(path)`."""
    if os.fspath(path) == STDIO:
        sys.stdout.flush()
        out = sys.stdout.buffer
        yield out
        out.flush()
        return
    with atomic_write(path) as handle:
        yield handle


def write_bytes(path: StrPath, data: bytes) -> None:
    """Write `data` to `path` atomically."""
    with atomic_write(path) as handle:
        handle.write(data)


def write_text(path: StrPath, text: str) -> None:
    """Write `text` to `path` atomically, as UTF-8 with its "\\n" newlines as they are."""
    write_bytes(path, text.encode("utf-8"))


@contextlib.contextmanager
def atomic_folder(path: StrPath) -> Iterator[Path]:
    """A new, empty temporary folder beside `path`, renamed to `path` when the block succeeds.

    Refuses when `path` already exists (before and after the block); on any
    exception the temporary folder and what was written into it are removed.
    """
    shown = os.fspath(path)
    dest = Path(shown)
    if os.path.lexists(dest):
        raise _write_error(shown, "already exists", errno.EEXIST)
    _make_folder(dest.parent, shown)
    temp, _ = _claim_temp(dest, lambda t: os.mkdir(t, 0o777), shown, "folder")
    try:
        yield temp
        if os.path.lexists(dest):
            raise _write_error(shown, "already exists", errno.EEXIST)
        try:
            os.rename(temp, dest)
            _LIVE.discard(temp)
        except OSError as exc:
            raise _write_error(shown, exc) from None
    except BaseException:
        shutil.rmtree(temp, ignore_errors=True)
        _LIVE.discard(temp)
        raise
    _sync_folder(dest.parent)


class FileBatch:
    """The files of one `atomic_files` block, each written whole beside its target and kept aside."""

    def __init__(self, folder: Path, shown: str) -> None:
        self.folder = folder
        self.shown = shown
        self._names: set[str] = set()
        self._pending: list[tuple[Path, Path, str]] = []  # (temporary file, target, name shown)

    def write(self, name: str, data: ReadableBuffer) -> Path:
        """Write `data` as the file `name` of the folder; it replaces that file when the block ends.

        The target is checked now (a folder, a device or a read-only file there
        is refused before anything is replaced); returns the file's final path.
        """
        shown = os.path.join(self.shown, name)
        if not name or name in (".", "..") or any(sep in name for sep in _SEPARATORS):
            raise _write_error(shown, "not a plain file name", errno.EINVAL)
        if name in self._names:
            raise _write_error(shown, "written twice in one run (two files of the same name)", errno.EEXIST)
        target, old = _target(shown)
        temp, handle = _create_temp(target, old, shown)
        try:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
            handle.close()
        except BaseException as exc:
            _discard(handle, temp)
            if isinstance(exc, OSError):
                raise _write_error(shown, exc) from None
            raise
        self._names.add(name)
        self._pending.append((temp, target, shown))
        return self.folder / name

    def _commit(self) -> None:
        """Rename every file into place; if one fails, put back the ones already replaced."""
        for _, _, shown in self._pending:
            _target(shown)  # as it is now: nothing is replaced unless every target still takes a file
        done: list[tuple[Path, Path | None, bool]] = []  # (target, link to the old file, whether one existed)
        try:
            for temp, target, shown in self._pending:
                existed = os.path.lexists(target)
                backup = _keep_old(target, shown) if existed else None
                try:
                    os.replace(temp, target)
                except OSError as exc:
                    if backup is not None:
                        _drop(backup)
                    raise _write_error(shown, exc) from None
                _LIVE.discard(temp)
                done.append((target, backup, existed))
        except BaseException:
            for target, backup, existed in reversed(done):
                with contextlib.suppress(OSError):
                    if backup is not None:
                        os.replace(backup, target)
                        _LIVE.discard(backup)
                    elif not existed:
                        os.unlink(target)
            raise
        finally:
            for _, backup, _ in done:
                if backup is not None:
                    _drop(backup)
        for folder in {target.parent for _, target, _ in self._pending}:
            _sync_folder(folder)
        self._pending = []

    def _discard(self) -> None:
        for temp, _, _ in self._pending:
            with contextlib.suppress(OSError):
                os.unlink(temp)
            _LIVE.discard(temp)
        self._pending = []


def _keep_old(target: Path, shown: str) -> Path | None:
    """A second name (a hard link) for the file about to be replaced, to put it back if the batch
    fails; None where the file system has no hard links (the file is then replaced without one)."""
    try:
        backup, _ = _claim_temp(target, lambda t: os.link(target, t), shown, "file")
    except FileError:
        return None
    return backup


def _drop(path: Path) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)
    _LIVE.discard(path)


def _missing_top(folder: Path) -> Path | None:
    """The outermost folder of `folder`'s path that does not exist yet (None when `folder` exists)."""
    top = None
    for candidate in (folder, *folder.parents):
        if os.path.lexists(candidate):
            break
        top = candidate
    return top


@contextlib.contextmanager
def atomic_files(folder: StrPath) -> Iterator[FileBatch]:
    """Write several files into `folder`, all or none: `batch.write(name, data)` for each.

    Each file goes to a temporary file beside its target, which is checked as
    `atomic_write` checks it; only when the block succeeds are they renamed into
    place (a rename that fails puts back the files already replaced). On any
    error the folder is as it was: no file replaced, no temporary file left, and
    a folder this call created removed again. Files of the folder that the block
    does not write are never touched.
    """
    shown = os.fspath(folder)
    if shown in ("", STDIO):
        raise _write_error(shown, "not a folder name: give the folder to write the files into", errno.EINVAL)
    dest = Path(shown)
    created = _missing_top(dest)
    _make_folder(dest, shown)
    batch = FileBatch(dest, shown)
    try:
        yield batch
        batch._commit()
    except BaseException:
        batch._discard()
        if created is not None:
            for empty in (dest, *dest.parents):  # only folders this call made, and only while empty
                try:
                    os.rmdir(empty)
                except OSError:
                    break
                if empty == created:
                    break
        raise


class Scratch:
    """An anonymous temporary file: data written now, read back later in the same run (see `scratch_file`)."""

    def __init__(self, handle: BinaryIO, shown: str) -> None:
        self._handle = handle
        self.shown = shown
        self.size = 0

    def append(self, data: ReadableBuffer) -> int:
        """Write `data` at the end; returns where it starts (for `read`)."""
        at = self.size
        try:
            self._handle.seek(at)
            self.size = at + self._handle.write(data)
        except OSError as exc:
            raise _write_error(self.shown, exc) from None
        return at

    def read(self, at: int, length: int) -> bytes:
        """The `length` bytes written at `at`."""
        try:
            self._handle.seek(at)
            data = self._handle.read(length)
        except OSError as exc:
            raise _read_error(self.shown, "scratch file", exc) from None
        if len(data) != length:
            raise _read_error(self.shown, "scratch file", f"{length} bytes written at {at}, {len(data)} read back")
        return data


@contextlib.contextmanager
def scratch_file(folder: StrPath | None = None) -> Iterator[Scratch]:
    """A temporary file for data too big to keep in memory, gone when the block ends.

    It has no name that outlives it (the system removes it when it is closed,
    even when the process is killed), so nothing is left to clean up. It lives
    in `folder` (a big output's own folder: the same disk as the output), or in
    the system's temporary folder.
    """
    where = os.fspath(folder) if folder is not None else tempfile.gettempdir()
    shown = os.path.join(where, "(temporary file)")
    try:
        handle = tempfile.TemporaryFile(dir=where)
    except OSError as exc:
        raise _write_error(shown, exc) from None
    try:
        yield Scratch(handle, shown)
    finally:
        handle.close()


# ----- reading ----------------------------------------------------------------


def read_bytes(path: StrPath, what: str, *, allow_stdin: bool = False) -> bytes:
    """The content of the file at `path`; `what` names it in errors ("deck file"). "-" is stdin if allowed."""
    shown = os.fspath(path)
    if allow_stdin and shown == STDIO:
        try:
            return sys.stdin.buffer.read()
        except OSError as exc:
            raise _read_error(shown, what, exc, stdin=True) from None
    try:
        # The kind first: opening a pipe would wait for a writer, a device may have side effects.
        kind = _kind(os.stat(shown).st_mode)
        if kind is None:
            fd = os.open(shown, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
            with open(fd, "rb") as fh:
                kind = _kind(os.fstat(fd).st_mode)  # it may have been swapped since
                if kind is None:
                    return fh.read()
    except OSError as exc:
        raise _read_error(shown, what, exc) from None
    raise _read_error(shown, what, f"is {kind}, not a file", _KIND_ERRNO.get(kind, errno.EINVAL))


def read_text(path: StrPath, what: str, *, allow_stdin: bool = False) -> str:
    """The text of the file at `path` with "\\n" newlines: UTF-8 (BOM dropped) or UTF-16 with a BOM."""
    shown = os.fspath(path)
    data = read_bytes(shown, what, allow_stdin=allow_stdin)
    try:
        text = _decode_text(data)
    except ValueError as exc:
        raise _read_error(shown, what, str(exc), errno.EILSEQ, stdin=allow_stdin and shown == STDIO) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _decode_text(data: bytes) -> str:
    """UTF-8 (a BOM is dropped) or UTF-16 with a BOM; ValueError saying why for anything else."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            text = data.decode("utf-16")
        except UnicodeDecodeError:
            pass
        else:
            if _plausible(text):
                return text
    skip = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
    nul = data.find(b"\0")
    if nul >= 0:
        raise ValueError(f"binary data, not UTF-8 text (NUL byte at offset {nul})")
    try:
        return data[skip:].decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"not UTF-8 text (bad byte at offset {skip + exc.start})") from None


def _plausible(text: str) -> bool:
    """Whether a UTF-16 reading is text: no control characters, and some ASCII (a newline, a digit).

    Every format cardgen reads is built of ASCII (serials, '=', braces, tiles),
    so a "UTF-16" reading without a single ASCII character is binary data that
    merely starts like a byte order mark.
    """
    if not text:
        return True
    if any(c < " " and c not in "\t\n\r\f" for c in text):
        return False
    return any(c < "\x80" for c in text)
