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
from .narration import ARROWS, facing_arrow
from .position import BOARD, DISCARD, KEEP, MULLIGAN, OVER, PHASE_NAMES, SALVAGE, SPECIAL_PHASE, Position
from .text import _goal_rows, _pattern_rows, stars_text

WIDTH = 80  # the terminal
CELL = 9  # characters per sector on the board
MARKS = ("R", "B")
_COLOURS = ("\x1b[1;31m", "\x1b[1;34m")
_RESET = "\x1b[0m"

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
    """The position for the terminal as `player` may see it (None: everything, both hands)."""
    g = state.game
    lines = [_player_line(state, p, color) for p in (1, 0)]
    lines.append("")
    lines += _board_lines(state, color)
    lines.append(f"{'':3}R red, B blue · {ARROWS} facing · 5/4: Captain's attack/shield · x2: ships")
    lines.append(f"{'':3}◇ main sector · · empty · VP +N next: what its Captains on goal sectors score")
    if state.phase == OVER:  # the reason follows the board (result_text): not said twice
        lines.append(f"turn {min(state.turn, g.max_turns)} · the game is over")
        return "\n".join(lines)
    status = f"turn {state.turn} · {g.player_name(state.player)} to play · {PHASE_NAMES[state.phase]} phase"
    if state.phase != MULLIGAN:
        status += f" · {state.ap} Action Point{'s' if state.ap != 1 else ''} left (of {g.ap})"
    lines.append(status)
    hint = _PHASE_HINTS.get(state.phase)
    if hint:
        lines.append("  " + hint.format(opponent=g.player_name(1 - state.player), hand_size=g.hand_size))
    lines += [w for t in _main_sector_lines(state) + _effect_lines(state) for w in _wrap(t)]
    # a seat sees its own hand; everything (None: an open table, a replay in full) both hands,
    # the seat to play first
    for p in ((state.player, 1 - state.player) if player is None else (player,)):
        if p in (0, 1):
            lines.append("")
            lines += _hand_lines(state, p)
    return "\n".join(lines)


def income(state: Position, p: int) -> int:
    """The Victory Points seat p's Captains would score if its turn started now (on goal sectors)."""
    goals = state.game.goal_values
    return sum(goals[fleet[0]][p][s] for s, fleet in enumerate(state.board) if fleet and state.owner[s] == p)


def _player_line(state: Position, p: int, color: bool) -> str:
    """Victory Points (and what its Captains on goal sectors would add at the start of its turn), hand,
    deck and the scrap yard (the latest scrapped cards by name, as many as fit)."""
    g = state.game
    name = g.player_name(p)
    coming = income(state, p)
    vp = f"VP {state.vp[p]:>2}/{g.vp_to_win}" + (f" +{coming} next" if coming and state.phase != OVER else "")
    line = f"{name:<5} {vp}  hand {len(state.hands[p]):>2}  deck {len(state.decks[p]):>2}"
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
    if sec in MAIN and len(text) < CELL - 1:  # a main sector stays marked under a fleet (where it fits)
        text += "◇"
    return _paint(f"{text:^{CELL}}", owner, color)


def _board_lines(state: Position, color: bool) -> list[str]:
    columns = ("   " + "".join(f"{ch:^{CELL}}" for ch in "abcde")).rstrip()
    lines = [columns]
    for r in range(N - 1, -1, -1):
        lines.append(f"{r + 1:>2} " + "".join(_cell(state, r * N + c, color) for c in range(N)) + f" {r + 1}")
    lines.append(columns)
    return lines


def _main_sector_lines(state: Position) -> list[str]:
    """Where each side's coming Victory Points come from (its Captains on goal sectors), and a
    fleet on the opponent's main sector: it wins if it is still there when its turn starts."""
    g = state.game
    goals = g.goal_values
    out = []
    for p in (0, 1):
        found = [f"{NAMES[s]} {goals[fleet[0]][p][s]}" for s, fleet in enumerate(state.board)
                 if fleet and state.owner[s] == p and goals[fleet[0]][p][s]]  # fmt: skip
        if found:
            out.append(f"{g.player_name(p)} scores next (Captains on goal sectors): {', '.join(found)}")
    for p in (0, 1):
        sec = MAIN[1 - p]
        if state.owner[sec] == p:
            who, opp = g.player_name(p), g.player_name(1 - p)
            out.append(f"{who} holds {opp}'s main sector {NAMES[sec]}: it wins if still there when its turn starts")
    return out


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



# ----- what the other seat reads, and the terminal's help ----------------------------------

def public_action_text(state: Position, action: int) -> str:
    """A move as the other seat reads it before it is played. A card of the hand is never named
    nor placed (its number is its place in a hidden hand): `plays a Special from its hand`,
    `deploys a ship from its hand`, `discards a card`; the events that follow name the card
    once the rules put it in the open. Moves on the board, `end` and picks from the open scrap
    yard read as their owner types them."""
    act = state.game.layout.decode(action)
    kind = act.kind
    if kind == "special":
        return "keeps a Special back for the opponent's turn" if state.phase == KEEP else "plays a Special from its hand"
    if kind == DEPLOY_KIND:
        return "deploys a ship from its hand"
    if kind == "replace":
        return "replaces a Drone with a ship from its hand"
    if kind == "discard":
        return "discards a card"
    if kind == "take" and state.phase == SALVAGE:
        pile = state.scrap[state.player]
        if 0 <= act.hand < len(pile):
            return f"takes {state.game.cards[pile[act.hand]].name} back from its scrap yard"
    return state.action_to_string(action)


PLAY_HELP = """\
Gyon-RG moves (type the text, or its number in 'list'; a card's number is its place in
your hand, and the cards after it move up when it leaves):
  keep / mulligan     before turn 1: keep your opening hand, or draw a new one (once)
  special 3 d4        play the Special of hand card 3 on the fleet in d4 (some need no
                      sector, a teleport two: special 3 b2 d4 moves b2's fleet to d4)
  deploy 2 c1         put hand card 2 on the board in c1 (your first ship: your main sector)
  replace 1 c3        replace your Drone in c3 with hand card 1
  move b2 b4          move the whole fleet in b2 to b4; move b2 b4 1,3: only its ships 1 and 3
  rotate b2 cw        turn the fleet in b2 a quarter turn clockwise (ccw, back: a half turn)
  attack b2 c4        attack the enemy fleet in c4 with your fleet in b2
  promote c3 2        make ship 2 of the fleet in c3 its Captain (equal shield and attack)
  discard 4           end of turn: put hand card 4 in your scrap yard
  take 2              after a salvage Special: take card 2 of your scrap yard back
  end                 end this phase: no Special, no more board actions or discards
show:
  show c3             the fleet in c3: each ship's stats, its weapon, blindspot and goal grid,
                      and a map of the sectors its Captain's weapon reaches now
  show 2              card 2 of your hand in full, and where you can deploy it now
  show scrap          both scrap yards, the latest scrapped first
the board (row 5, blue's back row, on top; red plays from row 1):
  R↑5/4x2             a red fleet facing up: its Captain's attack 5 / shield 4, 2 ships
  B↓3/3               a blue ship facing down; at rest red's fleets point up, blue's down,
                      at the opponent; → ← ↓ ↑ : turned by a rotation until it attacks
  ◇R  ◇B  ·           red's main sector c1, blue's main sector c5 (empty), an empty sector;
                      R↑5/4◇: a ship on a main sector
  VP 3/10 +4 next     Victory Points: 3 now, +4 when its turn starts if its Captains stay on
                      their goal sectors; 10 win, or hold the enemy main sector at your turn's start
in show: S the ship, W its weapon's range, b its blindspot, # both; goal grid: X a goal
  sector (VP = deploy cost, +1 on row 4 '+', +2 on row 5 '++'), M the enemy main sector"""
