"""Preflight: check a PDF the way a print shop's preflight does, for any PDF, not only cardgen's.

`preflight(data, shop)` reads the file with pypdf, walks every page and every
form it uses (with the transformation matrix, so sizes are what prints) and
returns findings: page boxes and the bleed they imply, fonts embedded or not,
colour spaces used, transparency, image resolution, the smallest text, and the
PDF/X output intent. Each finding is `ok`, `warn` or `fail` against the shop
profile (cardgen.print.shops); the file fails the profile when any finding fails.
"""

from __future__ import annotations

import io
import logging
import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from cardgen.errors import CardgenError
from cardgen.print.shops import Shop
from cardgen.print.sizes import _num, pt_to_mm

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
LEVELS = ("ok", "warn", "fail")
MAX_FORM_DEPTH = 12


@dataclass(frozen=True, slots=True)
class Finding:
    """One line of the report: level (ok, warn, fail), topic and what was found."""

    level: str
    topic: str
    message: str

    def line(self) -> str:
        return f"{self.level.upper():<4} {self.topic}: {self.message}"


@dataclass
class _Scan:
    """What the walk over the pages found."""

    pages: int = 0
    boxes: list[tuple[int, float | None, bool, bool]] = field(default_factory=list)  # page, implied bleed mm, trim?, bleed?
    fonts: dict[str, bool] = field(default_factory=dict)  # font name -> embedded
    spaces: set[str] = field(default_factory=set)  # RGB, CMYK, Gray, Spot, Lab, Other
    rgb_where: str = ""
    transparency: list[str] = field(default_factory=list)
    images: list[tuple[int, float, str]] = field(default_factory=list)  # page, effective dpi, colour space
    smallest_text: float | None = None
    smallest_where: str = ""


def preflight(data: bytes, shop: Shop, name: str = "file") -> list[Finding]:
    """Findings for the PDF in `data` against `shop`; CardgenError when it is not a readable PDF."""
    reader = _open(data, name)
    scan = _Scan()
    try:
        for index, page in enumerate(reader.pages):
            scan.pages += 1
            _page_boxes(scan, index, page)
            resources = page.get("/Resources")
            group = page.get("/Group")
            if group is not None and str(group.get_object().get("/S")) == "/Transparency":
                scan.transparency.append(f"page {index + 1} has a transparency group")
            _walk(scan, reader, page.get_contents(), resources, IDENTITY, index, set(), 0)
    except CardgenError:
        raise
    except Exception as exc:  # a broken object deep inside: one line, not a traceback
        raise CardgenError(f"{name}: cannot read the PDF's pages ({type(exc).__name__}: {exc}); is it damaged?") from None
    return _judge(scan, reader, shop)


def failed(findings: list[Finding]) -> bool:
    return any(f.level == "fail" for f in findings)


def _open(data: bytes, name: str) -> Any:
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    if not data.lstrip()[:1024].startswith(b"%PDF-") and b"%PDF-" not in data[:1024]:
        raise CardgenError(f"{name} is not a PDF (no %PDF- header): give a PDF file")
    logging.getLogger("pypdf").setLevel(logging.ERROR)  # its warnings about sloppy files are not findings
    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted:
            raise CardgenError(f"{name} is encrypted: give an unencrypted PDF")
        len(reader.pages)
    except (PdfReadError, ValueError, KeyError, TypeError, AttributeError, OSError) as exc:
        raise CardgenError(f"{name} is not a readable PDF ({exc}): give a PDF file") from None
    return reader


def _page_boxes(scan: _Scan, index: int, page: Any) -> None:
    has_trim = "/TrimBox" in page
    has_bleed = "/BleedBox" in page
    implied = None
    if has_trim:
        trim = [float(v) for v in page["/TrimBox"]]
        outer = [float(v) for v in (page["/BleedBox"] if has_bleed else page.mediabox)]
        implied = pt_to_mm(min(trim[0] - outer[0], trim[1] - outer[1], outer[2] - trim[2], outer[3] - trim[3]))
    scan.boxes.append((index, implied, has_trim, has_bleed))


def _multiply(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF row-vector convention: m x n)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _floats(operands: list[Any]) -> list[float]:
    return [float(v) for v in operands]


def _walk(scan: _Scan, reader: Any, contents: Any, resources: Any, ctm: Matrix, page: int, seen: set[int],
          depth: int) -> None:  # fmt: skip
    """Follow the operators of one content stream (a page or a form), with graphics state and resources."""
    from pypdf.generic import ContentStream

    if contents is None or depth > MAX_FORM_DEPTH:
        return
    resources = resources.get_object() if resources is not None else {}
    _fonts(scan, resources)
    _ext_states(scan, resources, page)
    stream = contents if isinstance(contents, ContentStream) else ContentStream(contents, reader)
    stack: list[Matrix] = []
    tm: Matrix = IDENTITY
    line: Matrix = IDENTITY
    size = 0.0
    for operands, op in _operations(stream):
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop() if stack else ctm
        elif op == b"cm" and len(operands) == 6:
            m = _floats(operands)
            ctm = _multiply((m[0], m[1], m[2], m[3], m[4], m[5]), ctm)
        elif op in (b"rg", b"RG"):
            _space(scan, "RGB", page, "a DeviceRGB colour (rg/RG)")
        elif op in (b"k", b"K"):
            _space(scan, "CMYK", page)
        elif op in (b"g", b"G"):
            _space(scan, "Gray", page)
        elif op in (b"cs", b"CS") and operands:
            _named_space(scan, resources, operands[0], page)
        elif op == b"BT":
            tm = line = IDENTITY
        elif op == b"Tf" and len(operands) == 2:
            size = float(operands[1])
        elif op == b"Tm" and len(operands) == 6:
            m = _floats(operands)
            tm = line = (m[0], m[1], m[2], m[3], m[4], m[5])
        elif op in (b"Td", b"TD") and len(operands) == 2:
            tx, ty = _floats(operands)
            tm = line = _multiply((1, 0, 0, 1, tx, ty), line)
        elif op in (b"Tj", b"TJ", b"'", b'"'):
            _text(scan, size, _multiply(tm, ctm), page)
        elif op == b"Do" and operands:
            _xobject(scan, reader, resources, operands[0], ctm, page, seen, depth)
        elif op == b"BI":
            _space(scan, "Other", page)
            scan.images.append((page, math.inf, "inline"))


def _operations(stream: Any) -> Iterator[tuple[list[Any], bytes]]:
    for operands, op in stream.operations:
        if op == b"INLINE IMAGE":
            yield [], b"BI"
        else:
            yield operands, op


def _text(scan: _Scan, size: float, m: Matrix, page: int) -> None:
    effective = abs(size) * math.hypot(m[2], m[3])  # the text space's vertical axis, in points
    if effective > 0 and (scan.smallest_text is None or effective < scan.smallest_text - 1e-6):
        scan.smallest_text = effective
        scan.smallest_where = f"page {page + 1}"


def _space(scan: _Scan, kind: str, page: int, how: str = "") -> None:
    scan.spaces.add(kind)
    if kind == "RGB" and not scan.rgb_where:
        scan.rgb_where = f"{how or 'RGB'} on page {page + 1}"


def _classify(space: Any) -> tuple[str, str]:
    """(kind, description) of a colour space object."""
    space = space.get_object() if hasattr(space, "get_object") else space
    if isinstance(space, list) and space:
        family = str(space[0])
        if family == "/ICCBased":
            n = int(space[1].get_object().get("/N", 0))
            return {1: "Gray", 3: "RGB", 4: "CMYK"}.get(n, "Other"), f"an ICCBased colour space with {n} components"
        if family in ("/Separation", "/DeviceN"):
            return "Spot", f"a {family[1:]} (spot) colour space"
        if family == "/Indexed":
            kind, what = _classify(space[1])
            return kind, f"an Indexed colour space on {what}"
        if family in ("/CalRGB", "/Lab", "/CalGray"):
            return {"/CalRGB": "RGB", "/Lab": "Lab", "/CalGray": "Gray"}[family], f"a {family[1:]} colour space"
        if family == "/Pattern":
            return "Other", "a pattern"
        return "Other", f"a {family} colour space"
    name = str(space)
    return {"/DeviceRGB": "RGB", "/DeviceCMYK": "CMYK", "/DeviceGray": "Gray", "/Pattern": "Other"}.get(name, "Other"), name[1:]


def _named_space(scan: _Scan, resources: Any, name: Any, page: int) -> None:
    key = str(name)
    if key in ("/DeviceRGB", "/DeviceCMYK", "/DeviceGray", "/Pattern"):
        kind, what = _classify(name)
    else:
        spaces = resources.get("/ColorSpace")
        space = spaces.get_object().get(key) if spaces is not None else None
        kind, what = _classify(space) if space is not None else ("Other", key)
    _space(scan, kind, page, what)


def _fonts(scan: _Scan, resources: Any) -> None:
    fonts = resources.get("/Font")
    if fonts is None:
        return
    for font in fonts.get_object().values():
        font = font.get_object()
        name = str(font.get("/BaseFont", "(unnamed)"))[1:] or "(unnamed)"
        subtype = str(font.get("/Subtype"))
        if subtype == "/Type3":
            scan.fonts.setdefault(name, True)  # drawn by the file's own procedures
            continue
        descriptor = font.get("/FontDescriptor")
        if descriptor is None and "/DescendantFonts" in font:
            descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
        embedded = descriptor is not None and any(k in descriptor.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3"))
        scan.fonts[name] = scan.fonts.get(name, True) and embedded


def _ext_states(scan: _Scan, resources: Any, page: int) -> None:
    states = resources.get("/ExtGState")
    if states is None:
        return
    for key, state in states.get_object().items():
        state = state.get_object()
        for alpha in ("/CA", "/ca"):
            if alpha in state and float(state[alpha]) < 1:
                scan.transparency.append(f"graphics state {key} on page {page + 1} has opacity {float(state[alpha]):g}")
        if str(state.get("/SMask", "/None")) != "/None":
            scan.transparency.append(f"graphics state {key} on page {page + 1} has a soft mask")
        mode = state.get("/BM")
        if mode is not None and str(mode) not in ("/Normal", "/Compatible"):
            scan.transparency.append(f"graphics state {key} on page {page + 1} blends with {mode}")


def _xobject(scan: _Scan, reader: Any, resources: Any, name: Any, ctm: Matrix, page: int, seen: set[int],
             depth: int) -> None:  # fmt: skip
    xobjects = resources.get("/XObject")
    if xobjects is None:
        return
    ref = xobjects.get_object().get(str(name))
    if ref is None:
        return
    obj = ref.get_object()
    subtype = str(obj.get("/Subtype"))
    if subtype == "/Image":
        width_px, height_px = int(obj.get("/Width", 0)), int(obj.get("/Height", 0))
        placed_w, placed_h = math.hypot(ctm[0], ctm[1]), math.hypot(ctm[2], ctm[3])  # points
        dpi = min(width_px / (placed_w / 72) if placed_w else math.inf, height_px / (placed_h / 72) if placed_h else math.inf)
        if obj.get("/ImageMask"):
            kind, what = "Other", "a stencil mask"
        else:
            kind, what = _classify(obj.get("/ColorSpace", "/DeviceGray"))
        _space(scan, kind, page, f"an image in {what}")
        scan.images.append((page, dpi, kind))
        if "/SMask" in obj:
            scan.transparency.append(f"an image on page {page + 1} has a soft mask (alpha)")
        return
    if subtype == "/Form":
        key = getattr(ref, "idnum", None)
        matrix = [float(v) for v in obj.get("/Matrix", IDENTITY)]
        inner = _multiply((matrix[0], matrix[1], matrix[2], matrix[3], matrix[4], matrix[5]), ctm)
        group = obj.get("/Group")
        if group is not None and str(group.get_object().get("/S")) == "/Transparency":
            scan.transparency.append(f"a form on page {page + 1} is a transparency group")
        # A form drawn at many places is walked each time its matrix differs; the same form and
        # matrix once per page (its text and images print at the same size everywhere).
        mark = hash((key, page, tuple(round(v, 3) for v in inner[:4])))
        if mark in seen:
            return
        seen.add(mark)
        _walk(scan, reader, obj, obj.get("/Resources", resources), inner, page, seen, depth + 1)


def _judge(scan: _Scan, reader: Any, shop: Shop) -> list[Finding]:
    out: list[Finding] = [Finding("ok", "file", f"{scan.pages} page{'s' if scan.pages != 1 else ''}; profile {shop.describe()}")]
    if scan.pages == 0:
        out.append(Finding("fail", "pages", "the file has no pages"))
        return out
    # page boxes and the bleed they imply
    missing = [i + 1 for i, _, trim, bleed in scan.boxes if not (trim and bleed)]
    bleeds = [b for _, b, trim, _ in scan.boxes if trim and b is not None]
    least = min(bleeds) if bleeds else None
    if missing:
        level = "fail" if shop.needs_boxes else "ok"
        pages = _pages(missing)
        out.append(Finding(level, "page boxes", f"no TrimBox/BleedBox on {pages}"
                           + (f": {shop.name} asks for both on every page" if shop.needs_boxes else " (not needed for this profile)")))  # fmt: skip
    if least is not None:
        ok = least >= shop.bleed - 0.01
        out.append(Finding("ok" if ok else "fail" if shop.needs_boxes else "warn", "bleed",
                           f"TrimBox/BleedBox imply {_num(least)} mm bleed on every side"
                           + ("" if ok else f", less than the {_num(shop.bleed)} mm {shop.name} asks for")))  # fmt: skip
    # fonts
    bad = sorted(n for n, embedded in scan.fonts.items() if not embedded)
    if bad:
        out.append(Finding("fail", "fonts", f"not embedded: {', '.join(bad)} (a printer substitutes its own)"))
    elif scan.fonts:
        out.append(Finding("ok", "fonts", f"all {len(scan.fonts)} embedded"))
    else:
        out.append(Finding("ok", "fonts", "none used"))
    # colour
    spaces = ", ".join(sorted(scan.spaces)) or "none"
    if "RGB" in scan.spaces:
        level = "fail" if shop.colour == "cmyk" else "ok"
        out.append(Finding(level, "colour", f"colour spaces {spaces}; RGB present ({scan.rgb_where})"
                           + (f": {shop.name} prints CMYK only" if level == "fail" else "")))  # fmt: skip
    else:
        out.append(Finding("ok", "colour", f"colour spaces {spaces}; no RGB"))
    # transparency
    if scan.transparency:
        level = "fail" if shop.pdfx else "warn"
        more = f" (and {len(scan.transparency) - 1} more)" if len(scan.transparency) > 1 else ""
        out.append(Finding(level, "transparency", scan.transparency[0] + more))
    else:
        out.append(Finding("ok", "transparency", "none"))
    # images
    if scan.images:
        low = min(dpi for _, dpi, _ in scan.images)
        level = "ok" if low >= shop.min_image_dpi - 0.5 else ("fail" if shop.colour == "cmyk" else "warn")
        out.append(Finding(level, "images", f"{len(scan.images)}, lowest resolution "
                           + ("unknown (inline)" if math.isinf(low) else f"{low:.0f} dpi")
                           + ("" if level == "ok" else f", below the {shop.min_image_dpi:g} dpi {shop.name} asks for")))  # fmt: skip
    else:
        out.append(Finding("ok", "images", "none (all vector)"))
    # text
    if scan.smallest_text is None:
        out.append(Finding("ok", "text", "no text found"))
    else:
        ok = scan.smallest_text >= shop.min_text - 0.05
        out.append(Finding("ok" if ok else "fail", "text",
                           f"smallest {scan.smallest_text:.1f} pt ({scan.smallest_where})"
                           + ("" if ok else f", below the {shop.min_text:g} pt {shop.name} asks for")))  # fmt: skip
    # PDF/X
    if shop.pdfx:
        out.append(_pdfx(reader, shop))
    return out


def _pdfx(reader: Any, shop: Shop) -> Finding:
    root = reader.trailer["/Root"].get_object()
    intents = root.get("/OutputIntents")
    info = reader.trailer.get("/Info")
    version = str(info.get_object().get("/GTS_PDFXVersion", "")) if info is not None else ""
    problems = []
    profile = None
    if intents is None:
        problems.append("no output intent")
    else:
        gts = [i.get_object() for i in intents.get_object() if str(i.get_object().get("/S")) == "/GTS_PDFX"]
        if not gts:
            problems.append("no GTS_PDFX output intent")
        else:
            intent = gts[0]
            profile = intent.get("/DestOutputProfile")
            if profile is not None and int(profile.get_object().get("/N", 0)) != 4:
                problems.append("its output profile is not CMYK")
    if not version.startswith("PDF/X-1"):
        problems.append("no GTS_PDFXVersion PDF/X-1 in the document info")
    if problems:
        return Finding("fail", "PDF/X-1a", "; ".join(problems) + f": {shop.name} asks for PDF/X-1a:2003")
    return Finding("ok", "PDF/X-1a", f"{version}, output intent with an embedded CMYK profile")


def _pages(numbers: list[int]) -> str:
    if len(numbers) == 1:
        return f"page {numbers[0]}"
    if numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"pages {numbers[0]}-{numbers[-1]}"
    return "pages " + ", ".join(map(str, numbers[:10])) + (" ..." if len(numbers) > 10 else "")
