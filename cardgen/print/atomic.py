"""Atomic file writes: the file at the path is either the old one or the new one, whole.

The new content goes to a temporary file in the same folder (same file system,
so the final os.replace is atomic); on any exception, Ctrl-C included, the
temporary file is removed and whatever was at the path is left untouched.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

# Temporary files are created 0600; a finished output gets ordinary permissions.
DEFAULT_MODE = 0o644


@contextlib.contextmanager
def atomic_write(path: str | os.PathLike[str]) -> Iterator[BinaryIO]:
    """Open a temporary binary file beside `path`; on success it replaces `path`."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".part")
    try:
        with os.fdopen(fd, "wb") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        try:
            mode = target.stat().st_mode & 0o777
        except FileNotFoundError:
            mode = DEFAULT_MODE
        os.chmod(temp, mode)
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)
        raise


def write_bytes_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Write `data` to `path` atomically."""
    with atomic_write(path) as handle:
        handle.write(data)
