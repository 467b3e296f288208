"""The installed package works from anywhere: data files found, entry points run."""

from __future__ import annotations

import subprocess
import sys


def test_module_entry_point_from_another_folder(tmp_path):
    out = subprocess.run(
        [sys.executable, "-m", "cardgen", "gyonrg", "generate", "--seed", "1", "--count", "1", "--format", "json"],
        cwd=tmp_path, capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert '"serial"' in out.stdout


def test_data_folders_are_found_from_another_folder(tmp_path):
    code = "from cardgen.resources import data_dir; print(data_dir('attribute_tables')); print(data_dir('templates'))"
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True)
    tables, templates = (line.strip() for line in out.stdout.splitlines())
    assert tables.endswith("attribute_tables") and templates.endswith("templates")


def test_root_help_lists_game_groups():
    from click.testing import CliRunner

    from cardgen.cli.main import cli

    assert "gyonrg" in CliRunner().invoke(cli, ["--help"]).output
