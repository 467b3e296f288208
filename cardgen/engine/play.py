"""Terminal play: people and bots at one table, through the protocol only.

The loop asks each human seat for a move (its text form, or its number in the
list), lets bots and chance move by themselves, and understands `undo`, `redo`,
`help`, `list` and `quit`. Input and output are functions, so tests drive it
with scripted lines.
"""

from __future__ import annotations

from collections.abc import Callable

from cardgen.errors import CardgenError

from .bots import make_bot, parse_bot_spec
from .protocol import CHANCE, SIMULTANEOUS, Game, State
from .records import apply_move, move_text

HELP = """\
commands:
  <move>    play a move by its text (e.g. the names shown in the list)
  <number>  play the move with that number in the list
  list      show the numbered list of legal moves again
  undo      take back your last move (and the moves made after it)
  redo      play again what undo took back
  help      this text
  quit      stop the game (the record, if asked for, keeps the moves so far)"""


SHOW_LIST_UP_TO = 24  # longer move lists are shown on request ('list')


class _Quit(Exception):
    pass


class Table:
    """One game at the terminal; history supports undo/redo of whole human turns."""

    def __init__(self, game: Game, seats: list[str], seed, ask: Callable[[str], str | None],
                 say: Callable[[str], None], color: bool = False) -> None:
        if len(seats) != game.num_players:
            raise CardgenError(
                f"{len(seats)} seats {','.join(seats)!r} for {game.num_players} players (give one per seat)"
            )
        self.game = game
        self.seed = seed
        self.seats = seats
        self.bots = {}
        for seat, spec in enumerate(seats):
            if parse_bot_spec(spec)[0] != "human":
                self.bots[seat] = make_bot(spec, game, seat, seed)
        self.ask, self.say, self.color = ask, say, color
        self.state = game.new_initial_state(seed)
        # (state before, action, was a human move) for every applied move
        self.history: list[tuple[State, object, bool]] = []
        self.redo_stack: list[list[tuple[State, object, bool]]] = []
        self.quit = False

    @property
    def actions(self) -> list:
        return [a for _, a, _ in self.history]

    @property
    def moves(self) -> list[str]:
        return [move_text(s, a) for s, a, _ in self.history]

    def _apply(self, action: int | list[int], human: bool) -> str:
        before = self.state.clone()
        text = move_text(self.state, action)
        apply_move(self.state, action)
        self.history.append((before, action, human))
        return text

    def run(self) -> State:
        humans = len(self.seats) - len(self.bots)
        if humans:
            self.say(self.state.render(color=self.color, player=self._viewer()))
        try:
            while not self.state.is_terminal():
                self._step()
        except _Quit:
            self.quit = True
            self.say("game stopped")
            return self.state
        self.say(self.state.render(color=self.color))
        ret = self.state.returns()
        best = max(ret)
        winners = [self.game.player_name(p) for p, v in enumerate(ret) if v == best]
        self.say(("winner: " if len(winners) == 1 else "tie between: ") + ", ".join(winners)
                 + "   returns: " + " ".join(f"{self.game.player_name(p)}={v:g}" for p, v in enumerate(ret)))
        return self.state

    def _viewer(self) -> int | None:
        humans = [s for s in range(len(self.seats)) if s not in self.bots]
        return humans[0] if len(humans) == 1 else None

    def _step(self) -> None:
        state = self.state
        p = state.current_player()
        if p == CHANCE:
            text = self._apply(state.sample_chance(), False)
            self.say(f"chance: {text}")
            return
        if p == SIMULTANEOUS:
            joint = []
            for q in range(self.game.num_players):
                if not state.legal_actions(q):
                    joint.append(self.game.noop_action)
                elif q in self.bots:
                    joint.append(self.bots[q].step(state))
                else:
                    a = self._ask_human(q)
                    if a is None:
                        return  # undo/redo changed the state
                    joint.append(a)
            text = self._apply(joint, any(q not in self.bots for q in range(len(self.seats))))
            self.say(f"moves: {text}")
            self._show_if_human_next()
            return
        if p in self.bots:
            action = self.bots[p].step(state)
            text = self._apply(action, False)
            self.say(f"{self.game.player_name(p)} ({self.seats[p]}): {text}")
            self._show_if_human_next()
            return
        asked = self._ask_human(p)
        if asked is not None:
            self._apply(asked, True)
            self.redo_stack.clear()
            self._show_if_human_next()

    def _show_if_human_next(self) -> None:
        p = self.state.current_player()
        if p >= 0 and p not in self.bots:
            self.say(self.state.render(color=self.color, player=self._viewer()))

    def _list(self, player: int) -> list[int]:
        acts = self.state.legal_actions(player)
        items = [f"{i + 1:>3} {self.state.action_to_string(a, player):<8}" for i, a in enumerate(acts)]
        per_line = 6
        for i in range(0, len(items), per_line):
            self.say(" ".join(items[i : i + per_line]).rstrip())
        return acts

    def _ask_human(self, player: int) -> int | None:
        """A legal action for `player`; None when undo/redo changed the state instead."""
        name = self.game.player_name(player)
        acts = self.state.legal_actions(player)
        if len(acts) <= SHOW_LIST_UP_TO:
            self._list(player)
        else:
            self.say(f"{len(acts)} legal moves: type one (e.g. {self.state.action_to_string(acts[0], player)}), "
                     "or 'list' to see them numbered")
        while True:
            line = self.ask(f"{name}> ")
            if line is None:
                raise _Quit()
            text = line.strip()
            word = text.lower()
            if not text:
                continue
            if word in ("quit", "exit", "q"):
                raise _Quit()
            if word in ("help", "?", "h"):
                self.say(HELP)
                continue
            if word in ("list", "ls", "l"):
                self._list(player)
                continue
            if word in ("undo", "redo"):
                if self.undo() if word == "undo" else self.redo():
                    self.say(self.state.render(color=self.color, player=self._viewer()))
                    return None
                self.say(f"nothing to {word}")
                continue
            if text.isdigit():
                k = int(text)
                if 1 <= k <= len(acts):
                    return acts[k - 1]
                self.say(f"no move number {k}: the list has 1 to {len(acts)} (type 'list' to see it)")
                continue
            try:
                action = self.state.string_to_action(text, player)
            except CardgenError as exc:
                self.say(f"{exc}; type 'help' for commands or 'list' for the moves")
                continue
            if action not in acts:
                # Let the rules say why (apply on a copy raises IllegalActionError).
                try:
                    probe = self.state.clone()
                    probe.apply_action(action)
                    why = f"illegal move {text!r} now"
                except CardgenError as exc:
                    why = str(exc)
                self.say(f"{why}; type 'list' for the legal moves")
                continue
            return action

    def undo(self) -> bool:
        """Take back moves back to (and including) the last human move."""
        if not any(h for _, _, h in self.history):
            return False
        group = []
        while self.history:
            entry = self.history.pop()
            group.append(entry)
            if entry[2]:
                break
        self.state = group[-1][0].clone()
        self.redo_stack.append(group)
        return True

    def redo(self) -> bool:
        if not self.redo_stack:
            return False
        group = self.redo_stack.pop()
        for before, action, human in reversed(group):
            self.history.append((before.clone(), action, human))
            apply_move(self.state, action)
        return True


def play(game: Game, seats: list[str], seed, ask, say, color: bool = False) -> Table:
    table = Table(game, seats, seed, ask, say, color)
    table.run()
    return table
