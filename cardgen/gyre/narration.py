"""What the Gyre terminal says: the events of a move, the result, `show`, and the game's help.

Gyre is a game of perfect information, so every seat is told the same: each rule that
fires gets one short line with its reason (a claim and what its tile scores, the gyres it
takes, the tiles a gyration moves and the gyres it puts to sleep, captures, the scores,
the end). The engine calls narrate_claim / narrate_gyration only while its state
narrates (State.narrate), so bots' searches never pay for the words.

This module reads positions through the few attributes it needs (engine.GyreState has
them all) and does not import the engine.
"""

from __future__ import annotations

from typing import Any

from cardgen.engine.protocol import TERMINAL
from cardgen.errors import CardgenError

from .scoring import COLOUR_NAMES, COLOURS, explain, explain_text, neighbour_table, score_grid, tile_name, tile_scores

PLAY_HELP = """\
gyre moves (a turn: any number of gyrations, then one claim, which ends the turn):
  c3         claim the empty tile c3 (column c, row 3; a1 is the top-left corner)
  c3+        turn the gyre at c3's lower-right corner clockwise: the four tiles
             around it move c3 -> d3 -> d4 -> c4 -> c3 (empty squares move too)
  c3-        the same gyre anticlockwise: c3 -> c4 -> d4 -> d3 -> c3
             You may turn only your own active gyres: a gyration makes every gyre
             at a corner of its four tiles inactive until you claim.
             Also typed: 'claim c3', 'cw c3', 'acw c3', or '3,3' (row,column) to claim.
  list claims / list gyrations   only the claims / only the gyrations
show:
  show c3        how tile c3 scores (the rulebook's popup); on an empty tile, what
                 claiming it now would score and which gyres it would take
  show scores    every tile's score on the board
  show gyres     the gyres each colour owns, and which are inactive this turn
  show gyre c3   the gyre at c3's lower-right corner: its owner and its four tiles
board legend:
  R B G Y    a tile of red, blue, green, yellow      .   an empty tile
  r b g y    a gyre owned by that colour; it sits between the rows, at the
             lower-right corner of the tile named like it (gyre c3: below and
             right of c3)
  (r)        an owned gyre inactive until the turn ends (a gyration moved its tiles)
  +          a gyre nobody owns yet
  The board is a torus: row 1 touches the last row, column a the last column.
rules in brief: a claim next to an opponent's tile takes the unowned gyres at the
corners the two share (one for a diagonal neighbour, two for a side). A tile scores
1, doubled for each of its 8 neighbours of its colour, minus 1 for each opponent
neighbour; a tile whose 8 neighbours all belong to one opponent is captured by them.
When every tile is claimed, the highest total score wins; gyres do not score."""


def _names(items: list[str], most: int = 8) -> str:
    """'a, b and c', cut short after `most`."""
    if len(items) > most:
        items = items[:most] + [f"{len(items) - most} more"]
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def score_line(before: list[int], after: list[int]) -> str:
    """'score: R 12 (+3), B 5 (-1)': each colour's total, with its change where it changed."""
    parts = []
    for p, (a, b) in enumerate(zip(before, after)):
        change = f" ({b - a:+d})" if b != a else ""
        parts.append(f"{COLOURS[p]} {b}{change}")
    return "score: " + ", ".join(parts)


def tile_reason(board: list[int], size: int, t: int) -> str:
    """Why tile t scores what it scores, in a few words: 'x4 for 2 R neighbours, -1 for 1 B'."""
    info = explain(board, size, t)
    same, opp = info["same"], info["opponent"]
    if not same and not opp:
        return "it scores 1 (no occupied neighbour)"
    parts = []
    if same:
        parts.append(f"x{1 << same} for {_plural(same, 'own neighbour')}")
    if opp:
        parts.append(f"-{opp} for {_plural(opp, 'opponent neighbour')}")
    return f"it scores {info['score']} ({', '.join(parts)})"


def _captures(before: list[int], after: list[int], skip: int = -1) -> dict[int, list[int]]:
    """Tiles that changed colour (captures), by captor: {colour: [tiles]}."""
    out: dict[int, list[int]] = {}
    for t, (a, b) in enumerate(zip(before, after)):
        if a and b != a and t != skip:
            out.setdefault(b, []).append(t)
    return out


def _tell_captures(state: Any, taken: dict[int, list[int]]) -> None:
    n = state.game.size
    for captor, tiles in sorted(taken.items()):
        who = COLOURS[captor - 1]
        names = _names([tile_name(t, n) for t in tiles])
        each = "it" if len(tiles) == 1 else "each"
        state.tell(f"{who} captures {names}: 8 {who} tiles surround {each}")


def _tell_end(state: Any) -> None:
    if state.player != TERMINAL:
        return
    final = ", ".join(f"{COLOURS[p]} {v}" for p, v in enumerate(state.scores()))
    state.tell(f"all {state.game.nn} tiles are claimed: the game ends; final score {final}, the highest wins")


def narrate_claim(state: Any, mover: int, t: int, board_before: list[int], gyres_before: list[int],
                  scores_before: list[int]) -> None:  # fmt: skip
    """The events of mover's claim of tile t (already applied to `state`)."""
    game = state.game
    n = game.size
    me = COLOURS[mover]
    name = tile_name(t, n)
    board = state.board
    if board[t] == mover + 1:
        state.tell(f"{me} claims {name}: {tile_reason(board, n, t)}")
    else:
        state.tell(f"{me} claims {name}, a hole all 8 of whose neighbours are {COLOURS[board[t] - 1]}")
    won = [g for g in range(game.nn) if state.gyres[g] and not gyres_before[g]]
    if won:
        others = sorted({board_before[x] for x in neighbour_table(n)[t] if board_before[x] and board_before[x] != mover + 1})
        whose = "an opponent's" if len(others) != 1 else COLOURS[others[0] - 1] + "'s"
        state.tell(f"{me} takes {'gyre' if len(won) == 1 else 'gyres'} {_names([tile_name(g, n) for g in won])}: "
                   f"{'a corner' if len(won) == 1 else 'corners'} of {name} shared with {whose} tiles")  # fmt: skip
    taken = _captures(board_before, board)
    if board[t] != mover + 1:
        state.tell(f"{COLOURS[board[t] - 1]} captures {name} at once: 8 {COLOURS[board[t] - 1]} tiles surround it")
    _tell_captures(state, taken)
    after = state.scores()
    if after != scores_before:
        state.tell(score_line(scores_before, after))
    _tell_end(state)


def narrate_gyration(state: Any, mover: int, g: int, d: int, board_before: list[int], scores_before: list[int]) -> None:
    """The events of mover's gyration of gyre g (d 0 clockwise, 1 anticlockwise), already applied."""
    game = state.game
    n = game.size
    me = COLOURS[mover]
    ring = game.tables[2][g]
    way = "clockwise" if d == 0 else "anticlockwise"
    # where each of the four squares went: clockwise TL -> TR -> BR -> BL -> TL
    step = 1 if d == 0 else 3
    moved = []
    for i, x in enumerate(ring):
        v = board_before[x]
        if v:
            moved.append(f"{COLOURS[v - 1]} {tile_name(x, n)}->{tile_name(ring[(i + step) % 4], n)}")
    head = f"{me} turns gyre {tile_name(g, n)} {way}"
    colours = {board_before[x] for x in ring}
    if not moved:
        state.tell(f"{head}: its four squares are empty, nothing moves")
    elif len(colours) == 1:
        state.tell(f"{head}: its four tiles are all {COLOURS[board_before[ring[0]] - 1]}, nothing changes")
    else:
        state.tell(f"{head}: {', '.join(moved)}")
    asleep = [h for h in game.tables[3][g] if state.gyres[h] == mover + 1]
    awake = [h for h in state.owned[mover] if state.deact[h] != state.turn]
    tail = "" if awake else "; no active gyre left"
    if state.gyrations >= game.gyration_bound:
        tail = f"; no more gyrations this turn (at most {game.gyration_bound})"
    state.tell(f"{me}'s {'gyre' if len(asleep) == 1 else 'gyres'} {_names([tile_name(h, n) for h in asleep])} "
               f"{'is' if len(asleep) == 1 else 'are'} inactive until {me} claims{tail}")  # fmt: skip
    turned = board_before[:]  # the board after the turn, before captures
    for i, x in enumerate(ring):
        turned[ring[(i + step) % 4]] = board_before[x]
    _tell_captures(state, _captures(turned, state.board))
    after = state.scores()
    if after != scores_before:
        state.tell(score_line(scores_before, after))


def _winners(state: Any) -> tuple[list[int], list[int]]:
    s = state.scores()
    best = max(s)
    return s, [p for p, v in enumerate(s) if v == best]


def result_line(state: Any) -> str:
    """'winner R, with the highest score: R 140, B 96 (gyres R 10, B 9, not scored)'."""
    s, top = _winners(state)
    counts = state.gyre_counts()
    scores = ", ".join(f"{COLOURS[p]} {v}" for p, v in enumerate(s))
    gyres = ", ".join(f"{COLOURS[p]} {c}" for p, c in enumerate(counts))
    if len(top) == 1:
        head = f"winner {COLOURS[top[0]]}, with the highest score"
    else:
        head = f"tie between {_names([COLOURS[p] for p in top])}, who share the highest score"
    return f"{head}: {scores} (gyres {gyres}, not scored)"


def result_text(state: Any, viewer: int | None = None) -> str:
    """The end: who won by the highest score once every tile is claimed, the scores, the gyres."""
    if state.player != TERMINAL:
        s = state.scores()
        return "game not over: score " + ", ".join(f"{COLOURS[p]} {v}" for p, v in enumerate(s))
    _, top = _winners(state)
    line = result_line(state)
    if viewer is None or not 0 <= viewer < state.game.num_players:
        return line
    you = "you win" if top == [viewer] else "you share the win" if viewer in top else "you lose"
    return f"{line}; {you} ({COLOURS[viewer]})"


# -- show ----------------------------------------------------------------------------------


def show(state: Any, what: str, parse_tile) -> str:
    """`show WHAT` at the terminal: a tile's score, every tile's score, the gyres, one gyre."""
    game = state.game
    n = game.size
    words = what.strip().lower().split()
    usage = ("show c3 (how tile c3 scores), show scores (every tile), show gyres (who owns which), "
             "show gyre c3 (the gyre at c3's lower-right corner)")  # fmt: skip
    if not words:
        return "show what? " + usage
    if words == ["scores"] or words == ["score"]:
        return _show_scores(state)
    if words == ["gyres"]:
        return _show_gyres(state)
    if words[0] == "gyre" and len(words) == 2:
        return _show_gyre(state, parse_tile(words[1].rstrip("+-"), n))
    if len(words) == 1:
        try:
            t = parse_tile(words[0], n)
        except CardgenError:
            raise CardgenError(f"nothing to show called {what.strip()!r}: {usage}") from None
        return _show_tile(state, t)
    raise CardgenError(f"nothing to show called {what.strip()!r}: {usage}")


def _show_tile(state: Any, t: int) -> str:
    game = state.game
    n = game.size
    text = explain_text(explain(state.board, n, t))
    if state.board[t] or state.player == TERMINAL:
        return text
    # an empty tile: what the player to move would get by claiming it now
    p = state.player
    after = state.clone()
    after.apply_action(t)
    lines = [text]
    if after.board[t] == p + 1:
        lines.append(f"if {COLOURS[p]} claims it now: {tile_reason(after.board, n, t)}")
    else:
        lines.append(f"if {COLOURS[p]} claims it now, {COLOURS[after.board[t] - 1]} captures it at once")
    won = [g for g in range(game.nn) if after.gyres[g] and not state.gyres[g]]
    if won:
        lines.append(f"  and takes {'gyre' if len(won) == 1 else 'gyres'} {_names([tile_name(g, n) for g in won])}")
    lines.append("  " + score_line(state.scores(), after.scores()))
    return "\n".join(lines)


def _show_scores(state: Any) -> str:
    n = state.game.size
    per_tile = tile_scores(state.board, n)
    out = ["tile scores ('.' empty):"]
    out += score_grid(state.board, n, per_tile, lambda t: COLOURS[state.board[t] - 1] + str(per_tile[t]), 4)
    s = state.scores()
    out.append("total: " + ", ".join(f"{COLOURS[p]} {v}" for p, v in enumerate(s)))
    return "\n".join(out)


def _show_gyres(state: Any) -> str:
    n = state.game.size
    asleep = set(state.inactive_gyres())
    out = []
    for p in range(state.game.num_players):
        mine = state.owned[p]
        names = [tile_name(g, n) + (" (inactive)" if g in asleep else "") for g in mine]
        out.append(f"{COLOURS[p]} ({COLOUR_NAMES[p]}) owns {_plural(len(mine), 'gyre')}" + (": " + ", ".join(names) if names else ""))
    out.append("a gyre is inactive until the turn ends once a gyration moved one of its four tiles")
    return "\n".join(out)


def _show_gyre(state: Any, g: int) -> str:
    game = state.game
    n = game.size
    ring = game.tables[2][g]
    owner = state.gyres[g]
    who = f"owned by {COLOURS[owner - 1]}" if owner else "owned by nobody"
    if owner and g in set(state.inactive_gyres()):
        who += ", inactive until this turn ends"
    tiles = ", ".join(f"{tile_name(x, n)} {'.RBGY'[state.board[x]]}" for x in ring)
    tl, tr, br, bl = (tile_name(x, n) for x in ring)
    return (f"gyre {tile_name(g, n)} ({who}): at the corner of {tiles}\n"
            f"  {tile_name(g, n)}+ moves {tl} -> {tr} -> {br} -> {bl} -> {tl}; "
            f"{tile_name(g, n)}- the other way")  # fmt: skip


__all__ = ["PLAY_HELP", "narrate_claim", "narrate_gyration", "result_text", "result_line", "show"]
