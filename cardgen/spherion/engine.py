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
    planning     a seat's projection of its plan (Proj) and its legal steps
    position     a position's fields, zones and phases, the readers shared by the layers above
    settings     the options, the decks (CardStats), the board: the Game without its states
    actions      the action codec: numbers, their text and parse_action
    board        the sphere: cells, neighbours, walls (cardgen.spherion.board)

SpherionState is one class put together from the layers (Observing and Resolution, on
Planning and Position), so a search's calls are plain methods as before the split.
"""

from __future__ import annotations

from cardgen.spherion.actions import NUM_ACTIONS, action_text, parse_action
from cardgen.spherion.board import SIZES
from cardgen.spherion.observation import OBS_CARD, OBS_CELL, OBS_GLOBAL, OBS_HAND
from cardgen.spherion.settings import Settings
from cardgen.spherion.state import SpherionState


class SpherionGame(Settings):
    """Spherion for two players: a sphere, two decks, three dice each, simultaneous plans."""

    def new_initial_state(self, seed: int | str = 0) -> SpherionState:
        return SpherionState.start(self, seed)

    def state_from_json(self, data: dict) -> SpherionState:
        return SpherionState.from_json(self, data)

    def observation_shape(self) -> tuple[int, ...]:
        cells = 10 * SIZES[self.config["size"]] ** 2 + 2
        return (cells * OBS_CELL + OBS_GLOBAL + OBS_HAND * OBS_CARD,)


GAME = SpherionGame

__all__ = ["GAME", "SpherionGame", "SpherionState", "action_text", "parse_action", "NUM_ACTIONS"]
