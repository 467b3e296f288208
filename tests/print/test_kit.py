"""`cardgen <game> kit`: one PDF with everything a table needs, boards at true size.

What a player relies on: the kit command writes the PDF (and its parts on request); a board
bigger than the paper comes as tiles whose marks line up when the tiles are put together; no
text on any kit page or card overlaps other text or leaves its box, for every game and paper;
drawings are never scaled.
"""

from __future__ import annotations

import functools
import re

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from cardgen.cli.kit import make_kit
from cardgen.cli.main import cli
from cardgen.games import game, registry
from cardgen.kit import kit_commands
from cardgen.print import kit as kitpdf
from cardgen.print.imposition import Rect
from cardgen.print.sizes import mm

# Every registered game whose kit makes a print-and-play kit (`cardgen <game> kit`).
KIT_GAMES = [e.name for e in registry().entries() if e.kit and "kit" in kit_commands(e.load_kit())]
PAPERS = ("a4", "letter", "a3")
TOLERANCE = 1.0  # points: glyph outlines may pass a fitted box by a hair (accents, brackets)


@functools.cache
def built(name: str, paper: str) -> kitpdf.BuiltKit:
    return make_kit(game(name).load_kit(), paper)[0]


def spans(data: bytes) -> list[list[tuple[str, Rect]]]:
    """Every text object of every page: its text and its box in page points, as pdfium reads them
    (text inside a form, a card back drawn once and placed many times, in each place the form is)."""
    out = []
    doc = pdfium.PdfDocument(data)
    for page in doc:
        textpage = page.get_textpage()
        found = []
        for obj in page.get_objects(max_depth=8):
            if obj.type != pdfium_raw.FPDF_PAGEOBJ_TEXT:
                continue
            obj.textpage = textpage
            left, bottom, right, top = obj.get_bounds()
            corners = [(left, bottom), (right, bottom), (left, top), (right, top)]
            holder = obj.container
            while holder is not None:
                m = holder.get_matrix()
                corners = [(m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f) for x, y in corners]
                holder = holder.container
            xs, ys = [x for x, _ in corners], [y for _, y in corners]
            text = obj.extract().strip()
            if text:
                found.append((text, Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))))
        out.append(found)
    return out


def _clip(box: Rect, clip: Rect | None) -> Rect | None:
    if clip is None:
        return box
    x0, y0 = max(box.x, clip.x), max(box.y, clip.y)
    x1, y1 = min(box.right, clip.right), min(box.top, clip.top)
    if x1 - x0 <= 0.5 or y1 - y0 <= 0.5:
        return None  # outside the tile: not printed on this page
    return Rect(x0, y0, x1 - x0, y1 - y0)


def _overlap(a: Rect, b: Rect) -> float:
    w = min(a.right, b.right) - max(a.x, b.x)
    h = min(a.top, b.top) - max(a.y, b.y)
    return min(w, h)


def text_problems(kit: kitpdf.BuiltKit) -> list[str]:
    """Text that overlaps other text, runs off the printable page, or (on kit pages) leaves the box
    `label` fitted it to. Text of a tiled drawing counts as far as its tile shows it."""
    problems = []
    labels: dict[int, list[kitpdf.Label]] = {}
    for lab in kit.labels():
        labels.setdefault(lab.page, []).append(lab)
    pages = kit.pages
    width, height = kit.paper.points
    for index, found in enumerate(spans(kit.data)):
        info = pages[index]
        pw, ph = (height, width) if info.landscape else (width, height)
        shown = []
        for text, box in found:
            if info.part != "deck":
                # a card face drawn whole (the anatomy picture) lays out its own text: its tests check it
                mine = [lab for lab in labels.get(index, []) if lab.picture or text in " ".join(lab.text.split())]
                inside = [lab for lab in mine if _inside(box, lab.box, TOLERANCE)]
                if not inside:
                    problems.append(f"page {index + 1}: {text!r} at {_fmt(box)} leaves its box "
                                    f"{[_fmt(lab.box) for lab in mine] or '(none recorded)'}")  # fmt: skip
                    continue
                box = _clip(box, inside[0].clip)
                if box is None:
                    continue  # on another tile
            shown.append((text, box))
            if box.x < mm(3) or box.y < mm(3) or box.right > pw - mm(3) or box.top > ph - mm(3):
                problems.append(f"page {index + 1}: {text!r} runs off the printable page at {_fmt(box)}")
        for i, (ta, a) in enumerate(shown):
            for tb, b in shown[i + 1 :]:
                if _overlap(a, b) > TOLERANCE:
                    problems.append(f"page {index + 1}: {ta!r} {_fmt(a)} overlaps {tb!r} {_fmt(b)}")
    return problems


def _inside(a: Rect, b: Rect | None, tolerance: float) -> bool:
    if b is None:
        return True
    return (a.x >= b.x - tolerance and a.y >= b.y - tolerance and a.right <= b.right + tolerance
            and a.top <= b.top + tolerance)  # fmt: skip


def _fmt(r: Rect) -> str:
    return f"({r.x:.0f},{r.y:.0f} {r.width:.0f}x{r.height:.0f} pt)"


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", KIT_GAMES)
def test_no_text_overlaps_or_leaves_its_box(name, paper):
    kit = built(name, paper)
    problems = text_problems(kit)
    assert not problems, f"{len(problems)} text problems in the {name} kit on {paper}:\n" + "\n".join(problems[:40])


def test_the_checker_sees_overlaps_and_overflows():
    """The checker itself: two labels on top of each other, and text drawn past its box, are both reported."""
    from reportlab.pdfgen.canvas import Canvas

    def draw(c: Canvas) -> None:
        kitpdf.label(c, "lane 1", 0, 0, mm(30), mm(8), size=10)
        kitpdf.label(c, "lane 2", 0, 0, mm(30), mm(8), size=10)  # on top of the first
        c.drawString(mm(40), mm(2), "no box for this text")

    kit = kitpdf.build_kit("t", "T", [kitpdf.Drawing("test", 80, 20, draw)], [], kitpdf.paper_size("a4"))
    problems = text_problems(kit)
    assert any("overlaps" in p and "lane 1" in p for p in problems), problems
    assert any("'no box for this text'" in p and "leaves its box" in p for p in problems), problems


def test_kit_command_writes_the_kit_and_its_parts(tmp_path):
    out, parts = tmp_path / "k.pdf", tmp_path / "parts"
    r = CliRunner().invoke(cli, ["gogmagog", "kit", "--paper", "a3", "-o", str(out), "--parts", str(parts)])
    assert r.exit_code == 0, r.output
    pages = len(PdfReader(out).pages)
    assert re.search(rf"wrote {re.escape(str(out))}: {pages} pages on a3: board p1-2, pieces p3, reference p4-\d+, deck ", r.output)
    names = sorted(p.name for p in parts.iterdir())
    assert names == ["gogmagog-board.pdf", "gogmagog-deck-1.pdf", "gogmagog-deck-2.pdf", "gogmagog-pieces.pdf",
                     "gogmagog-reference.pdf"]  # fmt: skip
    assert sum(len(PdfReader(parts / n).pages) for n in names) <= pages  # the kit adds only blank pages
    # each deck starts on an odd page, so double-sided printing puts its backs behind its fronts
    kit = built("gogmagog", "a3")
    for part, first, _last in kit.ranges():
        if part.name.startswith("deck"):
            assert first % 2 == 1


@pytest.mark.parametrize("args,code,needle", [
    (["--decks", "seed:1"], 2, "names 1 deck: give 2, comma-separated"),
    (["--decks", "seed:1,"], 2, "(or an empty one)"),
    (["--decks", "seed:1,/nonexistent/deck.txt"], 1, "deck file '/nonexistent/deck.txt' does not exist"),
    (["--paper", "a5"], 2, "'a5' is not one of 'a4', 'letter', 'a3'"),
    (["-o", "-"], 2, "'-' is standard output"),
])  # fmt: skip
def test_bad_input_is_one_line(tmp_path, args, code, needle):
    r = CliRunner().invoke(cli, ["gogmagog", "kit", "-o", str(tmp_path / "k.pdf"), *args])
    assert r.exit_code == code, r.output
    assert needle in r.output and "Traceback" not in r.output
    assert not (tmp_path / "k.pdf").exists()


def test_an_illegal_deck_is_refused(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("3x P1AJ-Z\n")
    r = CliRunner().invoke(cli, ["gogmagog", "kit", "--decks", f"{bad},seed:1", "-o", str(tmp_path / "k.pdf")])
    assert r.exit_code == 1 and "is not a legal deck" in r.output and "deck-size" in r.output


# ----- true size and tiles ------------------------------------------------------------------


def _drawing(width: float, height: float) -> kitpdf.Drawing:
    """A test drawing: 10 mm squares, each its own colour (never magenta), so tiles can be compared."""

    def draw(c) -> None:
        for i in range(int(width // 10) + 1):
            for j in range(int(height // 10) + 1):
                c.setFillColorRGB((i * 37 % 100) / 100, 0.7 + (j * 13 % 30) / 100, ((i + j) * 17 % 100) / 100)
                c.rect(mm(10 * i), mm(10 * j), mm(10), mm(10), stroke=0, fill=1)

    return kitpdf.Drawing("test board", width, height, draw)


@pytest.mark.parametrize("paper,size,tiles", [("a4", (180, 150), 1), ("a4", (250, 180), 1), ("a4", (460, 460), 6),
                                              ("a3", (460, 460), 4), ("a3", (381, 246), 1), ("letter", (381, 246), 2)])  # fmt: skip
def test_tiles_cover_the_drawing_at_true_size(paper, size, tiles):
    drawing = _drawing(*size)
    landscape, plan = kitpdf.plan(drawing, kitpdf.paper_size(paper))
    assert len(plan) == tiles
    rw, rh = kitpdf.room(kitpdf.paper_size(paper), landscape)
    for t in plan:
        assert t.w <= rw + 1e-6 and t.h <= rh + 1e-6
        if len(plan) > 1:
            assert min(v for v in (t.overlap_x, t.overlap_y) if v) >= kitpdf.OVERLAP - 1e-6
    assert min(t.x for t in plan) == 0 and max(t.x + t.w for t in plan) == pytest.approx(size[0])
    assert min(t.y for t in plan) == 0 and max(t.y + t.h for t in plan) == pytest.approx(size[1])


DPI = 150
PX = DPI / 72  # pixels per point


def _render(data: bytes) -> list:
    doc = pdfium.PdfDocument(data)
    return [page.render(scale=PX).to_pil().convert("RGB") for page in doc]


def _near_magenta(image, x: float, y: float, page_h: float) -> bool:
    px, py = int(x * PX), int((page_h - y) * PX)
    return any(_magenta(image.getpixel((px + dx, py + dy))) for dx in range(-4, 5, 2) for dy in range(-4, 5, 2))


def _magenta(p) -> bool:
    return min(p[0], p[2]) - p[1] > 90


def _blobs(image, clip: Rect, page_h: float) -> list[tuple[float, float, float, float]]:
    """Bounding boxes (page points: x0, y0, x1, y1) of the magenta marks inside the tile."""
    from PIL import ImageChops

    r, g, b = image.split()
    mask = ImageChops.subtract(ImageChops.darker(r, b), g).point(lambda v: 255 if v > 90 else 0)
    w = image.size[0]
    x0, x1 = int(clip.x * PX), int(clip.right * PX)
    y0, y1 = int((page_h - clip.top) * PX), int((page_h - clip.y) * PX)
    clusters: list[list[tuple[int, int]]] = []
    for k, v in enumerate(mask.tobytes()):
        if not v:
            continue
        x, y = k % w, k // w
        if not (x0 <= x < x1 and y0 <= y < y1):
            continue
        for blob in clusters:  # a mark is 5 mm across; marks are tens of mm apart
            if abs(blob[0][0] - x) < 40 and abs(blob[0][1] - y) < 40:
                blob.append((x, y))
                break
        else:
            clusters.append([(x, y)])
    return [(min(x for x, _ in blob) / PX, page_h - max(y for _, y in blob) / PX, max(x for x, _ in blob) / PX,
             page_h - min(y for _, y in blob) / PX) for blob in clusters if len(blob) > 20]  # fmt: skip


def test_tiles_put_together_line_up():
    """Tile a board over A4 pages, then put the tiles together as a player does: trim a tile at its frame on
    the left and top, lay it over the tile before, and slide it until the magenta triangles meet tip to tip.
    Every triangle is in view (on the earlier tile, outside the later tile's trimmed edge), each pair meets
    exactly where the tiles' step puts them, and the drawing they share is the same drawing."""
    drawing = _drawing(460, 460)
    kit = kitpdf.build_kit("t", "T", [drawing], [], kitpdf.paper_size("a4"))
    pages = kit.pages
    images = _render(kit.data)
    page_h = kitpdf.paper_size("a4").points[1]
    by = {(p.tile.row, p.tile.col): (p, images[i]) for i, p in enumerate(pages) if p.tile is not None}
    assert len(by) == 6
    checked = 0

    def drawing_mm(page, x: float, y: float) -> tuple[float, float]:
        return page.tile.x + (x - page.clip.x) / mm(1), page.tile.y + (y - page.clip.y) / mm(1)

    for (row, col), (page, image) in by.items():
        for dr, dc in ((0, 1), (1, 0)):
            if (row + dr, col + dc) not in by:
                continue
            other, other_image = by[(row + dr, col + dc)]
            seam = other.tile.x if dc else other.tile.y + other.tile.h  # where the later tile's trimmed edge lands
            # the earlier tile's triangles end at the seam, on the side that stays in view
            mine = [b for b in _blobs(image, page.clip, page_h)
                    if abs((drawing_mm(page, b[2], 0)[0] if dc else drawing_mm(page, 0, b[1])[1]) - seam) < 0.6]  # fmt: skip
            theirs = [b for b in _blobs(other_image, other.clip, page_h)
                      if abs((drawing_mm(other, b[0], 0)[0] if dc else drawing_mm(other, 0, b[3])[1]) - seam) < 0.6]  # fmt: skip
            assert len(mine) == len(theirs) == 2, ((row, col), mine, theirs)
            key = (lambda b: b[1]) if dc else (lambda b: b[0])
            for a, b in zip(sorted(mine, key=key), sorted(theirs, key=key)):
                ca = drawing_mm(page, (a[0] + a[2]) / 2, (a[1] + a[3]) / 2)
                cb = drawing_mm(other, (b[0] + b[2]) / 2, (b[1] + b[3]) / 2)
                if dc:  # tip to tip across the seam: the same height, one each side
                    assert abs(ca[1] - cb[1]) < 0.5 and ca[0] < seam < cb[0], (ca, cb, seam)
                else:
                    assert abs(ca[0] - cb[0]) < 0.5 and cb[1] < seam < ca[1], (ca, cb, seam)
            # the shared strip of drawing is the same on both tiles: the centre of every 10 mm square both
            # tiles hold shows one colour on both
            compared = 0
            for i in range(46):
                for j in range(46):
                    x, y = 10 * i + 5, 10 * j + 5
                    if not all(t.x + 3 < x < t.x + t.w - 3 and t.y + 3 < y < t.y + t.h - 3 for t in (page.tile, other.tile)):
                        continue
                    ax, ay = page.clip.x + mm(x - page.tile.x), page.clip.y + mm(y - page.tile.y)
                    bx, by_ = other.clip.x + mm(x - other.tile.x), other.clip.y + mm(y - other.tile.y)
                    pa = image.getpixel((int(ax * PX), int((page_h - ay) * PX)))
                    pb = other_image.getpixel((int(bx * PX), int((page_h - by_) * PX)))
                    if _near_magenta(image, ax, ay, page_h) or _near_magenta(other_image, bx, by_, page_h):
                        continue  # a mark, or the soft edge of one
                    assert sum(abs(u - v) for u, v in zip(pa, pb)) < 30, ((row, col), (x, y), pa, pb)
                    compared += 1
            assert compared >= 10
            checked += 1
    assert checked == 7  # 2 rows x 3 columns: 4 seams across, 3 down


@pytest.mark.parametrize("paper", ("a4", "letter"))
@pytest.mark.parametrize("name", KIT_GAMES)
def test_every_alignment_mark_is_in_view_and_on_no_text(name, paper):
    """On every tiled board of every kit: each mark lies on its own tile, outside the part a later tile
    covers once the tiles are put together, and touches no text printed on that tile."""
    kit = built(name, paper)
    labels: dict[int, list[kitpdf.Label]] = {}
    for lab in kit.labels():
        labels.setdefault(lab.page, []).append(lab)
    tiled = [(i, p) for i, p in enumerate(kit.pages) if p.tile is not None and p.tile.rows * p.tile.cols > 1]
    for index, page in tiled:
        others = [p.tile for _, p in tiled if p.title == page.title]
        hidden = kitpdf.covered(page.tile, others)
        assert page.marks, (name, paper, page.title, page.tile)
        for m in page.marks:
            assert _inside(m, page.clip, 0.01)
            x0, y0 = page.tile.x + (m.x - page.clip.x) / mm(1), page.tile.y + (m.y - page.clip.y) / mm(1)
            x1, y1 = x0 + m.width / mm(1), y0 + m.height / mm(1)
            for hx0, hy0, hx1, hy1 in hidden:
                assert min(x1, hx1) - max(x0, hx0) <= 0.01 or min(y1, hy1) - max(y0, hy0) <= 0.01, (name, page.title, m)
            for lab in labels.get(index, []):
                box = _clip(lab.box, lab.clip)
                assert box is None or _overlap(m, box) <= 0, (name, paper, page.title, lab.text)


def test_drawing_pages_are_never_scaled():
    """A drawing that fits prints whole at its own size, with the 50 mm bar that lets a player check the printer."""
    kit = kitpdf.build_kit("t", "T", [_drawing(180, 150)], [], kitpdf.paper_size("a4"))
    (page,) = [p for p in kit.pages if p.part == "board"]
    assert page.clip.width == pytest.approx(mm(180)) and page.clip.height == pytest.approx(mm(150))
    text = " ".join(t for t, _ in spans(kit.data)[0])
    assert "this bar is 50 mm" in text and re.search(r"print at 100 %", text)


@pytest.mark.parametrize("name", KIT_GAMES)
def test_the_reference_names_only_options_the_engine_has(name):
    """The reference page's choices point at the options that change them: each one named must exist."""
    from cardgen.engine.registry import load_game

    options = {o.name for o in type(load_game(name)).options}
    kit = built(name, "a4")
    text = " ".join(lab.text for lab in kit.labels() if kit.pages[lab.page].part == "reference")
    named = set(re.findall(r"options? ([a-z_]+)", text)) | set(re.findall(r"\b[a-z]+(?:_[a-z]+)+\b", text))
    named -= {"an", "for", "that", "changes", "as"}
    assert named, text[:200]
    assert named <= options, sorted(named - options)


def test_the_same_kit_twice_is_the_same_file():
    a = make_kit(game("spherion").load_kit(), "a4")[0].data
    b = make_kit(game("spherion").load_kit(), "a4")[0].data
    assert a == b


def test_a_few_pieces_go_under_the_last_drawing_and_every_drawing_or_pieces_page_says_print_at_100():
    """Gyon-RG's four markers took a page of their own; now they sit under the trackers. Every page of
    drawings or pieces tells the printer's scale."""
    kit = built("gyonrg", "a4")
    assert not [p for p in kit.pages if p.part == "pieces"]
    assert any(p.title.endswith("and the pieces to cut out") for p in kit.pages)
    for name in KIT_GAMES:
        kit = built(name, "a4")
        found = spans(kit.data)
        for index, page in enumerate(kit.pages):
            if page.part in ("deck", "blank", "reference"):
                continue
            text = " ".join(t for t, _ in found[index])
            assert "print at 100 %" in text.lower(), (name, index + 1, page.part)
