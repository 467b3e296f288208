"""`design --watch`: rebuild the report when a table file changes (by polling, so it works on any
file system and needs no extra package).

A table file is any *.toml under the folder (its frozen editions too). A change is a file whose
size or modification time moved, a new file or a removed one; a burst of saves within one poll
is one rebuild. A rebuild that fails (a table error) prints its one line and leaves the last
good report where it is.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from cardgen.errors import CardgenError

Stamp = dict[str, tuple[int, int]]


def stamp(folder: Path) -> Stamp:
    """Size and modification time of every table file under `folder`."""
    out: Stamp = {}
    for path in sorted(folder.rglob("*.toml")):
        try:
            st = path.stat()
        except OSError:  # removed between listing and looking
            continue
        out[str(path.relative_to(folder))] = (st.st_size, st.st_mtime_ns)
    return out


def changed(before: Stamp, after: Stamp) -> list[str]:
    return sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))


def watch(folder: Path, rebuild: Callable[[], list[str]], echo: Callable[[str], None], *, interval: float = 1.0,
          stop: Callable[[], bool] | None = None, sleep: Callable[[float], None] = time.sleep) -> int:  # fmt: skip
    """Poll `folder` every `interval` seconds until `stop()` says so (or Ctrl-C); on a change call
    `rebuild()` (the lines it returns say what moved) and print them. Returns the rebuilds made."""
    seen = stamp(folder)
    rebuilds = 0
    echo(f"watching {folder} for table changes (Ctrl-C to stop)")
    while stop is None or not stop():
        sleep(interval)
        now = stamp(folder)
        files = changed(seen, now)
        if not files:
            continue
        seen = now
        rebuilds += 1
        echo(f"changed: {', '.join(files)}")
        try:
            lines = rebuild()
        except CardgenError as exc:
            echo(f"error: {exc} (the last good report stays)")
            continue
        for line in lines:
            echo(f"  {line}")
    return rebuilds
