"""Atomic file writes: a temp file in the same folder, then os.replace.

A crash or Ctrl-C never leaves half a file where the user asked for one.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from cardgen.errors import CardgenError


def atomic_write_bytes(path: str | os.PathLike, data: bytes) -> Path:
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise CardgenError(f"cannot write {str(path)!r}: folder {str(folder)!r} does not exist")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return path


def atomic_write_text(path: str | os.PathLike, text: str) -> Path:
    return atomic_write_bytes(path, text.encode("utf-8"))
