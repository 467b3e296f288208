"""Gyre's own commands (the shared ones come from its kit): score a diagram, the high scores."""

from __future__ import annotations

import json

import click

from cardgen.errors import CardgenError
from cardgen.files import read_text


def _read(file: str) -> str:
    return read_text(file, "diagram", allow_stdin=True)


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--json", "as_json", is_flag=True, help="Print scores (per player and per tile) as JSON.")
@click.option("--explain", metavar="ROW,COL",
              help="Show how one tile's score is made up; ROW,COL counted from 1 at the top-left, or a name like c3.")
def score(file, as_json, explain):
    """Score the Gyre position in the diagram FILE ('-' reads stdin).

    \b
    A diagram has one row per board row, one character per tile: '.' empty,
    R B G Y for players 1-4; an optional first line `gyre size=8 players=2
    next=R` and an optional `gyres:` block (see docs/rules/gyre.md). A tile
    scores 1, doubled per same-colour neighbour (of 8, on the torus), minus 1
    per opponent neighbour.
    """
    from cardgen.gyre.diagram import parse_diagram
    from cardgen.gyre.engine import parse_tile
    from cardgen.gyre.scoring import COLOURS, explain_text, score_grid, tile_scores
    from cardgen.gyre.scoring import explain as explain_tile

    state = parse_diagram(_read(file))
    game = state.game
    n = game.size
    totals = state.scores()
    per_tile = tile_scores(state.board, n)
    target = None
    if explain is not None:
        try:
            target = parse_tile(explain, n)
        except CardgenError:
            raise click.BadParameter(
                f"{explain!r}: expected ROW,COL from 1 to {n} (like 3,4) or a tile name like d3", param_hint="--explain"
            ) from None
    if as_json:
        out = {
            "size": n,
            "players": game.num_players,
            "scores": {COLOURS[p]: totals[p] for p in range(game.num_players)},
            "gyres": {COLOURS[p]: c for p, c in enumerate(state.gyre_counts())},
            "tiles": [per_tile[r * n : (r + 1) * n] for r in range(n)],
        }
        if target is not None:
            out["explain"] = explain_tile(state.board, n, target)
        click.echo(json.dumps(out, indent=2))
        return
    if target is not None:
        click.echo(explain_text(explain_tile(state.board, n, target)))
        return
    click.echo("  ".join(f"{COLOURS[p]} {totals[p]} ({c} gyres)" for p, c in enumerate(state.gyre_counts())))
    click.echo("\n".join(score_grid(state.board, n, per_tile, lambda t: str(per_tile[t]), 3)))


@click.command()
def highscores():
    """Show the Gyre high scores (best winning margin per board size and player count)."""
    from cardgen.gyre.highscore import highscore_path, load

    path = highscore_path()
    table = load(path)
    if not table:
        click.echo(f"no high scores yet ({path})")
        return
    for key in sorted(table):
        e = table[key]
        click.echo(f"{key:<10} {e.get('margin')!s:>5}  {e.get('winner', '?')}  {e.get('date', '')}")
