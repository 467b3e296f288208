"""A Special kept back for the opponent's turn must be able to do something there (issue 47):
Quick Deploy (own deploy costs), own attack, speed or cost changes count only in the owner's own
turn, so they cannot be kept back; a shield, or anything aimed at the enemy, can. Option
idle_keeps=allow, and records from before it, play as before."""

from __future__ import annotations

import random

from cardgen.engine import load_game
from cardgen.engine.registry import load_recorded_game
from cardgen.gyonrg.board import SHIELD
from cardgen.gyonrg.position import KEEP

OWN = ("own_ship", "own_fleet", "all_own")


def _keeps(game, seeds=range(1, 6)):
    """(card id, kept?) for every Special in hand at the keep phases of random games."""
    found = []
    for seed in seeds:
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal() and state.turn < 24:
            if state.phase == KEEP:
                kept = {state.game.layout.decode(a).hand for a in state.legal_actions() if a != game.layout.end}
                found += [(cid, i in kept) for i, cid in enumerate(state.hands[state.player])]
            acts = state.legal_actions()
            state.apply_action(acts[rng.randrange(len(acts))])
    return found


def _idle(game, cid):
    kind, stat, _, target, *_ = game.cards[cid].special
    return kind == "modify" and stat != SHIELD and target in OWN


def test_a_special_that_would_do_nothing_is_never_kept_back():
    game = load_game("gyonrg")
    found = _keeps(game)
    assert any(_idle(game, cid) for cid, _ in found), "no such Special was held at a keep phase"
    assert not any(kept for cid, kept in found if _idle(game, cid))
    assert any(kept for cid, kept in found if not _idle(game, cid))  # others still may be


def test_the_option_and_older_records_allow_them():
    game = load_game("gyonrg", idle_keeps="allow")
    assert any(kept for cid, kept in _keeps(game) if _idle(game, cid))
    assert load_recorded_game("gyonrg", {}).config["idle_keeps"] == "allow"
