"""Terminal play: people and bots at one table, through the protocol only.

The loop asks each human seat for a move (its text form, or its number in the
list), lets bots and chance move by themselves, and understands `undo`, `redo`,
`help`, `list`, `board`, `show`, `explain` and `quit`. The list is numbered in
the game's display order (State.action_groups); the action numbers themselves,
which records store, never change. Input and output are functions, so tests
drive it with scripted lines.

What a person reads is what their seat may know: other seats' moves as
State.action_text tells them, the events of each move (State.told) as that
seat learns them, the board as it sees it, `explain` in the same words. An
open table (`open_table`, `cardgen play --open`) shows everything, and says so.

The end of input (Ctrl-D, `< /dev/null`, the end of a piped script, a standard
input closed or unreadable) stops the game as `quit` does and is remembered
(`Table.input_ended`): the terminal command ends with one line and status 1.
"""

from __future__ import annotations

import errno
import sys
import textwrap
from collections.abc import Callable

from cardgen.errors import CardgenError
from cardgen.numbers import all_digits, parse_int, shorten

from .bots import make_bot, parse_bot_spec
from .protocol import CHANCE, SIMULTANEOUS, Game, State
from .records import apply_move, move_text

HELP = """\
commands:
  <move>     play a move by its text (as the list shows it)
  <number>   play the move with that number in the list
  list       show the numbered list of legal moves again
  list WORD  only the moves of that kind or starting so
  board      show the position again
  show WHAT  look closer at part of the position (see below)
  explain    why the last bot chose its move: its best candidates and values
             (explain 5: its last five moves, oldest first)
  undo       take back your last move (and the moves made after it)
  redo       play again what undo took back
  help       this text (help rules: where to read the game's rulebook)
  quit       stop the game (the record, if asked for, keeps the moves so far)"""


def help_text(game: Game) -> str:
    """The terminal's `help`: the shared commands, then the game's own moves, `show` and legends."""
    own = game.play_help.strip("\n")
    if not own:
        return HELP + "\n  (show is not available in this game)"
    return f"{HELP}\n\n{own}"


def rules_pointer(name: str) -> str:
    """The prompt's `help rules`: where the game's rulebook is, in the terminal and on paper."""
    return (f"The rulebook (the goal, setting up, a turn, fights, the end, every part of a card): type "
            f"`cardgen {name} rules` in another terminal (`--house` for the house rules and options, "
            f"`--pdf` for a booklet to print).")  # fmt: skip


SHOW_LIST_UP_TO = 40  # longer move lists are shown on request ('list')
WIDTH = 80  # the terminal
EXPLAIN_UP_TO = 30  # `explain N`: the last N bot moves at most


class _Quit(Exception):
    pass


class _InputEnded(_Quit):
    pass


class InputEnded(CardgenError):
    """Standard input ended at a player's prompt before the game was over."""


# Errors only writing can raise: the prompt could not be shown (standard output
# is full, or its reader has gone). They are the output's failure, not the end
# of input, and go on to be reported as such.
_WRITE_ERRNOS = frozenset(getattr(errno, n) for n in ("ENOSPC", "EDQUOT", "EFBIG", "EPIPE") if hasattr(errno, n))


def read_line(prompt: str) -> str | None:
    """A line typed at the terminal (a Table's `ask`); None once standard input has ended.

    End of file, a standard input that is closed or cannot be read (EIO: the
    terminal has gone): all are the end of input. Bytes that are not text in
    the terminal's encoding come through replaced (U+FFFD) for the move parser
    to refuse, instead of ending the game in a UnicodeDecodeError."""
    stdin = sys.stdin
    if stdin is None:  # closed before Python started
        return None
    if getattr(stdin, "errors", None) == "strict" and hasattr(stdin, "reconfigure"):
        try:
            stdin.reconfigure(errors="replace")
        except (ValueError, OSError):
            pass
    try:
        return input(prompt)
    except UnicodeDecodeError:  # the encoding could not be relaxed: ask again
        return ""
    except (EOFError, ValueError):  # ValueError: I/O operation on a closed file
        pass
    except OSError as exc:
        if exc.errno in _WRITE_ERRNOS:
            raise
    if sys.stdout is not None:
        sys.stdout.write("\n")  # end the prompt's line, as Enter would have
    return None


_Entry = tuple[State, object, bool, list[tuple[int, str]]]


class Table:
    """One game at the terminal; history supports undo/redo of whole human turns."""

    def __init__(self, game: Game, seats: list[str], seed, ask: Callable[[str], str | None],
                 say: Callable[[str], None], color: bool = False, open_table: bool = False) -> None:
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
        self.ask, self._out, self.color = ask, say, color
        # A bot's consecutive moves that tell nothing (Gyon-RG's free rotations, say) wait here to
        # be said as one line: (seat, [move text, ...]).
        self._quiet: tuple[int, list[str]] | None = None
        self.state = game.new_initial_state(seed)
        self.state.narrate()
        humans = [s for s in range(len(seats)) if s not in self.bots]
        # Whose eyes the screen is: the one human's seat; None (everything) for an open table,
        # for several people sharing the screen, or for watching bots.
        self.open_table = open_table
        self.viewer: int | None = humans[0] if len(humans) == 1 and not open_table else None
        self._stale = True  # the position changed since the board was last shown
        # explanations are written down only when someone can ask for them
        self.explaining = len(self.bots) < len(seats)
        # (state before, action, was a human move, [(seat, why) of each bot in it]) for every applied move
        self.history: list[_Entry] = []
        self.redo_stack: list[list[_Entry]] = []
        self.quit = False
        self.input_ended: InputEnded | None = None  # why the game stopped, when input ended before it did

    @property
    def actions(self) -> list:
        return [e[1] for e in self.history]

    @property
    def moves(self) -> list[str]:
        return [move_text(e[0], e[1]) for e in self.history]

    def _apply(self, action: int | list[int], human: bool, bots: tuple[int, ...] = ()) -> str:
        """Play a move; return its text as the viewer is told it, and say its events."""
        before = self.state.clone()
        text = move_text(self.state, action, self.viewer, told=True)
        apply_move(self.state, action)
        self._stale = True
        why = [(q, self.bots[q].explain(self.viewer, before)) for q in bots] if self.explaining else []
        self.history.append((before, action, human, why))
        return text

    def say(self, text: str) -> None:
        """Say `text`, after any bot moves still waiting to be said."""
        self._say_quiet()
        self._out(text)

    def _say_quiet(self) -> None:
        if self._quiet is None:
            return
        seat, texts = self._quiet
        self._quiet = None
        runs: list[list] = []  # the same move again and again reads once, with its count
        for t in texts:
            if runs and runs[-1][0] == t:
                runs[-1][1] += 1
            else:
                runs.append([t, 1])
        moves = "; ".join(t if k == 1 else f"{t} x{k}" for t, k in runs)
        count = f" ({len(texts)} moves)" if len(texts) > 1 else ""
        line = f"{self.game.player_name(seat)} ({self.seats[seat]}): {moves}{count}"
        self._out("\n".join(textwrap.wrap(line, WIDTH, subsequent_indent="    ", break_on_hyphens=False)))

    def _say_events(self) -> None:
        for line in self.state.told(self.viewer):
            self.say("  " + line)

    def explanation(self, count: int = 1) -> str:
        """Why the last `count` bot moves still in the history were chosen, oldest first (`explain`)."""
        if not self.bots:
            return "no bot plays at this table"
        found = [entry[3] for entry in self.history if entry[3]][-count:]
        if not found:
            return "no bot has moved yet"
        return "\n\n".join("\n".join(text for _, text in why) for why in found)

    def run(self) -> State:
        if len(self.bots) < len(self.seats):
            self.say("type 'help' at any prompt for the commands, this game's moves and the board's legend")
        if self.open_table and len(self.bots) < len(self.seats):
            self.say("open table: every hand and every bot's move is shown (a teaching game)")
        try:
            while not self.state.is_terminal():
                self._step()
        except _Quit as stop:
            self.quit = True
            if isinstance(stop, _InputEnded):
                self.input_ended = InputEnded(f"input ended at the {stop.args[0]}> prompt before the game was over "
                                              f"(stopped after {len(self.history)} moves; 'quit' stops a game)")  # fmt: skip
            self.say("game stopped")
            return self.state
        self.say(self.state.render(color=self.color, player=self.viewer))
        self.say("game over: " + self.state.result_text(self.viewer))
        return self.state

    def _step(self) -> None:
        state = self.state
        p = state.current_player()
        if p == CHANCE:
            text = self._apply(state.sample_chance(), False)
            self.say(f"chance: {text}")
            self._say_events()
            return
        if p == SIMULTANEOUS:
            joint = []
            moved = []
            for q in range(self.game.num_players):
                if not state.legal_actions(q):
                    joint.append(self.game.noop_action)
                elif q in self.bots:
                    joint.append(self.bots[q].step(state))
                    moved.append(q)
                else:
                    a = self._ask_human(q)
                    if a is None:
                        return  # undo/redo changed the state
                    joint.append(a)
            text = self._apply(joint, any(q not in self.bots for q in range(len(self.seats))), tuple(moved))
            self.say(f"moves: {text}")
            self._say_events()
            return
        if p in self.bots:
            action = self.bots[p].step(state)
            text = self._apply(action, False, (p,))
            if not self.state.told(self.viewer) and not self.state.is_terminal():
                if self._quiet is not None and self._quiet[0] == p:
                    self._quiet[1].append(text)
                else:
                    self._say_quiet()
                    self._quiet = (p, [text])
                return
            self.say(f"{self.game.player_name(p)} ({self.seats[p]}): {text}")
            self._say_events()
            return
        asked = self._ask_human(p)
        if asked is not None:
            self._apply(asked, True)
            self.redo_stack.clear()
            self._say_events()

    def _groups(self, player: int) -> list[tuple[str, list[int]]]:
        """The legal actions in the game's display groups (a group per kind, say), in display order."""
        legal = self.state.legal_actions(player)
        groups = [(label, list(acts)) for label, acts in self.state.action_groups(legal, player) if acts]
        shown = sorted(a for _, acts in groups for a in acts)
        if shown != sorted(legal):  # a game's grouping must show every legal action once
            raise CardgenError(f"{self.game.name}: action_groups does not list each legal action exactly once")
        return groups

    def _list(self, player: int, groups: list[tuple[str, list[int]]], only: str = "") -> None:
        """The numbered list, a block of lines per group; numbers count through every group in order.

        `only`: show just the groups whose label, or the moves whose text, starts with it."""
        texts = [[self.state.action_to_string(a, player) for a in acts] for _, acts in groups]
        total = sum(len(t) for t in texts)
        digits = len(str(total))
        width = max((len(t) for ts in texts for t in ts), default=1)
        per_line = max(1, (WIDTH + 2) // (digits + 1 + width + 2))
        number = 0
        shown = 0
        for (label, _), ts in zip(groups, texts):
            items = []
            for t in ts:
                number += 1
                if not only or label.lower().startswith(only) or t.lower().startswith(only):
                    items.append(f"{number:>{digits}} {t:<{width}}")
            for i in range(0, len(items), per_line):
                self.say("  ".join(items[i : i + per_line]).rstrip())
            shown += len(items)
        if only and not shown:
            word = only if len(only) <= 20 else only[:20] + "…"
            kinds = f" (kinds now: {', '.join(label for label, _ in groups)})" if len(groups) > 1 else ""
            self.say(f"no legal move starts with {word!r}{kinds}")

    def _summary(self, player: int, groups: list[tuple[str, list[int]]]) -> str:
        total = sum(len(acts) for _, acts in groups)
        first = self.state.action_to_string(groups[0][1][0], player)
        kinds = f" ({', '.join(f'{len(acts)} {label}' for label, acts in groups)})" if len(groups) > 1 else ""
        some = f", 'list {groups[0][0]}' only the {groups[0][0]} moves" if len(groups) > 1 else ""
        return f"{total} legal moves{kinds}: type one (e.g. {first}) or its number; 'list' shows them numbered{some}"

    def _ask_human(self, player: int) -> int | None:
        """A legal action for `player`; None when undo/redo changed the state instead."""
        name = self.game.player_name(player)
        if self._stale:  # the board as it is now, before the list of moves
            # people sharing the screen (no open table) see the hand of the one to move
            seen = player if self.viewer is None and not self.open_table else self.viewer
            self.say(self.state.render(color=self.color, player=seen))
            self._stale = False
        groups = self._groups(player)
        acts = [a for _, group in groups for a in group]  # the numbers typed count in this order
        if len(acts) <= SHOW_LIST_UP_TO:
            self._list(player, groups)
        else:
            self.say("\n".join(textwrap.wrap(self._summary(player, groups), WIDTH)))
        while True:
            line = self.ask(f"{name}> ")
            if line is None:
                raise _InputEnded(name)
            text = line.strip()
            word = text.lower()
            if not text:
                continue
            if word in ("quit", "exit", "q"):
                raise _Quit()
            if word in ("help", "?", "h"):
                self.say(help_text(self.game))
                continue
            if word in ("help rules", "rules"):
                self.say(rules_pointer(self.game.name))
                continue
            head, _, rest = word.partition(" ")
            if head in ("list", "ls", "l"):
                self._list(player, groups, rest.strip())
                continue
            if word == "board":
                self.say(self.state.render(color=self.color, player=None if self.open_table else player))
                continue
            if head == "show":
                try:
                    self.say(self.state.show(text[4:].strip(), None if self.open_table else player))
                except CardgenError as exc:
                    self.say(str(exc))
                continue
            if head in ("explain", "why"):
                self.say(self._explain_command(rest.strip()))
                continue
            if word in ("undo", "redo"):
                if self.undo() if word == "undo" else self.redo():
                    self._stale = True  # shown at the next prompt
                    return None
                self.say(f"nothing to {word}")
                continue
            if all_digits(text):  # a move's number: plain ASCII digits ('٣' is no number)
                k = parse_int(text, 1, len(acts))
                if k is not None:
                    return acts[k - 1]
                self.say(f"no move number {shorten(text, 12)}: the list has 1 to {len(acts)} (type 'list' to see it)")
                continue
            try:
                action = self.state.string_to_action(text, player)
            except CardgenError as exc:
                self.say(f"{exc}; type 'help' for commands or 'list' for the moves")
                continue
            if action not in acts:
                # Let the rules say why: at a simultaneous node the seat's own reason (a probe
                # there would only say that every seat moves at once); elsewhere apply on a copy,
                # which raises IllegalActionError with the reason.
                if self.state.current_player() == SIMULTANEOUS:
                    why = self.state._why_illegal(action, player)
                else:
                    try:
                        probe = self.state.clone()
                        probe.apply_action(action)
                        why = f"illegal move {text!r} now"
                    except CardgenError as exc:
                        why = str(exc)
                self.say(f"{why}; type 'list' for the legal moves")
                continue
            return action

    def _explain_command(self, arg: str) -> str:
        if not arg:
            return self.explanation()
        n = parse_int(arg, 1, EXPLAIN_UP_TO)
        if n is not None:
            return self.explanation(n)
        return f"explain takes no argument or a number of bot moves, 1 to {EXPLAIN_UP_TO}: not {shorten(arg, 12)!r}"

    def undo(self) -> bool:
        """Take back moves back to (and including) the last human move."""
        if not any(e[2] for e in self.history):
            return False
        group: list[_Entry] = []
        while self.history:
            entry = self.history.pop()
            group.append(entry)
            if entry[2]:
                break
        self.state = group[-1][0].clone()
        self.state.narrate()
        self.redo_stack.append(group)
        return True

    def redo(self) -> bool:
        if not self.redo_stack:
            return False
        group = self.redo_stack.pop()
        for before, action, human, why in reversed(group):
            self.history.append((before.clone(), action, human, why))
            apply_move(self.state, action)
        return True


def play(game: Game, seats: list[str], seed, ask, say, color: bool = False, open_table: bool = False) -> Table:
    table = Table(game, seats, seed, ask, say, color, open_table)
    table.run()
    return table
