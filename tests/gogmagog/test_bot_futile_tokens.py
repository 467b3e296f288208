"""A bot does not throw a card away on attack tokens that change nothing (issue 47, played as a
person against medium: 'Tide Bolt: 2 attack tokens on gog's Tide Mailwren in lane 4; 2 on defence
6: it holds', and then no War on that lane: at the turn's end the tokens come off and the damage
heals, so the Bolt and its mana were gone for nothing). The rules still let a person do it."""

from cardgen.engine import CHANCE, load_game
from cardgen.engine.bots import make_bot
from cardgen.gogmagog.position import E_TOKENS, HID
from tests.gogmagog.test_engine import BOLT, E33, E44, T14, T36, empty, game, put, take


def _bolt_on(s, lane: int) -> bool:
    s._masks()
    s._legal = None
    bolt = f"cast {len(s.hand[0])} enemy {lane + 1}"
    assert s.string_to_action(bolt) in s.legal_actions(), "the rules allow it"
    return s.string_to_action(bolt) in s.bot_actions()


def test_tokens_that_destroy_nothing_and_no_attack_follows_are_left_out():
    s = empty(game())
    assert BOLT.effect.amount < 6
    put(s, 1, 3, T36)  # defensive: defence 7
    put(s, 0, 0, E33, offensive=True)  # an attacker, but in another lane
    take(s, 0, BOLT)
    assert not _bolt_on(s, 3)


def test_tokens_stay_open_where_they_count():
    # a War can follow on that lane: spell and War tokens add up
    s = empty(game())
    put(s, 1, 3, E44)
    put(s, 0, 3, E33, offensive=True)
    take(s, 0, BOLT)
    assert _bolt_on(s, 3)
    # they destroy it on their own
    s = empty(game())
    put(s, 1, 3, T14, offensive=True)  # offensive: defence 3
    for _ in range(2):
        take(s, 0, BOLT)
    assert _bolt_on(s, 3), "two Bolts together pass defence 3"
    # a face-down creature: the tokens reveal it
    s = empty(game())
    put(s, 1, 3, T36, concealed=True)
    take(s, 0, BOLT)
    assert _bolt_on(s, 3)
    # tokens=persist: they stay for the next turn's War
    s = empty(game(tokens="persist"))
    put(s, 1, 3, T36)
    take(s, 0, BOLT)
    assert _bolt_on(s, 3)


def test_bots_cast_no_tokens_that_are_gone_at_the_turns_end_having_done_nothing():
    """Over bot games: tokens a bot puts on a face-up creature, on a lane where none of its
    offensive creatures could attack that turn, have destroyed it by the turn's end (a second
    Bolt, say). Where a War could follow, declining it is the search's choice, not a waste."""
    g = load_game("gogmagog")
    casts = 0
    for seed in range(6):
        state = g.new_initial_state(seed)
        bots = [make_bot("greedy", g, 0, seed), make_bot("mcts:iterations=60", g, 1, seed)]
        aimed: list[tuple[int, int, int]] = []  # this turn's tokens with no War to follow: (seat, lane, creature)
        while not state.is_terminal():
            p = state.current_player()
            if p == CHANCE:
                state.apply_action(state.sample_chance())
                continue
            a = bots[p].step(state)
            verb, h, _, t = g.decode(a)
            if verb == "cast" and g.c_eff[state.hand[p][h]] == E_TOKENS and t < g.L:
                i = state._front(1 - p, t)
                casts += 1
                if not state.bd[i + HID] and not (state.offm[p] & ~state.attacked) >> t & 1:
                    aimed.append((p, t, state.bd[i]))
            turn = state.turn
            state.apply_action(a)
            if state.turn != turn or state.is_terminal():
                for seat, lane, cid in aimed:
                    assert cid not in (state.bd[state._slot(1 - seat, lane, r)] for r in (0, 1)), (
                        f"seed {seed}: seat {seat}'s tokens on lane {lane + 1} destroyed nothing and no War could follow")
                aimed = []
    assert casts, "no bot cast tokens: the test would prove nothing"


def test_tokens_that_will_come_off_with_nothing_done_count_for_nothing():
    """The bots' evaluation: tokens count where a War of this turn can still use them, not where
    they only wait for the turn's end (they made a futile Bolt look like damage)."""

    def gain(attacker_lane: int) -> float:
        s = empty(game())
        put(s, 1, 3, T36)  # defence 7
        put(s, 0, attacker_lane, E33, offensive=True)
        take(s, 0, E44)
        take(s, 0, BOLT)
        s._masks()
        before = s.evaluate(0)
        s._legal = None
        s.apply_action(s.string_to_action("cast 2 enemy 4"))
        return s.evaluate(0) - before

    futile, useful = gain(0), gain(3)
    assert futile < 0, "a Bolt no War can follow only costs a card"
    assert useful > futile, "before a War on that lane the tokens are damage"
