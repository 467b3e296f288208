"""Shared fixtures."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardgen.gyonrg import edition as editions


@pytest.fixture
def gyonrg_tables(tmp_path: Path) -> Path:
    """A private, editable copy of the current Gyon-RG tables (without frozen editions)."""
    dest = tmp_path / "gyonrg"
    dest.mkdir()
    for name in editions.TABLE_FILES:
        shutil.copy2(editions.tables_dir() / f"{name}.toml", dest / f"{name}.toml")
    return dest


GOLDEN = Path(__file__).parent / "golden"


@pytest.fixture(autouse=True)
def _no_user_settings(monkeypatch):
    """Tests never read the settings file of whoever runs them (cardgen.config)."""
    monkeypatch.setenv("CARDGEN_CONFIG", "")
    monkeypatch.delenv("CARDGEN_LOOKUP_URL", raising=False)
