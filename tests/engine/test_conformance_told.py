"""What a seat is told, for every registered game: nothing its observation does not tell it.

At states along random games (every rule variant): for each seat other than the mover,
the mover's legal actions that leave that seat's observation the same read the same to it
(State.action_text) and tell it the same events (State.told); chance outcomes likewise;
and the board rendered for a seat does not change when determinize re-deals what the seat
cannot see. The terminal, `explain` and replays shown to a seat use only these, so a seat
learns nothing from the screen that its observation does not tell it. `explain` of a bot's
move, told to another seat, names the move as that seat reads it and only moves that were open
to the bot in worlds the seat cannot tell apart; `replay --seat` shows no other seat's deck.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from cardgen.engine import CHANCE, SIMULTANEOUS, load_game
from cardgen.engine.bots import make_bot
from cardgen.engine.play import HELP, help_text
from cardgen.engine.records import HIDDEN_DECK, config_seen

from .piped import random_step
from .test_conformance import CASES, IDS

SAMPLE = 24  # actions tried per mover and state: a spread over the legal list
STRIDE = 5  # a check every STRIDE-th move of a game
SEEDS = (1, 2)


def _key(state, seat: int) -> str:
    return json.dumps(state.observation(seat), sort_keys=True)


def _spread(acts: list[int]) -> list[int]:
    return acts[:: max(1, len(acts) // SAMPLE)] + acts[-1:]


def _told_after(state, play) -> tuple:
    after = state.clone()
    after.narrate()
    play(after)
    return after


def _same_for_seat(state, mover: int, viewer: int, actions: list[int], play) -> None:
    """Among `actions` of `mover`, those that leave `viewer`'s observation the same must read the
    same to it and tell it the same events."""
    seen: dict[str, tuple[int, str, list[str]]] = {}
    for a in actions:
        after = _told_after(state, lambda s, a=a: play(s, a))
        said = state.action_text(a, viewer, mover)
        events = after.told(viewer)
        assert isinstance(said, str) and said, f"no text for action {a}"
        key = _key(after, viewer)
        if key in seen:
            b, said_b, events_b = seen[key]
            who = state.game.player_name(viewer)
            assert said == said_b, f"{who} tells {a} ({said!r}) from {b} ({said_b!r}) though it sees the same"
            assert events == events_b, f"{who} is told {events} after {a} and {events_b} after {b}, seeing the same"
        else:
            seen[key] = (a, said, events)


OPEN_TO_IT = "  open to it whatever it held: "


def _check_explain(state, mover: int, viewer: int, rng: random.Random, spec: str = "mcts:iterations=40") -> None:
    """A bot's explanation of its move, told to `viewer`: the move as `viewer` reads it, then only
    moves legal in other worlds `viewer` cannot tell from this one; no count, value or chance."""
    bot = make_bot(spec, state.game, mover, rng.randrange(1000))
    before = state.clone()
    choice = bot.step(before)
    text = bot.explain(viewer, before)
    seat = mover if state.current_player() == SIMULTANEOUS else None
    name = state.game.player_name(mover)
    seen = state.action_text(choice, viewer, seat)
    # the move itself where the viewer reads it; else what the table saw, the bot its subject
    said = f"chose {seen}" if seen == state.action_text(choice, None, seat) else seen.removeprefix(f"{name} ")
    chosen, _, others = text.partition("\n" + OPEN_TO_IT)
    assert " ".join(chosen.split()) == " ".join(f"{bot.spec()} ({name}) {said}".split()), text
    if others:
        named = " ".join(others.split()).rsplit(" and ", 1)[0]
        worlds = [state.determinize(viewer, random.Random(rng.random())) for _ in range(2)]
        for world in worlds:
            texts = {world.action_text(a, viewer, seat) for a in world.legal_actions(mover)}
            # a name of the list may itself hold ", ": each must start a text the world allows
            assert all(any(t.startswith(part) or part.startswith(t) for t in texts) for part in named.split(", ")), text


def _check_state(state, rng: random.Random) -> None:
    game = state.game
    n = game.num_players
    p = state.current_player()
    for v in range(n):
        redealt = state.determinize(v, random.Random(rng.random()))
        assert redealt.render(player=v) == state.render(player=v), "the board shows what the seat cannot see"
    for _, _, private in state._told or ():  # an open table hears every seat's own lines: none says "you"
        assert not re.match(r"\s*(step \d+: )?you\b", private or "", re.I), private
    if game.game_type.perfect_information:
        return  # every seat sees every move as it is: nothing to hide in its text
    movers = [p] if p >= 0 else [q for q in range(n) if state.legal_actions(q)] if p == SIMULTANEOUS else []
    for q in movers[:1]:
        _check_explain(state, q, (q + 1) % n, rng)
        if p == SIMULTANEOUS:  # where seats plan, the plan bot too (Spherion's medium and hard)
            _check_explain(state, q, (q + 1) % n, rng, "plan:plans=2,worlds=1")
    if p == CHANCE:
        outcomes = [a for a, _ in state.chance_outcomes()]
        for v in range(n):
            _same_for_seat(state, CHANCE, v, _spread(outcomes), lambda s, a: s.apply_action(a))
    elif p == SIMULTANEOUS:
        fixed = [(state.legal_actions(q) or [game.noop_action])[0] for q in range(n)]
        for q in range(n):
            acts = state.legal_actions(q)
            if not acts:
                continue

            def play(s, a, q=q):
                joint = list(fixed)
                joint[q] = a
                s.apply_actions(joint)

            for v in range(n):
                if v != q:
                    _same_for_seat(state, q, v, _spread(acts), play)
    else:
        acts = _spread(state.legal_actions())
        for v in range(n):
            if v != p:
                _same_for_seat(state, p, v, acts, lambda s, a: s.apply_action(a))


def _play_checked(game, seed: int) -> int:
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    state.narrate()
    checked = 0
    # a check weighs every seat as viewer against every mover: at big tables every other stride's
    # position is checked (an 8-seat Gin-jon-tan game still gives over a hundred)
    stride = STRIDE * max(1, game.num_players // 4)
    while not state.is_terminal():
        if len(state.history()) % stride == 0:
            _check_state(state, rng)
            checked += 1
        p = state.current_player()
        if p == CHANCE:
            state.apply_action(state.sample_chance())
        elif p == SIMULTANEOUS:
            joint = []
            for q in range(game.num_players):
                acts = state.legal_actions(q)
                joint.append(acts[rng.randrange(len(acts))] if acts else game.noop_action)
            state.apply_actions(joint)
        else:
            acts = state.legal_actions()
            state.apply_action(acts[rng.randrange(len(acts))])
    return checked


@pytest.mark.parametrize("name,config", CASES, ids=IDS)
def test_a_seat_learns_only_what_it_sees(name, config):
    game = load_game(name, **config)
    checked = sum(_play_checked(game, seed) for seed in (SEEDS if not config else SEEDS[:1]))
    assert checked > 0


@pytest.mark.parametrize("name,config", [c for c in CASES if not c[1]], ids=[i for i, c in zip(IDS, CASES) if not c[1]])
def test_the_end_is_told_with_its_reason(name, config):
    """Every game ends with a result text and every move of a narrating state can be told."""
    game = load_game(name)
    rng = random.Random(5)
    state = game.new_initial_state(5)
    state.narrate()
    told = 0
    while not state.is_terminal():
        random_step(state, rng)
        for v in [None, *range(game.num_players)]:
            lines = state.told(v)
            assert all(isinstance(line, str) and line and "\n" not in line for line in lines)
        told += len(state.told(None))
    text = state.result_text(0)
    assert text and isinstance(text, str)
    assert told > 0, f"{name}: a whole game without one event told"


@pytest.mark.parametrize("name", sorted({n for n, _ in CASES}))
def test_help_is_the_games_own(name):
    """`help` at the terminal gives the game's own moves and examples, no other game's."""
    game = load_game(name)
    text = help_text(game)
    assert text.startswith(HELP)
    assert game.play_help.strip(), f"{name} has no help of its own (Game.play_help)"
    if name != "gyonrg":
        assert "show c3 the fleet" not in text and "scrap yard" not in text


@pytest.mark.parametrize("name,config", [c for c in CASES if not c[1]], ids=[i for i, c in zip(IDS, CASES) if not c[1]])
def test_a_replay_for_a_seat_shows_no_other_seats_deck(name, config):
    """`replay --seat S` heads the game with its config: the decks of the others stay hidden."""
    game = load_game(name)
    decks = game.config.get("decks")
    for v in range(game.num_players):
        seen = config_seen(dict(game.config), v, game.num_players)
        if isinstance(decks, list) and len(decks) == game.num_players:
            assert seen["decks"] == [d if q == v else HIDDEN_DECK for q, d in enumerate(decks)]
            others = {json.dumps(d) for q, d in enumerate(decks) if q != v}
            assert not any(d in json.dumps(seen) for d in others if d != json.dumps(decks[v]))
        else:
            assert seen == game.config
