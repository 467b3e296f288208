"""Gyre positions as text diagrams (puzzles, tests, bug reports) and the terminal board.

Diagram format (format_diagram <-> parse_diagram round-trip)::

    # comment lines start with '#'
    gyre size=4 players=2 next=B gyrations=0 turn=3
    R . . .
    . B . .
    . R . .
    . . . .
    gyres:
    . b . .
    . . . .
    . . . .
    . . . .

* The header line is optional: size comes from the rows, players default to
  the highest colour seen (at least 2), next to the player whose turn follows
  from the number of occupied tiles, gyrations (this turn) to 0, turn to the
  number of occupied tiles.
* One character per tile: '.' empty, R B G Y for players 1-4. Spaces between
  characters are ignored.
* The "gyres:" block is optional (all unowned when missing). Gyre (r, c) is the
  corner at the lower-right of tile (r, c). '.' unowned, r b g y owned; an
  upper-case letter marks a gyre that is owned and inactive for the rest of the
  current turn.
"""

from __future__ import annotations

from cardgen.engine.protocol import TERMINAL
from cardgen.errors import CardgenError
from cardgen.numbers import all_digits, parse_int, quote, shorten

from .engine import MAX_SIZE, MIN_SIZE, GyreGame, GyreState
from .scoring import COLOURS

_MOST = 10**9  # a header's numbers are plain digits up to this; the rules then say what fits


def format_diagram(state: GyreState, header: bool = True) -> str:
    game = state.game
    n = game.size
    lines = []
    if header:
        nxt = "-" if state.player == TERMINAL else COLOURS[state.player]
        lines.append(
            f"gyre size={n} players={game.num_players} next={nxt} gyrations={state.gyrations} turn={state.turn}"
        )
    for r in range(n):
        lines.append(" ".join(".RBGY"[v] for v in state.board[r * n : (r + 1) * n]))
    if any(state.gyres):
        inactive = set(state.inactive_gyres())
        lines.append("gyres:")
        for r in range(n):
            row = []
            for g in range(r * n, (r + 1) * n):
                ch = ".rbgy"[state.gyres[g]]
                row.append(ch.upper() if g in inactive else ch)
            lines.append(" ".join(row))
    return "\n".join(lines) + "\n"


def _bad(msg: str) -> CardgenError:
    return CardgenError(f"bad gyre diagram: {msg}")


def parse_diagram(text: str, max_gyrations: int | None = None) -> GyreState:
    """A GyreState from a diagram (see the module docstring); CardgenError on bad input."""
    header: dict[str, str] = {}
    tiles: list[tuple[int, str]] = []
    gyre_rows: list[tuple[int, str]] = []
    target = tiles
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.lower().startswith("gyre ") or line.lower() == "gyre":
            if tiles or header:
                raise _bad(f"line {lineno}: the 'gyre ...' header must come first, once")
            for item in line.split()[1:]:
                key, sep, value = item.partition("=")
                if not sep or key not in ("size", "players", "next", "gyrations", "turn"):
                    raise _bad(
                        f"line {lineno}: {item!r} in the header (expected size=N players=N next=R|B|G|Y "
                        "gyrations=N turn=N)"
                    )
                header[key] = value
            header.setdefault("_seen", "1")
            continue
        if line.lower().rstrip(":") == "gyres":
            if target is gyre_rows:
                raise _bad(f"line {lineno}: a second 'gyres:' block")
            target = gyre_rows
            continue
        target.append((lineno, line.replace(" ", "").replace("\t", "")))
    header.pop("_seen", None)
    if not tiles:
        raise _bad("no tile rows (expected rows of '.', R, B, G, Y)")
    n = len(tiles)
    if "size" in header:
        if not all_digits(header["size"]):
            raise _bad(f"size={quote(header['size'])} is not a number")
        if parse_int(header["size"], n, n) is None:
            raise _bad(f"header says size={shorten(header['size'])} but there are {n} tile rows")
    if not MIN_SIZE <= n <= MAX_SIZE:
        raise _bad(f"{n} rows: boards are {MIN_SIZE} to {MAX_SIZE} tiles across")
    board = []
    for lineno, row in tiles:
        if len(row) != n:
            raise _bad(f"line {lineno}: {row!r} has {len(row)} tiles, expected {n} (one per column)")
        for ch in row:
            if ch not in ".RBGY":
                raise _bad(f"line {lineno}: {ch!r} is not a tile (expected '.', R, B, G or Y)")
            board.append(".RBGY".index(ch))
    gyres, inactive = [0] * (n * n), []
    if gyre_rows:
        if len(gyre_rows) != n:
            raise _bad(f"the gyres: block has {len(gyre_rows)} rows, expected {n}")
        g = 0
        for lineno, row in gyre_rows:
            if len(row) != n:
                raise _bad(f"line {lineno}: {row!r} has {len(row)} gyres, expected {n}")
            for ch in row:
                if ch.lower() not in ".rbgy":
                    raise _bad(f"line {lineno}: {ch!r} is not a gyre (expected '.', r, b, g, y; upper case = inactive)")
                gyres[g] = ".rbgy".index(ch.lower())
                if ch.isupper():
                    inactive.append(g)
                g += 1
    seen = max(max(board), max(gyres))
    players = parse_int(header["players"], 0, _MOST) if "players" in header else max(2, seen)
    if players is None:
        raise _bad(f"players={quote(header['players'])} is not a number")
    if not 2 <= players <= 4:
        raise _bad(f"players={players}: Gyre is for 2 to 4 players")
    if seen > players:
        raise _bad(f"colour {COLOURS[seen - 1]} appears but players={players}")
    occupied = n * n - board.count(0)
    config = {"players": players, "size": n}
    if max_gyrations is not None:
        config["max_gyrations"] = max_gyrations
    game = GyreGame(**config)
    turn = parse_int(header["turn"], 0, _MOST) if "turn" in header else occupied
    gyrations = parse_int(header["gyrations"], 0, _MOST) if "gyrations" in header else 0
    if turn is None or gyrations is None:
        raise _bad("turn= and gyrations= take numbers")
    if occupied == n * n:
        player = TERMINAL
        if header.get("next", "-") != "-":
            raise _bad("next= given but the board is full (the game is over)")
    else:
        nxt = header.get("next")
        if nxt is None:
            player = occupied % players
        elif nxt.upper() in COLOURS[:players]:
            player = COLOURS.index(nxt.upper())
        else:
            raise _bad(f"next={nxt!r} (expected one of {', '.join(COLOURS[:players])})")
    data = {
        "size": n,
        "players": players,
        "board": "".join(".RBGY"[v] for v in board),
        "gyres": "".join(".RBGY"[v] for v in gyres),
        "inactive": inactive,
        "player": player,
        "turn": turn,
        "gyrations": gyrations,
        "ply": 0,
    }
    return GyreState.from_json(game, data)
