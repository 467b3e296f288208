"""A scripted game of Gog & Magog through the real `cardgen play` over a pipe (issue 36).

The human (gog) types the first listed move every time (a War whenever one is legal, the
list opens with it) and asks `explain` after each; a greedy bot plays magog. The screen
must tell every battle with its numbers and rule, the end with its win condition, the
game's own help, and never a card magog holds hidden: the record is replayed to find
the cards magog held in hand or face down that gog never saw.
"""

from __future__ import annotations

import re

import pytest

from cardgen.engine import load_game
from cardgen.engine.play import help_text
from cardgen.gogmagog.position import HID
from tests.engine.piped import longest_told, play_piped
from tests.gogmagog.test_engine import BOLT, E21, E24, E33, E44, E51, INSTANT, T14, T36, act, empty, game, put, take

SEED = 65  # a short game (23 turns) with destroyed cards, a War tie and a Flaw; magog wins on gog's energy


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    record = tmp_path_factory.mktemp("gogmagog") / "game.json"
    script = ["help", "show legend", "show lane 1", "show enemy 1", "board"]
    script += ["1", "explain"] * 200 + ["quit"]
    return play_piped("gogmagog", SEED, "human,greedy", script, record)


def screen_lines(out: str) -> list[str]:
    """The screen's lines, without the prompts the piped input leaves in front of them."""
    return [re.sub(r"^(gog> )+", "", line) for line in out.splitlines()]


def test_battles_are_told_with_their_numbers_and_rules(played):
    out, _ = played
    lines = screen_lines(out)
    # a War's battle: who attacks whom with which values, what the tokens did, the counterattack
    assert any(re.fullmatch(r"  War, lane \d: gog's .+ \(attack \d+\) attacks magog's .+ \(defence \d+\)", x) for x in lines)
    assert any(re.fullmatch(r"  \d+ tokens? (>|on|=) defence \d+: magog's .+", x) for x in lines)
    assert any(re.match(r"  magog's .+ counterattacks with \d+: \d+ tokens? ", x) for x in lines)
    # the same value in a War: both cards fall, and the rule is named
    tie = r"  (\d+) tokens? = defence \1, the same value: (gog|magog)'s .+ and (gog|magog)'s .+ both fall"
    assert any(re.fullmatch(tie, x) for x in lines)
    assert any(re.fullmatch(r"  (gog|magog)'s .+ goes to the used pile; \1's lane \d is empty: a Flaw", x) for x in lines)
    # a Flaw takes energy, said with the tokens and the energy before and after
    assert any(re.fullmatch(r"  \d+ attack tokens? through the Flaw in lane \d \(no gog creature there\): gog loses "
                            r"\d+ energy, \d+ -> \d+", x) for x in lines)  # fmt: skip
    # turns, mana and draws: the opponent's draw as 'draws a card', one's own by name
    assert "  turn 2/200: magog to move, mana 1" in lines
    assert any(re.fullmatch(r"  magog draws a card \(hand \d+, deck \d+\)", x) for x in lines)
    assert any(re.fullmatch(r"  gog draws .+ cost \d.*", x) for x in lines)


def test_the_end_is_told_with_its_win_condition_and_final_energy(played):
    out, record = played
    assert record["finished"]
    assert "\ngame over: magog wins: it depleted gog's energy tokens (0 left)\n" in out
    assert "final energy: gog 0, magog " in out
    assert "  gog's energy is 0: magog wins (it depleted the opponent's energy tokens)" in out


def test_help_and_show_are_the_games_own(played):
    out, _ = played
    game = load_game("gogmagog")
    assert game.play_help in help_text(game) and game.play_help in out
    for example in ("play 3 2 concealed", "cast 1 enemy 4", "use 3 enemy 1", "combine 3 / split", "show enemy 2"):
        assert example in out
    assert "show c3 the fleet" not in out and "scrap yard" not in out  # Gyon-RG's help
    assert "Board legend (Gog & Magog)" in out  # `show legend`
    assert "lane 1 of gog is empty (a Flaw)" in out  # `show lane 1` on the empty opening board
    # the board says what its values are: now, with the rank, and printed
    assert "a/d (p/q): attack/defence now (printed); defensive rank -1 attack +1 defence" in out
    assert re.search(r"\n  hand \d: .+ cost \d+, printed \d+/\d+: \d+/\d+ defensive, \d+/\d+ offensive\n", out)


@pytest.mark.parametrize("options", [{}, {"lane_cards": "per_rank", "tie": "mutual", "counter": "survivor"},
                                     {"tie": "attack", "strike": "free", "drain": "direct", "lanes": 7}])
def test_every_event_is_one_short_line(options):
    """Random games, every event told: one line each, short enough to read (long names included)."""
    longest = longest_told(load_game("gogmagog", **options), range(3))
    # 110: the longest lines hold one or two creature names of up to 15 characters (one name, one
    # card since issue 38; 'Grove Mailrhino'), a spell's name with its guild ('Ember Bulwark'),
    # e.g. "gog's Tide Horntitan counterattacks with 5: 5 tokens = defence 5: the same value, both
    # cards fall (tie=mutual)"
    assert len(longest) <= 110, longest


def _hidden_from_gog(record: dict) -> tuple[set[str], set[str]]:
    """The names of cards magog held hidden (in hand or face down) that gog never saw, and of the
    cards gog saw of magog's."""
    game = load_game("gogmagog", **record["config"])
    state = game.new_initial_state(record["seed"])
    held: set[int] = set()
    seen: set[str] = set()

    def look() -> None:
        held.update(state.hand[1])
        held.update(state.bd[i] for i in state._slots(1) if state.bd[i] >= 0 and state.bd[i + HID])
        side = state.observation(0)["sides"][1]
        seen.update(slot["card"] for slot in side["lanes"] if slot and "card" in slot)
        seen.update(side["used"] + side["resources"])

    look()
    for action in record["actions"]:
        state.apply_action(action)
        look()
    assert state.is_terminal()
    seen_names = {c.name for c in game.cards if c.serial in seen}
    gog_names = {game.cards[c].name for c in game.deck_ids[0]}
    hidden = {game.cards[c].name for c in held} - seen_names - gog_names
    return hidden, seen_names


def test_no_hidden_card_of_the_bot_is_shown(played):
    out, record = played
    hidden, seen = _hidden_from_gog(record)
    help_words = help_text(load_game("gogmagog"))
    hidden = {name for name in hidden if name not in help_words}
    assert hidden, "the bot kept some card hidden to the end (else this test checks nothing)"
    assert not [name for name in hidden if name in out], "a hidden card of the bot is on the human's screen"
    assert any(name in out for name in seen)  # what the bot showed is named
    # the bot's moves name no hand position and no card: 'plays a creature face down into lane 3'
    bot = [x for x in out.splitlines() if x.startswith("magog (greedy): ")]
    assert bot and not any(re.match(r"magog \(greedy\): (play|cast|resource) \d", x) for x in bot)
    assert any(x == "magog (greedy): plays a creature face down into lane 1" or "face up" in x for x in bot)
    # explain ran, in the same public words, the bot their subject ("greedy (magog) passes")
    assert "greedy (magog) " in out


# -- the events of single rules, on positions set up by hand (tests/gogmagog/test_engine.py) --------


def told(s, text: str, viewer=None) -> list[str]:
    s.narrate()
    act(s, text)
    return s.told(viewer)


def test_the_same_value_in_a_war_and_not_in_an_instant_attack():
    s = empty(game())
    take(s, 0, BOLT)
    put(s, 0, 1, E24, offensive=True)  # attack 3
    put(s, 1, 1, T14)  # defensive: attack 0, defence 5
    assert told(s, "cast 1 enemy 2") == [
        "gog casts Ember Bolt (mana 10 -> 9): Put 2 attack tokens on an enemy creature.",
        "Ember Bolt: 2 attack tokens on magog's Tide Hornrat in lane 2; 2 on defence 5: it holds"]  # fmt: skip
    lines = told(s, "war")
    assert lines[:5] == [
        "gog declares War: its offensive creature in lane 2 attacks (a War ends the turn)",
        "War, lane 2: gog's Ember Hornboar (attack 3) attacks magog's Tide Hornrat (defence 5, 2 tokens on it already)",
        "2+3 = 5 tokens = defence 5, the same value: magog's Tide Hornrat and gog's Ember Hornboar both fall",
        "magog's Tide Hornrat counterattacks with 0: 0 tokens on defence 3 (the same value destroys both anyway)",
        "magog's Tide Hornrat goes to the used pile; magog's lane 2 is empty: a Flaw"]  # fmt: skip
    s = empty(game())
    take(s, 0, INSTANT)  # 3/3 instant: attack 4, defence 2 in the offensive rank
    put(s, 1, 2, E33, concealed=True)  # defensive: attack 2, defence 4
    lines = told(s, "play 1 3 attack", 1)
    assert lines == [
        f"gog: {INSTANT.name} (printed 3/3) enters lane 3's offensive rank, 4/2 there; mana 10 -> 7",
        f"magog's face-down creature in lane 3 is revealed (it is attacked): {E33.name}, printed 3/3",
        f"Instant attack, no War call, lane 3: gog's {INSTANT.name} (attack 4) attacks magog's {E33.name} (defence 4)",
        f"4 tokens on defence 4: magog's {E33.name} holds (not a War: the same-value rule does not apply)",
        f"magog's {E33.name} counterattacks with 2: 2 tokens on defence 2: gog's {INSTANT.name} holds"]  # fmt: skip


def test_a_face_down_card_is_named_to_its_owner_only_and_its_cost_to_both():
    s = empty(game())
    take(s, 1, E51)
    s.turn = 1  # magog to move
    s._legal = None
    a = s.string_to_action("play 1 4 concealed")
    assert s.action_text(a, 0) == "plays a creature face down into lane 4"
    assert s.action_text(a, 1) == "play 1 4 concealed"
    s.narrate()
    act(s, "play 1 4 concealed")
    public = f"magog: a face-down creature (cost {E51.cost}) enters lane 4's defensive rank; mana 10 -> {10 - E51.cost}"
    assert s.told(0) == [public]
    assert s.told(1) == [f"magog: {E51.name} (printed 5/1) enters face down: lane 4's defensive rank, 4/2 there; "
                         f"mana 10 -> {10 - E51.cost}"]  # fmt: skip
    board = s.render(player=0)
    assert E51.name not in board and "[face down]" in board and f"cost {E51.cost}" in board
    assert f"[{E51.name}]" in s.render(player=1)


def test_public_texts_name_no_hand_position_nor_card():
    s = empty(game())
    for card in (E33, BOLT, E21):
        take(s, 0, card)
    put(s, 1, 0, T14)
    texts = {s.action_text(a, 1) for a in s.legal_actions()}
    assert "casts a spell at enemy lane 1" in texts and "plays a creature face up into lane 2" in texts
    assert not any(re.search(r"\b(play|cast|resource) \d", t) for t in texts)
    assert not any(c.name in t for c in (E33, BOLT, E21) for t in texts)


def test_a_drain_through_a_flaw_and_the_end_by_energy():
    s = empty(game(drain="flaw"))
    s.energy[1] = 4
    put(s, 0, 0, E33, offensive=True)  # attack 4 on magog's empty lane 1
    lines = told(s, "war")
    assert lines[1:] == [
        f"War, lane 1: gog's {E33.name} (attack 4) attacks an empty lane",
        "4 attack tokens through the Flaw in lane 1 (no magog creature there): magog loses 4 energy, 4 -> 0",
        "magog's energy is 0: gog wins (it depleted the opponent's energy tokens)"]  # fmt: skip
    assert s.result_text(1).splitlines() == [
        "gog wins: it depleted magog's energy tokens (0 left)",
        "final energy: gog 20, magog 0; creatures on the board: gog 1, magog 0; after 1 turns"]  # fmt: skip


def test_the_end_by_wipeout_and_by_the_turn_limit():
    s = empty(game(wipeout="board"))
    put(s, 0, 0, E44, offensive=True)  # 5/3
    put(s, 1, 0, E21)  # defensive 1/2: falls, and its counterattack of 1 leaves gog's card standing
    lines = told(s, "war")
    assert lines[-1] == "magog has lost every creature it had on the board (wipeout=board): gog wins"
    assert s.result_text().startswith("gog wins: magog has lost every creature it had on the board (wipeout=board)")
    s = empty(game(max_turns=2))
    act(s, "pass")
    assert told(s, "pass") == ["the turn limit is reached (2 turns, both players' counted): a draw"]
    assert s.result_text().startswith("a draw: the turn limit (2 turns, option max_turns) was reached")


def test_a_war_that_destroys_nothing_is_still_seen_in_the_observation():
    """Tokens are gone at the end of the turn: without last_war a War that changed nothing would leave the
    position as a pass does, though both players saw it (the conformance suite's case)."""
    s = empty(game())
    put(s, 0, 0, E24, offensive=True)  # attack 3
    put(s, 1, 0, T36)  # defensive: defence 7, counterattack 2 on defence 3
    war, quiet = s.clone(), s.clone()
    act(war, "war")
    act(quiet, "pass")
    assert war.observation(1)["last_war"] == [0, [[0, [0]]]] and quiet.observation(1)["last_war"] is None
    assert war.game.state_from_json(war.to_json()).observation(1) == war.observation(1)
