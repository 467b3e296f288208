"""The README's cluster steps, as written, against a real `ray start --head` on 127.0.0.1 (slow: about a minute).

In the README's order: a local Ray run (which writes a token to ~/.ray/auth_token), a head
node started after it (which then turns token authentication on), `simulate --address
HOST:PORT` and `arena --address ray://HOST:PORT` against it; then what a user sees when
the token is missing or wrong, and when nothing answers. Everything runs in a temporary
home and Ray folder, on free ports; the head this test started is stopped (only it) at the
end, whatever happened.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
SEED = "5"
GAMES = "4"


def _free_port() -> int:
    """An ephemeral port, free now (outside Ray's worker port range 10002-19999)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _answers(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        return True
    except OSError:
        return False


@dataclass
class Head:
    env: dict[str, str]  # a user's shell on the head node: HOME with Ray's token, no RAY_ variables
    home: Path
    port: int  # ray start --head --port
    client_port: int  # the Ray client server (ray://)
    log: Path


def _run(env: dict[str, str], *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardgen", *args], env=env, cwd=REPO, capture_output=True,
                          text=True, timeout=timeout)  # fmt: skip


def _ours(folder: str) -> list[int]:
    """Processes whose command line names this test's folder (the Ray processes it started)."""
    found = []
    for entry in Path("/proc").iterdir() if Path("/proc").is_dir() else ():
        if entry.name.isdigit() and entry.name != str(os.getpid()):
            try:
                if folder.encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                pass
    return found


@pytest.fixture(scope="module")
def head() -> Iterator[Head]:
    if importlib.util.find_spec("ray") is None:
        pytest.skip("Ray is not installed: it is the optional extra cardgen[cluster] (pip install 'cardgen[cluster]')")
    folder = tempfile.mkdtemp(prefix="cg-ray-")  # short: Ray's socket paths live under it
    home = Path(folder, "home")
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")}
    env.update(HOME=str(home), RAY_TMPDIR=str(Path(folder, "r")), RAY_USAGE_STATS_ENABLED="0",
               PYTHONPATH=os.pathsep.join([str(REPO), *filter(None, [os.environ.get("PYTHONPATH")])]),
               RAY_GRACEFUL_SHUTDOWN_DRAIN_TIMEOUT_S="0")  # fmt: skip
    process = None
    try:
        # README line 2: a local Ray. Recent Ray (2.60) writes ~/.ray/auth_token doing so.
        local = _run(env, "simulate", "gyre", "-n", GAMES, "--bots", "random,greedy", "--backend", "ray",
                     "--jobs", "1", "--seed", SEED, "--no-progress")  # fmt: skip
        assert local.returncode == 0, local.stderr
        # README line 3, as `ray start` runs it for a user, but on free ports and in our folder; --block keeps
        # it in the foreground, so that the test can stop this head alone (`ray stop` stops every Ray here).
        port, client_port = _free_port(), _free_port()
        ray_dir = Path(env["RAY_TMPDIR"], "ray")  # where a plain `ray start` puts it: RAY_TMPDIR (or /tmp), then ray
        log = Path(folder, "head.log")
        with log.open("w") as out:
            process = subprocess.Popen(
                [sys.executable, "-m", "ray.scripts.scripts", "start", "--head", "--port", str(port),
                 "--ray-client-server-port", str(client_port), "--num-cpus", "1", "--temp-dir", str(ray_dir),
                 "--include-dashboard=false", "--disable-usage-stats", "--block"],
                env=env, cwd=folder, stdout=out, stderr=subprocess.STDOUT)  # fmt: skip
        deadline = time.monotonic() + 90
        while not (_answers(port) and _answers(client_port)):
            assert process.poll() is None, f"ray start --head ended:\n{log.read_text()[-3000:]}"
            assert time.monotonic() < deadline, f"ray start --head did not answer in 90 s:\n{log.read_text()[-3000:]}"
            time.sleep(0.5)
        yield Head(env, home, port, client_port, log)
    finally:
        if process is not None and process.poll() is None:
            process.send_signal(signal.SIGTERM)  # `ray start --block` stops its own processes on SIGTERM
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(10)
        for pid in _ours(folder):  # anything of ours that outlived it
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        shutil.rmtree(folder, ignore_errors=True)


def _token_on(head: Head) -> bool:
    return (head.home / ".ray" / "auth_token").is_file()


def _local(head: Head, *args: str) -> str:
    """The same command on local processes: the figures a cluster must reproduce."""
    done = _run(head.env, *args, "--backend", "local", "--seed", SEED, "--no-progress")
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_simulate_on_the_head_by_its_address(head):
    """README line 4: the head node's HOST:PORT, with nothing set but what the README says."""
    args = ("simulate", "gyre", "-n", GAMES, "--bots", "random,greedy")
    done = _run(head.env, *args, "--backend", "ray", "--address", f"127.0.0.1:{head.port}", "--seed", SEED,
                "--no-progress")  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert f": {GAMES} games, seed {SEED}" in done.stdout
    assert done.stdout == _local(head, *args)  # the same games as on local processes
    assert "Traceback" not in done.stderr and "Authentication" not in done.stderr


def test_arena_through_the_ray_client(head):
    """README line 5: ray://HOST:PORT, the Ray client."""
    args = ("arena", "gyre", "--bots", "random,greedy", "-n", "2")
    ray_args = (*args, "--backend", "ray", "--address", f"ray://127.0.0.1:{head.client_port}", "--seed", SEED,
                "--no-progress")  # fmt: skip
    done = _run(head.env, *ray_args)
    if "its Ray client server could not start a server for this client" in done.stderr:
        # Ray's own hiccup, about one first ray:// connection in ten on a fresh head here with Ray alone
        # (no cardgen): cardgen says so in one line and to run again, which is what a user would do.
        done = _run(head.env, *ray_args)
    assert done.returncode == 0, done.stderr
    assert "random" in done.stdout and "greedy" in done.stdout
    assert done.stdout == _local(head, *args)


def test_the_local_ray_still_starts_beside_a_running_head(head):
    """README line 2 again, now that a head runs on this machine: still a new local Ray of its own."""
    args = ("simulate", "gyre", "-n", GAMES, "--bots", "random,greedy")
    done = _run(head.env, *args, "--backend", "ray", "--jobs", "1", "--seed", SEED, "--no-progress")
    assert done.returncode == 0, done.stderr
    assert done.stdout == _local(head, *args)


def test_a_machine_without_the_token_is_told_what_to_set(head, tmp_path):
    if not _token_on(head):
        pytest.skip("this Ray started the head without token authentication (an older Ray)")
    assert "Token authentication is enabled" in head.log.read_text()
    env = dict(head.env, HOME=str(tmp_path))  # another user, or a machine the token was not copied to
    done = _run(env, "simulate", "gyre", "-n", "2", "--bots", "random,random", "--backend", "ray",
                "--address", f"127.0.0.1:{head.port}", "--seed", SEED, "--no-progress")  # fmt: skip
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        f"error: the Ray cluster at '127.0.0.1:{head.port}' asks for its authentication token, and none was found "
        "here: print it on the head node with `ray get-auth-token` and save it here as ~/.ray/auth_token "
        "(or set RAY_AUTH_TOKEN to it)"]  # fmt: skip


def test_a_wrong_token_is_named(head):
    if not _token_on(head):
        pytest.skip("this Ray started the head without token authentication (an older Ray)")
    env = dict(head.env, RAY_AUTH_TOKEN="not-the-cluster-token")
    done = _run(env, "simulate", "gyre", "-n", "2", "--bots", "random,random", "--backend", "ray",
                "--address", f"127.0.0.1:{head.port}", "--seed", SEED, "--no-progress")  # fmt: skip
    assert done.returncode == 1
    assert len(done.stderr.splitlines()) == 1
    assert done.stderr.startswith(f"error: the Ray cluster at '127.0.0.1:{head.port}' refused the authentication "
                                  "token from RAY_AUTH_TOKEN: ")  # fmt: skip


@pytest.mark.parametrize("scheme", ["", "ray://"])
def test_an_address_where_nothing_answers_is_one_line_at_once(head, scheme):
    address = f"{scheme}127.0.0.1:{_free_port()}"
    start = time.monotonic()
    done = _run(head.env, "simulate", "gyre", "-n", "2", "--bots", "random,random", "--backend", "ray",
                "--address", address, "--seed", SEED, "--no-progress", timeout=60)  # fmt: skip
    assert time.monotonic() - start < 15
    assert done.returncode == 1
    assert len(done.stderr.splitlines()) == 1
    assert done.stderr.startswith(f"error: nothing answers at '{address}' (connection refused)")
