"""The Gyon-RG action codec (cardgen.gyonrg.actions) and the reasons given for illegal actions."""

from __future__ import annotations

import math
import random
import subprocess
import sys
from pathlib import Path

import pytest

from cardgen.engine.registry import load_game
from cardgen.errors import IllegalActionError, InvalidActionError
from cardgen.gyonrg import engine as E
from cardgen.gyonrg.actions import KINDS, Action, ActionLayout, action_to_text, parse_action_text
from cardgen.gyonrg.board import NAMES, NONE, SECTORS
from cardgen.gyonrg.legal import _ALLOWED_KINDS

GYONRG = Path(E.__file__).parent


@pytest.fixture(scope="module")
def game():
    return load_game("gyonrg", decks="seed:rules-a,seed:rules-b")


def sec(name: str) -> int:
    return NAMES.index(name)


# ----- the codec ---------------------------------------------------------------------


@pytest.mark.parametrize("max_fleet", [1, 3, 5, 8])
def test_every_action_number_decodes_and_encodes_to_itself(max_fleet):
    lay = ActionLayout(10, max_fleet, 54)
    kinds = []
    for a in range(lay.size):
        act = lay.decode(a)
        assert lay.encode(act) == a, (a, act)
        if not kinds or kinds[-1] != act.kind:
            kinds.append(act.kind)
    # each kind is one contiguous range, in this order; the half turns and the salvage picks
    # came later and sit at the end, so every older action keeps its number
    assert tuple(kinds) == KINDS[:10] + ("rotate", "take") and KINDS[10] == "take"
    assert lay.decode(lay.move + 1).mask == 1 and lay.decode(lay.half - 1) == Action("discard", hand=9)
    assert lay.decode(lay.half + 7) == Action("rotate", sector=7, turn=2)
    assert lay.decode(lay.size - 1) == Action("take", hand=53)
    assert ActionLayout(10, max_fleet).half == lay.half  # the old ranges do not depend on the scrap size


def test_the_game_uses_the_layout_numbering(game):
    lay = game.layout
    assert game.num_distinct_actions == lay.size
    assert (game.A_END, game.A_MULLIGAN, game.A_SPECIAL, game.A_DEPLOY, game.A_REPLACE, game.A_MOVE, game.A_ROTATE,
            game.A_ATTACK, game.A_PROMOTE, game.A_DISCARD) == (lay.end, lay.mulligan, lay.special, lay.deploy,
                                                              lay.replace, lay.move, lay.rotate, lay.attack,
                                                              lay.promote, lay.discard)  # fmt: skip
    # the numbering recorded games rely on (max_hand 10, max_fleet 5); the half turns and the
    # salvage picks (one per card of a 54-card deck) came after it, at the end
    assert (lay.deploy, lay.move, lay.discard, lay.half, lay.take) == (6762, 7262, 28062, 28072, 28097)
    assert lay.size == 28097 + 54
    assert lay.encode_move(sec("b2"), sec("b4"), 0b101) == 7262 + (6 * 25 + 16) * 32 + 5


@pytest.mark.parametrize("bad", [-1, 28097, 10**9, "3", 2.0, None, True])
def test_decode_refuses_what_is_not_an_action(bad):
    with pytest.raises(InvalidActionError, match="not an action"):
        ActionLayout(10, 5).decode(bad)


def test_bulk_encoders_agree_with_single_ones():
    lay = ActionLayout(10, 5)
    assert lay.deploys(2, [0, 7]) == [lay.encode_deploy(2, 0), lay.encode_deploy(2, 7)]
    assert lay.replaces(1, [3]) == [lay.encode_replace(1, 3)]
    assert lay.moves(4, 3, [5, 9]) == [lay.encode_move(4, 5, 3), lay.encode_move(4, 9, 3)]
    assert lay.attacks(6, [11]) == [lay.encode_attack(6, 11)]
    assert lay.promotions(6, [1, 2]) == [lay.encode_promote(6, 1), lay.encode_promote(6, 2)]
    assert lay.specials(0, [(3, NONE), (NONE, NONE)]) == [lay.encode_special(0, 3), lay.encode_special(0)]
    assert lay.rotations[8] == (lay.encode_rotate(8, 1), lay.encode_rotate(8, -1))
    assert lay.discards(3) == [lay.encode_discard(0), lay.encode_discard(1), lay.encode_discard(2)]


def test_every_action_text_parses_back():
    """text -> number -> text for every action, except two spellings no legal action has:
    a move of no ships, and a special whose only sector is its second one."""
    lay = ActionLayout(10, 5)
    fleet = [s % 6 for s in range(SECTORS)]  # fleets of 0..5 ships

    def size(s: int) -> int:
        return fleet[s]

    checked = 0
    for a in range(lay.size):
        act = lay.decode(a)
        if (act.kind == "move" and act.mask == 0) or (act.kind == "special" and act.sector == NONE != act.dest):
            continue
        text = action_to_text(lay, a, size)
        assert parse_action_text(lay, text, size) == a, text
        assert " ".join(text.split()) == text and text == text.lower()
        checked += 1
    assert checked > 27_000


@pytest.mark.parametrize(
    "text",
    ["deploy 2 c2", "move b2 b4 1,3", "move b2 b4", "rotate b2 cw", "rotate b2 ccw", "attack b2 c4", "special 3 d4",
     "special 1", "special 2 a1 e5", "replace 1 c3", "promote c3 2", "discard 4", "mulligan", "end"],
)  # fmt: skip
def test_typed_forms_round_trip(text):
    lay = ActionLayout(10, 5)
    fleet = {sec("b2"): 4}

    def size(s):
        return fleet.get(s, 0)

    a = parse_action_text(lay, text, size)
    assert action_to_text(lay, a, size) == text
    # case and spacing do not matter
    assert parse_action_text(lay, "  " + text.upper().replace(" ", "   "), size) == a


def test_keep_is_end_and_reads_keep_in_the_mulligan_phase():
    lay = ActionLayout(10, 5)
    assert parse_action_text(lay, "keep") == parse_action_text(lay, "end") == parse_action_text(lay, "pass") == lay.end
    assert action_to_text(lay, lay.end, mulligan=True) == "keep"
    assert action_to_text(lay, lay.end) == "end"


def test_a_whole_fleet_move_is_written_without_ships():
    lay = ActionLayout(10, 5)
    a = parse_action_text(lay, "move b2 b4", lambda s: 3)
    assert lay.decode(a) == Action("move", sector=sec("b2"), dest=sec("b4"), mask=0b111)
    assert action_to_text(lay, a, lambda s: 3) == "move b2 b4"
    assert action_to_text(lay, a, lambda s: 4) == "move b2 b4 1,2,3"
    assert lay.decode(parse_action_text(lay, "move b2 b4")).mask == 1  # an empty sector: one ship


@pytest.mark.parametrize(
    "text, match",
    [("", "empty action"), ("   ", "empty action"), ("fly away", "cannot read action 'fly away'"),
     ("attack z9 a1", "not a sector: 'z9'"), ("deploy 0 c1", "not a card number: '0'"),
     ("deploy 11 c1", "not a card number: '11'"), ("discard x", "not a card number: 'x'"),
     ("move a1", "cannot read action"), ("move a1 a2 6", "not a card number: '6'"),
     ("rotate a1 up", "cannot read action"), ("special", "cannot read action"),
     ("special 1 a1 a2 a3", "cannot read action"), ("promote c3 9", "not a card number: '9'"),
     ("keep 1", "cannot read action"), ("end now", "cannot read action"), ("deploy 1 c1\nend", "cannot read")],
)  # fmt: skip
def test_unreadable_text_is_refused_in_one_line(game, text, match):
    s = game.new_initial_state(3)
    for parse in (lambda t: parse_action_text(game.layout, t), s.string_to_action):
        with pytest.raises((IllegalActionError, InvalidActionError), match=match) as info:
            parse(text)
        msg = str(info.value)
        assert "\n" not in msg.replace(repr(text), "") and msg[0].islower()


# ----- layering ----------------------------------------------------------------------


def test_board_and_actions_hold_no_game_state():
    code = ("import sys, cardgen.gyonrg.actions, cardgen.gyonrg.board; "
            "assert not {'cardgen.gyonrg.position', 'cardgen.gyonrg.legal', 'cardgen.gyonrg.rules', "
            "'cardgen.gyonrg.evaluation', 'cardgen.gyonrg.engine', 'cardgen.engine.protocol'} & set(sys.modules)")  # fmt: skip
    subprocess.run([sys.executable, "-c", code], check=True)


def test_only_the_codec_decodes_action_numbers():
    for name in ("position.py", "legal.py", "rules.py", "evaluation.py", "engine.py"):
        assert "divmod" not in (GYONRG / name).read_text(encoding="utf-8"), name


def test_engine_keeps_the_names_scripts_import():
    for name in ("GyonrgGame", "GAME", "GyonrgState", "N", "SECTORS", "MAIN", "NAMES", "NONE", "NEIGHBOURS",
                 "DISTANCE", "distance", "CardInfo", "STATS", "DEPLOY", "MOVE", "ROTATE", "ATTACK_COST", "SPEED",
                 "ATTACK", "SHIELD", "MULLIGAN", "SPECIAL_PHASE", "BOARD", "DISCARD", "KEEP", "OVER", "PHASE_NAMES",
                 "OBS_SECTOR", "OBS_GLOBAL", "OBS_CARD", "seed_deck", "_target_sectors", "_NAME_INDEX"):  # fmt: skip
        assert hasattr(E, name), name


# ----- why an action is illegal --------------------------------------------------------

GENERIC = ("not allowed now", "not legal now")


def positions(game, seeds=(1, 2, 3), every=9):
    """Seeded positions of random games: every `every` actions, and each over-full discard phase."""
    out = []
    for seed in seeds:
        s = game.new_initial_state(seed)
        rng = random.Random(seed)
        step = 0
        while not s.is_terminal():
            if step % every == 0 or (s.phase == E.DISCARD and len(s.hands[s.player]) > game.hand_size):
                out.append(s.clone())
            legal = s.legal_actions()
            s.apply_action(legal[int(rng.random() * len(legal))])
            step += 1
    return out


def candidates(s, rng):
    """Actions worth asking about here: those of the kinds the phase allows. All of them but
    specials of cards not in the hand and moves: those from own sectors and a random sample."""
    lay = s.game.layout
    ph = s.phase
    out = [lay.end, lay.mulligan]
    if ph in (E.SPECIAL_PHASE, E.KEEP):
        out += range(lay.special, lay.encode_special(len(s.hands[s.player]) + 1))
    elif ph == E.DISCARD:
        out += range(lay.discard, lay.half)
    elif ph == E.SALVAGE:
        out += range(lay.take, lay.size)
    elif ph == E.BOARD:
        out += range(lay.deploy, lay.move)
        out += range(lay.rotate, lay.discard)
        out += range(lay.half, lay.take)
        for x in range(SECTORS):
            if s.owner[x] == s.player:
                out += lay.moves(x, 1, range(SECTORS)) + lay.moves(x, rng.randrange(lay.masks), range(SECTORS))
        out += rng.sample(range(lay.move, lay.rotate), 100)
    return out


def test_every_refusal_names_its_reason_and_agrees_with_the_generator(game):
    rng = random.Random(5)
    seen: dict[str, set[str]] = {}
    for s in positions(game):
        legal = set(s.legal_actions())
        allowed = _ALLOWED_KINDS[s.phase]
        for k, a in enumerate(candidates(s, rng)):
            act = game.layout.decode(a)
            kind = "keep" if act.kind == "end" and s.phase == E.MULLIGAN else act.kind
            if kind not in allowed:
                continue
            why = s._why_not(a, act)
            assert (why is None) == (a in legal), (s.action_to_string(a), why)
            if why is None:
                continue
            msg = s._why_illegal(a)
            assert msg.startswith(f"illegal action {s.action_to_string(a)!r}: ") and "\n" not in msg
            assert not any(g in msg for g in GENERIC), msg
            seen.setdefault(kind, set()).add(why.split(" ")[0])
            if k % 50 == 0:  # apply_action refuses it with the same line
                with pytest.raises(IllegalActionError) as info:
                    s.clone().apply_action(a)
                assert str(info.value) == msg
    # every kind that can be refused was refused somewhere, for a stated reason (`end` only
    # with discard=down_to_5: by default a player may end with any hand within the limit)
    assert set(seen) >= {"deploy", "replace", "move", "rotate", "attack", "promote", "special", "discard"}, seen


def test_a_kind_the_phase_does_not_allow_names_the_phase(game):
    s = game.new_initial_state(2)
    assert s.phase == E.MULLIGAN
    msg = s._why_illegal(game.layout.encode_deploy(0, sec("c1")))
    assert msg == "illegal action 'deploy 1 c1': in the mulligan phase red may keep or mulligan"


# hand-made positions for the reasons a random game rarely meets


def blank(player=0, ap=10):
    g = load_game("gyonrg", decks="seed:rules-a,seed:rules-b")
    s = g.new_initial_state(1)
    s.board = [[] for _ in range(SECTORS)]
    s.owner = [-1] * SECTORS
    s.hands = [[], []]
    s.phase, s.player, s.turn, s.ap = E.BOARD, player, 5, ap
    s.deployed = [True, True]
    s.mulligans = 2
    s._legal = None
    return g, s


def put(s, where, *cids):
    for c in cids:
        for pile in s.decks + s.hands:
            if c in pile:
                pile.remove(c)
        s.board[where].append(c)
    s.owner[where] = 0 if cids[0] in s.game.deck_ids[0] else 1
    s._sort(where)
    s._legal = None


def reason(s, a):
    s._legal = None
    with pytest.raises(IllegalActionError) as info:
        s.apply_action(a)
    return str(info.value)


def test_reasons_for_moves_promotions_and_full_sectors():
    g, s = blank()
    lay = g.layout
    ships = g.deck_ids[0][:6]
    for c in ships:
        g.stats[c] = (1, 1, 1, 1, 2, 1, 1)  # all tied: any ship may be promoted
    put(s, sec("b2"), *ships[:3])
    put(s, sec("b3"), *ships[3:])
    assert "at least one ship" in reason(s, lay.encode_move(sec("b2"), sec("b4"), 0))
    assert "has only 3 ships" in reason(s, lay.encode_move(sec("b2"), sec("b4"), 0b1000))
    assert "has no room for 3 more ships" in reason(s, lay.encode_move(sec("b2"), sec("b3"), 0b111))
    assert "not reachable" in reason(s, lay.encode_move(sec("b2"), sec("e5"), 0b1))
    assert "is its Captain already" in reason(s, lay.encode_promote(sec("b2"), 0))
    assert "no ship 5 in the fleet at b2 (it holds 3)" in reason(s, lay.encode_promote(sec("b2"), 4))
    s.apply_action(lay.encode_promote(sec("b2"), 2))
    assert "promoted this turn already" in reason(s, lay.encode_promote(sec("b2"), 1))
    assert "holds none of your ships" in reason(s, lay.encode_rotate(sec("e5"), 1))
    s.ap = 0
    assert "rotating costs 1 Action Points and 0 are left" in reason(s, lay.encode_rotate(sec("b3"), -1))


def test_reasons_for_deploys():
    g, s = blank()
    lay = g.layout
    cids = [c for c in s.decks[0] if not g.cards[c].drone][:7]
    for c in cids:
        g.stats[c] = (1, 1, 1, 1, 1, 1, 1)
    for c in cids[:6]:
        s.decks[0].remove(c)
    s.hands[0] = cids[:6]
    s._legal = None
    for _ in range(5):  # a fleet deployed at once fills the main sector
        s.apply_action(lay.encode_deploy(0, sec("c1")))
    assert "c1 is full: at most 5 ships in a sector" in reason(s, lay.encode_deploy(0, sec("c1")))
    assert "no card 3 in the hand (it holds 1)" in reason(s, lay.encode_deploy(2, sec("c2")))
    assert "holds none of your Drones" in reason(s, lay.encode_replace(0, sec("c1")))
    s.ap = 0
    assert "it costs 1 Action Points and 0 are left" in reason(s, lay.encode_deploy(0, sec("c2")))
    # blue has no card on the board: its main sector is closed to red
    g2, s2 = blank()
    c4_ship = g2.deck_ids[0][0]
    put(s2, sec("c4"), c4_ship)
    g2.cards[c4_ship].deploy_to = tuple(tuple(tuple((n, 0xFF) for n in E.NEIGHBOURS[x]) for x in range(SECTORS))
                                  for _ in range(2))  # fmt: skip
    h = next(c for c in s2.decks[0] if c != c4_ship)
    g2.stats[h] = (1, 1, 1, 1, 1, 1, 1)
    s2.decks[0].remove(h)
    s2.hands[0] = [h]
    assert "c5 is blue's main sector" in reason(s2, g2.layout.encode_deploy(0, sec("c5")))
    s2.apply_action(g2.layout.encode_deploy(0, sec("c3")))  # beside the Captain: allowed


def test_reasons_for_attacks_and_specials():
    g, s = blank()
    lay = g.layout
    a, t = g.deck_ids[0][0], g.deck_ids[1][0]
    g.stats[a] = (1, 1, 1, 1, 1, 2, 1)
    g.stats[t] = (1, 1, 1, 1, 1, 1, 5)
    g.cards[a].weapon = tuple(tuple(E._target_sectors([(0, 1)], p, f) for f in range(4)) for p in range(2))
    g.cards[t].blind_from = tuple(tuple(frozenset() for _ in range(SECTORS)) for _ in range(2))
    put(s, sec("c2"), a)
    put(s, sec("c3"), t)
    assert "(2 against 5)" in reason(s, lay.encode_attack(sec("c2"), sec("c3")))
    assert "holds no enemy ships" in reason(s, lay.encode_attack(sec("c2"), sec("d2")))
    s.jams[a] = 99
    assert "is jammed" in reason(s, lay.encode_attack(sec("c2"), sec("c3")))
    # specials: a Special that only gives Action Points is not kept back
    s.jams.clear()
    s.phase = E.KEEP
    cid = s.decks[0].pop()
    g.cards[cid].special = ("action_points", -1, 2, "self", "instant", 0, "Test Surge")
    s.hands[0] = [cid]
    assert "cannot be kept back" in reason(s, lay.encode_special(0))
    g.cards[cid].special = ("salvage", -1, 2, "self", "instant", 0, "Test Salvage")
    assert "Test Salvage has nothing to act on: your scrap yard is empty" in reason(s, lay.encode_special(0))
    g.cards[cid].special = ("modify", 6, 2, "own_ship", "turn", 0, "Test Shield")
    assert "cannot target that (target: own ship)" in reason(s, lay.encode_special(0, sec("c3")))
    s.apply_action(lay.encode_special(0, sec("c2")))


def test_a_seat_not_to_move_is_told_so(game):
    s = game.new_initial_state(4)
    msg = s._why_illegal(game.layout.end, player=1 - s.player)
    assert "it is red's move, not blue's" in msg or "it is blue's move, not red's" in msg


# ----- observation tensor ----------------------------------------------------------------


def test_observation_tensor_shape_finite_and_blind_to_hidden_cards(game):
    size = math.prod(game.observation_shape())
    for s in positions(game, seeds=(7,), every=11):
        for p in (0, 1):
            t = s.observation_tensor(p)
            assert len(t) == size and all(isinstance(x, float) and math.isfinite(x) for x in t)
            assert s.determinize(p, random.Random(3)).observation_tensor(p) == t
