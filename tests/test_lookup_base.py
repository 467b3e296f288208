"""Issue 34, class 9: a lookup base is accepted only if every address made from it reads back.

`lookup_base` (behind --lookup-url, CARDGEN_LOOKUP_URL and the settings file) refuses a base
whose addresses `cardgen lookup` could not read: a port out of range or not a number, a stray
'%', a fragment, a query that would not end in the serial. Every base it accepts round-trips
through `lookup_url` and `serial_from_url`, for any serial.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.errors import SerialError
from cardgen.lookup import ENV_VAR, lookup_base, lookup_url, serial_from_url

SERIALS = st.text(alphabet="0123456789ABCDEFGHJKMNPQRSTVWXYZabc-", min_size=1, max_size=20)

ACCEPTED = [
    "https://cards.test/c/",
    "https://cards.test/c",
    "https://cards.test",
    "https://cards.test/",
    "http://localhost:8000/c/",
    "http://127.0.0.1:8000/c/",
    "http://[::1]:8000/c/",
    "http://[::1]/c/",
    "HTTP://Cards.Test/C/",
    "https://cards.test:/c/",
    "https://cards.test:65535/c/",
    "https://cards.test:1/c/",
    "https://cards.test/lookup?s=",
    "https://cards.test/lookup?lang=en&s=",
    "https://cards.test/a%20b/c/",
    "https://cards.test/%E2%98%85/",
    "https://user@cards.test/c/",
    "https://cards.test/c;v=1/",
    "https://cards.test/ünï/",
]

REFUSED = [
    ("http://host:99999/c/", "port"),
    ("http://host:65536/c/", "port"),
    ("http://host:0/c/", "port"),
    ("http://host:abc/c/", "port"),
    ("http://host:٣/c/", "port"),
    ("http://host:８０/c/", "port"),
    ("http://host:+80/c/", "port"),
    ("http://host:-1/c/", "port"),
    ("http://[::1]:99999/c/", "port"),
    ("http://host:80:80/c/", "port"),
    ("http://host/c%/", "%"),
    ("http://host/c%2/", "%"),
    ("http://host/c%zz/", "%"),
    ("http://host/%", "%"),
    ("http://ho%st/c/", "%"),
    ("http://host/c/?s=%", "%"),
    ("http://host/c/#", "#"),
    ("http://host/c/#frag", "#"),
    ("http://host/c/?x=1", "s="),
    ("http://host/c?q=", "s="),
    ("http://host/c?s=a&t=", "s="),
    ("http://host/c=", "s="),
    ("http://host/c?s=1&s=", "s="),
    ("http://host\\c/", "\\"),
    ("http://host/c<x>/", "<"),
    ("http://host/{c}/", "{"),
    ("http://[::1/c/", "http(s)"),
]


@pytest.mark.parametrize("base", ACCEPTED)
@settings(max_examples=40, deadline=None)
@given(serial=SERIALS)
def test_every_accepted_form_reads_back(base, serial):
    assert lookup_base(base) == base
    assert serial_from_url(lookup_url(serial, base)) == serial


@pytest.mark.parametrize("base,needle", REFUSED)
def test_a_base_whose_addresses_would_not_read_back_is_refused(base, needle):
    with pytest.raises(SerialError) as caught:
        lookup_base(base)
    message = str(caught.value)
    assert message.startswith("lookup url base ") and repr(base) in message
    assert needle in message and "\n" not in message


@pytest.mark.parametrize("base,needle", REFUSED[:4] + REFUSED[10:12])
def test_the_option_and_the_environment_refuse_it_before_anything_is_drawn(base, needle, tmp_path):
    out = tmp_path / "cards.pdf"
    r = CliRunner().invoke(cli_main(), ["gyonrg", "print", "-s", "1", "-n", "1", "-o", str(out), "--lookup-url", base])
    assert r.exit_code == 2 and needle in r.output and "Traceback" not in r.output
    r = CliRunner().invoke(cli_main(), ["gyonrg", "print", "-s", "1", "-n", "1", "-o", str(out)], env={ENV_VAR: base})
    assert r.exit_code == 2 and needle in r.output
    r = CliRunner().invoke(cli_main(), ["gyonrg", "png", "-s", "1", "-n", "1", "-o", str(tmp_path / "p")], env={ENV_VAR: base})
    assert r.exit_code == 2 and needle in r.output
    assert not out.exists() and not (tmp_path / "p").exists()


def cli_main():
    from cardgen.cli.main import cli

    return cli


# Any text at all: whatever lookup_base accepts must read back.
URL_TEXT = st.text(alphabet="hts:/?#=&%[]@;.,+-_~!$'()*0123456789abcdefABCDEF:ü\\", max_size=30)


@settings(max_examples=600, deadline=None)
@given(tail=URL_TEXT, scheme=st.sampled_from(["http://", "https://", "HTTP://"]), serial=SERIALS)
def test_whatever_is_accepted_reads_back(tail, scheme, serial):
    base = scheme + tail
    try:
        chosen = lookup_base(base)
    except SerialError as exc:
        assert "\n" not in str(exc)
        return
    assert serial_from_url(lookup_url(serial, chosen)) == serial
