"""Worker pools end when told to, whatever signal handlers the main process has."""

import signal
import subprocess
import sys
import textwrap

# A SIGTERM handler that returns (as a library or a test harness may install)
# used to be inherited by forked workers: Pool.terminate() then raced its own
# drain of the task queue, a worker stayed blocked for good, and join() waited
# forever (the suite hung at the 108-card QR print).
SCRIPT = textwrap.dedent("""
    import signal
    from cardgen.processes import worker_pool
    signal.signal(signal.SIGTERM, lambda *a: None)
    for i in range(40):
        pool = worker_pool(2)
        assert [r.get() for r in [pool.apply_async(abs, (-k,)) for k in range(8)]] == list(range(8))
        pool.terminate()
        pool.join()
    print("ended", i + 1)
""")


def test_pools_terminate_even_when_the_main_process_catches_sigterm():
    try:
        # ~1 s on an idle machine; the margin is for a saturated one (each cycle forks two workers)
        run = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:  # subprocess.run kills the child with SIGKILL
        raise AssertionError("a worker pool did not end after terminate()") from None
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["ended", "40"]


def test_a_worker_ends_on_sigterm_even_when_the_main_process_catches_it():
    # A pool worker's start (cardgen.processes._start_worker) in a forked process of its own, so
    # no pool machinery (which replaces a killed worker) gets in the way of watching it end.
    script = textwrap.dedent("""
        import multiprocessing, os, signal, time
        from cardgen.processes import _start_worker
        signal.signal(signal.SIGTERM, lambda *a: None)
        def worker():
            _start_worker(None, ())
            time.sleep(60)
        if __name__ == "__main__":
            child = multiprocessing.get_context("fork").Process(target=worker)
            child.start()
            time.sleep(1)
            os.kill(child.pid, signal.SIGTERM)
            child.join(30)
            print(child.exitcode, flush=True)
            if child.exitcode is None:
                child.kill()
    """)
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == str(-signal.SIGTERM)


def test_a_worker_runs_its_initializer_after_the_signal_reset():
    script = textwrap.dedent("""
        import signal
        from cardgen.processes import worker_pool
        signal.signal(signal.SIGTERM, lambda *a: None)
        def init(value):
            global SEEN
            SEEN = (value, signal.getsignal(signal.SIGTERM) is signal.SIG_DFL)
        def seen(_):
            return SEEN
        with worker_pool(2, init, ("x",)) as pool:
            print(set(pool.map(seen, range(4))))
    """)
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "{('x', True)}"
