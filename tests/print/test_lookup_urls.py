import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgen.errors import SerialError
from cardgen.lookup import DEFAULT_LOOKUP_BASE, ENV_VAR, lookup_url, serial_from_url


def test_default_and_env(monkeypatch):
    monkeypatch.delenv(ENV_VAR, raising=False)
    assert lookup_url("ABC123") == DEFAULT_LOOKUP_BASE + "ABC123"
    monkeypatch.setenv(ENV_VAR, "http://localhost:8000/card")
    assert lookup_url("ABC123") == "http://localhost:8000/card/ABC123"
    assert lookup_url("ABC123", base="https://x.test/?s=") == "https://x.test/?s=ABC123"


@pytest.mark.parametrize("base", ["https://a.test/c/", "http://a.test/c", "https://a.test/lookup?s=", "https://a.test/"])
@given(serial=st.text(alphabet="0123456789ABCDEFGHJKMNPQRSTVWXYZ-", min_size=1, max_size=20))
def test_round_trip(base, serial):
    assert serial_from_url(lookup_url(serial, base)) == serial


def test_bare_serial_passes_through():
    assert serial_from_url("  ABC123 \n") == "ABC123"


@pytest.mark.parametrize("bad", ["ftp://x/c/", "cards.test/c/", "https://"])
def test_bad_base(bad):
    with pytest.raises(SerialError, match="lookup url base"):
        lookup_url("A", bad)


def test_url_without_serial():
    with pytest.raises(SerialError, match="no serial"):
        serial_from_url("https://a.test/")
