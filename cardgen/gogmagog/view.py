"""Gog & Magog in the terminal: both boards by lane and rank, mana, energy and the hand;
`show` for one card, and the legal moves grouped by kind.

It reads a position (position.py); engine.GogmagogState calls it, so it never
imports the engine.

The opponent's side is drawn on top, offensive rank nearest the middle, so the
two offensive ranks face each other as on the table::

    magog  energy 18  mana 2/3 (spent 1)  hand 5  deck 22  used 1  wells 1
              lane 1       lane 2       lane 3 ...
    defence   [concealed 2]  .          Tide Wyrm 1/5
    offence   .            Storm Brute 5/2 T2
    -------------------------------------------------
    offence   ...
    defence   ...
    gog    energy 20 ...
"""

from __future__ import annotations

from cardgen.errors import CardgenError
from cardgen.numbers import all_digits, parse_int, quote

from .position import E_TOKENS, HID, OFF, PHASE_NAMES, T_FLAW, TOK, USED, Position

_RESET, _BOLD, _DIM = "\x1b[0m", "\x1b[1m", "\x1b[2m"
_RGB = "\x1b[38;2;{};{};{}m"
WIDTH = 16


def _colour(hex_colour: str) -> str:
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return _RGB.format(r, g, b)


def _cell(state: Position, s: int, lane: int, rank: int, viewer: int | None, color: bool) -> str:
    g, bd = state.game, state.bd
    i = state._slot(s, lane, rank)
    cid = bd[i]
    if cid < 0 or bd[i + OFF] != rank:
        return ".".ljust(WIDTH)
    if bd[i + HID] and viewer is not None and s != viewer:
        text = f"[hidden c{g.c_cost[cid]}]"
        return text.ljust(WIDTH)
    card = g.cards[cid]
    text = f"{card.noun[:6]} {state.attack_of(i)}/{state.defence_of(i)}"
    if bd[i + TOK]:
        text += f" T{bd[i + TOK]}"
    if bd[i + HID]:
        text = "(" + text + ")"
    if g.c_usable[cid] and not bd[i + USED]:  # an instant attacker's ability is used or lost once it is on the board
        text += "*"
    text = text[:WIDTH].ljust(WIDTH)
    return _colour(card.guild.colour) + text + _RESET if color else text


def _status(state: Position, s: int) -> str:
    g = state.game
    return (f"{g.player_name(s):<6} energy {state.energy[s]:>2}  mana {state.mana[s]} (spent {state.spent[s]})  "
            f"hand {len(state.hand[s])}  deck {len(state.deck[s])}  used {len(state.used[s])}  wells {state.wells[s]}")  # fmt: skip


def render(state: Position, color: bool = False, player: int | None = None) -> str:
    g = state.game
    me = 0 if player is None else player
    them = 1 - me
    head = " " * 9 + "".join(f"lane {lane + 1}".ljust(WIDTH) for lane in range(g.L))
    lines = [_status(state, them), head]
    for rank in (0, 1):  # the opponent: defence at the back, offence facing the middle
        label = "defence " if rank == 0 else "offence "
        lines.append(label + " " + "".join(_cell(state, them, lane, rank, player, color) for lane in range(g.L)))
    lines.append("-" * (9 + WIDTH * g.L))
    for rank in (1, 0):
        label = "offence " if rank == 1 else "defence "
        lines.append(label + " " + "".join(_cell(state, me, lane, rank, player, color) for lane in range(g.L)))
    lines.append(_status(state, me))
    if player is not None or True:
        hand = state.hand[me] if player is None or player == me else []
        for h, cid in enumerate(hand):
            lines.append(f"  hand {h + 1}: {g.cards[cid].short()}")
    if state.phase == 3:
        result = "draw" if state.winner == 2 else f"{g.player_name(state.winner)} wins"
        lines.append(f"game over after {state.turn + (0 if state.winner == 2 else 1)} turns: {result}")
    else:
        mover = g.player_name(state.mover())
        phase = PHASE_NAMES[state.phase]
        extra = ""
        if state.phase == 2 and state.pending:
            guild, lanes = state.pending[0]
            extra = f": {g.cards[0].edition.guilds[guild].name} creatures in lanes {', '.join(str(x + 1) for x in lanes)} may combine"
        lines.append(f"turn {state.turn + 1}/{g.config['max_turns']}, {mover} to move ({phase}{extra}); "
                     "T = attack tokens, (..) concealed, * unused ability")  # fmt: skip
    out = "\n".join(lines)
    return (_BOLD + out[: out.index("\n")] + _RESET + out[out.index("\n") :]) if color else out


def _play_note(state: Position, cid: int) -> str:
    """How the rules read the card's printed text, where the game's options narrow it."""
    g = state.game
    notes = []
    if g.c_target[cid] == T_FLAW:
        notes.append("energy is lost only through a Flaw: aimed at an empty enemy lane (game option drain)")
    if g.c_attacks[cid]:
        struck = ", and the creature struck counterattacks" if g.c_eff[cid] == E_TOKENS else ""
        notes.append(f"an attack: used from the offensive rank only, as the creature's attack that turn{struck} (game option strike)")
    if g.c_instant[cid]:
        notes.append("its single use is entering the offensive rank with 'play N LANE attack'; played otherwise it is lost")
    return "".join(f"\nrules: {n}" for n in notes)


def show(state: Position, what: str, player: int | None = None) -> str:
    """`show hand N`, `show N` (a hand card), `show lane N` / `show enemy N` (a creature), `show used`."""
    from .cards import sheet

    g = state.game
    me = state.mover() if player is None else player
    words = what.lower().split()
    if not words:
        raise CardgenError("show what? 'show N' (hand card N), 'show lane N', 'show enemy N' or 'show used'")
    if words[0] == "hand":
        words = words[1:]
    if len(words) == 1 and words[0] == "used":
        used = state.used[me] + state.used[1 - me]
        return "\n".join(f"{g.player_name(0 if c in g.deck_ids[0] else 1)}: {g.cards[c].short()}" for c in used) or "nothing used yet"
    if len(words) == 1 and all_digits(words[0]):
        hand = state.hand[me]
        h = (parse_int(words[0], 1, len(hand)) or 0) - 1
        if h < 0:
            raise CardgenError(f"no hand card {quote(words[0])}: your hand holds {len(hand)} (show 1 to {len(hand)})")
        return sheet(g.cards[hand[h]]) + _play_note(state, hand[h])
    if len(words) == 2 and words[0] in ("lane", "own", "enemy") and all_digits(words[1]):
        lane = (parse_int(words[1], 1, g.L) or 0) - 1
        if lane < 0:
            raise CardgenError(f"no lane {quote(words[1])}: lanes are 1 to {g.L}")
        side = 1 - me if words[0] == "enemy" else me
        i = state._front(side, lane)  # per_rank: the front card, the one attacks and spells hit
        cid = state.bd[i]
        if cid < 0:
            return f"lane {lane + 1} of {g.player_name(side)} is empty (a Flaw)"
        if state.bd[i + HID] and side != me:
            return f"a concealed creature that cost {g.c_cost[cid]} mana"
        ability = f", ability {state.ability_state(i)}" if g.c_kind[cid] == 1 else ""
        return sheet(g.cards[cid]) + f"\nnow: attack {state.attack_of(i)}, defence {state.defence_of(i)}{ability}" + _play_note(state, cid)
    raise CardgenError(f"show {what!r}: use 'show N' (hand card N), 'show lane N', 'show enemy N' or 'show used'")


def action_groups(state: Position, actions: list[int], player: int | None = None) -> list[tuple[str, list[int]]]:
    """The legal moves by kind, in the order the terminal lists them."""
    g = state.game
    groups: dict[str, list[int]] = {}
    for a in actions:
        verb = g.decode(a)[0]
        label = {"end": "turn", "pass": "turn", "war": "war", "march": "march", "split": "war", "combine": "war",
                 "play": "play a creature", "cast": "cast a spell", "resource": "play a resource",
                 "use": "use an ability"}[verb]  # fmt: skip
        groups.setdefault(label, []).append(a)
    order = ("war", "march", "play a creature", "cast a spell", "play a resource", "use an ability", "turn")
    return [(k, groups[k]) for k in order if k in groups]
