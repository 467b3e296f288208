"""Gog & Magog in the terminal: both boards by lane and rank, mana, energy and the hand;
`show` for one card, and the legal moves grouped by kind.

It reads a position (position.py); engine.GogmagogState calls it, so it never
imports the engine.

The opponent's side is drawn on top, offensive rank nearest the middle, so the
two offensive ranks face each other as on the table; each slot takes two lines,
the name (guild first, marks after) and the values now with the printed ones::

    magog      energy 18  mana 2 left (spent 1)  hand 5  deck 22  used pile 1  mana wells 1
               lane 1           lane 2           lane 3 ...
    defensive  [face down]      .                Tide Wyrm *
               cost 2                            0/6 (1/5)
    offensive  .                Storm Brute      .
                                6/1 (5/2) T2
    ---------------------------------------------------------
    offensive  ...

LEGEND says what the letters and marks mean (`show legend`, and the terminal's `help`
through PLAY_HELP, the game's Game.play_help).
"""

from __future__ import annotations

from cardgen.errors import CardgenError
from cardgen.numbers import all_digits, parse_int, quote

from .actions import A_MARCH, A_WAR
from .position import ATK, DEF, E_TOKENS, HID, OFF, T_FLAW, TOK, USED, Position

_RESET, _BOLD = "\x1b[0m", "\x1b[1m"
_RGB = "\x1b[38;2;{};{};{}m"
WIDTH = 17  # a lane's column
LABEL = 11  # the rank labels' column

LEGEND = """\
Board legend (Gog & Magog):
  Each side has lanes 1 to N, numbered from the left; your lane N faces the opponent's lane N.
  Rows: offensive (nearest the middle: attacks in a War) and defensive (behind it: only defends
  and counterattacks). The opponent is drawn on top, you below the line.
  A creature's name starts with its guild: Ember, Tide, Grove, Stone or Storm (the colour says
  it too); creatures of one guild may combine their attack in a War.
  a/d (p/q)  attack/defence now, with (p/q) the values printed on the card, as the hand shows
             them. The rank changes them: defensive rank -1 attack +1 defence, offensive rank
             +1 attack -1 defence (never below 0). A '+' after them: a lasting bonus from
             Frenzy, Stoneskin, War cry or Bulwark adds ('show lane N' says which).
  T2         2 attack tokens on the creature this turn: it falls when they exceed its defence
             (with the same value in a War, both cards fall); tokens are removed at the turn's end
  *          the creature's ability is not used yet ('use LANE'); an ability is used once
  [..]       face down (concealed): the opponent sees only its mana cost ('[face down]', 'cost 3')
  .          an empty slot; a lane with no creature of yours is a Flaw: an attack there takes
             your energy instead
  status     energy (0 loses), mana left this turn (spent: public, seen on the board's border),
             cards in hand and deck, the used pile (face up, 'show used'), mana wells (+1 mana a turn)"""

PLAY_HELP = """\
Gog & Magog moves (hand cards and lanes count from 1; lanes from the left):
  play 3 2            creature hand card 3 into lane 2, defensive rank, face up
  play 3 2 concealed  the same, face down: the opponent sees only its mana cost
  play 3 2 attack     a creature with Instant attack: offensive rank, attacks lane 2 at once
  cast 1 enemy 4      spell hand card 1 at the opponent's lane 4 (Bolt, Barrage; Leech at a Flaw)
  cast 1 own 2        a spell on your creature in lane 2 (War cry, Bulwark)
  cast 1              a spell with no target (Renewal, Insight, Mana surge)
  resource 2          resource hand card 2, one a turn (Mana well, Energy shrine, Library)
  use 3 enemy 1       the ability of your creature in lane 3 at enemy lane 1 (Spear throw,
                      Impale, Soul siphon: attacks, from the offensive rank only)
  use 3 own 3         an ability on the creature itself (Frenzy, Stoneskin); 'use 3': Scout
  war                 every creature of your offensive rank attacks the lane in front; ends the turn
  combine 3 / split   in a War, same-guild attackers: all on lane 3, or each on its own lane
  march               the whole turn: 'march 2' moves lane 2's creature to the other rank
                      (up reveals it), then 'end'; no card and no War that turn
  end / pass          end the turn (pass: without doing anything)
  A turn: cards (play, cast, resource, use) then 'end' or 'war'; or 'march'; or 'pass'.
  Each move's events follow it, indented: attacks, counterattacks, the rule that destroyed a
  card, energy and mana changes, draws ('draws a card' for the opponent's).
show:
  show 3              hand card 3 in full, with how the rules read it (also 'show hand 3')
  show lane 2         your creature in lane 2: its card, and its values now explained
  show enemy 2        the opponent's creature in lane 2 (face down: its mana cost only)
  show used           both used piles (face up)
  show legend         the board's letters, marks and colours (below)

""" + LEGEND


def _colour(hex_colour: str) -> str:
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return _RGB.format(r, g, b)


def _cell(state: Position, s: int, lane: int, rank: int, viewer: int | None, color: bool) -> tuple[str, str]:
    """The two lines of side s's slot in `lane` and `rank` (1 offensive): the name and marks, then the values."""
    g, bd = state.game, state.bd
    i = state._slot(s, lane, rank)
    cid = bd[i]
    if cid < 0 or bd[i + OFF] != rank:
        flaw = rank == 1 and all(bd[state._slot(s, lane, r)] < 0 for r in (0, 1))
        return ".".ljust(WIDTH), ("(Flaw)" if flaw else "").ljust(WIDTH)
    if bd[i + HID] and viewer is not None and s != viewer:
        return "[face down]".ljust(WIDTH), f"cost {g.c_cost[cid]}".ljust(WIDTH)
    card = g.cards[cid]
    name = f"[{card.name}]" if bd[i + HID] else card.name
    if g.c_usable[cid] and not bd[i + USED]:  # an instant attacker's ability is used or lost once it is on the board
        name += "*" if len(name) >= WIDTH - 3 else " *"
    values = f"{state.attack_of(i)}/{state.defence_of(i)} ({card.attack}/{card.defence})"
    if bd[i + ATK] or bd[i + DEF]:
        values += "+"
    if bd[i + TOK]:
        values += f" T{bd[i + TOK]}"
    name, values = name[: WIDTH - 1].ljust(WIDTH), values[: WIDTH - 1].ljust(WIDTH)
    return (_colour(card.guild.colour) + name + _RESET if color else name), values


def _status(state: Position, s: int, player: int | None) -> str:
    g = state.game
    who = g.player_name(s) + (" (you)" if s == player else "")
    limit = g.config["max_creatures"]
    creatures = f"played {state.played[s]}/{limit}" if g.per_game else f"{state.ncr[s]}/{limit}"
    return (f"{who:<{LABEL}}energy {state.energy[s]}  mana {state.mana[s]} left (spent {state.spent[s]})  "
            f"creatures {creatures}  hand {len(state.hand[s])}  deck {len(state.deck[s])}  "
            f"used pile {len(state.used[s])}  mana wells {state.wells[s]}")  # fmt: skip


def _hand_line(state: Position, h: int, cid: int) -> str:
    card = state.game.cards[cid]
    if not card.is_creature:
        return f"  hand {h + 1}: {card.short()}"
    ability = f", {card.effect.name}" if card.effect else ""
    a, d = card.attack, card.defence
    return (f"  hand {h + 1}: {card.name} ({card.guild.name} creature{ability}) cost {card.cost}, printed {a}/{d}: "
            f"{max(0, a - 1)}/{d + 1} defensive, {a + 1}/{max(0, d - 1)} offensive")  # fmt: skip


def _turn_line(state: Position, player: int | None) -> str:
    g = state.game
    mover = state.mover()
    head = f"turn {state.turn + 1}/{g.config['max_turns']}, {g.player_name(mover)} to move"
    if player is not None and player != mover:
        return head
    if state.phase == 1:
        return head + ": March, 'march LANE' moves a creature to the other rank, then 'end'"
    if state.phase == 2 and state.pending:
        guild, lanes = state.pending[0]
        listed = ", ".join(str(x + 1) for x in lanes)
        total = sum(state.attack_of(state._slot(mover, x, 1)) for x in lanes)
        return (head + f": War, the {g.cards[0].edition.guilds[guild].name} creatures of lanes {listed} may combine\n"
                f"  'combine LANE': all {total} attack tokens on the card (or Flaw) in front of LANE, whose own attacker\n"
                "  takes the counterattack; 'split': each attacks the lane in front of it")  # fmt: skip
    legal = state.legal_actions()
    ends = "'end' or 'war'" if A_WAR in legal else "'end'"
    if state.acted:
        return head + f": more cards, then {ends}"
    others = "; or 'march'" if A_MARCH in legal else ""
    return head + f": play cards, then {ends}{others}; or 'pass'"


def render(state: Position, color: bool = False, player: int | None = None) -> str:
    g = state.game
    me = 0 if player is None else player
    them = 1 - me
    head = " " * LABEL + "".join(f"lane {lane + 1}".ljust(WIDTH) for lane in range(g.L))
    lines = [_status(state, them, player), head.rstrip()]

    def rank_rows(s: int, rank: int) -> None:
        cells = [_cell(state, s, lane, rank, player, color) for lane in range(g.L)]
        label = "offensive" if rank else "defensive"
        lines.append((f"{label:<{LABEL}}" + "".join(c[0] for c in cells)).rstrip())
        lines.append((" " * LABEL + "".join(c[1] for c in cells)).rstrip())

    for rank in (0, 1):  # the opponent: defence at the back, offence facing the middle
        rank_rows(them, rank)
    lines.append("-" * (LABEL + WIDTH * g.L))
    for rank in (1, 0):
        rank_rows(me, rank)
    lines.append(_status(state, me, player))
    for h, cid in enumerate(state.hand[me]):
        lines.append(_hand_line(state, h, cid))
    if player is None:  # everything (an open table, a replay in full): the other hand too, named
        lines.append(f"{g.player_name(them)}'s hand:" if state.hand[them] else f"{g.player_name(them)}'s hand is empty")
        for h, cid in enumerate(state.hand[them]):
            lines.append(_hand_line(state, h, cid))
    if state.phase != 3:  # at the end, the terminal says the result and its reason below the board
        lines.append(_turn_line(state, player))
        lines.append("a/d (p/q): attack/defence now (printed); defensive rank -1 attack +1 defence, offensive +1/-1")
        lines.append("+: bonus  T2: attack tokens  *: ability unused  [..]: face down  (Flaw): empty lane  'show legend'")
    out = "\n".join(lines)
    return (_BOLD + out[: out.index("\n")] + _RESET + out[out.index("\n") :]) if color else out


def values_text(state: Position, i: int) -> str:
    """How the values of the creature at board index i come about: printed, bonuses, rank, tokens."""
    g, bd = state.game, state.bd
    cid = bd[i]
    off = bd[i + OFF]

    def one(what: str, printed: int, bonus: int, rank: int, now: int) -> str:
        parts = [f"printed {printed}"]
        if bonus:
            parts.append(f"+{bonus} (Frenzy/Stoneskin/War cry/Bulwark)")
        parts.append(f"{rank:+d} ({'offensive' if off else 'defensive'} rank)")
        floor = " (never below 0)" if printed + bonus + rank < 0 else ""
        return f"{what} {now} = " + " ".join(parts) + floor

    lines = [one("attack", g.c_atk[cid], bd[i + ATK], 1 if off else -1, state.attack_of(i)),
             one("defence", g.c_def[cid], bd[i + DEF], -1 if off else 1, state.defence_of(i))]  # fmt: skip
    if bd[i + TOK]:
        lines.append(f"attack tokens on it this turn: {bd[i + TOK]} (it falls at more than {state.defence_of(i)})")
    if g.printed_counter:
        lines.append(f"counterattack {state.counter_of(i)} (printed attack and bonuses: counter_rank=printed)")
    return "\n".join(lines)


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


TARGETS = "use 'show N' (hand card N), 'show lane N', 'show enemy N', 'show used' or 'show legend'"


def show(state: Position, what: str, player: int | None = None) -> str:
    """`show hand N`, `show N` (a hand card), `show lane N` / `show enemy N` (a creature), `show used`,
    `show legend`."""
    from .cards import sheet

    g = state.game
    me = state.mover() if player is None else player
    words = what.lower().split()
    if not words:
        raise CardgenError(f"show what? {TARGETS}")
    if words == ["legend"]:
        return LEGEND
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
        ability = f"\nability {state.ability_state(i)}" if g.c_kind[cid] == 1 else ""
        face = "face down (the opponent sees its cost only)" if state.bd[i + HID] else "face up"
        rank = "offensive" if state.bd[i + OFF] else "defensive"
        where = f"\nnow: {g.player_name(side)}'s lane {lane + 1}, {rank} rank, {face}\n"
        return sheet(g.cards[cid]) + where + values_text(state, i) + ability + _play_note(state, cid)
    raise CardgenError(f"show {what!r}: {TARGETS}")


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
