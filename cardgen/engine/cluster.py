"""Reaching a Ray cluster: the address, the authentication token, and one line when it fails.

Recent Ray (2.60 here) guards a cluster with a token once one exists: a local
`ray.init()`, such as `cardgen simulate ... --backend ray` without --address,
writes one to ~/.ray/auth_token, and a `ray start --head` that finds it turns token
authentication on; whoever connects must then send it. Ray sends it only in token
mode (RAY_AUTH_MODE=token), which its own `ray.init()` chooses by itself for a
local cluster but not for an address it is given, so the README's
`--address HEAD:6379` was refused. cardgen chooses token mode the same way for any
address: when RAY_AUTH_MODE is unset and a token is found where Ray looks for one
(RAY_AUTH_TOKEN, RAY_AUTH_TOKEN_PATH, ~/.ray/auth_token), before Ray is imported
(it reads RAY_AUTH_MODE then). A cluster without authentication accepts a client
that sends a token, so this never stops a connection that would work without it.

Before Ray tries (it retries for minutes when nothing, or something else, answers
at the address) the address is read, and one TCP connection checks that a gRPC
server (the head's GCS, or the Ray client server) answers there. While Ray
connects, its own output (a warning a second while it retries) is held back: it is
printed when the connection succeeds, and read for the reason when it fails.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import logging
import os
import re
import socket
import sys
import tempfile
from collections.abc import Iterator, MutableMapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.errors import CardgenError

RAY_INSTALL = "the ray backend needs Ray, which is not installed: pip install 'cardgen[cluster]' (or pip install ray)"
ADDRESS_FORMS = "expected HOST:PORT (the head's `ray start --head --port`, 6379 by default), ray://HOST:PORT (its Ray client server, 10001 by default) or auto"  # fmt: skip
MAX_TOKEN = 4096  # bytes: Ray's tokens are 64 hex digits; anything much longer is not a token
PROBE_SECONDS = 5.0  # the TCP check: a head that takes longer to accept a connection is not usable anyway
TOKEN_HELP = ("print it on the head node with `ray get-auth-token` and save it here as ~/.ray/auth_token "
              "(or set RAY_AUTH_TOKEN to it)")  # fmt: skip

# HTTP/2's client preface and an empty SETTINGS frame: a gRPC server answers with a SETTINGS frame
_H2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])
_H2_SETTINGS = 4
_HOST = re.compile(r"[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,252})|\[[0-9A-Fa-f:.]{2,45}\]")
_PORT = re.compile(r"[0-9]{1,5}")
# how Ray says that a token was missing or refused (C++ status, exception, client server reply)
_AUTH_MARKS = ("invalidauthtoken", "unauthenticated", "authentication token", "authenticationerror")
# what the Ray client says when the head's client server failed to start the server for this client
_CLIENT_HICCUP = "initialization failure from server"
_CLIENT_LOGGER = "ray.util.client.worker"  # logs, at debug level, why each attempt of ray:// failed


@dataclass(frozen=True)
class Address:
    """A cluster address as given (`text`) and read: host and port, `client` for ray://; auto has no host."""

    text: str
    host: str = ""
    port: int = 0
    client: bool = False

    @property
    def auto(self) -> bool:
        return not self.host


def parse_address(text: str) -> Address:
    """'auto', 'HOST:PORT' or 'ray://HOST:PORT' (IPv6 hosts in brackets); CardgenError otherwise.

    The port is required: Ray reads ray://HOST as HOST:443, where no Ray client server is.
    """
    if text == "auto":
        return Address(text)
    client = text.startswith("ray://")
    rest = text[len("ray://") :] if client else text
    if rest.startswith("["):  # [IPv6]:PORT
        host, _, after = rest.partition("]")
        host += "]"
        if after and not after.startswith(":"):
            raise CardgenError(f"{text[:60]!r} is not a cluster address: {ADDRESS_FORMS}")
        port = after[1:] if after else None
    elif ":" in rest:
        host, _, port = rest.rpartition(":")
    else:
        host, port = rest, None
    if not _HOST.fullmatch(host) or host.startswith(("-", ".")):
        raise CardgenError(f"{text[:60]!r} is not a cluster address: {ADDRESS_FORMS}")
    if port is None:
        raise CardgenError(f"{text[:60]!r} is not a cluster address: it names no port; {ADDRESS_FORMS}")
    if not _PORT.fullmatch(port) or not 1 <= int(port) <= 65535:
        raise CardgenError(f"{text[:60]!r} is not a cluster address: the port is a number from 1 to 65535; {ADDRESS_FORMS}")  # fmt: skip
    return Address(text, host, int(port), client)


def token_source(environ: MutableMapping[str, str] | None = None, home: Path | None = None) -> str | None:
    """Where Ray would read the authentication token from, in its order; None when there is none.

    CardgenError when RAY_AUTH_TOKEN_PATH names a file that cannot be read or is empty (Ray refuses
    it), or when the token is not printable ASCII (gRPC, which carries it, aborts the process).
    """
    env = os.environ if environ is None else environ
    if env.get("RAY_AUTH_TOKEN", "").strip():
        return _plain_token(env["RAY_AUTH_TOKEN"].strip().encode("utf-8", "surrogateescape"), "RAY_AUTH_TOKEN")
    named = env.get("RAY_AUTH_TOKEN_PATH")
    if named:
        token = _read_token(Path(named))
        if not token:
            raise CardgenError(f"RAY_AUTH_TOKEN_PATH names {named[:200]!r}, which cannot be read or holds no token: "
                               "point it at the file holding the cluster's token, or unset it")  # fmt: skip
        return _plain_token(token, f"RAY_AUTH_TOKEN_PATH ({named[:200]})")
    try:
        default = (home or Path.home()) / ".ray" / "auth_token"
    except RuntimeError:  # no home directory to look in
        return None
    token = _read_token(default)
    return _plain_token(token, "~/.ray/auth_token") if token else None


def _read_token(path: Path) -> bytes | None:
    """The token in a regular file, stripped as Ray strips it (None: no such file, or unreadable)."""
    try:
        if not path.is_file():
            return None
        with path.open("rb") as f:
            data = f.read(MAX_TOKEN + 1)
    except OSError:
        return None
    return data.strip()


def _plain_token(token: bytes, source: str) -> str:
    if len(token) > MAX_TOKEN or any(not 0x20 <= byte <= 0x7E for byte in token):
        raise CardgenError(f"the authentication token in {source} is not one Ray can send (a line of printable "
                           f"ASCII, up to {MAX_TOKEN} bytes): replace it with the cluster's token (`ray get-auth-token` "
                           "on the head node prints it)")  # fmt: skip
    return source


def choose_auth_mode(environ: MutableMapping[str, str] | None = None) -> str | None:
    """Set RAY_AUTH_MODE=token when it is unset and a token is found (what Ray does for a local cluster).

    Returns the token's source when this process will send one, else None. RAY_AUTH_MODE set by
    the user is left as it is.
    """
    env = os.environ if environ is None else environ
    mode = env.get("RAY_AUTH_MODE")
    if mode is not None:
        if mode.strip().lower() != "token":
            return None
        source = token_source(env)
        if source is None:
            raise CardgenError(f"RAY_AUTH_MODE=token is set here, but no authentication token was found: {TOKEN_HELP}")
        return source
    source = token_source(env)
    if source is not None:
        env["RAY_AUTH_MODE"] = "token"
    return source


def probe(address: Address, timeout: float = PROBE_SECONDS) -> None:
    """CardgenError (one line) unless a gRPC server accepts a connection at the address.

    Only a definite answer refuses: a server that is slow to reply is left to Ray, and with TLS
    (RAY_USE_TLS) only the TCP connection is checked.
    """
    if address.auto:
        return
    host = address.host.strip("[]")
    where = f"{address.text!r}"
    try:
        sock = socket.create_connection((host, address.port), timeout=timeout)
    except socket.gaierror:
        raise CardgenError(
            f"cannot reach the Ray cluster at {where}: no host named {address.host!r} is known here"
        ) from None
    except ConnectionRefusedError:
        raise CardgenError(
            f"nothing answers at {where} (connection refused): is Ray started there? {_start_hint(address)}"
        ) from None
    except TimeoutError:
        raise CardgenError(f"nothing answers at {where} within {timeout:g} s: check the host, the port and any "
                           f"firewall between ({_start_hint(address)})") from None  # fmt: skip
    except OSError as exc:
        raise CardgenError(f"cannot reach {where}: {(exc.strerror or str(exc)).lower()}") from None
    with sock:
        if os.environ.get("RAY_USE_TLS", "0").strip().lower() in ("1", "true", "yes"):
            return
        try:
            sock.sendall(_H2_PREFACE)
            reply = sock.recv(9)
        except TimeoutError:
            return  # slow, not wrong: Ray decides
        except OSError:
            reply = b""
    if len(reply) < 4 or reply[3] != _H2_SETTINGS:
        what = "a Ray client server" if address.client else "a Ray head node"
        raise CardgenError(f"{where} answers, but not as {what}: {_start_hint(address)}")


def _start_hint(address: Address) -> str:
    if address.client:
        return ("ray://HOST:10001 is the Ray client server that `ray start --head` runs where ray[client] is "
                "installed (pip install 'cardgen[cluster]' there)")  # fmt: skip
    return "HOST:PORT is the --port of `ray start --head` on the head node (6379 by default)"


def connect(address: str | None, workers: int) -> bool:
    """ray.init: the cluster at `address` (else RAY_ADDRESS), or a new local Ray with `workers` CPUs.

    True if this call connected (and so should ray.shutdown() when done).

    Every failure is a CardgenError of one line; when the cluster asks for a token, it says which.
    """
    if importlib.util.find_spec("ray") is None:
        raise CardgenError(RAY_INSTALL)
    from_env = "" if address else os.environ.get("RAY_ADDRESS", "").strip()  # Ray's own default for an address
    try:
        return _connect(address or from_env or None, workers)
    except CardgenError as exc:
        if from_env:
            raise CardgenError(f"RAY_ADDRESS, in the environment: {exc}") from None
        raise


def _connect(address: str | None, workers: int) -> bool:
    imported = "ray" in sys.modules  # then it has read RAY_AUTH_MODE already
    target = parse_address(address) if address else None
    if target:
        probe(target)
    if target:
        source = choose_auth_mode()
    else:  # a local Ray sends the token it finds, or makes one: a token it cannot send must not reach it
        source = None
        if os.environ.get("RAY_AUTH_MODE", "token").strip().lower() == "token":
            token_source()
    try:
        import ray
    except ImportError:
        raise CardgenError(RAY_INSTALL) from None
    if ray.is_initialized():
        return False
    if imported and source is not None:
        _refresh_ray_config()
    # "local": a new Ray, even where `ray start` left a cluster (running, or only its address in /tmp/ray)
    options: dict[str, Any] = {"address": address} if address else {"address": "local", "num_cpus": workers}
    failure: Exception | None = None
    # held back only while connecting: a local Ray's processes would keep the file as their standard error
    with _held_output(bool(address)) as held, _client_log() as client_log:
        try:
            ray.init(**options, include_dashboard=False, logging_level=logging.ERROR, log_to_driver=False)
        except Exception as exc:  # Ray raises many kinds (ConnectionError, RuntimeError, ValueError ...)
            failure = exc
            with contextlib.suppress(Exception):
                ray.shutdown()  # whatever the attempt left behind
    if failure is not None:
        raise CardgenError(explain(failure, held.text + "\n".join(client_log), address, source)) from None
    if held.text:
        sys.stderr.write(held.text)  # nothing Ray said on the way is lost
    return True


def explain(exc: BaseException, output: str, address: str | None, source: str | None) -> str:
    """The one line for a failed ray.init: a refused or missing token says what to set, else Ray's first line."""
    where = f"the Ray cluster at {address!r}" if address else "a local Ray instance"
    chain: list[str] = []
    seen: BaseException | None = exc
    while seen is not None and len(chain) < 10:
        chain.append(f"{type(seen).__name__}: {_said(seen)}")
        seen = seen.__cause__ or seen.__context__
    told = ("\n".join(chain) + "\n" + output).lower()
    if address and any(mark in told for mark in _AUTH_MARKS):
        mode = os.environ.get("RAY_AUTH_MODE", "")
        if mode.strip().lower() not in ("", "token"):
            return (f"{where} asks for its authentication token, and RAY_AUTH_MODE={mode[:20]!r} here sends none: "
                    f"unset RAY_AUTH_MODE (or set it to token) and have the head node's token here: {TOKEN_HELP}")  # fmt: skip
        if source is None:
            return f"{where} asks for its authentication token, and none was found here: {TOKEN_HELP}"
        return (f"{where} refused the authentication token from {source}: put the head node's token there "
                "(`ray get-auth-token` on the head node prints it)")  # fmt: skip
    if address and _CLIENT_HICCUP in told:
        return (f"{where} took the connection, but its Ray client server could not start a server for this "
                "client (Ray does this now and then, mostly just after `ray start --head`): run the command again; "
                "ray_client_server*.err in the head node's Ray logs may say why")  # fmt: skip
    text = _said(exc).strip()
    first = text.splitlines()[0] if text else type(exc).__name__
    return f"could not start or reach {where}: {first}"


def _said(exc: BaseException) -> str:
    try:
        return str(exc)
    except Exception:  # an exception whose own message fails
        return type(exc).__name__


def _refresh_ray_config() -> None:
    """Ray read RAY_AUTH_MODE when it was imported: have it read the environment again (as Ray itself does)."""
    try:  # Ray's own _enable_token_auth does this after setting the variable
        importlib.import_module("ray._raylet").Config.initialize("")
    except Exception:  # older or newer Ray without it: the mode read at import stands
        pass


class _Held:
    text = ""


@contextlib.contextmanager
def _held_output(hold: bool = True) -> Iterator[_Held]:
    """Standard error (file descriptor 2, where Ray's C++ core writes too) goes to a temporary file meanwhile."""
    held = _Held()
    saved = _duplicate_stderr() if hold else None
    if saved is None:
        yield held
        return
    try:
        with tempfile.TemporaryFile() as tmp:
            os.dup2(tmp.fileno(), 2)
            try:
                yield held
            finally:
                with contextlib.suppress(OSError, ValueError, AttributeError):
                    sys.stderr.flush()
                os.dup2(saved, 2)
                tmp.seek(0)
                held.text = tmp.read(1 << 20).decode("utf-8", "replace")
    finally:
        os.close(saved)


def _duplicate_stderr() -> int | None:
    """A copy of file descriptor 2, to put back afterwards; None when there is no standard error."""
    try:
        sys.stderr.flush()
        return os.dup(2)
    except (OSError, ValueError, AttributeError):
        return None


@contextlib.contextmanager
def _client_log() -> Iterator[list[str]]:
    """The Ray client's own debug messages (the server's reason for refusing each attempt), collected."""
    messages: list[str] = []

    class Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if len(messages) < 100:
                messages.append(record.getMessage())
            if record.levelno >= logging.WARNING and logger.parent is not None:
                logger.parent.handle(record)  # what it says anyway goes where it went

    logger = logging.getLogger(_CLIENT_LOGGER)
    handler = Collect(logging.DEBUG)
    level, propagate = logger.level, logger.propagate
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    logger.propagate = False  # its debug lines are for us, not for the terminal (warnings are passed on)
    try:
        yield messages
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
        logger.propagate = propagate
