"""What a careful Gin-jon-tan player believes of the hands he cannot see: believe(), the re-deal
the searching bots use with the MCTS option beliefs=1 (the hard level's; State.believe in the
protocol).

determinize() deals every unseen card at random: the other player's hand is then as good as
any nine cards, where in the combination round he has had his reserve and his exchanges to
better it. A believed re-deal differs in the combination round only, in two ways:

  memory     the cards an ask of this round showed the seat (the slot `known`: the cards it gave
             and where they went, its own cards drawn by an asker) stay where it knows they are
             (in the holder's hand or reserve, or somewhere in both where he swapped since);
  best kept  the other players keep in hand the best of what they hold: up to PASSES times, the
             single swap between a hand card and a reserve card (neither remembered in place) that
             raises the hand's combination value most.

Neither reads a card the seat cannot see: the memory is what it was shown, and the swaps move
cards it has just dealt at random. docs/rules/ginjontan.md ("How the bots play, and how strong
they are") gives what it is worth.
"""

from __future__ import annotations

from cardgen.rng import Stream

from .layout import COMBO, HAND
from .observation import _seen, determinize, resort
from .scoring import hand_value
from .state import GinjontanPosition

PASSES = 4


def keep_best(s: GinjontanPosition, q: int, fixed: set[int], passes: int = PASSES) -> None:
    """Up to `passes` times, the single swap between q's hand and reserve (cards not in `fixed`)
    that raises the hand's value most."""
    hid, rid = s.hand[q], s.reserve[q]
    if len(hid) != HAND:
        return
    t = s.game.t
    h = [s.cards[i] for i in hid]
    best = hand_value(h, t)
    free_h = [k for k, i in enumerate(hid) if i not in fixed]
    free_r = [k for k, i in enumerate(rid) if i not in fixed]
    for _ in range(passes):
        bv, bi, bj = best, -1, -1
        for k in free_h:
            held = h[k]
            for j in free_r:
                h[k] = s.cards[rid[j]]
                v = hand_value(h, t)
                if v > bv:
                    bv, bi, bj = v, k, j
            h[k] = held
        if bi < 0:
            break
        h[bi] = s.cards[rid[bj]]
        hid[bi], rid[bj] = rid[bj], hid[bi]
        best = bv
    s._sort(hid)
    s._sort(rid)


def believe(state: GinjontanPosition, player: int, rng) -> GinjontanPosition:
    """determinize(player), and in the combination round the seat's memory and the others' best
    hands kept (the module's docstring)."""
    if state.phase != COMBO:
        return determinize(state, player, rng)
    s, fixed = _redeal(state, player, rng)
    for q in range(s.game.num_players):
        if q != player and not s.out[q]:
            keep_best(s, q, fixed)
    return s


def _redeal(state: GinjontanPosition, player: int, rng) -> tuple[GinjontanPosition, set[int]]:
    """A clone with what `player` cannot see dealt again, built from what it knows alone: the
    unseen cards in a fixed order, each place of the others' hands, active cards and reserves
    filled from them at random, except the remembered cards: one remembered in a zone stays
    there, one remembered 'in his hand or reserve' goes to a free place of either, drawn by the
    free places each has. The same knowledge and the same rng give the same deal whatever the
    hidden cards are (tests/ginjontan/test_beliefs.py). Returns the clone and the card ids that
    hold a remembered card in a known zone."""
    s = state.clone()
    assert isinstance(s, GinjontanPosition)
    mine = sorted((i, h, z) for o, i, h, z in state.known if o == player)
    fixed = {i for i, _, z in mine if z < 2}
    loose = {i for i, _, z in mine if z == 2}
    seen = _seen(state, player) | fixed
    n = state.game.num_players
    # the places to fill, seat by seat and zone by zone, each zone's ids in number order
    places = [[sorted(i for i in zone if i not in seen) for zone in (state.hand[q], state.active[q], state.reserve[q])]
              for q in range(n)]  # fmt: skip
    piles = [i for pile in state.piles for i in pile]
    cards = s.cards[:]
    unseen = sorted([state.cards[i] for q in range(n) if q != player for zone in places[q] for i in zone
                     if i not in loose] + [state.cards[i] for i in piles])  # fmt: skip
    filled: set[int] = set()
    remap: dict[int, int] = {}
    for i, h, _ in (x for x in mine if x[2] == 2):
        hand = [j for j in places[h][0] if j not in filled]
        spare = [j for j in places[h][2] if j not in filled]
        k = int(rng.random() * (len(hand) + len(spare)))
        j = hand[0] if k < len(hand) else spare[0]
        cards[j] = state.cards[i]
        filled.add(j)
        remap[i] = j
    rest = [j for q in range(n) if q != player for zone in places[q] for j in zone if j not in filled]
    for k, j in enumerate(rest):  # a partial Fisher-Yates: the draws for the places, the rest to the decks
        r = k + int(rng.random() * (len(unseen) - k))
        unseen[k], unseen[r] = unseen[r], unseen[k]
        cards[j] = unseen[k]
    for j, c in zip(piles, unseen[len(rest):], strict=True):
        cards[j] = c
    s.cards = cards
    # the seat's memory, where it now is; and what the others remember of the seat's own cards
    # (what they remember of one another's, the seat cannot know)
    s.known = tuple((o, remap.get(i, i), h, z) if o == player else (o, i, h, z)
                    for o, i, h, z in state.known if player in (o, h))  # fmt: skip
    resort(s, player)
    s.rng = Stream(rng.getrandbits(64), ("ginjontan", "believed"))
    return s, fixed
