"""The Gyon-RG position as the terminal shows it (`cardgen play gyonrg`).

render(): both players' Victory Points and scrap yards, the board with each
fleet's owner, facing arrow, Captain's attack/shield and size, the turn, phase
and Action Points left, the effects in play, and the viewer's hand.
show(): one sector's fleet or one hand card with the card's diagrams as text
(`show c3`, `show 2`, `show scrap`). action_groups(): the legal actions by kind,
`end` last, for the numbered list.

The board is printed as the sectors are named: row 5 (blue's back row) at the
top, column a on the left, whoever is looking. GyonrgState (engine.py) calls
in here; this module reads the position and never changes it, and the rules
modules never import it.
"""

from __future__ import annotations

import textwrap

from cardgen.errors import CardgenError
from cardgen.numbers import all_digits, parse_int

from .actions import DEPLOY as DEPLOY_KIND
from .actions import END
from .board import (
    ATTACK,
    ATTACK_COST,
    DEPLOY,
    MAIN,
    MOVE,
    NAME_INDEX,
    NAMES,
    ROTATE,
    SECTORS,
    SHIELD,
    SPEED,
    STATS,
    N,
)
from .edition import DIRECTIONS
from .position import BOARD, DISCARD, KEEP, MULLIGAN, OVER, PHASE_NAMES, SPECIAL_PHASE, Position
from .text import _goal_rows, _pattern_rows, stars_text

WIDTH = 80  # the terminal
CELL = 9  # characters per sector on the board
MARKS = ("R", "B")
_COLOURS = ("\x1b[1;31m", "\x1b[1;34m")
_RESET = "\x1b[0m"

# Arrows in board directions (row 5 at the top), clockwise from "up".
ARROWS = "↑→↓←"
# Compass words for the arrows, for the `show` text.
_HEADINGS = ("up, towards row 5", "right, towards column e", "down, towards row 1", "left, towards column a")

# What a phase asks of the player (the board phase speaks for itself).
_PHASE_HINTS = {
    MULLIGAN: "keep your opening hand, or mulligan: shuffle it back and draw again (once)",
    SPECIAL_PHASE: "use one Special from your hand for this turn, or end",
    DISCARD: "discard cards you do not want, or end (then you draw up to {hand_size})",
    KEEP: "keep one Special back for {opponent}'s turn, or end your turn",
}

# The order a person reads the legal actions in: board actions first, `end` last.
KIND_ORDER = ("deploy", "replace", "move", "rotate", "attack", "promote", "special", "take", "discard", "mulligan")


def facing_arrow(owner: int, facing: int) -> str:
    """The board arrow of a fleet of seat `owner` turned `facing` quarter turns clockwise.

    At rest (facing 0) a fleet faces the opponent: red (seat 0) up, towards
    row 5, blue (seat 1) down, towards row 1. Both seats turn clockwise as
    seen from above, so one arrow table serves both, offset by a half turn.
    """
    return ARROWS[(facing + 2 * owner) % 4]


def _facing_words(owner: int, facing: int) -> str:
    turn = ("facing the opponent", "a quarter turn clockwise", "turned away from the opponent",
            "a quarter turn anticlockwise")[facing % 4]  # fmt: skip
    return f"{facing_arrow(owner, facing)} {_HEADINGS[(facing + 2 * owner) % 4]} ({turn})"


def _paint(text: str, owner: int, color: bool) -> str:
    return f"{_COLOURS[owner]}{text}{_RESET}" if color and owner in (0, 1) else text


def _fit(text: str, width: int = WIDTH) -> str:
    """One line cut to the width (names and tables; prose is wrapped instead)."""
    return text if len(text) <= width else text[: width - 1] + "…"


def _wrap(text: str, indent: str = "  ", hang: str = "      ") -> list[str]:
    """Prose wrapped to the terminal: first line at `indent`, the others at `hang`."""
    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=hang, break_on_hyphens=False) or [indent]


# ----- the position --------------------------------------------------------------


def render(state: Position, color: bool = False, player: int | None = None) -> str:
    """The position for the terminal as `player` may see it (None: the seat to play)."""
    g = state.game
    lines = [_player_line(state, p, color) for p in (1, 0)]
    lines.append("")
    lines += _board_lines(state, color)
    lines.append(f"{'':3}{ARROWS} facing · 5/4: Captain's attack/shield · x2: ships · ◇ main sector")
    if state.phase == OVER:
        assert state.winner is not None  # set with the phase
        lines.append("game over: " + ("draw" if state.winner == -1 else f"{g.player_name(state.winner)} wins"))
        return "\n".join(lines)
    status = f"turn {state.turn} · {g.player_name(state.player)} to play · {PHASE_NAMES[state.phase]} phase"
    if state.phase != MULLIGAN:
        status += f" · {state.ap} Action Point{'s' if state.ap != 1 else ''} left (of {g.ap})"
    lines.append(status)
    hint = _PHASE_HINTS.get(state.phase)
    if hint:
        lines.append("  " + hint.format(opponent=g.player_name(1 - state.player), hand_size=g.hand_size))
    lines += [w for t in _effect_lines(state) for w in _wrap(t)]
    viewer = state.player if player is None else player
    if viewer in (0, 1):
        lines.append("")
        lines += _hand_lines(state, viewer)
    return "\n".join(lines)


def _player_line(state: Position, p: int, color: bool) -> str:
    """Victory Points, hand, deck and the scrap yard (the latest scrapped cards by name, as many as fit)."""
    g = state.game
    name = g.player_name(p)
    line = f"{name:<5} VP {state.vp[p]:>2}/{g.vp_to_win}  hand {len(state.hands[p]):>2}  deck {len(state.decks[p]):>2}"
    scrap = state.scrap[p]
    line += f"  scrap {len(scrap)}"
    names = [g.cards[c].name for c in reversed(scrap)]  # the latest first
    for k in range(len(names), 0, -1):
        more = f", +{len(names) - k}" if k < len(names) else ""
        text = f"{line} (latest: {', '.join(names[:k])}{more})"
        if len(text) <= WIDTH:
            line = text
            break
    else:
        if names:
            line += " (show scrap)"
    return _paint(name, p, color) + line[len(name):]


def _cell(state: Position, sec: int, color: bool) -> str:
    owner = state.owner[sec]
    if owner == -1:
        text = "·" if sec not in MAIN else "◇" + MARKS[MAIN.index(sec)]
        return f"{text:^{CELL}}"
    fleet = state.board[sec]
    cap = fleet[0]
    text = (f"{MARKS[owner]}{facing_arrow(owner, state.facing[sec])}"
            f"{state.stat(cap, ATTACK)}/{state.stat(cap, SHIELD)}" + (f"x{len(fleet)}" if len(fleet) > 1 else ""))  # fmt: skip
    return _paint(f"{text:^{CELL}}", owner, color)


def _board_lines(state: Position, color: bool) -> list[str]:
    columns = ("   " + "".join(f"{ch:^{CELL}}" for ch in "abcde")).rstrip()
    lines = [columns]
    for r in range(N - 1, -1, -1):
        lines.append(f"{r + 1:>2} " + "".join(_cell(state, r * N + c, color) for c in range(N)) + f" {r + 1}")
    lines.append(columns)
    return lines


def _sector_of(state: Position, cid: int) -> int:
    return next((s for s in range(SECTORS) if cid in state.board[s]), -1)


def _effect_lines(state: Position) -> list[str]:
    """Specials in play: stat changes, discounts, jams, drains, a Special in use or kept back."""
    g = state.game
    cards = g.cards
    out = []
    ships: dict[tuple[int, int, int], list[str]] = {}  # one line per effect, however many ships it touches
    for expires, what, who, stat, amount in state.effects:
        words = STATS[stat].replace("_", " ")
        if what == "discount":
            out.append(f"{g.player_name(who)}: {words} {amount:+d} until turn {expires} starts")
        else:
            sec = _sector_of(state, who)
            ships.setdefault((stat, amount, expires), []).append(cards[who].name + (f" ({NAMES[sec]})" if sec >= 0 else ""))
    for (stat, amount, expires), names in ships.items():
        out.append(f"{STATS[stat].replace('_', ' ')} {amount:+d} until turn {expires} starts: {', '.join(names)}")
    for cid, expires in sorted(state.jams.items()):
        sec = _sector_of(state, cid)
        where = f" at {NAMES[sec]}" if sec >= 0 else ""
        out.append(f"{cards[cid].name}{where} is jammed (cannot attack) until turn {expires} starts")
    for p in (0, 1):
        if state.drain[p]:
            out.append(f"{g.player_name(p)} gets {state.drain[p]} Action Points fewer next turn")
        if state.kept[p] >= 0:
            out.append(f"{g.player_name(p)} keeps {cards[state.kept[p]].special[6]} back for the opponent's turn")
    if state.used >= 0:
        out.append(f"{g.player_name(state.player)} plays {cards[state.used].special[6]} this turn "
                   "(back to the hand after the board phase)")  # fmt: skip
    return out


def _hand_lines(state: Position, p: int) -> list[str]:
    """The hand as a table, one card a line; in the special phases each Special's text below its card."""
    g = state.game
    hand = state.hands[p]
    if not hand:
        return [f"{g.player_name(p)}'s hand is empty"]
    costs = state._deploy_costs(p)
    lines = [f"{g.player_name(p)}'s hand (dep: deploy cost in Action Points; show N: card N in full)",
             f"{'':4}{'ship':<24}{'element':<11}{'atk/sh':<7}{'spd':>3}{'dep':>4}  special (AP)"]  # fmt: skip
    texts = state.phase in (SPECIAL_PHASE, KEEP)
    for i, cid in enumerate(hand):
        ci = g.cards[cid]
        st = g.stats[cid]
        name = ci.name if len(ci.name) <= 23 else ci.name[:22] + "…"
        dep = f"{costs[i]:>4}" + (" " if costs[i] == st[DEPLOY] else "*")
        sp = ci.special
        lines.append(_fit(f"{i + 1:>3} {name:<24}{ci.card.element.name:<11}{st[ATTACK]:>3}/{st[SHIELD]:<3}"
                          f"{st[SPEED]:>3}{dep} {sp[6]} ({sp[5]})"))  # fmt: skip
        if texts:
            lines += _wrap(ci.card.special.text, " " * 8, " " * 8)
    if any(c != g.stats[cid][DEPLOY] for c, cid in zip(costs, hand)):
        lines.append("    * deploy cost changed by a Special in play")
    return lines


# ----- show ------------------------------------------------------------------------

SHOW_USAGE = "show SECTOR (a fleet, e.g. show c3), show N (card N of your hand) or show scrap"


def show(state: Position, what: str, player: int | None = None) -> str:
    """A sector's fleet, a hand card or the scrap yards, in full; CardgenError (one line) for a bad request."""
    viewer = state.player if player is None or player not in (0, 1) else player
    word = " ".join(what.split()).lower()
    if not word:
        raise CardgenError(f"show what? {SHOW_USAGE}")
    if word in NAME_INDEX:
        return show_sector(state, NAME_INDEX[word])
    if all_digits(word):
        hand = state.hands[viewer] if viewer in (0, 1) else []
        k = parse_int(word, 1, len(hand))
        if k is None:
            have = f"1 to {len(hand)}" if hand else "none: the hand is empty"
            raise CardgenError(f"no card {word[:12]!r} in {state.game.player_name(viewer)}'s hand (cards: {have})")
        return show_hand_card(state, viewer, k - 1)
    if word in ("scrap", "scrap yard", "scrapyard", "scrap yards"):
        return show_scrap(state)
    shown = what.strip()
    shown = shown if len(shown) <= 20 else shown[:20] + "…"
    plain = "" if shown.isascii() else " (in plain letters and digits)"
    raise CardgenError(f"cannot show {shown!r}: {SHOW_USAGE}{plain}")


def _diagram_block(card, board_map: list[str] | None = None, map_title: str = "") -> list[str]:
    """The card's weapon/blindspot and goal grid side by side (as printed), with a board map when given."""
    pat, goal = _pattern_rows(card), _goal_rows(card)
    left, mid = 24, 18 if board_map is not None else 0
    rows = board_map if board_map is not None else [""] * (len(pat) + 1)
    lines = [f"  {'weapon W, blindspot b':<{left}}{map_title:<{mid}}goal grid: {card.goal.name}"]
    for k, (p, g) in enumerate(zip(pat, goal)):
        lines.append(f"  {p:<{left}}{rows[k]:<{mid}}{g}")
    lines.append(f"  {'(top: the opponent)':<{left}}{rows[-1]:<{mid}}M: the opponent's main sector")
    if any("#" in r for r in pat + rows):
        lines.append("  #: in the weapon's range and in the blindspot")
    return [_fit(ln.rstrip()) for ln in lines]


def _deploy_lines(card) -> list[str]:
    sides = " · ".join(f"{d} {', '.join(card.deploy[d]) or '-'}" for d in DIRECTIONS)
    return _wrap(f"deploy beside it (up: towards the opponent): {sides}")


def _goal_sectors(state: Position, cid: int, p: int) -> str:
    values = state.game.cards[cid].goal_value[p]
    found = sorted(((v, s) for s, v in enumerate(values) if v > 0), key=lambda x: (-x[0], x[1]))
    return ", ".join(f"{NAMES[s]} {v}" for v, s in found) or "none"


def _board_map(state: Position, sec: int) -> list[str]:
    """A 5x5 map of the board (row 5 on top): S the fleet, W the sectors its Captain's weapon
    reaches with the fleet's facing now, b the sectors of its blindspot (# both)."""
    p = state.owner[sec]
    ci = state.game.cards[state.board[sec][0]]
    weapon = set(ci.weapon[p][state.facing[sec]][sec])
    blind = set(ci.blind_from[p][sec])
    rows = []
    for r in range(N - 1, -1, -1):
        cells = []
        for c in range(N):
            s = r * N + c
            cells.append("S" if s == sec else "#" if s in weapon and s in blind else
                         "W" if s in weapon else "b" if s in blind else "·")  # fmt: skip
        rows.append(f"{r + 1} " + " ".join(cells))
    rows.append("  a b c d e")
    return rows


def _stat_text(state: Position, cid: int, k: int, label: str) -> str:
    now, printed = state.stat(cid, k), state.game.stats[cid][k]
    return f"{label} {now}" + (f" (printed {printed})" if now != printed else "")


def _card_head(state: Position, cid: int) -> str:
    ci = state.game.cards[cid]
    card = ci.card
    drone = " · Drone" if ci.drone else ""
    return f"{ci.name} [{card.element.name}] {stars_text(card.stars)} {ci.serial}{drone}"


def show_sector(state: Position, sec: int) -> str:
    """Every ship of the fleet at `sec`, Captain first: stats (effective and printed), facing, diagrams."""
    g = state.game
    fleet = state.board[sec]
    if not fleet:
        main = f" ({g.player_name(MAIN.index(sec))}'s main sector)" if sec in MAIN else ""
        return f"{NAMES[sec]}{main}: no ships"
    p = state.owner[sec]
    f = state.facing[sec]
    what = f"fleet of {len(fleet)}" if len(fleet) > 1 else "ship"
    lines = [f"{NAMES[sec]}: {g.player_name(p)} {what}, facing {_facing_words(p, f)}"]
    if len(fleet) > 1:
        lines.append("  (the Captain's weapon, blindspot, deploy diagram and goal grid are the ones that count)")
    for k, cid in enumerate(fleet):
        ci = g.cards[cid]
        card = ci.card
        role = "Captain" if k == 0 else f"ship {k + 1}"
        lines.append("")
        lines.append(_fit(f"{k + 1}. {role}: {_card_head(state, cid)}"))
        stats = [_stat_text(state, cid, ATTACK, "attack"), _stat_text(state, cid, SHIELD, "shield"),
                 _stat_text(state, cid, SPEED, "speed")]  # fmt: skip
        costs = [_stat_text(state, cid, MOVE, "move"), _stat_text(state, cid, ROTATE, "rotate"),
                 _stat_text(state, cid, ATTACK_COST, "attack")]  # fmt: skip
        lines.append(_fit("  " + ", ".join(stats) + " · AP costs: " + ", ".join(costs)))
        if cid in state.jams:
            lines.append(f"  jammed: cannot attack until turn {state.jams[cid]} starts")
        if k == 0:
            lines += _diagram_block(card, _board_map(state, sec), "on the board now")
        else:
            lines += _diagram_block(card)
        lines += _deploy_lines(card)
        lines += _wrap(f"goal sectors of {g.player_name(p)} (VP for a Captain there): {_goal_sectors(state, cid, p)}")
        sp = card.special
        lines += _wrap(f"special {sp.name} ({sp.cost} AP): {sp.text}")
    return "\n".join(lines)


def show_hand_card(state: Position, p: int, i: int) -> str:
    """Card i of seat p's hand in full: costs (with p's discount), stats, diagrams, Special,
    and where it may be deployed now."""
    g = state.game
    cid = state.hands[p][i]
    ci = g.cards[cid]
    card = ci.card
    st = g.stats[cid]
    cost = state._deploy_costs(p)[i]
    dep = f"deploy {st[DEPLOY]}" + (f" (you pay {cost} now)" if cost != st[DEPLOY] else "")
    lines = [_fit(f"card {i + 1} of {g.player_name(p)}'s hand: {_card_head(state, cid)}"),
             f"  attack {st[ATTACK]}, shield {st[SHIELD]}, speed {st[SPEED]} · AP costs: {dep}, move {st[MOVE]}, "
             f"rotate {st[ROTATE]}, attack {st[ATTACK_COST]}"]  # fmt: skip
    lines[-1] = _fit(lines[-1])
    lines += _diagram_block(card)
    if p == 1:
        lines.append(f"  ({g.player_name(p)} plays from row 5: on the board the top of a diagram points to row 1)")
    lines += _deploy_lines(card)
    lines += _wrap(f"goal sectors of {g.player_name(p)} (VP for a Captain there): {_goal_sectors(state, cid, p)}")
    sp = card.special
    lines += _wrap(f"special {sp.name} ({sp.cost} AP): {sp.text}")
    if state.phase == BOARD and p == state.player:
        L = g.layout
        where = [NAMES[L.decode(a).sector] for a in state.legal_actions(p)
                 if L.decode(a).kind == DEPLOY_KIND and L.decode(a).hand == i]  # fmt: skip
        lines.append(f"  deploys now to: {', '.join(where)}" if where else "  cannot be deployed now")
    return "\n".join(lines)


def show_scrap(state: Position) -> str:
    """Both scrap yards, the latest scrapped card first."""
    g = state.game
    lines = []
    for p in (0, 1):
        yard = state.scrap[p]
        lines.append(f"{g.player_name(p)}'s scrap yard: {len(yard)} card{'s' if len(yard) != 1 else ''}"
                     + (" (latest first)" if len(yard) > 1 else ""))  # fmt: skip
        for cid in reversed(yard):
            st = g.stats[cid]
            lines.append(_fit(f"  {_card_head(state, cid)} · {st[ATTACK]}/{st[SHIELD]} · deploy {st[DEPLOY]}"))
    return "\n".join(lines)


# ----- the list of legal actions --------------------------------------------------


def action_groups(state: Position, actions: list[int], player: int | None = None) -> list[tuple[str, list[int]]]:
    """The actions grouped by kind in KIND_ORDER (unknown kinds next, by name), `end` (`keep`) last;
    numeric order within a kind. Only the display order: the numbers stay."""
    layout = state.game.layout
    by_kind: dict[str, list[int]] = {}
    for a in sorted(actions):
        by_kind.setdefault(layout.decode(a).kind, []).append(a)
    known = [k for k in KIND_ORDER if k in by_kind]
    unknown = sorted(k for k in by_kind if k not in KIND_ORDER and k != END)
    groups = [(k, by_kind[k]) for k in known + unknown]
    if END in by_kind:
        groups.append(("keep" if state.phase == MULLIGAN else END, by_kind[END]))
    return groups

