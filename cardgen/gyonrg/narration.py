"""Gyon-RG's events in words: the line each rule that fires tells the players (State.tell).

The rules (rules.py) call in here only while a position narrates (`_told` is not None), so
the bots' searches, whose clones never narrate, pay nothing for the words. Each function
reads the position, and what the rule saw before it changed it, and says what happened and
why: one short line per event, in words both seats may read. A card is named once it is in
the open (on the board, in a scrap yard, a Special put aside for the opponent to read);
the cards a seat draws are named to that seat alone.

No rule is decided here: the rules decide, these functions only describe.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence

from .board import ATTACK, DEPLOY, MAIN, NAMES, SHIELD, STATS
from .position import Position

LINE = 100  # an event's line at most (a longer list of cards goes on over more lines)

# Arrows in board directions (row 5 at the top), clockwise from "up" (the view draws them too).
ARROWS = "↑→↓←"
TURNS = {1: "a quarter turn clockwise", -1: "a quarter turn anticlockwise", 2: "a half turn"}


def facing_arrow(owner: int, facing: int) -> str:
    """The board arrow of a fleet of seat `owner` turned `facing` quarter turns clockwise: at rest
    red (seat 0) points up, towards row 5, blue (seat 1) down, towards row 1."""
    return ARROWS[(facing + 2 * owner) % 4]


def who(state: Position, p: int) -> str:
    return state.game.player_name(p)


def card(state: Position, cid: int) -> str:
    return state.game.cards[cid].name


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def ap_left(state: Position, cost: int) -> str:
    return f"{cost} AP ({state.ap} left)"


def _lines(head: str, items: Sequence[str], indent: str = "  ") -> list[str]:
    """`head` followed by the items, ', '-joined; lines of at most LINE characters, the later ones indented."""
    lines, line = [], head
    for k, item in enumerate(items):
        piece = item if k == 0 else ", " + item
        if len(line) + len(piece) + 1 > LINE and line.strip():  # room for the comma ending the line
            lines.append(line + ("," if k else ""))
            line = indent + item
        else:
            line += piece
    lines.append(line)
    return lines


def tell_list(state: Position, head: str, items: Sequence[str]) -> None:
    """One event naming several things, over as many lines as it takes."""
    for line in _lines(head, items):
        state.tell(line)


def until(state: Position, expires: int, p: int) -> str:
    """When an effect of seat p's Special, that runs out at the start of turn `expires`, ends."""
    if expires <= state.turn + 1:
        return "until this turn ends"
    return f"until {who(state, p)}'s next turn (turn {expires})"


def special_used(state: Position, p: int, cid: int, keep: bool) -> None:
    """Seat p puts the card cid aside for its Special, in the open ("for the opponent to know")."""
    ci = state.game.cards[cid]
    name, cost = ci.special[6], ci.special[5]
    state.tell(f"{who(state, p)} plays the Special {name} of {ci.name} for {ap_left(state, cost)}")
    if keep:
        state.tell(f"kept back for {who(state, 1 - p)}'s turn: it acts now, the card returns to {who(state, p)}'s "
                   "hand when that turn ends")  # fmt: skip
    for line in textwrap.wrap(f"'{ci.card.special.text}'", LINE, subsequent_indent="  "):
        state.tell(line)


# ----- cards in and out of the hand ------------------------------------------------


def draws(state: Position, p: int, drawn: Sequence[int], why: str) -> None:
    """Seat p drew `drawn`: everyone learns how many and why, p alone which cards."""
    if not drawn:
        return
    public = f"{who(state, p)} draws {plural(len(drawn), 'card')} ({why})"
    lines = _lines(public + ": ", [card(state, c) for c in drawn])
    state.tell(public, seat=p, private=lines[0])
    for line in lines[1:]:
        state.tell(None, seat=p, private=line)


def mulligan(state: Position, p: int, took: bool, returned: int) -> None:
    if took:
        state.tell(f"{who(state, p)} takes its mulligan: its {plural(returned, 'card')} go back, the deck "
                   "is shuffled and it draws again")  # fmt: skip
    else:
        state.tell(f"{who(state, p)} keeps its opening hand")


# ----- the start of a turn -----------------------------------------------------------


def effects_end(state: Position, expired: Iterable[tuple]) -> None:
    """Effects of Specials that ran out at the start of this turn."""
    ships: dict[tuple[int, int], list[str]] = {}
    for _, what, whom, stat, amount in expired:
        if what == "discount":
            state.tell(f"{who(state, whom)}'s deploy cost {amount:+d} (a Special) runs out")
        else:
            sec = sector_of(state, whom)
            ships.setdefault((stat, amount), []).append(card(state, whom) + (f" ({NAMES[sec]})" if sec >= 0 else ""))
    for (stat, amount), names in ships.items():
        tell_list(state, f"{STATS[stat].replace('_', ' ')} {amount:+d} (a Special) runs out on ", names)


def jams_end(state: Position, ended: Iterable[int]) -> None:
    for cid in ended:
        sec = sector_of(state, cid)
        if sec >= 0:
            state.tell(f"{card(state, cid)} at {NAMES[sec]} may attack again: its jam ran out")


def captains(state: Position) -> list[int]:
    """The Captain of every sector (-1: empty), to tell later which ones changed."""
    return [f[0] if f else -1 for f in state.board]


def captain_changes(state: Position, before: list[int]) -> None:
    """Fleets whose order changed (a ship's shield or attack changed): the new Captain and why."""
    for sec, fleet in enumerate(state.board):
        if fleet and before[sec] != -1 and fleet[0] != before[sec] and before[sec] in fleet:
            cid = fleet[0]
            state.tell(f"{card(state, cid)} ({state.stat(cid, ATTACK)}/{state.stat(cid, SHIELD)}) is now the "
                       f"Captain at {NAMES[sec]}: fleets are ordered by shield, then attack")  # fmt: skip


def victory_points(state: Position, p: int) -> None:
    """The Victory Points seat p counts at the start of its turn, Captain by Captain."""
    g = state.game
    total = 0
    for s in range(len(state.board)):
        if state.owner[s] != p:
            continue
        cid = state.board[s][0]
        v = g.cards[cid].goal_value[p][s]
        if v <= 0:
            continue
        total += v
        base = g.stats[cid][DEPLOY]
        row = s // 5 + 1 if p == 0 else 5 - s // 5
        extra = {1: f" +1 for row {row}", 2: f" +2 for row {row}"}.get(v - base, "")
        state.tell(f"{who(state, p)} scores {v} VP: {card(state, cid)} on goal sector {NAMES[s]} "
                   f"(deploy cost {base}{extra})")  # fmt: skip
    if total:
        state.tell(f"{who(state, p)} has {state.vp[p]} Victory Points ({g.vp_to_win} win)")


def action_points(state: Position, p: int, drained: int, bonus: int) -> None:
    g = state.game
    why = []
    if drained:
        why.append(f"{g.ap} - {drained} drained by {who(state, 1 - p)}'s Special")
    if bonus:
        why.append(f"+{bonus} for the second player's first turn")
    state.tell(f"{who(state, p)} has {plural(state.ap, 'Action Point')} this turn" + (f" ({'; '.join(why)})" if why else ""))


# ----- the end of the game -----------------------------------------------------------


def end_reason(state: Position) -> str:
    """Why the game ended, with the final Victory Points (the game must be over)."""
    g = state.game
    w = state.winner
    vp = f"VP {who(state, 0)} {state.vp[0]}, {who(state, 1)} {state.vp[1]}"
    if w is None:
        return "the game is not over"
    if state.turn > g.max_turns:
        if w == -1:
            return f"draw: the turn limit ({g.max_turns} turns) passed with equal Victory Points; {vp}"
        return f"{who(state, w)} wins on Victory Points at the turn limit ({g.max_turns} turns); {vp}"
    if w < 0:
        return f"draw; {vp}"
    conquest = state.owner[MAIN[1 - w]] == w
    if state.vp[w] >= g.vp_to_win:
        also = f" (and holds {who(state, 1 - w)}'s main sector)" if conquest else ""
        return f"{who(state, w)} wins with {state.vp[w]} Victory Points, {g.vp_to_win} needed{also}; {vp}"
    return (f"{who(state, w)} wins by conquest: it holds {who(state, 1 - w)}'s main sector {NAMES[MAIN[1 - w]]} "
            f"as its turn starts; {vp}")  # fmt: skip


# ----- the board -----------------------------------------------------------------------


def sector_of(state: Position, cid: int) -> int:
    return next((s for s, fleet in enumerate(state.board) if cid in fleet), -1)


def fleet_words(state: Position, sec: int) -> str:
    """'Falcon (3/4)' for a lone ship, 'its fleet of 3 (Captain Falcon 3/4)' for more."""
    fleet = state.board[sec]
    cap = fleet[0]
    ship = f"{card(state, cap)} ({state.stat(cap, ATTACK)}/{state.stat(cap, SHIELD)})"
    return ship if len(fleet) == 1 else f"a fleet of {len(fleet)} (Captain {ship})"


def deployed(state: Position, p: int, cid: int, sec: int, cost: int, joined: bool) -> None:
    g = state.game
    el = g.cards[cid].card.element.name
    where = " (its main sector)" if sec == MAIN[p] else ""
    state.tell(f"{who(state, p)} deploys {card(state, cid)} ({state.stat(cid, ATTACK)}/{state.stat(cid, SHIELD)}, "
               f"{el}) to {NAMES[sec]}{where} for {ap_left(state, cost)}")  # fmt: skip
    if joined:
        state.tell(f"{NAMES[sec]} now holds {fleet_words(state, sec)}")


def replaced(state: Position, p: int, drone: int, cid: int, sec: int, cost: int) -> None:
    state.tell(f"{who(state, p)} replaces its Drone {card(state, drone)} at {NAMES[sec]} with {card(state, cid)}")
    state.tell(f"for {ap_left(state, cost)}: a Drone may be replaced by any ship; it goes to the scrap yard")
    if len(state.board[sec]) > 1:
        state.tell(f"{NAMES[sec]} now holds {fleet_words(state, sec)}")


def moved(state: Position, p: int, src: int, dest: int, group: list[int], had: int, cost: int, joined: bool) -> None:
    """A move of `group` (the moving ships, their Captain first) out of a fleet of `had` ships."""
    lead = f"{card(state, group[0])}"
    if len(group) == had:
        what = lead if had == 1 else f"its fleet of {had} (Captain {lead})"
    elif len(group) == 1:
        what = f"{lead} out of its fleet of {had}"
    else:
        what = f"{len(group)} of its {had} ships (led by {lead})"
    state.tell(f"{who(state, p)} moves {what} from {NAMES[src]} to {NAMES[dest]} for {ap_left(state, cost)}")
    if joined:
        state.tell(f"they join the fleet there: {NAMES[dest]} holds {fleet_words(state, dest)}")
    if len(group) < had:
        state.tell(f"{NAMES[src]} keeps {fleet_words(state, src)}")
    if dest == MAIN[1 - p]:
        state.tell(f"{who(state, p)} occupies {who(state, 1 - p)}'s main sector: held at the start of "
                   f"{who(state, p)}'s next turn, it wins")  # fmt: skip


def rotated(state: Position, p: int, sec: int, turn: int, cost: int) -> None:
    arrow = facing_arrow(p, state.facing[sec])
    state.tell(f"{who(state, p)} turns its fleet at {NAMES[sec]} {TURNS[turn]} (now {arrow}) for {ap_left(state, cost)}")


def attacked(state: Position, p: int, src: int, dest: int, points: int, power: list[int], blind: bool,
             target: list[tuple[int, int]], lost: int, cost: int) -> None:  # fmt: skip
    """An attack from src on dest: `points` of which the fleet's attack `power` (per ship) and
    +1 from the blindspot; `target` the (card, shield) of each ship there before, Captain first;
    `lost` how many of them fell."""
    g = state.game
    opp = 1 - p
    what = "fleet" if len(target) > 1 else "ship"
    state.tell(f"{who(state, p)} attacks {who(state, opp)}'s {what} at {NAMES[dest]} from {NAMES[src]} (in its "
               f"Captain's weapon range) for {ap_left(state, cost)}")  # fmt: skip
    parts = "+".join(map(str, power))
    sum_words = f"attack {parts} of its {len(power)} ships" if len(power) > 1 else "its attack"
    blind_words = f", +1 from {card(state, target[0][0])}'s blindspot" if blind else ""
    state.tell(f"attack points {points} ({sum_words}{blind_words}) against shield {target[0][1]}")
    left = points
    for k, (cid, shield) in enumerate(target[:lost]):
        if k == 0:
            why = f"{left} > shield {shield}"
        else:
            why = f"{plural(left, 'point')} left {'>=' if g.at_least else '>'} shield {shield}"
        left -= shield
        role = "Captain " if k == 0 else ""
        state.tell(f"{role}{card(state, cid)} is destroyed ({why}): {plural(left, 'point')} left")
    if lost < len(target):
        cid, shield = target[lost]
        rule = f"less than its shield {shield}" if g.at_least else f"not more than its shield {shield}"
        state.tell(f"{card(state, cid)} survives: {plural(left, 'point')} left, {rule}")
        state.tell(f"{plural(lost, 'ship')} to {who(state, opp)}'s scrap yard; {NAMES[dest]} now holds "
                   f"{fleet_words(state, dest)}")  # fmt: skip
    else:
        state.tell(f"{NAMES[dest]} is empty: {plural(lost, 'ship')} to {who(state, opp)}'s scrap yard")
    if opp not in state.owner:
        state.tell(f"{who(state, opp)} has no ship on the board: its main sector cannot be entered until it "
                   "deploys again")  # fmt: skip


def destroyed_by_special(state: Position, p: int, sec: int, cid: int, shield: int, amount: int) -> None:
    opp = 1 - p
    state.tell(f"{card(state, cid)}, {who(state, opp)}'s Captain at {NAMES[sec]}, is destroyed (shield {shield} "
               f"<= {amount}): to the scrap yard")  # fmt: skip
    if state.board[sec]:
        state.tell(f"{NAMES[sec]} now holds {fleet_words(state, sec)}")


def ship_list(state: Position, cids: Sequence[int]) -> list[str]:
    out = []
    for c in cids:
        sec = sector_of(state, c)
        out.append(card(state, c) + (f" ({NAMES[sec]})" if sec >= 0 else ""))
    return out
