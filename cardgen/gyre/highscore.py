"""The Gyre high-score file: the best winning margin per board size and player count.

The rulebook: "the high score is the difference between the winner's score and
the next highest score". It is kept in a small JSON file, by default
$XDG_DATA_HOME/cardgen/gyre-highscores.json (~/.local/share/... without XDG);
CARDGEN_GYRE_HIGHSCORES names another file. Only games played with
`cardgen play` are recorded (not simulations); a tie has margin 0 and is not a
high score.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
from pathlib import Path

from cardgen.errors import CardgenError
from cardgen.files import read_text, write_text
from cardgen.structured import load_json

from .scoring import COLOURS


def highscore_path() -> Path:
    env = os.environ.get("CARDGEN_GYRE_HIGHSCORES")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "cardgen" / "gyre-highscores.json"


def key(size: int, players: int) -> str:
    return f"{size}x{size}/{players}p"


def load(path: Path | None = None) -> dict:
    """The table {key: entry}; an unreadable file counts as empty (it is only a nicety)."""
    path = path or highscore_path()
    try:
        data = load_json(read_text(path, "high-score file"), f"high-score file {str(path)!r}")
    except (CardgenError, ValueError):  # missing, unreadable, not text, not JSON
        return {}
    return data if isinstance(data, dict) else {}


def margin_of(scores: list[int]) -> tuple[int, int]:
    """(winner seat, margin over the next highest score)."""
    order = sorted(range(len(scores)), key=lambda p: -scores[p])
    return order[0], scores[order[0]] - scores[order[1]]


def record_game(state, path: Path | None = None, when: str | None = None) -> str:
    """Store the finished game's margin if it beats the table; text to show the player."""
    path = path or highscore_path()
    game = state.game
    s = state.scores()
    winner, margin = margin_of(s)
    k = key(game.size, game.num_players)
    table = load(path)
    best = table.get(k, {}).get("margin")
    lines = [f"winning margin {margin} ({COLOURS[winner]} {s[winner]} over the next best)" if margin else "a tie"]
    if margin > 0 and (not isinstance(best, int) or margin > best):
        table[k] = {
            "margin": margin,
            "winner": COLOURS[winner],
            "scores": s,
            "date": when or _dt.date.today().isoformat(),
        }
        try:
            write_text(path, json.dumps(table, indent=2, sort_keys=True) + "\n")
            lines.append(f"new high score for {k}: {margin} (was {best if best is not None else 'none'})")
        except CardgenError as exc:
            lines.append(f"new high score {margin}, but could not save it: {exc}")
    elif best is not None:
        lines.append(f"high score for {k}: {best}")
    return "\n".join(lines)
