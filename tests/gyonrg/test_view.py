"""The Gyon-RG terminal view on fixed positions: what a player reads before deciding."""

from __future__ import annotations

import re

import pytest

from cardgen.engine.bots import make_bot
from cardgen.engine.registry import load_game
from cardgen.errors import CardgenError
from cardgen.gyonrg import view
from cardgen.gyonrg.board import ATTACK, MAIN, NAME_INDEX, NAMES, SECTORS, SHIELD, _target_sectors
from cardgen.gyonrg.edition import MAIN_SECTOR
from cardgen.gyonrg.position import BOARD, MULLIGAN

ANSI = re.compile(r"\x1b\[[0-9;]*m")
SEC = NAME_INDEX


@pytest.fixture(scope="module")
def game():
    return load_game("gyonrg", decks="seed:view-a,seed:view-b")


def board_phase(game, player=0, ap=6):
    """`player`'s board phase on an empty board, both seats past their first deployment."""
    s = game.new_initial_state(3)
    s.board = [[] for _ in range(SECTORS)]
    s.owner = [-1] * SECTORS
    s.facing = [0] * SECTORS
    s.phase, s.player, s.turn, s.ap = BOARD, player, 4, ap
    s.deployed = [True, True]
    s.mulligans = 2
    s._legal = None
    return s


def put(s, sector, seat, count=1, facing=0):
    """`count` cards from the top of `seat`'s deck into `sector` (the fleet order is the rules')."""
    sec = SEC[sector]
    for _ in range(count):
        s.board[sec].append(s.decks[seat].pop())
    s.owner[sec] = seat
    s.facing[sec] = facing
    s._sort(sec)
    s._legal = None
    return s.board[sec]


def cell(text, sector):
    """The text of one sector in a rendered board (row 5 printed on top)."""
    sec = SEC[sector]
    row, col = divmod(sec, 5)
    line = next(ln for ln in ANSI.sub("", text).splitlines() if ln.startswith(f"{row + 1:>2} "))
    return line[3 + col * view.CELL : 3 + (col + 1) * view.CELL].strip()


def diagram(text, title):
    """The 5x5 cells under the diagram header `title` (the first of the side-by-side blocks)."""
    lines = text.splitlines()
    k = next(i for i, ln in enumerate(lines) if ln.strip().startswith(title))
    return [ln[2:11].split() for ln in lines[k + 1 : k + 6]]


def goal_grid(text):
    """The goal grid rows (top row 5) of a `show` text: (mark, cells)."""
    rows = []
    for ln in text.splitlines():
        m = re.search(r"(\+\+|\+ |  ) ([.XM](?: [.XM]){4})$", ln)
        if m:
            rows.append((m.group(1).strip(), m.group(2).split()))
    return rows[:5]


# ----- facing arrows --------------------------------------------------------------


def test_arrows_point_where_the_rules_aim_a_forward_weapon():
    # The square straight ahead of a ship, as the rules turn it, lies where the arrow points.
    step = {5: "↑", -5: "↓", 1: "→", -1: "←"}  # +5: one row up the board (printed higher)
    for seat in (0, 1):
        for facing in range(4):
            (ahead,) = _target_sectors([(0, 1)], seat, facing)[SEC["c3"]]
            assert view.facing_arrow(seat, facing) == step[ahead - SEC["c3"]], (seat, facing)


def test_arrows_on_the_board_follow_rotations(game):
    s = board_phase(game)
    put(s, "c1", 0)
    put(s, "c4", 1)
    assert cell(s.render(), "c1").startswith("R↑") and cell(s.render(), "c4").startswith("B↓")
    L = game.layout
    rotate_cw = L.encode_rotate(SEC["c1"], 1)
    s.ap = 20  # rotations of any cost
    s._legal = None
    for expected in ("R→", "R↓", "R←"):  # (a rotation back to a facing held would change nothing)
        s.apply_action(rotate_cw)
        assert cell(s.render(), "c1").startswith(expected)
    s.facing[SEC["c1"]] = 1
    assert cell(s.render(), "c1").startswith("R→")
    # blue's fleets turn clockwise too, seen from blue's side of the table
    s.facing[SEC["c4"]] = 1
    assert cell(s.render(), "c4").startswith("B←")
    assert "facing → right" in s.show("c1")


def test_board_cells_match_every_position_of_a_game(game):
    s = game.new_initial_state(11)
    bots = [make_bot("random", game, 0, 11), make_bot("random", game, 1, 11)]
    seen = 0
    while not s.is_terminal() and len(s.history()) < 400:
        text = s.render()
        for sec in range(SECTORS):
            shown = cell(text, NAMES[sec])
            fleet = s.board[sec]
            if not fleet:
                assert shown == ("◇" + "RB"[MAIN.index(sec)] if sec in MAIN else "·")
                continue
            seen += 1
            owner, cap = s.owner[sec], fleet[0]
            expect = f"{'RB'[owner]}{view.facing_arrow(owner, s.facing[sec])}{s.stat(cap, ATTACK)}/{s.stat(cap, SHIELD)}"
            expect += f"x{len(fleet)}" if len(fleet) > 1 else ""
            assert shown == expect + ("◇" if sec in MAIN and len(expect) < view.CELL - 1 else "")
        s.apply_action(bots[s.current_player()].step(s))
    assert seen > 50  # the game put ships on the board


# ----- the header: Victory Points, Action Points, scrap yards ------------------------


def test_header_shows_both_victory_points_action_points_and_scrap_yards(game):
    s = board_phase(game, player=1, ap=4)
    s.vp = [3, 8]
    scrapped = s.decks[0].pop()
    s.scrap[0].append(scrapped)
    text = s.render(player=1)
    lines = text.splitlines()
    assert lines[0].startswith("blue  VP  8/10") and lines[1].startswith("red   VP  3/10")
    assert "scrap 1" in lines[1] and game.cards[scrapped].name in lines[1]
    assert "scrap 0" in lines[0]
    assert "blue to play · board phase · 4 Action Points left (of 6)" in text
    assert "blue's hand" in text and "red's hand" not in text
    yards = s.show("scrap")
    assert "red's scrap yard: 1 card" in yards and game.cards[scrapped].serial in yards


def test_effects_in_play_are_listed(game):
    s = board_phase(game)
    (cap,) = put(s, "b2", 0)
    s.deltas[cap] = [0, 0, 0, 0, 0, 2, 0]
    s.effects.append((6, "delta", cap, ATTACK, 2))
    s.jams[cap] = 6
    text = s.render()
    assert f"attack +2 until turn 6 starts: {game.cards[cap].name} (b2)" in text
    assert "is jammed (cannot attack) until turn 6 starts" in text
    assert cell(text, "b2") == f"R↑{game.stats[cap][ATTACK] + 2}/{game.stats[cap][SHIELD]}"


# ----- show -------------------------------------------------------------------------


def test_show_hand_card_prints_the_cards_own_diagrams(game):
    s = board_phase(game)
    hand = s.hands[0]
    for i, cid in enumerate(hand):
        card = game.cards[cid].card
        text = s.show(str(i + 1), 0)
        cells = diagram(text, "weapon W, blindspot b")
        weapon = {(c - 2, 2 - r) for r, row in enumerate(cells) for c, x in enumerate(row) if x in "W#"}
        blind = {(c - 2, 2 - r) for r, row in enumerate(cells) for c, x in enumerate(row) if x in "b#"}
        assert cells[2][2] == "S"
        assert weapon == set(card.ship.weapon) and blind == set(card.ship.blindspot)
        grid = goal_grid(text)
        assert [m for m, _ in grid] == ["++", "+", "", "", ""]
        goals = {(5 - r, c + 1) for r, (_, row) in enumerate(grid) for c, x in enumerate(row) if x == "X"}
        assert goals == set(card.goal.sectors) and grid[5 - MAIN_SECTOR[0]][1][MAIN_SECTOR[1] - 1] == "M"
        flat = " ".join(text.split())
        for side in ("up", "down", "left", "right"):
            assert f"{side} {', '.join(card.deploy[side]) or '-'}" in flat
        assert " ".join(card.special.text.split()) in flat and f"({card.special.cost} AP)" in flat
        assert f"deploy {card.ship.deploy_cost}" in text and f"rotate {card.ship.rotate_cost}" in text


def test_show_hand_card_says_where_it_deploys_now(game):
    s = board_phase(game)
    s.deployed = [False, False]
    text = s.show("1", 0)
    assert "deploys now to: c1" in text


def test_show_sector_lists_the_fleet_captain_first_with_effective_stats(game):
    s = board_phase(game)
    fleet = put(s, "c3", 0, count=2, facing=1)
    cap, second = fleet
    s.deltas[cap] = [0, 0, 0, 0, 0, 0, 3]
    text = s.show("c3", 0)
    assert text.startswith("c3: red fleet of 2, facing → right")
    assert text.index("1. Captain: " + game.cards[cap].name) < text.index("2. ship 2: " + game.cards[second].name)
    printed = game.stats[cap][SHIELD]
    assert f"shield {printed + 3} (printed {printed})" in text
    # the board map: the Captain's weapon with the fleet's facing now, its blindspot
    lines = text.splitlines()
    k = next(i for i, ln in enumerate(lines) if "on the board now" in ln)
    col = lines[k].index("on the board now")
    board_map = [ln[col : col + 11].split()[1:] for ln in lines[k + 1 : k + 6]]
    marked = {(4 - r) * 5 + c: x for r, row in enumerate(board_map) for c, x in enumerate(row)}
    ci = game.cards[cap]
    assert marked[SEC["c3"]] == "S"
    assert {q for q, x in marked.items() if x in "W#"} == set(ci.weapon[0][1][SEC["c3"]])
    assert {q for q, x in marked.items() if x in "b#"} == set(ci.blind_from[0][SEC["c3"]])


def test_show_empty_sector_and_blue_fleet(game):
    s = board_phase(game)
    assert s.show("c5") == "c5 (blue's main sector): no ships"
    put(s, "d4", 1)
    assert s.show("D4", 0).startswith("d4: blue ship, facing ↓ down")


@pytest.mark.parametrize("what", ["", "   ", "z9", "0", "99", "ｃ３", "３", "9" * 5000, "c3 c4", "\x00", "scrap blue x"])
def test_show_refuses_bad_requests_in_one_line(game, what):
    s = board_phase(game)
    with pytest.raises(CardgenError) as err:
        s.show(what, 0)
    message = str(err.value)
    assert "\n" not in message and len(message) <= 160
    assert "show" in message or "card" in message


# ----- the list of legal actions ---------------------------------------------------------


def test_actions_are_grouped_by_kind_with_end_last(game):
    s = board_phase(game, ap=10)
    put(s, "c1", 0)
    put(s, "b4", 1)
    legal = s.legal_actions()
    groups = s.action_groups(legal)
    labels = [label for label, _ in groups]
    assert labels[-1] == "end" and labels[0] == "deploy"
    assert labels == [k for k in view.KIND_ORDER if k in labels] + ["end"]
    flat = [a for _, acts in groups for a in acts]
    assert sorted(flat) == sorted(legal) and len(flat) == len(legal)
    for label, acts in groups:
        assert all(game.layout.decode(a).kind == label for a in acts)
        assert acts == sorted(acts)


def test_mulligan_phase_lists_keep_last(game):
    s = game.new_initial_state(3)
    assert s.phase == MULLIGAN
    assert [label for label, _ in s.action_groups(s.legal_actions())] == ["mulligan", "keep"]


def test_every_line_fits_the_terminal(game):
    s = game.new_initial_state(5)
    bots = [make_bot("greedy", game, 0, 5), make_bot("greedy", game, 1, 5)]
    while not s.is_terminal() and len(s.history()) < 150:
        texts = [s.render(player=0), s.render(color=True, player=1), s.show("scrap")]
        texts += [s.show(NAMES[sec], 0) for sec in range(SECTORS) if s.board[sec]]
        texts += [s.show(str(i + 1), s.player) for i in range(len(s.hands[s.player]))]
        for text in texts:
            for line in ANSI.sub("", text).splitlines():
                assert len(line) <= view.WIDTH, line
        s.apply_action(bots[s.current_player()].step(s))


def test_colour_only_when_asked(game):
    s = board_phase(game)
    put(s, "c1", 0)
    assert "\x1b[" not in s.render() and "\x1b[1;31m" in s.render(color=True)
