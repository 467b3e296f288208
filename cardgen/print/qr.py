"""QR codes drawn as vectors: crisp at any size, a few hundred bytes and a fraction of a millisecond each.

Encoding: byte mode, error correction M, the smallest version that holds the
data, and one fixed mask (FIXED_MASK) instead of the standard's search over all
eight masks for the lowest penalty. Every mask gives a valid code that any
reader decodes; the search only trims rare patterns that confuse poor readers,
and it was most of the cost of a print. The fixed mask is proved in the tests:
every QR code of a 1,000-card print scans (tests/print/test_qr.py, slow), and
54 of 54 in the default suite.

The tables (block structure, alignment positions, format and version bits)
come from the `qrcode` library, which also checks this encoder: for the same
mask both give the same matrix. What is ours is only the fast path: per
version, the function patterns and the data-module order are computed once,
and Reed-Solomon runs on precomputed log tables.

Drawing: dark modules of a row are merged into horizontal runs and all runs go
into one filled path, so a rasterizer fills their union: no hairline seams
between modules. The path is written in module units (integers) under a scaled
coordinate system: shorter than formatting a float for every rectangle.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable
from functools import cache

from qrcode import QRCode, base, util
from qrcode.constants import ERROR_CORRECT_M
from reportlab.pdfgen.canvas import Canvas

# The QR specification asks for 4 light modules around the symbol.
QUIET_ZONE = 4
# Mask 0, (row + column) even: a checkerboard, which breaks up long runs and
# finder-like patterns in any data (chosen over the others by scanning 1,000 cards).
FIXED_MASK = 0
MAX_VERSION = 40

Matrix = tuple[tuple[bool, ...], ...]

_BLOCKS = {v: base.rs_blocks(v, ERROR_CORRECT_M) for v in range(1, MAX_VERSION + 1)}
_CAPACITY = {v: 8 * sum(b.data_count for b in blocks) for v, blocks in _BLOCKS.items()}

# GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1.
_EXP = [0] * 512
_LOG = [0] * 256
_x = 1
for _i in range(255):
    _EXP[_i] = _x
    _LOG[_x] = _i
    _x <<= 1
    if _x & 0x100:
        _x ^= 0x11D
for _i in range(255, 512):
    _EXP[_i] = _EXP[_i - 255]


@cache
def _generator(degree: int) -> tuple[int, ...]:
    """Log-coefficients of the RS generator polynomial (x - a^0)...(x - a^(degree-1)), highest first."""
    poly = [1]
    for i in range(degree):
        out = [0] * (len(poly) + 1)
        for j, c in enumerate(poly):
            out[j] ^= c
            if c:
                out[j + 1] ^= _EXP[_LOG[c] + i]
        poly = out
    return tuple(_LOG[c] for c in poly[1:])


@cache
def _products(degree: int) -> tuple[int, ...]:
    """For each factor 0..255: factor x generator, as one big integer of `degree` bytes (the LFSR's feedback)."""
    gen = _generator(degree)
    rows = [0]
    for factor in range(1, 256):
        lf = _LOG[factor]
        rows.append(int.from_bytes(bytes(_EXP[lf + g] for g in gen), "big"))
    return tuple(rows)


def _ecc(data: list[int], degree: int) -> list[int]:
    """Reed-Solomon remainder of `data` (the error correction codewords), one integer operation per byte."""
    products = _products(degree)
    shift = 8 * (degree - 1)
    mask = (1 << (8 * degree)) - 1
    rem = 0
    for byte in data:
        factor = byte ^ (rem >> shift)
        rem = ((rem << 8) & mask) ^ products[factor]
    return list(rem.to_bytes(degree, "big"))


@cache
def _template(version: int, mask: int) -> tuple[tuple[tuple[bool | None, ...], ...], tuple[tuple[int, int, bool], ...]]:
    """(function-pattern matrix with None for data modules, data modules in placement order with their mask bit)."""
    code = QRCode(version=version, error_correction=ERROR_CORRECT_M, border=0, mask_pattern=mask)
    n = code.modules_count = version * 4 + 17
    code.modules = [[None] * n for _ in range(n)]
    code.setup_position_probe_pattern(0, 0)
    code.setup_position_probe_pattern(n - 7, 0)
    code.setup_position_probe_pattern(0, n - 7)
    code.setup_position_adjust_pattern()
    code.setup_timing_pattern()
    code.setup_type_info(False, mask)
    if version >= 7:
        code.setup_type_number(False)
    masked = util.mask_func(mask)
    order = []
    row, step = n - 1, -1
    for col in range(n - 1, 0, -2):
        if col <= 6:
            col -= 1  # the vertical timing pattern takes column 6
        while True:
            for c in (col, col - 1):
                if code.modules[row][c] is None:
                    order.append((row, c, bool(masked(row, c))))
            row += step
            if row < 0 or row >= n:
                row -= step
                step = -step
                break
    return tuple(tuple(r) for r in code.modules), tuple(order)


def _version_for(length: int) -> int:
    for version in range(1, MAX_VERSION + 1):
        count_bits = 8 if version < 10 else 16
        if 4 + count_bits + 8 * length <= _CAPACITY[version]:
            return version
    raise ValueError(f"{length} bytes do not fit a QR code at error correction M")


def _codewords(data: bytes, version: int) -> list[int]:
    """Byte-mode segment, terminator and padding, split into blocks with their ECC, interleaved."""
    count_bits = 8 if version < 10 else 16
    value = (0b0100 << count_bits | len(data)) << (8 * len(data)) | int.from_bytes(data, "big")
    bits = 4 + count_bits + 8 * len(data)
    capacity = _CAPACITY[version]
    pad = min(4, capacity - bits)
    value <<= pad
    bits += pad
    if bits % 8:
        value <<= 8 - bits % 8
        bits += 8 - bits % 8
    stream = list(value.to_bytes(bits // 8, "big"))
    for i in range(capacity // 8 - len(stream)):
        stream.append(0xEC if i % 2 == 0 else 0x11)
    blocks, eccs, at = [], [], 0
    for block in _BLOCKS[version]:
        chunk = stream[at : at + block.data_count]
        at += block.data_count
        blocks.append(chunk)
        eccs.append(_ecc(chunk, block.total_count - block.data_count))
    out: list[int] = []
    for group in (blocks, eccs):
        for i in range(max(len(b) for b in group)):
            out.extend(b[i] for b in group if i < len(b))
    return out


@cache
def _plan(version: int, mask: int) -> tuple[str, Callable[[str], tuple[str, ...]], int, int, int]:
    """The template: (its function patterns as one string, a picker that lays them and a data bit string
    into the matrix, row after row, the number of data modules, their mask bits as one integer, modules per side)."""
    blank, order = _template(version, mask)
    size = len(blank)
    fixed = "".join("1" if m else "0" for r in blank for m in r)
    # Each module is picked from `fixed + bits`: its own place in `fixed`, or its data bit's place after it.
    source = list(range(size * size))
    for k, (r, c, _) in enumerate(order):
        source[r * size + c] = size * size + k
    flips = int("".join("1" if f else "0" for _, _, f in order), 2)
    return fixed, operator.itemgetter(*source), len(order), flips, size


def qr_rows(data: str, mask_pattern: int = FIXED_MASK) -> list[str]:
    """The QR code for `data` (UTF-8, byte mode, error correction M) as rows of '1' (dark) and '0', no quiet zone."""
    raw = data.encode("utf-8")
    version = _version_for(len(raw))
    fixed, pick, n, flips, size = _plan(version, mask_pattern)
    words = _codewords(raw, version)
    # The data bits, then '0' for the remainder bits the codewords do not fill, xor the mask: one integer operation.
    value = (int.from_bytes(bytes(words), "big") << (n - 8 * len(words))) ^ flips
    modules = "".join(pick(fixed + format(value, f"0{n}b")))
    return [modules[i : i + size] for i in range(0, size * size, size)]


def qr_matrix(data: str, mask_pattern: int = FIXED_MASK) -> Matrix:
    """The modules of the smallest QR code for `data` (UTF-8, byte mode, error correction M), no quiet zone."""
    return tuple(tuple(m == "1" for m in row) for row in qr_rows(data, mask_pattern))


_RUN = re.compile("1+")


def runs(matrix: Matrix | list[str]) -> list[tuple[int, int, int]]:
    """Dark runs as (row, first column, length), rows from the top."""
    rows = [row if isinstance(row, str) else "".join("1" if m else "0" for m in row) for row in matrix]
    return [(r, m.start(), m.end() - m.start()) for r, row in enumerate(rows) for m in _RUN.finditer(row)]


def qr_path(data: str) -> tuple[int, str]:
    """(modules per side, PDF path operators filling the dark runs in module units, rows downwards)."""
    rows = qr_rows(data)
    parts = []
    for r, row in enumerate(rows):
        text = _ROW_TEXT.get(row)
        if text is None:
            # The row's runs with a stand-in for its number: rows repeat between codes (finder patterns, timing).
            text = " ".join(f"{m.start()} \0 {m.end() - m.start()} 1 re" for m in _RUN.finditer(row))
            if len(_ROW_TEXT) < ROW_TEXT_LIMIT:
                _ROW_TEXT[row] = text
        if text:
            parts.append(text.replace("\0", str(r)))
    return len(rows), " ".join(parts) + " f"


ROW_TEXT_LIMIT = 4096  # rows of QR codes remembered (about 1 MB): the first ones seen, finder rows among them
_ROW_TEXT: dict[str, str] = {}


def draw_qr(
    canvas: Canvas,
    data: str,
    x: float,
    y: float,
    size: float,
    quiet_zone: int = QUIET_ZONE,
    dark: object = None,
    light: object = None,
    paint_light: bool = True,
) -> float:
    """Draw the QR code for `data` in the square (x, y, size), quiet zone included.

    `dark` / `light` are reportlab colours (default black on white, in the colour
    model of the caller: pass CMYK colours for CMYK output). With paint_light
    False the background is left as it is (it must be light). Returns the module
    size in points, so a face can check it stays printable (at least ~0.33 mm).
    """
    n, path = qr_path(data)
    module = size / (n + 2 * quiet_zone)
    canvas.saveState()
    if paint_light:
        if light is None:
            canvas.setFillColorRGB(1, 1, 1)
        else:
            canvas.setFillColor(light)
        canvas.rect(x, y, size, size, stroke=0, fill=1)
    if dark is None:
        canvas.setFillColorRGB(0, 0, 0)
    else:
        canvas.setFillColor(dark)
    # One unit per module, y growing downwards like the matrix rows.
    canvas.translate(x + quiet_zone * module, y + size - quiet_zone * module)
    canvas.scale(module, -module)
    canvas.addLiteral(path)
    canvas.restoreState()
    return module
