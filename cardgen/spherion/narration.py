"""What Spherion's rules say as they fire (State.tell), in words each seat may read.

The resolution, the dice and the turn's start tell each event through these helpers: a card is
named to everyone only once it is face-up ('south's Gale Oni'); a face-down one is 'south's
face-down card' to the opponent and its name and card number to its owner (the private text of
tell). Every helper is called behind `if self._told is not None`, so a bot's search, whose clones
never narrate, pays nothing for the words.
"""

from __future__ import annotations

from cardgen.spherion.actions import A_MOVE, A_SUMMON, DM
from cardgen.spherion.cards import effect_text
from cardgen.spherion.position import Position

_CONDITION = {
    "always": "any time",
    "lp_at_most": "while its owner's LP are {n} or less",
    "turn_at_least": "from turn {n} on",
    "behind": "while its owner holds fewer cells",
    "attacker_atk_at_least": "when a monster with {n}+ ATK runs into it",
    "attacker_level_at_least": "when a level {n}+ monster runs into it",
    "attacker_face_up": "when a face-up card runs into it",
}


class Narrating(Position):
    """Names and lines for the events of the rules (Resolution and the state tell them)."""

    def _seat(self, p: int) -> str:
        return self.game.player_name(p)

    def _nm(self, p: int, piece: int, own: bool = False) -> str:
        """Seat p's piece as the other seat reads it (own=False) or as its owner does."""
        seat = self._seat(p)
        if piece == DM:
            return f"{seat}'s deck master"
        st = self.game.cards[p][piece]
        if own:
            return f"{seat}'s {st.name} (c{piece}{'' if self.faceup[p][piece] else ', face-down'})"
        return f"{seat}'s {st.name}" if self.faceup[p][piece] else f"{seat}'s face-down card"

    def _tell_piece(self, p: int, piece: int, line: str) -> None:
        """Tell `line` with '{x}' standing for seat p's piece: its public name to all, its full name
        to its owner when the two differ."""
        public = line.replace("{x}", self._nm(p, piece))
        own = line.replace("{x}", self._nm(p, piece, True))
        self.tell(public, p, own if own != public else None)

    def _at(self) -> str:
        return f"step {self.step + 1}: "

    def _claim(self, p: int, cell: int) -> str:
        """' (now north's territory)' when seat p's piece entering `cell` makes it p's (said before it
        does)."""
        t = self.terr[cell]
        if t == p + 1:
            return ""
        return f" (now {self._seat(p)}'s territory)"

    def _stats(self, p: int, card: int) -> str:
        return f"ATK {self._atk(p, card)} DEF {self._def(p, card)}"

    def _condition_text(self, st) -> str:
        cond = st.cond
        if cond == "always" and st.kind == 2:
            return "when an opposing card runs into it"
        return _CONDITION[cond].format(n=st.value)

    def _card_text(self, st) -> str:
        kind = ("spell", "trap")[st.kind - 1]
        return f"{st.name} ({kind}: {self._condition_text(st)}, {effect_text(st.effect, st.amount)})"

    def _entrant(self, p: int, a: int, own: bool) -> str:
        """Seat p's move or summon step `a` entering a cell, as the other seat (own=False) or p reads it."""
        if a < A_SUMMON:
            piece = (a - A_MOVE) // 6
            src = self.dm[p] if piece == DM else self.cell[p][piece]
            return f"{self._nm(p, piece, own)} from #{src}"
        card, pos = (a - A_SUMMON) // 24, (a - A_SUMMON) % 4
        st = self.game.cards[p][card]
        if pos < 2:
            return f"{self._seat(p)}'s {st.name}, summoned"
        if own:
            return f"{self._seat(p)}'s {st.name} (c{card}), set face-down"
        return f"{self._seat(p)}'s face-down card, set"

    def _tell_both(self, line: str, steps: list[int]) -> None:
        """Tell `line` naming both seats' entering steps ('{0}', '{1}'): each seat reads its own in
        full and the other's as it may see it."""
        public = [self._entrant(p, steps[p], False) for p in (0, 1)]
        own = [self._entrant(p, steps[p], True) for p in (0, 1)]
        text = line.replace("{0}", public[0]).replace("{1}", public[1])
        for0 = line.replace("{0}", own[0]).replace("{1}", public[1])
        for1 = line.replace("{0}", public[0]).replace("{1}", own[1])
        if for1 == text:
            self.tell(text, 0, for0 if for0 != text else None)
        elif for0 == text:
            self.tell(text, 1, for1)
        else:  # both hidden from the other: each its own words (an open table reads north's)
            self.tell(for1, 0, for0)

    def _tell_draws(self, p: int, cards: list[int], why: str = "", at: str = "") -> None:
        """Seat p drew `cards` (why: ' to refill the hand to 5'): how many to all, which to p."""
        seat = self._seat(p)
        if not cards:
            self.tell(f"{at}{seat}'s deck is empty: no card to draw (no loss for it)")
            return
        n = len(cards)
        names = ", ".join(f"c{i} {self.game.cards[p][i].name}" for i in cards)
        self.tell(f"{at}{seat} draws {n} card{'s' if n != 1 else ''}{why}", p, f"{at}{seat} draws {names}{why}")

    def end_reason(self) -> str:
        """Who won, by which win condition, and the final figures (the last log line says which rule)."""
        last = self.log[-1] if self.log else ""
        why = last[last.find("(") + 1 : -1] if last.startswith("game over") and last.endswith(")") else ""
        w = self.winner
        t = (self.terr.count(1), self.terr.count(2))
        scores = f"north LP {self.lp[0]}, {t[0]} cells; south LP {self.lp[1]}, {t[1]} cells"
        if w is None:
            if why.startswith("Godai"):
                head = "a draw: both players hold Godai relics of all five elements"
            elif why.startswith("both"):
                head = "a draw: both deck masters fall in the same step"
            else:
                head = f"a draw: territory and LP still tied after turn {self.turn} (the hard cap, max_turns)"
            return f"{head} ({scores})"
        win, lose = self._seat(w), self._seat(1 - w)
        if why.startswith("LP"):
            head = f"{win} wins on turn {self.turn}: {lose}'s deck master's LP fall to 0"
        elif why == "checkmate":
            head = (f"{win} wins by checkmate on turn {self.turn}: {win}'s monsters surround {lose}'s deck master "
                    f"on #{self.dm[1 - w]}")
        elif why.startswith("Godai"):
            head = f"{win} wins on turn {self.turn}: Godai relics of all five elements in hand at the end of the turn"
        elif why.startswith("territory"):
            head = f"{win} wins on territory after turn {self.turn}"
        elif why.startswith("equal territory"):
            head = f"{win} wins on LP after turn {self.turn} (territory tied)"
        else:
            head = f"{win} wins ({why})"
        return f"{head} ({scores})"
