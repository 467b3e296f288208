"""Where the package's data folders are, in a source checkout and once installed."""

from __future__ import annotations

from pathlib import Path

_PKG = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """Path of a top-level data folder ("attribute_tables" or "templates").

    Installed wheels carry it as cardgen/_data/NAME; a source checkout (or an
    editable install) reads it from the repository root beside the package.
    """
    installed = _PKG / "_data" / name
    if installed.is_dir():
        return installed
    source = _PKG.parent / name
    if source.is_dir():
        return source
    raise FileNotFoundError(f"cardgen data folder {name!r} not found (looked in {installed} and {source})")


def output_dir() -> Path:
    """Default folder for generated files: ./output when it exists, else the current folder."""
    out = Path("output")
    return out if out.is_dir() else Path(".")
