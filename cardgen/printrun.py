"""Print runs: thousands of unique decks or packs as print files, a manifest and an audit, resumable.

A run is `count` units (decks built by the game's deck builder, or packs drawn
slot by slot from the generator), each from its own seed, printed `per_file`
units to a file in the layout of a shop profile (cardgen.print.shops). Unit i's
seed depends only on the run's seed and i (`unit_seed`), and file b holds units
b*per_file .. : so a file's bytes depend on nothing but the run's arguments and
b, and any worker, on any machine, in any order, makes the same file.

The folder, when the run is complete:

    GAME-decks-0001.pdf ...   the print files (GAME-packs-NNNN.pdf for packs)
    manifest.csv              a row per card: unit, seed, position, serial, file, page, file_sha256
    manifest.jsonl            a line per unit (its serials and pages), then a line per file (SHA-256)
    audit.txt / audit.json    serials repeated across units, packs against their slots, preflight

While it runs, `.cardgen-run/` holds what resuming needs: the arguments
(run.json) and a record per finished file (file-NNNN.json: its units, pages and
SHA-256), each written atomically after its file. A run killed at any moment
(Ctrl-C, SIGTERM, SIGKILL) and started again with the same arguments keeps the
files whose record matches, draws the rest, and ends with the very bytes of an
uninterrupted run; the state folder is removed at the end.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import re
import shutil
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from cardgen.errors import CardgenError, FileError, LayoutError
from cardgen.files import atomic_files, read_text, write_text

STATE = ".cardgen-run"
RUN_FILE = "run.json"
FORMAT = 1  # the state's layout: a state of another format is not resumed
MAX_UNITS = 1_000_000
MAX_PACK = 1000
MAX_DRAWS_PER_CARD = 200_000  # cards drawn for one card of a slot before the slot is called impossible
MANIFEST_FIELDS = ("unit", "seed", "position", "serial", "file", "page", "file_sha256")
OUTPUTS = ("manifest.csv", "manifest.jsonl", "audit.txt", "audit.json")
_TEMP = re.compile(r"^\.(?P<name>.+)\.[0-9a-f]{8}\.part$")


# ----- slots ---------------------------------------------------------------------


@dataclass(frozen=True)
class Slot:
    """`count` cards of a pack, each with stars in lo..hi (hi 0: no upper bound) or of `kind`."""

    count: int
    lo: int = 0
    hi: int = 0
    kind: str = ""

    @property
    def label(self) -> str:
        if self.kind:
            return self.kind
        if self.lo == 0 and self.hi == 0:
            return "any"
        if self.hi == 0:
            return f"{self.lo}+"
        return f"{self.lo}" if self.lo == self.hi else f"{self.lo}-{self.hi}"

    def text(self) -> str:
        return f"{self.label}:{self.count}"

    def takes(self, stars: int, kind: str) -> bool:
        if self.kind:
            return kind.lower() == self.kind
        return stars >= self.lo and (self.hi == 0 or stars <= self.hi)


_SELECTOR = re.compile(r"(?P<lo>\d+)(?:(?P<plus>\+)|-(?P<hi>\d+))?")
SLOTS_FORMS = "STARS:COUNT or KIND:COUNT, comma-separated, STARS as 2, 1-2 or 3+ (e.g. '1-2:10,3+:5' or 'drone:1,any:9')"


def parse_slots(text: str) -> tuple[Slot, ...]:
    """'1-2:10,3+:5' -> slots (CardgenError naming the bad part and the accepted forms)."""
    slots = []
    for part in text.split(","):
        part = part.strip()
        selector, colon, number = part.rpartition(":")
        selector = selector.strip().lower()
        if not colon or not selector or not number.strip().isdigit() or not number.strip().isascii():
            raise CardgenError(f"slot {part!r} is not SELECTOR:COUNT: use {SLOTS_FORMS}")
        count = int(number)
        if not 1 <= count <= MAX_PACK:
            raise CardgenError(f"slot {part!r} asks for {count} cards: 1 to {MAX_PACK} a slot")
        m = _SELECTOR.fullmatch(selector) if selector.isascii() else None
        if m:
            lo = int(m["lo"])
            hi = 0 if m["plus"] else int(m["hi"]) if m["hi"] else lo
            if lo < 1 or (hi and hi < lo) or lo > 99 or hi > 99:
                raise CardgenError(f"slot {part!r}: stars run from 1 up, low to high (e.g. 1-2 or 3+)")
            slots.append(Slot(count, lo, hi))
        elif selector == "any":
            slots.append(Slot(count))
        elif re.fullmatch(r"[a-z][a-z_-]{0,30}", selector):
            slots.append(Slot(count, kind=selector))
        else:
            raise CardgenError(f"slot {part!r}: the selector is not stars or a kind of card; use {SLOTS_FORMS}")
    return tuple(slots)


def format_slots(slots: Sequence[Slot]) -> str:
    return ",".join(s.text() for s in slots)


# ----- the run's arguments -------------------------------------------------------


@dataclass(frozen=True)
class RunSpec:
    """Everything the run's bytes depend on (the workers and the backend are not part of it)."""

    game: str
    edition: str
    what: str  # "decks" or "packs"
    count: int
    seed: int | str
    shop: str = "home"
    paper: str = "a4"
    card_size: str = ""  # "" the game's own; a name or WxH in mm
    per_file: int = 10
    slots: str = ""  # packs: format_slots(...)
    unique: bool = False
    lookup_url: str | None = None

    @property
    def unit(self) -> str:
        return self.what[:-1]  # "deck" or "pack"

    @property
    def files(self) -> int:
        return -(-self.count // self.per_file)

    def slot_list(self) -> tuple[Slot, ...]:
        return parse_slots(self.slots) if self.slots else ()

    def file_name(self, b: int) -> str:
        return f"{self.game}-{self.what}-{b + 1:0{max(4, len(str(self.files)))}d}.pdf"

    def unit_id(self, i: int) -> str:
        return f"{self.unit}-{i + 1:0{max(5, len(str(self.count)))}d}"

    def units_of(self, b: int) -> range:
        return range(b * self.per_file, min(self.count, (b + 1) * self.per_file))

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, **asdict(self)}


def unit_seed(seed: int | str, unit: str, i: int) -> str:
    """The seed of unit i (from 0) of a run: `cardgen GAME deck build --seed` with it builds the same deck."""
    return f"{seed}/{unit}{i + 1}"


OPTION_NAMES = {"game": "the game", "edition": "the table edition", "what": "--decks/--packs", "count": "--decks/--packs",
                "seed": "--seed", "shop": "--shop", "paper": "--paper", "card_size": "--card-size", "per_file": "--per-file", "slots": "--slots/--pack-size",
                "unique": "--unique", "lookup_url": "--lookup-url"}  # fmt: skip


def compare(old: dict[str, Any], new: RunSpec, folder: Path) -> None:
    """CardgenError when the unfinished run in `folder` was started with other arguments."""
    mine = new.to_json()
    if old.get("format") != FORMAT:
        raise CardgenError(f"{str(folder)!r} holds an unfinished run of another cardgen version: finish it with that "
                           f"version, or remove {STATE} there to start over")  # fmt: skip
    for key, value in mine.items():
        if old.get(key) != value:
            what = OPTION_NAMES.get(key, key)
            if key in ("what", "count"):
                shown_old, shown_new = f"--{old.get('what')} {old.get('count')}", f"--{new.what} {new.count}"
            else:
                shown_old, shown_new = f"{old.get(key)!r}", f"{value!r}"
            raise CardgenError(f"{str(folder)!r} holds an unfinished run with other arguments ({what}: {shown_old} there, "
                               f"{shown_new} here): give that run's arguments to resume it, or another folder")  # fmt: skip


# ----- units: decks and packs ----------------------------------------------------


@dataclass(frozen=True)
class Unit:
    """A deck or pack: its id, seed and cards (in print order)."""

    id: str
    seed: str
    cards: tuple[Any, ...]


def make_unit(kit: Any, spec: RunSpec, i: int, obj: Any = None) -> Unit:
    """Unit i of the run: a deck from the game's builder, or a pack drawn slot by slot."""
    seed = unit_seed(spec.seed, spec.unit, i)
    if spec.what == "decks":
        built = kit.deck.build(seed, None, None, obj)
        return Unit(spec.unit_id(i), seed, tuple(kit.deck.cards(built.deck)))
    cards: list[Any] = []
    for j, slot in enumerate(spec.slot_list()):
        cards.extend(draw_slot(kit, f"{seed}/{j + 1}", slot, obj))
    return Unit(spec.unit_id(i), seed, tuple(cards))


def draw_slot(kit: Any, seed: str, slot: Slot, obj: Any = None) -> list[Any]:
    """The first `slot.count` cards of the seed's sequence that the slot takes: the generator's own
    odds, conditioned on the slot (rejection sampling)."""
    if not slot.kind and not slot.lo:
        return list(kit.generate(seed, slot.count, 0, obj))
    taken: list[Any] = []
    limit = MAX_DRAWS_PER_CARD * slot.count
    for card in kit.generate(seed, limit, 0, obj):
        if slot.takes(card_stars(card), card_kind(kit, card) if slot.kind else ""):
            taken.append(card)
            if len(taken) == slot.count:
                return taken
    raise CardgenError(f"slot {slot.text()!r}: {len(taken)} of {slot.count} cards found in {limit:,} cards drawn; "
                       "no card (or almost none) of the game takes it: give stars or a kind its cards have")  # fmt: skip


def card_stars(card: Any) -> int:
    return int(getattr(card, "stars", 0) or 0)


def card_kind(kit: Any, card: Any) -> str:
    return str(kit.card_dict(card).get("kind", "")).lower()


# ----- one file: draw, print, preflight ------------------------------------------


@dataclass
class FileResult:
    """What a worker made of file b: the PDF's bytes and what the manifest and audit say of it."""

    index: int
    name: str
    data: bytes
    sha256: str
    pages: int
    units: list[dict[str, Any]]  # id, seed, serials, pages
    preflight: list[str] = field(default_factory=list)  # lines of findings that are not ok
    preflight_failed: bool = False

    def record(self) -> dict[str, Any]:
        return {"index": self.index, "file": self.name, "sha256": self.sha256, "bytes": len(self.data), "pages": self.pages,
                "units": self.units, "preflight": self.preflight, "preflight_failed": self.preflight_failed}  # fmt: skip


# per worker process: the kit, its context object and the faces (made once, reused for every file)
_WORKER: dict[Any, Any] = {}


def worker_init(game: str, obj: Any) -> None:
    from cardgen import games

    entry = next(e for e in games.registry().entries() if e.name == game)
    _WORKER.clear()
    _WORKER.update(kit=entry.load_kit(), obj=obj, game=game)


def _kit_obj(spec: RunSpec) -> tuple[Any, Any]:
    if _WORKER.get("game") != spec.game:
        worker_init(spec.game, None)
    return _WORKER["kit"], _WORKER["obj"]


def job(kit: Any, spec: RunSpec) -> Any:
    """The checked print job of the spec's shop and paper, at the game's card size."""
    from cardgen.print.job import print_job
    from cardgen.print.shops import SHOPS
    from cardgen.print.sizes import PAPERS, parse_card_size

    key = ("job", spec.shop, spec.paper, spec.card_size)
    if key not in _WORKER:
        card = parse_card_size(spec.card_size) if spec.card_size else kit.card_size
        shop = SHOPS[spec.shop]
        made = None
        for grid in GRIDS if shop.mode == "sheet" else [(1, 1)]:  # the most cards a sheet of the paper holds
            try:
                made = print_job(PAPERS[spec.paper], card, grid, 3.0, None, True, "none", (0.0, 0.0), "sheet", shop=shop)
                break
            except LayoutError as exc:
                if grid == GRIDS[-1] or shop.mode != "sheet":
                    raise exc
        _WORKER[key] = made
    return _WORKER[key]


# sheet grids, the most cards first (3x3 before 4x2: the usual sheet of poker cards)
GRIDS = sorted(((c, r) for c in range(1, 7) for r in range(1, 7)), key=lambda g: (-g[0] * g[1], abs(g[0] - g[1]), -g[1]))


def plan_file(task: tuple[RunSpec, int]) -> list[tuple[str, str, list[str]]]:
    """(id, seed, serials) of each unit of file b: what --unique checks before anything is printed."""
    spec, b = task
    kit, obj = _kit_obj(spec)
    out = []
    for i in spec.units_of(b):
        unit = make_unit(kit, spec, i, obj)
        out.append((unit.id, unit.seed, [kit.serial(c) for c in unit.cards]))
    return out


def make_file(task: tuple[RunSpec, int]) -> FileResult:
    """File b of the run: its units drawn, printed in the shop's layout, and preflighted."""
    from cardgen.print.pdf import render_pdf
    from cardgen.print.preflight import failed, preflight
    from cardgen.print.shops import SHOPS

    spec, b = task
    kit, obj = _kit_obj(spec)
    print_job = job(kit, spec)
    face_key = ("face", spec.lookup_url)
    if face_key not in _WORKER:
        _WORKER[face_key] = kit.face(spec.lookup_url)
    face = _WORKER[face_key]
    units = [make_unit(kit, spec, i, obj) for i in spec.units_of(b)]
    imposition = print_job.imposition
    sides = 2 if imposition.duplex else 1
    buffer = io.BytesIO()
    cards = [c for u in units for c in u.cards]
    title = f"{kit.title} {spec.what} {spec.units_of(b).start + 1}-{spec.units_of(b).stop}, run seed {spec.seed}"
    _, pages = render_pdf(cards, face, imposition, buffer, title=title, pdfx=print_job.pdfx)
    data = buffer.getvalue()
    records = []
    at = 0
    for unit in units:
        serials = [kit.serial(c) for c in unit.cards]
        page_of = [((at + k) // imposition.per_page) * sides + 1 for k in range(len(serials))]
        at += len(serials)
        records.append({"id": unit.id, "seed": unit.seed, "serials": serials, "pages": page_of})
    name = spec.file_name(b)
    findings = preflight(data, SHOPS[spec.shop], name)
    return FileResult(b, name, data, hashlib.sha256(data).hexdigest(), pages, records,
                      [f.line() for f in findings if f.level != "ok"], failed(findings))  # fmt: skip


# ----- running on workers --------------------------------------------------------


def ordered_results(func: Callable[[Any], Any], tasks: Sequence[Any], jobs: int, backend: str, address: str | None,
                    game: str, obj: Any) -> Iterator[Any]:  # fmt: skip
    """func(task) for each task, yielded in the tasks' order as they finish, on local processes or Ray."""
    if not tasks:
        return
    workers = max(1, min(jobs or os.cpu_count() or 1, len(tasks)))
    if backend == "ray":
        yield from _ray_results(func, tasks, workers, address, game, obj)
        return
    if workers == 1:
        worker_init(game, obj)
        for task in tasks:
            yield func(task)
        return
    from cardgen.processes import worker_pool

    with worker_pool(workers, worker_init, (game, obj)) as pool:
        yield from pool.imap(func, tasks, chunksize=1)


def _ray_task(func: Callable[[Any], Any], task: Any, game: str, obj: Any) -> Any:
    if _WORKER.get("game") != game:
        worker_init(game, obj)
    return func(task)


def _ray_results(func: Callable[[Any], Any], tasks: Sequence[Any], workers: int, address: str | None, game: str,
                 obj: Any) -> Iterator[Any]:  # fmt: skip
    from cardgen.engine.cluster import connect

    started = connect(address, workers)
    import ray

    try:
        remote = ray.remote(_ray_task)
        window = 4 * workers  # files in flight: enough to keep every worker busy, few enough to hold in memory
        pending: list[Any] = []
        next_task = 0
        while next_task < len(tasks) or pending:
            while next_task < len(tasks) and len(pending) < window:
                pending.append(remote.remote(func, tasks[next_task], game, obj))
                next_task += 1
            yield ray.get(pending.pop(0))
    finally:
        if started:
            ray.shutdown()


# ----- the folder ----------------------------------------------------------------


class Progress:
    """Cards a second and time left, on one line of stderr (rewritten on a terminal)."""

    def __init__(self, total_cards: int, done_cards: int, say: Callable[[str, bool], None], clock: Callable[[], float]):
        self.total = total_cards
        self.done = done_cards
        self.say = say
        self.clock = clock
        self.start = clock()
        self.made = 0

    def add(self, cards: int) -> None:
        self.done += cards
        self.made += cards
        elapsed = max(1e-9, self.clock() - self.start)
        rate = self.made / elapsed
        left = (self.total - self.done) / rate if rate > 0 else 0.0
        self.say(f"{self.done:,}/{self.total:,} cards, {rate:,.0f} cards/s, {_duration(left)} left", self.done >= self.total)


def _duration(seconds: float) -> str:
    seconds = int(round(seconds))
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min {seconds % 60:02d} s"
    return f"{seconds // 3600} h {seconds % 3600 // 60:02d} min"


@dataclass
class RunOutcome:
    folder: Path
    files: int
    units: int
    cards: int
    resumed: int  # files kept from an earlier, interrupted start
    problems: list[str]
    repeats: int

    def line(self) -> str:
        kept = f" ({self.resumed} kept from the interrupted run)" if self.resumed else ""
        audit = "audit clean" if not self.problems else f"audit: {len(self.problems)} problem{'s' if len(self.problems) != 1 else ''} (audit.txt)"
        return f"{self.units} units, {self.cards} cards in {self.files} print files{kept}, manifest.csv, manifest.jsonl in {self.folder}; {audit}"


def state_dir(folder: Path) -> Path:
    return folder / STATE


def read_state(folder: Path) -> dict[str, Any] | None:
    """The arguments of the unfinished run in `folder`, or None when there is none."""
    path = state_dir(folder) / RUN_FILE
    if not path.is_file():
        return None
    try:
        data = json.loads(read_text(path, "run state"))
    except ValueError:
        return None  # written atomically, so only a foreign file: treated as no run
    return data if isinstance(data, dict) else None


def check_folder(folder: Path, spec: RunSpec, old: dict[str, Any] | None) -> None:
    """Refuse a folder that holds a finished run, or an unfinished one with other arguments."""
    if old is not None:
        compare(old, spec, folder)
        return
    if folder.exists() and not folder.is_dir():
        raise FileError(f"cannot write {str(folder)!r}: not a folder", str(folder), "not a folder")
    if (folder / "manifest.csv").exists():
        raise CardgenError(f"{str(folder)!r} already holds a finished run (manifest.csv): give a new folder")


def clean_leftovers(folder: Path, spec: RunSpec) -> None:
    """Temporary files a killed run left (SIGKILL gives no chance to remove them): the run's own names only."""
    names = {spec.file_name(b) for b in range(spec.files)} | set(OUTPUTS)
    for where, mine in ((folder, names), (state_dir(folder), None)):
        if not where.is_dir():
            continue
        for entry in os.scandir(where):
            m = _TEMP.match(entry.name)
            if m and (mine is None or m["name"] in mine) and entry.is_file(follow_symlinks=False):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)


def done_records(folder: Path, spec: RunSpec) -> dict[int, dict[str, Any]]:
    """Records of the files an earlier start finished whose PDF is still there, whole (its SHA-256 matches)."""
    out: dict[int, dict[str, Any]] = {}
    state = state_dir(folder)
    for b in range(spec.files):
        path = state / f"file-{b + 1:06d}.json"
        if not path.is_file():
            continue
        try:
            record = json.loads(read_text(path, "run record"))
            data = (folder / record["file"]).read_bytes()
        except (ValueError, OSError, KeyError, TypeError):
            continue
        if record.get("file") == spec.file_name(b) and hashlib.sha256(data).hexdigest() == record.get("sha256"):
            out[b] = record
    return out


def run(kit: Any, spec: RunSpec, folder: Path, *, jobs: int = 1, backend: str = "local", address: str | None = None,
        obj: Any = None, say: Callable[[str, bool], None] | None = None, clock: Callable[[], float] | None = None) -> RunOutcome:  # fmt: skip
    """Make (or finish) the run in `folder`; see the module's docstring."""
    import time

    from cardgen.print.pdf import check_face

    say = say or (lambda text, last: None)
    clock = clock or time.monotonic
    old = read_state(folder)
    check_folder(folder, spec, old)
    check_face(kit.face(spec.lookup_url), job(kit, spec).imposition)  # a card too small for the shop: said now
    if spec.what == "packs":
        make_unit(kit, spec, 0, obj)  # a slot no card fits fails every pack: said before anything is written
    if old is None and state_dir(folder).exists():
        shutil.rmtree(state_dir(folder), ignore_errors=True)  # a state folder without its run.json: the end of a run
    tasks = [(spec, b) for b in range(spec.files)]
    if spec.unique:
        plan = [u for part in ordered_results(plan_file, tasks, jobs, backend, address, spec.game, obj) for u in part]
        repeats = repeated([(uid, serials) for uid, _, serials in plan])
        if repeats:
            first, where = next(iter(repeats.items()))
            raise CardgenError(f"--unique: the run would print serial {first} in {' and '.join(where[:2])}"
                               f"{f' (and {len(repeats) - 1} more serials repeat)' if len(repeats) > 1 else ''}: "
                               "give another seed or fewer units, or leave out --unique (the audit then lists the repeats)")  # fmt: skip
    clean_leftovers(folder, spec)
    if old is None:
        with atomic_files(state_dir(folder)) as batch:
            batch.write(RUN_FILE, (json.dumps(spec.to_json(), indent=1, sort_keys=True) + "\n").encode())
    records = done_records(folder, spec)
    kept = len(records)
    todo = [t for t in tasks if t[1] not in records]
    cards_done = sum(len(u["serials"]) for r in records.values() for u in r["units"])
    progress = Progress(_estimate_cards(kit, spec, records), cards_done, say, clock)
    if todo and backend == "local" and jobs != 1:
        # forked workers start with what this process has loaded: the preflight's PDF reader (pypdf) is
        # imported once here rather than once in each worker (a quarter of a second of CPU each)
        import cardgen.print.preflight  # noqa: F401
    for result in ordered_results(make_file, todo, jobs, backend, address, spec.game, obj):
        with atomic_files(folder) as batch:
            batch.write(result.name, result.data)
        record = result.record()
        write_text(state_dir(folder) / f"file-{result.index + 1:06d}.json", json.dumps(record, sort_keys=True) + "\n")
        records[result.index] = record
        progress.add(sum(len(u["serials"]) for u in result.units))
    ordered = [records[b] for b in range(spec.files)]
    problems, repeats_found = write_outputs(kit, spec, folder, ordered, obj)
    _remove_state(folder)
    return RunOutcome(folder, spec.files, spec.count, sum(len(u["serials"]) for r in ordered for u in r["units"]), kept,
                      problems, repeats_found)  # fmt: skip


def _estimate_cards(kit: Any, spec: RunSpec, records: dict[int, dict[str, Any]]) -> int:
    """Cards the whole run prints: exact for packs, from the files done (or the first deck) for decks."""
    if spec.what == "packs":
        return spec.count * sum(s.count for s in spec.slot_list())
    units = [len(u["serials"]) for r in records.values() for u in r["units"]]
    per_unit = sum(units) / len(units) if units else getattr(kit, "print_count", 54)
    return max(1, round(per_unit * spec.count))


def _remove_state(folder: Path) -> None:
    """The run is complete: its resume state goes, run.json last (a state without it is a finished run's)."""
    state = state_dir(folder)
    if not state.is_dir():
        return
    for entry in sorted(os.scandir(state), key=lambda e: e.name == RUN_FILE):
        with contextlib.suppress(OSError):
            os.unlink(entry.path)
    with contextlib.suppress(OSError):
        os.rmdir(state)


# ----- manifest and audit --------------------------------------------------------


def repeated(units: Iterable[tuple[str, Sequence[str]]]) -> dict[str, list[str]]:
    """Serials found in two units or more -> those units' ids (copies inside one unit are the unit's own)."""
    seen: dict[str, list[str]] = {}
    for uid, serials in units:
        for serial in dict.fromkeys(serials):
            seen.setdefault(serial, []).append(uid)
    return {s: ids for s, ids in seen.items() if len(ids) > 1}


def check_pack(kit: Any, slots: Sequence[Slot], serials: Sequence[str], obj: Any = None) -> list[str]:
    """What is wrong with a pack against its slots: each slot's cards, in order, read back from their serials."""
    problems = []
    want = sum(s.count for s in slots)
    if len(serials) != want:
        problems.append(f"{len(serials)} cards, the slots ask for {want}")
    at = 0
    for slot in slots:
        for k, serial in enumerate(serials[at : at + slot.count]):
            card = kit.decode(serial, obj)
            stars = card_stars(card)
            kind = card_kind(kit, card) if slot.kind else ""
            if not slot.takes(stars, kind):
                got = f"kind {kind}" if slot.kind else f"{stars} star{'s' if stars != 1 else ''}"
                problems.append(f"card {at + k + 1} ({serial}) has {got}, in slot {slot.text()}")
        at += slot.count
    return problems


def audit(kit: Any, spec: RunSpec, records: Sequence[dict[str, Any]], obj: Any = None) -> dict[str, Any]:
    """The audit: serials repeated across units, packs against their slots, each file's preflight."""
    units = [(u["id"], u["serials"]) for r in records for u in r["units"]]
    repeats = repeated(units)
    packs: dict[str, list[str]] = {}
    if spec.what == "packs":
        slots = spec.slot_list()
        for uid, serials in units:
            found = check_pack(kit, slots, serials, obj)
            if found:
                packs[uid] = found
    files = {r["file"]: {"failed": r["preflight_failed"], "findings": r["preflight"]} for r in records}
    return {"shop": spec.shop, "units": len(units), "cards": sum(len(s) for _, s in units),
            "repeated_serials": {s: ids for s, ids in sorted(repeats.items())}, "packs_off_slots": packs,
            "preflight": files}  # fmt: skip


def audit_problems(report: dict[str, Any]) -> list[str]:
    """The audit's failures as lines (repeated serials are a note unless --unique, which refuses them earlier)."""
    lines = [f"{uid}: {p}" for uid, found in report["packs_off_slots"].items() for p in found]
    lines += [f"{name}: preflight ({report['shop']}) failed: " + "; ".join(f["findings"])
              for name, f in report["preflight"].items() if f["failed"]]  # fmt: skip
    return lines


def audit_text(report: dict[str, Any], spec: RunSpec) -> str:
    out = [f"audit of a {spec.game} run: {report['units']} {spec.what}, {report['cards']} cards, seed {spec.seed}, shop {spec.shop}", ""]
    repeats = report["repeated_serials"]
    out.append(f"serials in more than one {spec.unit}: {len(repeats)}")
    out += [f"  {s}: {', '.join(ids)}" for s, ids in repeats.items()]
    if spec.what == "packs":
        off = report["packs_off_slots"]
        out.append(f"packs against their slots ({spec.slots}): {len(off)} off")
        out += [f"  {uid}: {p}" for uid, found in off.items() for p in found]
    failed = [n for n, f in report["preflight"].items() if f["failed"]]
    out.append(f"preflight ({spec.shop}): {len(report['preflight']) - len(failed)} of {len(report['preflight'])} files pass")
    for name, f in report["preflight"].items():
        for line in f["findings"]:
            out.append(f"  {name}: {line}")
    return "\n".join(out) + "\n"


def write_outputs(kit: Any, spec: RunSpec, folder: Path, records: Sequence[dict[str, Any]], obj: Any = None) -> tuple[list[str], int]:
    """manifest.csv, manifest.jsonl, audit.txt and audit.json, all or none; returns (problems, repeated serials)."""
    import csv

    rows = io.StringIO()
    writer = csv.writer(rows, lineterminator="\n")
    writer.writerow(MANIFEST_FIELDS)
    lines = []
    for r in records:
        for u in r["units"]:
            for k, (serial, page) in enumerate(zip(u["serials"], u["pages"])):
                writer.writerow((u["id"], u["seed"], k + 1, serial, r["file"], page, r["sha256"]))
            lines.append(json.dumps({"type": spec.unit, "id": u["id"], "seed": u["seed"], "file": r["file"],
                                     "serials": u["serials"], "pages": u["pages"]}, ensure_ascii=False))  # fmt: skip
    for r in records:
        lines.append(json.dumps({"type": "file", "file": r["file"], "sha256": r["sha256"], "bytes": r["bytes"],
                                 "pages": r["pages"], "cards": sum(len(u["serials"]) for u in r["units"])}))  # fmt: skip
    report = audit(kit, spec, records, obj)
    with atomic_files(folder) as batch:
        batch.write("manifest.csv", rows.getvalue().encode("utf-8"))
        batch.write("manifest.jsonl", ("\n".join(lines) + "\n").encode("utf-8"))
        batch.write("audit.txt", audit_text(report, spec).encode("utf-8"))
        batch.write("audit.json", (json.dumps(report, indent=1, ensure_ascii=False) + "\n").encode("utf-8"))
    return audit_problems(report), len(report["repeated_serials"])
