"""The `cardgen` command: one group per registered game, plus the shared commands.

Games are not named here: each game registers its click group in its plugin
(cardgen.games). Commands are imported when they are used, so `cardgen lookup`
does not load the print pipeline or a rules engine.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import signal
import sys
from typing import TYPE_CHECKING, Any, NoReturn

import click

from cardgen import __version__, games
from cardgen.errors import CardgenError
from cardgen.files import remove_temporaries

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer, WriteableBuffer

# Commands of the shared machines, "module:attribute", imported on first use.
SHARED_COMMANDS = {
    "lookup": "cardgen.cli.lookup:lookup",
    "play": "cardgen.cli.engine:play",
    "simulate": "cardgen.cli.engine:simulate",
    "arena": "cardgen.cli.engine:arena",
    "replay": "cardgen.cli.engine:replay",
    "serve": "cardgen.cli.serve:serve",
    "preflight": "cardgen.cli.preflight:preflight",
}


def _game_commands() -> dict[str, games.GameEntry]:
    return {e.name: e for e in games.registry().entries() if e.kit or e.cli}


def _game_group(entry: games.GameEntry) -> click.Command:
    """A game's command group: built from its kit by the shared command layer, or its own."""
    if entry.kit:
        from cardgen.cli.kit import group

        return group(entry.load_kit())
    assert entry.cli is not None
    cmd = games.resolve(entry.cli)
    if not isinstance(cmd, click.Command):
        raise CardgenError(f"{entry.cli} is not a click command")
    return cmd


class CardgenGroup(click.Group):
    """Root group: turns CardgenError into one line on stderr and exit status 1."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(SHARED_COMMANDS) | set(_game_commands()))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        cmd = super().get_command(ctx, cmd_name)
        if cmd is not None:
            return cmd
        target = SHARED_COMMANDS.get(cmd_name)
        if target is not None:
            cmd = games.resolve(target)
            if not isinstance(cmd, click.Command):
                raise CardgenError(f"{target} is not a click command")
        else:
            entry = _game_commands().get(cmd_name)
            if entry is None:
                return None
            cmd = _game_group(entry)
        self.add_command(cmd, cmd_name)
        return cmd

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """Two lists: the games, then the commands every game shares."""
        game_names = _game_commands()
        limit = formatter.width - 6 - max(len(n) for n in self.list_commands(ctx))
        for title, names in (("Games", sorted(game_names)), ("Commands for every game", sorted(SHARED_COMMANDS))):
            rows = []
            for name in names:
                try:
                    cmd = self.get_command(ctx, name)
                except CardgenError as exc:  # a game whose kit fails its check: said here, the others still listed
                    rows.append((name, f"cannot load: {exc}"[:limit]))
                    continue
                if cmd is not None and not cmd.hidden:
                    rows.append((name, cmd.get_short_help_str(limit)))
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows)

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """click's main, guarded: a standard stream that cannot be written ends the run in one line.

        The streams are flushed inside the guard, so output still buffered at the
        end (a small `generate > /dev/full`) fails here, where it is reported,
        rather than in the interpreter's last flush, which prints a traceback-like
        'Exception ignored' and exits 120."""
        try:
            try:
                return super().main(*args, **kwargs)
            finally:
                for stream in (sys.stdout, sys.stderr):
                    if stream is not None:
                        stream.flush()
        except OSError as exc:
            if not _stream_error(exc):
                raise
            _end_on_stream_error(exc)

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except CardgenError as exc:
            click.echo(f"error: {exc}", err=True)
            sys.exit(1)
        except KeyboardInterrupt:
            click.echo("interrupted", err=True)
            sys.exit(130)
        except OSError as exc:  # here, before click's main, which would end a broken pipe with status 1
            if not _stream_error(exc):
                raise
            _end_on_stream_error(exc)


# ----- standard streams -------------------------------------------------------
#
# Output to a full disk or a device (`> /dev/full`), a closed descriptor
# (`>&-`), or a pipe whose reader has gone (`| head`) fails in whatever code is
# writing at the time. The streams are rebuilt at start on files that name
# themselves in the error they raise, so the root group can tell a failed write
# to standard output or error (one line, status 1; a broken pipe: quiet, status
# 0) from any other OSError (a bug: its traceback).

_STREAM = "cardgen_stream"  # the attribute naming the stream on an OSError raised by writing to one


class _StandardFile(io.FileIO):
    """The file under sys.stdin, sys.stdout or sys.stderr: a failed read or write names the stream.

    One whose descriptor was closed when cardgen started (its number now held by
    the null device, so no file cardgen opens takes it) fails every use as a
    closed descriptor does, until `_end_on_stream_error` silences it."""

    def __init__(self, fd: int, mode: str, shown: str, closed: bool = False) -> None:
        super().__init__(fd, mode, closefd=False)
        self.shown = shown
        self.was_closed = closed

    def _failed(self, exc: OSError) -> OSError:
        setattr(exc, _STREAM, self.shown)
        return exc

    def _check(self) -> None:
        if self.was_closed:
            raise self._failed(OSError(errno.EBADF, f"{os.strerror(errno.EBADF)} (it was closed)"))

    def write(self, b: ReadableBuffer, /) -> int:
        self._check()
        try:
            return super().write(b)
        except OSError as exc:
            raise self._failed(exc) from None

    def readinto(self, buffer: WriteableBuffer, /) -> int | None:
        self._check()
        try:
            return super().readinto(buffer)
        except OSError as exc:
            raise self._failed(exc) from None

    def readall(self) -> bytes:
        self._check()
        try:
            return super().readall()
        except OSError as exc:
            raise self._failed(exc) from None


_STREAMS = (("stdin", 0, "standard input"), ("stdout", 1, "standard output"), ("stderr", 2, "standard error"))


def _guard_standard_streams() -> None:
    """sys.stdout and sys.stderr on `_StandardFile`s (where they are the process's own files); closed ones taken.

    A standard input closed at start reads as a closed descriptor (EBADF) rather than being None."""
    for name, fd, shown in _STREAMS:
        old = getattr(sys, name)
        if old is None:  # closed at start: take the number, so that no file cardgen opens gets it
            try:
                os.fstat(fd)
                continue  # open after all (Python left it alone for a reason of its own)
            except OSError:
                pass
            null = os.open(os.devnull, os.O_RDWR)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
            if name == "stderr":  # no one to tell: diagnostics are dropped, as Python does
                continue
            raw = _StandardFile(fd, "r" if fd == 0 else "w", shown, closed=True)
            text = io.TextIOWrapper(
                io.BufferedReader(raw) if fd == 0 else io.BufferedWriter(raw), encoding="utf-8", errors="replace"
            )
        else:
            buffer = getattr(old, "buffer", None)
            unbuffered = type(buffer) is io.FileIO  # python -u, PYTHONUNBUFFERED: text straight onto the file
            raw_old = buffer if unbuffered else getattr(buffer, "raw", None)
            if name == "stdin" or old is not getattr(sys, f"__{name}__") or type(raw_old) is not io.FileIO:
                continue  # (whoever reads stdin names it); a test harness's stream, a Windows console: theirs
            assert isinstance(raw_old, io.FileIO)
            old.flush()
            raw = _StandardFile(raw_old.fileno(), "w", shown)
            binary: Any = raw if unbuffered else io.BufferedWriter(raw)
            text = io.TextIOWrapper(
                binary,
                encoding=old.encoding,
                errors=old.errors,
                line_buffering=old.line_buffering,
                write_through=getattr(old, "write_through", False),
            )
        setattr(sys, name, text)


def _stream_error(exc: OSError) -> bool:
    """Whether `exc` comes from writing to (or reading) a standard stream, or is a broken pipe."""
    return isinstance(exc, BrokenPipeError) or getattr(exc, _STREAM, None) is not None


def _end_on_stream_error(exc: OSError) -> NoReturn:
    """One line on stderr (when it works), then exit 1; a broken pipe (`| head`) ends quietly with 0.

    Whatever is still buffered for the failed stream then goes to the null
    device, so the interpreter's own last flush cannot fail again."""
    broken_pipe = isinstance(exc, BrokenPipeError)
    if not broken_pipe:
        reason = (exc.strerror or str(exc)).lower()
        verb = "read" if getattr(exc, _STREAM, None) == "standard input" else "write"
        with contextlib.suppress(OSError, ValueError):
            click.echo(f"error: cannot {verb} {getattr(exc, _STREAM, 'a standard stream')}: {reason}", err=True)
    for name, fd, _ in _STREAMS[1:]:
        stream = getattr(sys, name)
        buffer = getattr(stream, "buffer", None)
        raw = buffer if isinstance(buffer, io.FileIO) else getattr(buffer, "raw", None)
        if isinstance(raw, _StandardFile) or (stream is not None and stream is getattr(sys, f"__{name}__")):
            with contextlib.suppress(OSError, ValueError):
                null = os.open(os.devnull, os.O_WRONLY)
                os.dup2(null, fd)
                os.close(null)
            if isinstance(raw, _StandardFile):
                raw.was_closed = False
    sys.exit(0 if broken_pipe else 1)


@click.group(cls=CardgenGroup, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="cardgen")
def cli() -> None:
    """Generate, print, look up, check and play procedurally generated card games.

    \b
    Quick start:
      cardgen gyonrg print              54 Gyon-RG cards as a print-ready PDF
      cardgen lookup SERIAL             everything about one card, of any game
      cardgen gyonrg generate --count 5 cards as text, JSON or CSV
    """


# Ctrl-C, SIGTERM (kill, timeout, systemd) and SIGHUP (the terminal closed) end
# the run at once: the temporary files of writes in progress are removed (the
# outputs stay what they were), one line says why, and the status is the
# conventional 128 + signal number (130, 143, 129). Ending in the handler itself,
# rather than raising an exception through whatever library code is running
# (reportlab, PIL), is what makes this hold wherever the signal lands. Worker
# processes (--jobs) end with it, quietly (cardgen.processes.end_workers).
HANDLED_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


def _install_signal_handlers() -> None:
    main_pid = os.getpid()

    def handler(signum: int, frame: object) -> None:
        if os.getpid() != main_pid:  # a forked worker (cardgen.engine.pool): end as the signal says
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        for s in HANDLED_SIGNALS:  # a second signal must not cut the cleanup short
            signal.signal(s, signal.SIG_IGN)
        workers = sys.modules.get("cardgen.processes")  # imported (and so maybe running) or not: no import here
        if workers is not None:
            workers.end_workers()  # now, while the pipes they send results into are still open
        remove_temporaries()
        name = "interrupted" if signum == signal.SIGINT else f"terminated by {signal.Signals(signum).name}"
        with contextlib.suppress(OSError):  # SIGHUP: the terminal may be gone already
            os.write(2, ("\n" if sys.stderr.isatty() else "").encode() + f"{name}\n".encode())
        os._exit(128 + signum)

    for signum in HANDLED_SIGNALS:
        signal.signal(signum, handler)


def main() -> None:
    _guard_standard_streams()
    _install_signal_handlers()
    cli(prog_name="cardgen")
