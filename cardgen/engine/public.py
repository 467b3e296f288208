"""What a bot's explanation may tell a seat: its moves as that seat reads them, and the moves
that were open to the bot whatever cards the seat cannot see (botbase.Bot.explain).
"""

from __future__ import annotations

import random

from cardgen.errors import CardgenError

from .protocol import SIMULTANEOUS, State

PUBLIC_WORLDS = 16  # re-deals of what the viewer cannot see a move must be legal in to count as public


def public_moves(state: State, seat: int, viewer: int | None) -> list[str]:
    """The moves of `seat` in `state` that were open to it whatever the cards `viewer` cannot see,
    as `viewer` reads them, in the game's order: legal, read by `viewer` as they are (their text
    hides nothing), and legal in each of PUBLIC_WORLDS re-deals of what `viewer` cannot see (so
    their being legal tells nothing of the bot's hand either)."""
    if viewer is None:
        return []
    player = seat if state.current_player() == SIMULTANEOUS else None
    candidates = []
    for a in state.legal_actions(seat):
        text = action_text(state, a, player, viewer)
        if text == action_text(state, a, player, None):
            candidates.append((a, text))
    rng = random.Random(0)  # the same worlds each time: explain is a function of what it is shown
    for _ in range(PUBLIC_WORLDS):
        if not candidates:
            break
        world = state.determinize(viewer, rng)
        legal = set(world.legal_actions(seat))
        candidates = [(a, t) for a, t in candidates if a in legal]
    seen: list[str] = []
    for _, t in candidates:
        if t not in seen:
            seen.append(t)
    return seen


def told_choice(who: str, state: State, action: int, player: int | None, viewer: int | None, seen: str) -> str:
    """The first line of a bot's move explained to `viewer`, who reads it as `seen`: "<who> chose
    <move>" where that is the move itself; where it is only what the viewer learns (a hidden move,
    told as the table saw it happen: "passes", "deploys a ship from its hand", "south plans step
    2"), the bot is the sentence's subject: "<who> deploys a ship from its hand", "<who> plans step 2"."""
    if seen == action_text(state, action, player, None):
        return f"{who} chose {seen}"
    name = state.game.player_name(player if player is not None else state.current_player())
    return f"{who} {seen.removeprefix(name + ' ')}"


def action_text(state: State, action: int, player: int | None, viewer: int | None = None) -> str:
    try:
        return state.action_text(action, viewer, player)
    except CardgenError:
        return str(action)
