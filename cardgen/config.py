"""The user's settings file, for what a person sets once instead of on every command.

    ~/.config/cardgen/config.toml      ($XDG_CONFIG_HOME/cardgen/config.toml when that is set;
                                        CARDGEN_CONFIG names another file, or "" for none)

    # the address every printed QR code leads to (a club's `cardgen serve`, say)
    lookup_url = "https://cards.example.org/c/"

A command-line option beats an environment variable, which beats this file,
which beats the built-in default. A missing file is no error; a file that
cannot be read, is not TOML (read by cardgen.structured, with its limits), or
names an unknown setting is one, naming the file and what is accepted.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from cardgen import structured
from cardgen.errors import CardgenError, FileError
from cardgen.files import read_text

ENV_VAR = "CARDGEN_CONFIG"
SETTINGS: dict[str, type] = {"lookup_url": str}
"""Every setting the file may hold, with its type."""

_cache: dict[tuple[str, int, int], dict[str, Any]] = {}


def config_path() -> Path | None:
    """Where the settings file is looked for (None: CARDGEN_CONFIG is set to the empty string)."""
    named = os.environ.get(ENV_VAR)
    if named is not None:
        return Path(named) if named else None
    home = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(home) / "cardgen" / "config.toml"


def settings() -> dict[str, Any]:
    """The settings in the file (checked), {} when there is no file."""
    path = config_path()
    if path is None:
        return {}
    try:
        st = path.stat()
    except OSError:
        return {}  # no settings file (or none that can be found): the defaults hold
    key = (str(path), st.st_mtime_ns, st.st_size)
    if key not in _cache:
        _cache.clear()
        _cache[key] = _read(path)
    return _cache[key]


def setting(name: str) -> Any:
    """One setting's value, or None when the file does not set it."""
    return settings().get(name)


def _read(path: Path) -> dict[str, Any]:
    try:
        text = read_text(path, "settings file")
    except FileError as exc:
        raise CardgenError(f"{exc} (the settings file; {ENV_VAR}='' ignores it)") from None
    data = structured.load_toml(text, f"settings file {str(path)!r}")
    accepted = ", ".join(f"{k} ({t.__name__})" for k, t in SETTINGS.items())
    for key, value in data.items():
        if key not in SETTINGS:
            raise CardgenError(f"settings file {str(path)!r}: unknown setting {key!r} (accepted: {accepted})")
        if not isinstance(value, SETTINGS[key]):
            raise CardgenError(f"settings file {str(path)!r}: {key} = {value!r} is not a {SETTINGS[key].__name__}")
    return data
