"""`cardgen GAME run`: a print run of unique decks or packs (cardgen.printrun), from the game's kit."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click

from cardgen.cli.printing import lookup_url_option
from cardgen.cli.types import ADDRESS, CARD_SIZE, SEED, SHOP, OutputFolder, WholeNumber
from cardgen.errors import CardgenError
from cardgen.kit import Kit

MAX_PER_FILE = 1000


class SlotsType(click.ParamType):
    """--slots: STARS:COUNT or KIND:COUNT, comma-separated (cardgen.printrun.parse_slots)."""

    name = "slots"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from cardgen.printrun import parse_slots

        if isinstance(value, tuple):
            return value
        try:
            return parse_slots(str(value))
        except CardgenError as exc:
            self.fail(str(exc), param, ctx)


SLOTS = SlotsType()


def run_command(kit: Kit[Any]) -> click.Command:
    """`run` of one game (a game with a generator and decks)."""

    @click.command(name="run")
    @click.option("--decks", type=WholeNumber(1, 1_000_000), help="Print this many legal decks, each built from its own seed.")
    @click.option("--packs", type=WholeNumber(1, 1_000_000), help="Print this many packs (with --pack-size and/or --slots).")
    @click.option("--pack-size", type=WholeNumber(1, 1000), help="Cards per pack (default: the sum of --slots).")
    @click.option("--slots", type=SLOTS, metavar="SPEC",
                  help="What each pack holds, e.g. '1-2:10,3+:5' (10 cards of 1-2 stars, 5 of 3 or more) or "
                       "'drone:1,any:9' (a kind of card); each slot's cards are drawn from the generator's own odds, "
                       "kept only when they fit the slot. Default: any cards.")  # fmt: skip
    @click.option("--seed", "-s", type=SEED, help="Seed of the run; unit I's seed is SEED/deckI (or SEED/packI). "
                  "Default: the unfinished run's in the folder, else one drawn and printed.")  # fmt: skip
    @click.option("--shop", type=SHOP, default="home", show_default=True,
                  help="home: sheets, as many cards a page as the paper holds (RGB); pod and offset: one card per page, each followed by its back (CMYK).")
    @click.option("--card-size", type=CARD_SIZE, default=kit.card_size_name, show_default=True,
                  help="poker, bridge, mini, tarot or WxH in mm; a size too small for the shop's smallest text is refused, naming one that fits.")
    @click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default="a4", show_default=True,
                  help="Paper of the home sheets.")  # fmt: skip
    @click.option("--per-file", type=WholeNumber(1, MAX_PER_FILE), default=10, show_default=True,
                  help="Decks or packs in each print file.")
    @click.option("--unique", is_flag=True, help="Refuse the run, before anything is printed, if a serial would be in two decks or packs.")
    @click.option("--jobs", "-j", type=WholeNumber(0, 256), default=1, show_default=True,
                  help="Worker processes (CPUs of a local Ray); 0: one per core. The files are the same for any number.")
    @click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True,
                  help="local processes (--jobs) or a Ray cluster (pip install 'cardgen[cluster]'); the same bytes on either.")
    @click.option("--address", type=ADDRESS, default=None, metavar="ADDR",
                  help="With --backend ray: the cluster (ray://HEAD:10001, HEAD:6379 or auto); default: RAY_ADDRESS, else a local Ray.")
    @lookup_url_option
    @click.option("--output", "-o", type=OutputFolder("the print files"), required=True,
                  help="Folder of the run (made if missing). Run the same command again to resume an interrupted run.")
    def run_cmd(decks: int | None, packs: int | None, pack_size: int | None, slots: Any, seed: Any, shop: Any,
                card_size: Any, paper: str, per_file: int, unique: bool, jobs: int, backend: str, address: str | None,
                lookup_url: str | None, output: Path) -> None:  # fmt: skip
        """Print a run of unique decks or packs: print files, a manifest and an audit.

        \b
        Writes into the folder:
          GAME-decks-NNNN.pdf  print files, --per-file decks (or packs) each, in the
                               layout of --shop (home: sheets; pod, offset: a card a
                               page with its back), each preflighted for that shop
          manifest.csv         a row per card: unit, seed, position, serial, file,
                               page, the file's SHA-256
          manifest.jsonl       a line per deck or pack, then a line per file
          audit.txt, .json     serials in more than one unit, packs against their
                               slots, preflight of every file

        Interrupted (Ctrl-C, kill, a crash), the same command continues where the
        run stopped, and the folder ends byte for byte as an uninterrupted run's.
        Deck I is `deck build --seed SEED/deckI`: the manifest names each seed.
        """
        from cardgen.engine.pool import check_backend
        from cardgen.printrun import RunSpec, Slot, format_slots, read_state

        if (decks is None) == (packs is None):
            raise click.UsageError("give --decks N or --packs N (one of them)")
        if address is not None and backend != "ray":
            raise click.BadParameter(f"{address!r} names a Ray cluster: give --backend ray with it", param_hint="'--address'")
        if decks is not None and (slots or pack_size):
            raise click.UsageError("--slots and --pack-size are for --packs: a deck is what the game's builder makes")
        slot_text = ""
        if packs is not None:
            if not slots and not pack_size:
                raise click.UsageError("give --pack-size K and/or --slots SPEC with --packs")
            chosen = slots or (Slot(pack_size or 0),)
            total = sum(s.count for s in chosen)
            if pack_size is not None and total != pack_size:
                raise click.BadParameter(f"the slots {format_slots(chosen)!r} hold {total} cards, --pack-size is {pack_size}: "
                                         "make them agree (or leave one out)", param_hint="'--slots'")  # fmt: skip
            if total > 1000:
                raise click.BadParameter(f"the slots hold {total} cards: a pack holds at most 1000", param_hint="'--slots'")
            slot_text = format_slots(chosen)
        check_backend(backend)
        context = click.get_current_context().obj
        old = read_state(output) if output.is_dir() else None
        if seed is None:
            if old is not None and "seed" in old:
                seed = old["seed"]
                click.echo(f"resuming the run of seed {seed} in {output}", err=True)
            else:
                from cardgen.cli.types import resolve_seed

                seed = resolve_seed(None)
        spec = RunSpec(kit.name, kit.edition(context), "decks" if decks else "packs", decks or packs or 0, seed,
                       shop.name, paper.lower(), card_size.format(), per_file, slot_text, unique, lookup_url)  # fmt: skip
        outcome = _run(kit, spec, output, jobs, backend, address, context)
        click.echo(outcome.line())
        for line in outcome.problems[:10]:
            click.echo(f"audit: {line}", err=True)
        if outcome.repeats:
            click.echo(f"note: {outcome.repeats} serial{'s' if outcome.repeats != 1 else ''} in more than one "
                       f"{spec.unit} (audit.txt; --unique refuses such a run)", err=True)  # fmt: skip
        if outcome.problems:
            sys.exit(1)

    return run_cmd


def _run(kit: Kit[Any], spec: Any, output: Path, jobs: int, backend: str, address: str | None, context: Any) -> Any:
    from cardgen.printrun import run

    tty = sys.stderr.isatty()

    def say(text: str, last: bool) -> None:
        if tty:
            sys.stderr.write("\r" + text + ("\n" if last else ""))
        else:
            sys.stderr.write(text + "\n")
        sys.stderr.flush()

    with _resumable_on_signal(output):
        return run(kit, spec, output, jobs=jobs, backend=backend, address=address, obj=context, say=say)


@contextlib.contextmanager
def _resumable_on_signal(output: Path) -> Iterator[None]:
    """Ctrl-C, SIGTERM, SIGHUP during the run: workers ended, temporary files removed, one line saying
    how to resume, and the status 128 + signal (as cardgen.cli.main's handler, with the run's own words)."""
    from cardgen.files import remove_temporaries

    main_pid = os.getpid()
    names = [n for n in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, n)]
    before = {}

    def handler(signum: int, frame: object) -> None:
        if os.getpid() != main_pid:  # a forked worker: end as the signal says
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        for n in names:
            signal.signal(getattr(signal, n), signal.SIG_IGN)
        workers = sys.modules.get("cardgen.processes")
        if workers is not None:
            workers.end_workers()
        remove_temporaries()
        what = "interrupted" if signum == signal.SIGINT else f"terminated by {signal.Signals(signum).name}"
        with contextlib.suppress(OSError):
            os.write(2, ("\n" if sys.stderr.isatty() else "").encode()
                     + f"{what}: the run in {output} can resume: run the same command again\n".encode())  # fmt: skip
        os._exit(128 + signum)

    try:
        for n in names:
            before[n] = signal.signal(getattr(signal, n), handler)
    except ValueError:  # not the main thread (a test harness): no handlers of our own
        before.clear()
    try:
        yield
    finally:
        for n, old in before.items():
            signal.signal(getattr(signal, n), old)
