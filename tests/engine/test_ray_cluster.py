"""Reaching a Ray cluster without Ray itself: the address, the token, the quick check, the one-line reasons.

The same paths against a real `ray start --head` are in test_ray_readme_cluster.py (slow).
"""

from __future__ import annotations

import socket
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from click.testing import CliRunner

from cardgen.cli.main import cli
from cardgen.engine import cluster
from cardgen.engine.cluster import Address, choose_auth_mode, explain, parse_address, probe, token_source
from cardgen.errors import CardgenError

# ----- addresses ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "host", "port", "client"),
    [
        ("head:6379", "head", 6379, False),
        ("127.0.0.1:6379", "127.0.0.1", 6379, False),
        ("ray://head.example.org:10001", "head.example.org", 10001, True),
        ("[::1]:6379", "[::1]", 6379, False),
        ("ray://[fe80::1]:10001", "[fe80::1]", 10001, True),
    ],
)
def test_addresses_ray_reads(text, host, port, client):
    assert parse_address(text) == Address(text, host, port, client)


def test_auto_is_an_address_without_host():
    assert parse_address("auto").auto


@pytest.mark.parametrize(
    "text",
    ["", "head", "ray://head", "ray://", ":6379", "head:", "head:0", "head:65536", "head:99999", "head:6379x",
     "head:٣", "head:²", "head:６３７９", "²:6379", "head:" + "9" * 5000, "http://head:6379", "RAY://head:10001",
     "ray://head:10001/", "-head:6379", "[::1]6379", "head name:6379", "héad:6379"],
)  # fmt: skip
def test_other_addresses_are_one_line_naming_the_forms(text):
    with pytest.raises(CardgenError) as caught:
        parse_address(text)
    message = str(caught.value)
    assert "\n" not in message and "is not a cluster address" in message
    assert "HOST:PORT" in message and "ray://HOST:PORT" in message and len(message) < 400


# ----- the token: where Ray reads it, and token mode when there is one ------------------


def test_no_token_anywhere_leaves_the_mode_alone(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    env: dict[str, str] = {}
    assert choose_auth_mode(env) is None and env == {}
    (tmp_path / ".ray").mkdir()
    (tmp_path / ".ray" / "auth_token").write_text("  \n")  # blank: Ray strips it to nothing
    assert choose_auth_mode(env) is None and env == {}


def test_a_token_in_the_default_file_is_found(tmp_path):
    (tmp_path / ".ray").mkdir()
    (tmp_path / ".ray" / "auth_token").write_text("abc123\n")
    assert token_source({}, home=tmp_path) == "~/.ray/auth_token"


def test_a_folder_where_the_token_file_belongs_is_no_token(tmp_path):
    (tmp_path / ".ray" / "auth_token").mkdir(parents=True)
    assert token_source({}, home=tmp_path) is None


def test_the_variables_come_first_in_rays_order(tmp_path):
    named = tmp_path / "cluster.token"
    named.write_text("xyz")
    assert token_source({"RAY_AUTH_TOKEN": "t", "RAY_AUTH_TOKEN_PATH": str(named)}, home=tmp_path) == "RAY_AUTH_TOKEN"
    assert token_source({"RAY_AUTH_TOKEN_PATH": str(named)}, home=tmp_path) == f"RAY_AUTH_TOKEN_PATH ({named})"


@pytest.mark.parametrize("name", ["missing", "empty", "folder"])
def test_a_token_path_that_holds_no_token_is_one_line(tmp_path, name):
    target = tmp_path / name
    if name == "empty":
        target.write_text("")
    elif name == "folder":
        target.mkdir()
    with pytest.raises(CardgenError, match=r"^RAY_AUTH_TOKEN_PATH names '.*', which cannot be read or holds no token"):
        token_source({"RAY_AUTH_TOKEN_PATH": str(target)}, home=tmp_path)


@pytest.mark.parametrize("content", [bytes(range(256)), "abcdé".encode(), b"abc\x01def", b"a" * 5000, b"line\nline"])
def test_a_token_ray_cannot_send_is_one_line_not_a_crash(tmp_path, content):
    """gRPC aborts the whole process (no message at all) on a header value that is not printable ASCII."""
    (tmp_path / ".ray").mkdir()
    (tmp_path / ".ray" / "auth_token").write_bytes(content)
    with pytest.raises(CardgenError, match=r"^the authentication token in ~/.ray/auth_token is not one Ray can send"):
        token_source({}, home=tmp_path)
    with pytest.raises(CardgenError, match=r"^the authentication token in RAY_AUTH_TOKEN is not one Ray can send"):
        token_source({"RAY_AUTH_TOKEN": "ab\x02c"}, home=tmp_path)


@pytest.mark.parametrize("address", [None, "127.0.0.1:1"])
def test_connect_checks_the_token_before_ray_reads_it(tmp_path, monkeypatch, address):
    (tmp_path / ".ray").mkdir()
    (tmp_path / ".ray" / "auth_token").write_bytes(b"\xff\xfe")
    monkeypatch.setenv("HOME", str(tmp_path))
    for name in ("RAY_AUTH_MODE", "RAY_AUTH_TOKEN", "RAY_AUTH_TOKEN_PATH", "RAY_ADDRESS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(cluster.importlib.util, "find_spec", lambda name: object())  # as if Ray were installed
    monkeypatch.setattr(cluster, "probe", lambda target: None)  # as if a head answered
    with pytest.raises(CardgenError, match="is not one Ray can send"):
        cluster.connect(address, 1)


def test_a_token_turns_token_mode_on():
    env = {"RAY_AUTH_TOKEN": "secret"}
    assert choose_auth_mode(env) == "RAY_AUTH_TOKEN"
    assert env["RAY_AUTH_MODE"] == "token"  # what `ray start --head` and a local ray.init() do


@pytest.mark.parametrize("mode", ["disabled", "DISABLED", "something"])
def test_a_mode_the_user_set_is_respected(mode):
    env = {"RAY_AUTH_TOKEN": "secret", "RAY_AUTH_MODE": mode}
    assert choose_auth_mode(env) is None
    assert env["RAY_AUTH_MODE"] == mode


def test_token_mode_without_a_token_is_one_line_saying_where_to_put_it(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    with pytest.raises(CardgenError, match=r"RAY_AUTH_MODE=token is set here, but no authentication token was found: "
                                           r"print it on the head node with `ray get-auth-token`"):  # fmt: skip
        choose_auth_mode({"RAY_AUTH_MODE": "token"})


# ----- the quick check: something that speaks gRPC must answer -------------------------


@contextmanager
def _server(reply: bytes | None) -> Iterator[int]:
    """A one-connection server on 127.0.0.1: once it has read something it sends `reply` (b"": hangs up, None: waits)."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    port = listener.getsockname()[1]

    def serve():
        try:
            conn, _ = listener.accept()
        except OSError:
            return
        with conn:
            conn.settimeout(5)
            try:
                conn.recv(64)
                if reply == b"":
                    return  # hangs up at once
                if reply is not None:
                    conn.sendall(reply)
                conn.recv(64)  # until the client hangs up
            except OSError:
                pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield port
    finally:
        listener.close()
        thread.join(5)


def _closed_port() -> int:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    return port


@pytest.mark.parametrize("scheme", ["", "ray://"])
def test_nothing_listening_is_one_line_at_once(scheme):
    text = f"{scheme}127.0.0.1:{_closed_port()}"
    start = time.monotonic()
    with pytest.raises(CardgenError) as caught:
        probe(parse_address(text))
    assert time.monotonic() - start < 3
    message = str(caught.value)
    assert message.startswith(f"nothing answers at {text!r} (connection refused)") and "\n" not in message
    assert ("10001" if scheme else "ray start --head") in message


@pytest.mark.parametrize("scheme", ["", "ray://"])
def test_something_else_listening_is_one_line_at_once(scheme):
    with _server(b"HTTP/1.0 400 Bad Request\r\n\r\n") as port:
        text = f"{scheme}127.0.0.1:{port}"
        with pytest.raises(CardgenError, match=rf"^'{text}' answers, but not as a Ray (client server|head node): "):
            probe(parse_address(text))


def test_a_server_that_closes_at_once_is_not_ray():
    with _server(b"") as port, pytest.raises(CardgenError, match="answers, but not as a Ray head node"):
        probe(parse_address(f"127.0.0.1:{port}"))


def test_a_grpc_server_passes():
    settings = bytes([0, 0, 6, 4, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 100])  # HTTP/2 SETTINGS, as a gRPC server opens
    with _server(settings) as port:
        probe(parse_address(f"127.0.0.1:{port}"))


def test_a_slow_server_is_left_to_ray():
    with _server(None) as port:
        probe(parse_address(f"127.0.0.1:{port}"), timeout=0.5)  # no answer in time: Ray decides


def test_with_tls_only_the_connection_is_checked(monkeypatch):
    monkeypatch.setenv("RAY_USE_TLS", "1")
    with _server(b"\x15\x03\x03\x00\x02\x02\x46") as port:  # a TLS alert: plain HTTP/2 is not what it speaks
        probe(parse_address(f"ray://127.0.0.1:{port}"))


# ----- the reason, when Ray refuses ----------------------------------------------------


def _refused(detail: str) -> ConnectionError:
    """Ray's shape: ConnectionError from a RuntimeError whose text holds the last attempt's traceback."""
    try:
        try:
            raise RuntimeError(f"Failed to connect to GCS. Last connection error: Traceback ...\n{detail}")
        except RuntimeError as inner:
            raise ConnectionError("Failed to connect to Ray cluster at 192.0.2.2:6379") from inner
    except ConnectionError as outer:
        return outer


AUTH = "ray.exceptions.AuthenticationError: RPC error: InvalidAuthToken: Authentication token is missing or incorrect."


def test_a_cluster_asking_for_a_token_none_was_found(monkeypatch):
    monkeypatch.delenv("RAY_AUTH_MODE", raising=False)
    line = explain(_refused(AUTH), "", "head:6379", None)
    assert line.startswith("the Ray cluster at 'head:6379' asks for its authentication token, and none was found here")
    assert "`ray get-auth-token`" in line and "~/.ray/auth_token" in line and "RAY_AUTH_TOKEN" in line
    assert "\n" not in line


def test_a_refused_token_names_where_it_came_from(monkeypatch):
    monkeypatch.setenv("RAY_AUTH_MODE", "token")
    line = explain(_refused(AUTH), "", "head:6379", "RAY_AUTH_TOKEN")
    assert line.startswith("the Ray cluster at 'head:6379' refused the authentication token from RAY_AUTH_TOKEN: ")
    assert "`ray get-auth-token`" in line and "\n" not in line


def test_a_mode_that_sends_no_token_says_to_unset_it(monkeypatch):
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")
    line = explain(_refused(AUTH), "", "head:6379", None)
    assert "RAY_AUTH_MODE='disabled' here sends none: unset RAY_AUTH_MODE (or set it to token)" in line


def test_the_ray_client_says_it_in_its_log(monkeypatch):
    monkeypatch.delenv("RAY_AUTH_MODE", raising=False)
    log = "Received when checking init: Invalid or missing authentication token"
    line = explain(ConnectionError("ray client connection timeout"), log, "ray://head:10001", None)
    assert line.startswith("the Ray cluster at 'ray://head:10001' asks for its authentication token")


def test_a_ray_client_server_that_fails_to_start_says_run_again():
    line = explain(ConnectionError("Initialization failure from server:\n"), "", "ray://head:10001", None)
    assert line.startswith("the Ray cluster at 'ray://head:10001' took the connection, but its Ray client server")
    assert "run the command again" in line and "\n" not in line


def test_other_failures_give_rays_first_line():
    line = explain(_refused("TimedOut: Timed out while waiting for GCS"), "", "head:6379", None)
    assert line == "could not start or reach the Ray cluster at 'head:6379': Failed to connect to Ray cluster at 192.0.2.2:6379"


def test_connect_without_ray_says_how_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails as if not installed
    with pytest.raises(CardgenError, match=r"pip install 'cardgen\[cluster\]'"):
        cluster.connect("head:6379", 1)


@pytest.mark.parametrize("command", ["simulate", "arena"])
@pytest.mark.parametrize("address", ["head", "head:99999", "head:٣", "ray://head", "http://head:6379", "head:" + "9" * 5000])
def test_a_bad_address_is_a_usage_error_before_anything_runs(command, address):
    result = CliRunner().invoke(cli, [command, "gyre", "-n", "1", "--bots", "random,greedy", "--backend", "ray",
                                      "--address", address])  # fmt: skip
    assert result.exit_code == 2, result.output
    assert "is not a cluster address" in result.output and "HOST:PORT" in result.output
    assert "Traceback" not in result.output and len(result.output) < 1000


def test_a_bad_ray_address_in_the_environment_is_named(monkeypatch):
    monkeypatch.setenv("RAY_ADDRESS", "http://head:8265")
    monkeypatch.setattr(cluster.importlib.util, "find_spec", lambda name: object())  # as if Ray were installed
    with pytest.raises(CardgenError, match=r"^RAY_ADDRESS, in the environment: 'http://head:8265' is not a cluster address"):
        cluster.connect(None, 1)
