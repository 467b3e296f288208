"""The user's settings file: lookup_url set once reaches every print; bad files are one line."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardgen.cli.main import cli
from cardgen.lookup import DEFAULT_LOOKUP_BASE, lookup_base


def test_precedence_option_then_env_then_file_then_default(tmp_path, monkeypatch):
    cfg = tmp_path / "config.toml"
    cfg.write_text('# the club server\nlookup_url = "https://club.example.org/c/"\n')
    assert lookup_base() == DEFAULT_LOOKUP_BASE  # CARDGEN_CONFIG="" (conftest): no file
    monkeypatch.setenv("CARDGEN_CONFIG", str(cfg))
    assert lookup_base() == "https://club.example.org/c/"
    monkeypatch.setenv("CARDGEN_LOOKUP_URL", "https://env.example.org/c/")
    assert lookup_base() == "https://env.example.org/c/"
    assert lookup_base("https://option.example.org/c/") == "https://option.example.org/c/"


def test_xdg_config_home_is_where_the_file_is_looked_for(tmp_path, monkeypatch):
    monkeypatch.delenv("CARDGEN_CONFIG")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    (tmp_path / "cardgen").mkdir()
    (tmp_path / "cardgen" / "config.toml").write_text('lookup_url = "http://192.0.2.7:8000/c/"\n')
    assert lookup_base() == "http://192.0.2.7:8000/c/"


def test_the_setting_reaches_the_printed_qr_codes(tmp_path, monkeypatch):
    cfg = tmp_path / "config.toml"
    cfg.write_text('lookup_url = "https://club.example.org/c/"\n')
    monkeypatch.setenv("CARDGEN_CONFIG", str(cfg))
    r = CliRunner().invoke(cli, ["gyonrg", "png", "-s", "1", "-n", "1", "-o", str(tmp_path / "png")])
    assert r.exit_code == 0, r.output
    import zxingcpp
    from PIL import Image

    png = next(p for p in (tmp_path / "png").glob("A*.png"))
    texts = [res.text for res in zxingcpp.read_barcodes(Image.open(png))]
    assert texts == [f"https://club.example.org/c/{png.stem}"]


@pytest.mark.parametrize(
    "content,says",
    [
        ('lookup_url = "ftp://x/"\n', "is not an http(s) address"),
        ("lookup_url = 7\n", "lookup_url = 7 is not a str"),
        ('lookup_uri = "https://x.org/"\n', "unknown setting 'lookup_uri' (accepted: lookup_url (str))"),
        ("lookup_url = \n", "not valid TOML"),
        (b"\x00\x01binary", "binary data"),
    ],
)
def test_a_bad_settings_file_is_one_line(tmp_path, monkeypatch, content, says):
    cfg = tmp_path / "config.toml"
    cfg.write_bytes(content if isinstance(content, bytes) else content.encode())
    monkeypatch.setenv("CARDGEN_CONFIG", str(cfg))
    r = CliRunner().invoke(cli, ["gyonrg", "print", "-s", "1", "-n", "1", "-o", str(tmp_path / "x.pdf")])
    assert r.exit_code == 1 and says in r.stderr and "Traceback" not in r.output, r.output
    assert len([line for line in r.stderr.splitlines() if line.startswith("error:")]) == 1
    assert not (tmp_path / "x.pdf").exists()


def test_a_folder_as_settings_file_is_one_line(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDGEN_CONFIG", str(tmp_path))
    r = CliRunner().invoke(cli, ["gyonrg", "print", "-s", "1", "-n", "1", "-o", str(tmp_path / "x.pdf")])
    assert r.exit_code == 1 and "settings file" in r.stderr and "Traceback" not in r.output, r.output
