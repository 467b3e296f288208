"""Spherion rules engine on the shared protocol: dice, simultaneous ordered plans, resolution.

A turn (docs/rules/spherion.md has every choice and its reason):

1. Turn start: power-ups spawn (hidden contents), each hand is refilled to 5.
2. Dice: one CHANCE node per die, `dice` per seat (seat 0's first). Star: +1 Summon
   point; Arrow: +2 Move points; Card: draw 1 at once; Hammer: one hand trade this turn.
3. Planning: SIMULTANEOUS nodes. Each seat adds one step to its ordered plan or plays
   READY; a ready seat has no legal actions and passes READY (the no-op). A plan is
   checked against the seat's own projection of the board (its own steps applied, the
   opponent's cards where they stand). At most `plan` steps.
4. Resolution: step i of both plans at once. Both entering one cell: the conflict
   table (rock-paper-scissors as a two-outcome CHANCE node); otherwise the first
   player's step resolves before the second's. A step that became impossible is
   skipped at no cost and the log says so. Then the win checks; after the 20th turn territory,
   then LP; a hard cap (`max_turns`) ends a game still tied in a draw.

The engine is split in layers, each importing only the ones below it:

    engine       SpherionGame (GAME, what the registry loads): the settings and their states
    state        SpherionState: set-up, the protocol, applying actions, copies and JSON, text
    view         the terminal view (render, show) of a position
    observation  what a seat sees (observation, tensor), determinize, the bots' evaluation
    resolution   the plans played out: conflicts, battles, spells, traps; win checks, turn start
    narration    the words each seat is told as rules fire (State.tell), and the end's reason
    planning     a seat's projection of its plan (Proj) and its legal steps
    position     a position's fields, zones and phases, the readers shared by the layers above
    settings     the options, the decks (CardStats), the board: the Game without its states
    actions      the action codec: numbers, their text and parse_action
    board        the sphere: cells, neighbours, walls (cardgen.spherion.board)

SpherionState is one class put together from the layers (Observing and Resolution, on
Planning and Position), so a search's calls are plain methods as before the split.
"""

from __future__ import annotations

from types import MappingProxyType

from cardgen.engine.tensors import Layout
from cardgen.spherion.actions import NUM_ACTIONS, action_text, parse_action
from cardgen.spherion.board import SIZES
from cardgen.spherion.observation import observation_layout
from cardgen.spherion.settings import Settings
from cardgen.spherion.state import SpherionState

PLAY_HELP = """\
Spherion: each turn both players plan in secret, one step at a time, then 'ready'; then the
plans play out together, step 1 of both, step 2 of both... (the other player sees only how many
steps you plan). cN is a card by its number in your deck, as your hand and the field list it;
dK a side of a cell (d0-d5, 'show #17' lists them); a step may name the cell instead of the side.
steps:
  summon c7 d0 up-atk   place c7 on side d0 of your deck master (1 Summon point), face-up in
                        attack position; up-def, down-atk, down-def: the other positions
  summon c7 #3 up-atk   the same, naming the cell
  tribute c2            after a level 5-6 summon (7+: two): the monster it sacrifices
  move c3 d2            c3 steps one cell (1 Move point); onto an opposing card: an attack
  move c3 #45           the same, naming the cell; 'move dm d1' moves your deck master
  fuse c3 d4            c3 fuses with the same-group monster on its side d4 (1 Summon point)
  activate c9           activate your spell c9 on the field (when its condition holds)
  hammer c4             with a hammer: trade c4 back into the deck and draw another
  position c2           turn c2 face-up and switch it between attack and defence
  wait / ready          a step that does nothing / end your plan
  The list shows where each step leads: 'move c3 d2 -> #45 (attack)', 'summon c7 d0 up-atk -> #1'.
show:
  show ids              the map with every cell's id ('show map' too)
  show #17              a cell: what is on it, its sides and what is on each
  show c12              one of your cards; 'show hand' your hand with each card's text
  show dm               your deck master's cell and its sides
map legend (rows are rings of cells around the north pole; next rows interleave like a honeycomb):
  n s  north's / south's territory   .  nobody's   #  a wall   [N] [S]  the deck masters
  A-Z  north's cards, a-z south's: each card keeps its letter, listed under 'on the field'
  ?    a face-down opposing card
  *    a power-up: a face-down bonus card, or a bomb that destroys what touches it
dice: star +1 Summon point, arrow +2 Move points, card draws 1, hammer one hand trade this turn.
win: the opposing deck master's LP to 0 (each hit 1 LP), checkmate (your monsters on all its free
sides), Godai relics of all five elements in hand; after turn 20 more territory, then more LP."""


class SpherionGame(Settings):
    """Spherion for two players: a sphere, two decks, three dice each, simultaneous plans."""

    play_help = PLAY_HELP
    # the plan bot (cardgen/engine/planner.py): whole plans played out through their resolution and
    # the next turn's; MCTS over single steps scored 0.41 against greedy at 400 playouts, 0.57 at
    # 2,000; hard takes a second look at its 8 best plans of 32 (finals), 0.67 against medium over
    # 200 games where 16 plans in 24 re-deals scored 0.57 (docs/rules/spherion.md, "Medium and hard:
    # the plan bot"). Medium makes 8 plans in 6 re-deals: with 12 in 10, once a spell's points paid
    # for a plan's later steps, hard scored only 55 % against it (bot_quality -n 100); against 8 in 6,
    # 70 % over 120 games, and medium still beats greedy 70 % of the time (the same games).
    difficulties = MappingProxyType({
        "medium": "plan:turns=2,plans=8,worlds=6,time=1",
        "hard": "plan:turns=2,plans=32,worlds=8,finals=8,time=1.8",
    })
    plan_cost_words = "gives up the fewest guards of its deck master"  # State.plan_cost, as explain says it

    def new_initial_state(self, seed: int | str = 0) -> SpherionState:
        return SpherionState.start(self, seed)

    def state_from_json(self, data: dict) -> SpherionState:
        return SpherionState.from_json(self, data)

    def observation_shape(self) -> tuple[int, ...]:
        cells = 10 * SIZES[self.config["size"]] ** 2 + 2
        return (observation_layout(cells).size,)

    def observation_layout(self) -> Layout:
        return observation_layout(10 * SIZES[self.config["size"]] ** 2 + 2)


GAME = SpherionGame

__all__ = ["GAME", "SpherionGame", "SpherionState", "action_text", "parse_action", "NUM_ACTIONS"]
