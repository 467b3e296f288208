"""Gin-jon-tan in words, as each seat may know it: what a seat is told of another's move
(public_action_text), the events the rules tell while a state narrates (the say_* functions
rules.py calls, only when the state narrates, so bots' searches pay nothing), the end's reason
(result_text) and the terminal's own help (PLAY_HELP). engine.GinjontanState binds them.

What is public (docs/rules/ginjontan.md, "What the others see"): the cards a player turns in
3.1, the active cards of a duel once unfolded and every duel result, the hands at the
evaluation (not a kat oh player's), every count (hand, reserve, deck, swaps, exchanges) and
who asked whom. Hidden: hands, reserves and active cards before a duel; a swap's cards; the
cards an ask moves, which only the two players of the ask learn.
"""

from __future__ import annotations

from .cards import DEFEAT
from .layout import (
    A_ACTIVE,
    A_ASK,
    A_DONE,
    A_DUEL,
    A_GIVE,
    A_GJT,
    A_KATOH,
    A_RETURN,
    A_SWAP,
    A_SWAPHAND,
    CAP,
    CHOOSE,
    COMBO,
    DUEL,
    RESERVE,
    RESERVE_CAP,
    RETURN5,
    SOURCES,
    SWAP2,
    SWAP4,
    SWAP34,
)
from .scoring import score_hand
from .state import GinjontanPosition


def seat(p: int) -> str:
    return f"player {p + 1}"


def _names(state: GinjontanPosition, ids) -> str:
    t = state.game.t
    return ", ".join(t.name(state.cards[i]) for i in ids)


def _codes(state: GinjontanPosition, codes) -> str:
    t = state.game.t
    return ", ".join(t.name(c) for c in codes)


def _cards(k: int) -> str:
    return f"{k} card" + ("" if k == 1 else "s")


# -- what another seat is told of a move ------------------------------------------------------
def public_action_text(state: GinjontanPosition, action: int, player: int, viewer: int) -> str:
    """What `viewer` learns of `player`'s `action`: never a card from a hand, a reserve or face-down
    active cards; a duel's moves in full (both players' active cards are unfolded then)."""
    ph = state.phase
    asking = ph == COMBO and state.sub == 2
    if asking and _hands_over(state, action):
        # how many he gives is not in the others' view once the ask is over: one text for all
        q = state.ask[0]
        return "hands " + ("you" if q == viewer else seat(q)) + " the cards he offers"
    if action == A_DONE:
        if ph == SWAP2:
            return "keeps his cards (no exchange in step 2)"
        if ph == COMBO:
            return "ends his exchange with his reserve"
        return "stops swapping"
    if action == A_GJT:
        return "says gin jon tan"
    if action == A_KATOH:
        return "says kat oh (gives up the round)"
    if action == A_SWAPHAND:
        return "swaps his whole hand with his reserve"
    if action < A_ACTIVE:
        q, src = divmod(action - A_ASK, 2)
        if q == viewer:
            return f"asks you for 1-3 cards from your {SOURCES[src]}"
        return f"asks {seat(q)} for 1-3 cards from his {SOURCES[src]}"
    if action < A_DUEL:
        return "sets three active cards face down"
    if action < A_SWAP:
        return state.action_to_string(action, player)
    if action < A_GIVE:
        return "swaps that hand card with a reserve card"
    if action < A_RETURN:
        if asking:
            q = state.ask[0]
            return "picks a hand card to give " + ("you" if q == viewer else seat(q))
        return "picks a hand card to swap with his reserve"
    return "returns a reserve card to the deck"


def _hands_over(state: GinjontanPosition, action: int) -> bool:
    """Whether `action` ends an ask: done, or the last card the asked zone has room for."""
    if action == A_DONE:
        return True
    q, src = state.ask
    room = min(3, len(state.hand[q] if src == 0 else state.reserve[q]))
    return A_GIVE <= action < A_RETURN and len(state.given) + 1 >= room


# -- duels --------------------------------------------------------------------------------------
def duel_schedule(state: GinjontanPosition) -> list[tuple[int, int]]:
    """This round's duels (active player first) in the 3.1 order; [] before 3.1."""
    if not any(state.turned):
        return []
    order = state.order
    pairs = state.game.config["duels"] == "pairs"
    return [(a, b) for x, a in enumerate(order) for b in (order[x + 1 :] if pairs else order) if b != a]


def next_duel(state: GinjontanPosition, p: int) -> str:
    """'1v3': seat p's next duel this round ('' when none or before 3.1)."""
    for a, b in state.duels:
        if p in (a, b):
            return f"{a + 1}v{b + 1}"
    return ""


def duels_done(state: GinjontanPosition) -> int:
    """How many duels of the schedule are over (the one under way is not)."""
    total = len(duel_schedule(state))
    if not total:
        return 0
    if state.phase in (SWAP4, RETURN5, COMBO):
        return total
    return total - len(state.duels) - (1 if state.phase == DUEL else 0)


def _overcome(state: GinjontanPosition, a: int, b: int) -> str:
    """Why card code `a` overcomes card code `b`: the symbol table's words."""
    t = state.game.t
    sa, sb = t.symbols[t.sym_of[a]], t.symbols[t.sym_of[b]]
    if sa.beats_all:
        return f"a {sa.name} overcomes everything"
    phrases = sa.says.split(", ")
    k = sa.overcomes.index(sb.name)
    said = f" ('{phrases[k]}')" if k < len(phrases) else ""
    return f"{sa.name} overcomes {sb.name}{said}"


def duel_reason(state: GinjontanPosition, acting: int, target: int) -> tuple[int, str]:
    """(result as Tables.duel gives it, the rule that decided it) for card codes acting on target."""
    t = state.game.t
    res = t.duel(acting, target)
    if t.overcomes(acting, target):
        return res, _overcome(state, acting, target)
    if t.overcomes(target, acting):
        return res, _overcome(state, target, acting)
    ca, cb = t.col_of[acting], t.col_of[target]
    if t.mult[ca] != t.mult[cb]:
        w, lo = (ca, cb) if res > 0 else (cb, ca)
        cn = t.colours
        return res, f"{cn[w].name} x{t.mult[w]} beats {cn[lo].name} x{t.mult[lo]} (colour before number)"
    na, nb = t.num_of[acting], t.num_of[target]
    if na != nb:
        return res, f"both {t.colours[ca].name}: number {max(na, nb)} beats {min(na, nb)}"
    return res, "same colour and number"


def say_duel_step(state: GinjontanPosition, me: int, opp: int, mine: int, theirs: int) -> None:
    """The result of `me`'s card `mine` acting on `opp`'s card `theirs` (ids; before the points)."""
    t = state.game.t
    cm, co = state.cards[mine], state.cards[theirs]
    res, why = duel_reason(state, cm, co)
    if res == 0:
        state.tell(f"{t.name(cm)} against {t.name(co)}: {why}, neither wins: no points")
        return
    win, lose, w = (cm, co, me) if res > 0 else (co, cm, opp)
    vw, vl = t.value_of[win], t.value_of[lose]
    state.tell(f"{t.name(win)} beats {t.name(lose)}: {why}; {seat(w)} +{vw + vl:,} ({vw:,} + {vl:,})")


def say_black_hole(state: GinjontanPosition, victim: int, k: int) -> None:
    if k:
        state.tell(f"the Black hole empties {seat(victim)}'s reserve: {_cards(k)} go back to the deck")
    else:
        state.tell(f"the Black hole would empty {seat(victim)}'s reserve: it is empty already")


def say_duel_turn(state: GinjontanPosition, skipped: int | None) -> None:
    """Who acts next in the duel; `skipped`: the seat that has nothing left to act."""
    if skipped is not None:
        state.tell(f"{seat(skipped)} has no card left that can act: {seat(state.player)} acts again")


def say_duel_start(state: GinjontanPosition, drawn: dict[int, list[int]]) -> None:
    a, b = state.duel
    total = len(duel_schedule(state))
    k = total - len(state.duels)
    state.tell(f"duel {k} of {total}: {seat(a)} (active) against {seat(b)}; both unfold their active cards")
    for s in (a, b):
        state.tell(f"{seat(s)} unfolds {_names(state, state.active[s])}")
    for s in (a, b):
        got = drawn.get(s, [])
        if got:
            state.tell(f"{seat(s)} draws {_cards(len(got))} into his hand", s, f"{seat(s)} draws {_names(state, got)}")
    state.tell(f"{seat(a)} acts first: one of his cards on one of {seat(b)}'s")


def say_duel_end(state: GinjontanPosition, used: set[int]) -> None:
    a, b = state.duel
    back = []
    for s in (a, b):
        unused = [i for i in state.active[s] if i not in used]
        if unused:
            back.append(f"{_names(state, unused)} to {seat(s)}")
    rest = "; unused back to the reserve: " + ", ".join(back) if back else ""
    state.tell(f"duel over: acted and beaten cards go to the deck{rest}")
    state.tell(f"scores: {seat(a)} {state.scores[a]:,}, {seat(b)} {state.scores[b]:,}")


# -- the per-player steps ------------------------------------------------------------------------
def say_turn(state: GinjontanPosition, p: int) -> None:
    """What seat `p` is to do now, as a per-player step reaches him."""
    ph = state.phase
    if ph == CHOOSE:
        if state.after:
            state.tell(f"3.5: {seat(p)} chooses three new active cards for his next duel, {next_duel(state, p)}")
    elif ph == CAP:
        k = len(state.reserve[p]) - RESERVE_CAP
        state.tell(f"{seat(p)}'s reserve holds more than {RESERVE_CAP} cards: he returns {_cards(k)} to the deck")
    elif ph == SWAP34:
        state.tell(f"3.4: {seat(p)} may swap up to {state.swaps} cards between hand and reserve")
    elif ph == SWAP4:
        state.tell(f"step 4: {seat(p)} may swap up to {state.swaps} cards between hand and reserve")
    elif ph == RETURN5:
        k = len(state.reserve[p]) - RESERVE
        state.tell(f"step 5: {seat(p)}'s reserve holds {len(state.reserve[p])}: he returns {_cards(k)} to the deck")


def say_refill(state: GinjontanPosition, p: int, got: list[int]) -> None:
    state.tell(f"step 5: {seat(p)} draws {_cards(len(got))} to fill his reserve to {RESERVE}", p,
               f"step 5: {seat(p)} draws {_names(state, got)} to fill his reserve to {RESERVE}")  # fmt: skip


def say_swapped(state: GinjontanPosition, p: int, can: bool) -> None:
    """After a swap of the steps that count swaps (3.4, 4); `can`: p has a swap left to make."""
    if state.swaps > 0 and can:
        state.tell(f"{seat(p)} may swap {state.swaps} more")


def say_step4(state: GinjontanPosition) -> None:
    state.tell("all duels of the round are played: step 4, each may swap up to 9 cards with his reserve")


def say_order(state: GinjontanPosition) -> None:
    """3.1: the cards turned, the order they give and the round's duels."""
    t = state.game.t
    for p, codes in enumerate(state.turned):
        if codes:
            turned = ", then ".join(f"{t.name(c)} (value {t.value_of[c]:,})" for c in codes)
            state.tell(f"3.1: {seat(p)} turns {turned} from his reserve")
    first = state.order[0]
    state.tell(f"order: {' '.join(str(p + 1) for p in state.order)}: {seat(first)} turned the highest value and begins")
    duels = duel_schedule(state)
    state.tell("duels this round (active first): " + " ".join(f"{a + 1}v{b + 1}" for a, b in duels))


# -- step 6 ------------------------------------------------------------------------------------------
def _ins(state: GinjontanPosition) -> int:
    return sum(1 for p in range(state.game.num_players) if not state.out[p])


def say_combo_start(state: GinjontanPosition) -> None:
    m = state.game.config["max_exchanges"]
    state.tell(f"step 6, the combination round: it ends when all {_ins(state)} players still in say "
               f"gin jon tan in a row; at most {m} exchanges each")  # fmt: skip


def say_gin_jon_tan(state: GinjontanPosition, p: int) -> None:
    state.tell(f"{seat(p)} says gin jon tan ({state.streak} of {_ins(state)} in a row); "
               "no exchange for him until someone asks him")  # fmt: skip


def say_kat_oh(state: GinjontanPosition, p: int) -> None:
    state.tell(f"{seat(p)} says kat oh: he keeps his score {state.scores[p]:,} and is out of the evaluation")


def _exchanges_left(state: GinjontanPosition, p: int) -> str:
    left = state.game.config["max_exchanges"] - state.exch[p]
    return f"{left} exchange{'' if left == 1 else 's'} left"


def say_reserve_exchange(state: GinjontanPosition, p: int, k: int) -> None:
    """A combination-round exchange with the reserve is over (the exchange counted)."""
    state.tell(f"{seat(p)} swapped {_cards(k)} with his reserve ({_exchanges_left(state, p)}); "
               "the gin jon tan count starts again")  # fmt: skip


def say_ask(state: GinjontanPosition, p: int, q: int, src: int, gave: list[int], got: list[int]) -> None:
    """An ask is over: `gave` went from p's hand to q's hand or reserve, `got` came back at random (codes)."""
    where = SOURCES[src]
    state.tell(f"{seat(p)} gives {seat(q)} cards and takes as many at random from his {where}", p,
               f"{seat(p)} gives {_codes(state, gave)}; from {seat(q)}'s {where} {seat(p)} gets "
               f"{_codes(state, got)}")  # fmt: skip
    # said to q alone (an open table hears it from p's side above, with the same cards)
    state.tell(None, q, f"{seat(p)} gives {seat(q)} {_codes(state, gave)} and takes {_codes(state, got)} "
                        f"from {seat(q)}'s {where}")  # fmt: skip
    state.tell(f"{seat(q)} may exchange again; {seat(p)}: {_exchanges_left(state, p)}; "
               "the gin jon tan count starts again")  # fmt: skip


def say_combo_end(state: GinjontanPosition) -> None:
    if _ins(state) <= 1:
        state.tell("only one player is still in: the combination round ends")
    else:
        state.tell("every player still in said gin jon tan in a row: the combination round ends")


# -- step 7 and the round's end ---------------------------------------------------------------------
def combination_label(state: GinjontanPosition, codes) -> str:
    """'pair of Sun', 'order 5 (3 to 7)', 'full colours' or 'no combination' (the scorer's words)."""
    score = score_hand(codes, state.game.t)
    if score.combination == "defeat":
        return "a Defeat (it loses the round if it stays in the hand)"
    return score.steps[0].split(":")[0]


def say_evaluation(state: GinjontanPosition, rows: list[dict], gained: list[int]) -> None:
    """Step 7, one line a player, then the scores. `gained`: each seat's duel points this round."""
    t = state.game.t
    state.tell(f"step 7, the evaluation of round {state.round}: the players still in unfold their hands")
    for p, r in enumerate(rows):
        codes = [state.cards[i] for i in state.hand[p]]
        if r["note"] == "kat oh":
            state.tell(f"{seat(p)} said kat oh: no evaluation for him")
        elif r["note"] == "defeat":
            d = next(c for c in codes if t.kind_of[c] == DEFEAT)
            state.tell(f"{seat(p)} unfolds {t.name(d)}: Defeat loses the round; his {gained[p]:,} duel points "
                       "of this round are taken back")  # fmt: skip
        else:
            label = combination_label(state, codes)
            v = r["value"]
            if r["note"] == "best hand":
                state.tell(f"{seat(p)}: {label} = {v:,}, the best hand: +{v:,}")
            else:
                k = int(r["note"][1:])
                state.tell(f"{seat(p)}: {label} = {v:,}, {k} better hand{'s' if k > 1 else ''} above: "
                           f"{v:,} x{k} = {r['delta']:+,}")  # fmt: skip
    scores = "  ".join(f"{p + 1}: {s:,}" for p, s in enumerate(state.scores))
    state.tell(f"round {state.round} of {state.game.rounds} over; scores {scores}")


def say_new_round(state: GinjontanPosition) -> None:
    state.tell(f"round {state.round} of {state.game.rounds}: all cards shuffled and dealt again, "
               f"9 to each hand and 9 to each reserve")  # fmt: skip


# -- the end ------------------------------------------------------------------------------------------
def result_text(state: GinjontanPosition, viewer: int | None = None) -> str:
    """Who won (the highest score after the last round: step 10) and the final scores."""
    scores = state.scores
    n = state.game.num_players
    best = max(scores)
    top = [p for p in range(n) if scores[p] == best]

    def name(p: int) -> str:
        return seat(p) + (" (you)" if p == viewer else "")

    rounds = state.game.rounds
    after = f"the highest score after {rounds} round{'s' if rounds > 1 else ''}"
    if len(top) == 1:
        head = f"{name(top[0])} wins with {best:,} points, {after}"
    else:
        head = f"{' and '.join(name(p) for p in top)} share the win with {best:,} points each, {after}"
    return head + "; final scores: " + ", ".join(f"{p + 1}: {scores[p]:,}" for p in range(n))


PLAY_HELP = """\
Gin-jon-tan moves (a card is SYMBOL-NUMBER-COLOUR, e.g. Sun-7-blue; type the text or its number):
  done                        keep your cards, stop swapping, or end an exchange
  swap Sun-7-blue             pick the hand card of a swap with your reserve...
  swap Sun-7-blue Moon-3-red  ...then the reserve card it swaps with
  swap hand                   (first_exchange=hand) your whole hand for your whole reserve
  active Sun-7-blue Moon-3-red Fire-1-white   your three active cards (face down until the duel)
  Sun-7-blue on Moon-3-red    in a duel: your card acts on the opponent's card
  return Moon-3-red           put a reserve card back into the deck (reserve too big)
  gin jon tan                 step 6: you are satisfied (no exchange until someone asks you)
  ask 2 hand, ask 2 reserve   step 6: ask player 2 for 1-3 cards, then 'give Sun-7-blue' for each
                              card you give him (as many come back at random), 'done' to stop
  kat oh                      step 6: give up the round (keep your score, no evaluation)
A round: step 2 one swap; 3 active cards; 3.1 the order; duels (each player against each
other); 4 up to 9 swaps; 5 reserve back to 9; 6 the combination round; 7 the evaluation.
A duel: a card beats another when its symbol overcomes the other's (the acting card's first),
else by the higher colour (white 1 < red 3 < orange 9 < yellow 12 < green 15 < blue 33 <
violet 99), then the higher number; the winner's player gains both cards' values.
The evaluation: the best hand adds its value; the second deducts its value x1, the third x2,
...; a Defeat in the hand loses the round and its duel points; kat oh keeps your score.
show:
  show hand                   your hand's best combination, factor by factor
  show swaps                  the single swaps with your reserve that raise your hand most
  show Sun-7-blue Sun-9-blue  several cards: the value of that hand
  show Sun-7-blue             a card: its value and what it overcomes
  show Sun                    a symbol: what it overcomes and what overcomes it
  show duel                   the duel now: every pairing, who would win and the points
  show duels                  this round's order (3.1) and its duels
  show last                   the last evaluation: every unfolded hand and its combination
  show symbols, show colours  the symbol table, the colour multipliers
board:
  order 1 3 2: the 3.1 order; duels 1v2: player 1 (active) against player 2; done, [now], next
  player 2 (you): your seat; (gin jon tan): said it, locked until asked; (kat oh): gave up
  card(acted): acted in this duel; card(lost): beaten in it; best: your hand's combination
  exchanges 1/3: exchanges made in the combination round; now: who does what, what is left"""
