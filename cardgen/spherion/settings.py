"""Spherion's options and what they fix for a game: the two decks (read, checked, and flattened to
CardStats), the board a seed builds, and the figures the rules read (dice, plan length, turns, the
rule variants, the power-up table).

Settings is the Game without its states: the rules layers (position.py and above) read it as
`state.game`, and engine.py's SpherionGame adds the states on top, so nothing here imports them.
"""

from __future__ import annotations

from cardgen.decks import named_decks
from cardgen.engine.protocol import Game, Option, Spec, check_config
from cardgen.errors import DeckError, OptionError
from cardgen.spherion.actions import NUM_ACTIONS, READY
from cardgen.spherion.board import SIZES, Board, build_board
from cardgen.spherion.cards import tables

SEATS = ("north", "south")


def _read_decks(value) -> list:
    from cardgen.spherion.deck import check_deck, parse_deck, read_deck, seed_deck

    if isinstance(value, (list, tuple)):
        if len(value) != 2 or not all(isinstance(d, dict) for d in value):
            raise OptionError(f"bad value for option decks: expected two decks, got {str(value)[:60]!r}")
        decks = []
        for i, d in enumerate(value):
            text = f"master: {d.get('master')}\nmain:\n" + "\n".join(str(s) for s in d.get("main", []))
            decks.append(parse_deck(text, f"deck {i + 1}"))
    else:
        decks = named_decks(value, ("seed:north", "seed:south"), read_deck, seed_deck)
    for d in decks:
        problems = check_deck(d)
        if problems:
            raise DeckError(f"deck {d.source} is not legal: " + "; ".join(p.format(d.source) for p in problems))
    return decks


class CardStats:
    """What the engine reads of a card, flattened for the hot loops."""

    __slots__ = ("serial", "name", "kind", "level", "atk", "defence", "fusion", "element", "relic", "tributes",
                 "effect", "amount", "cond", "value")  # fmt: skip

    def __init__(self, card) -> None:
        self.serial, self.name, self.kind = card.serial, card.name, card.kind
        self.level, self.atk, self.defence = card.level, card.atk, card.defence
        self.fusion = card.fusion if card.is_monster else "None"
        self.element, self.relic, self.tributes = card.element, card.relic, card.tributes
        self.effect, self.amount = card.effect, card.amount
        self.cond, self.value = card.condition


class Settings(Game):
    """Spherion's options, decks and rule figures (SpherionGame in engine.py adds the states)."""

    name = "spherion"
    options = (
        Option("decks", str, "", "two decks: deck files 'a.txt,b.txt' or seeds 'seed:1,seed:2' (default: seed:north,seed:south)"),
        Option("size", str, "standard", "board size: small (42 cells), medium (92), standard (162), large (252)",
               choices=tuple(SIZES)),
        Option("wall", int, 50, "per cent of the cells along the equator that become wall", low=0, high=100),
        Option("dice", int, 3, "four-faced dice each player rolls per turn (the rulebook implies 3)", low=1, high=6),
        Option("plan", int, 6, "most steps in one turn's plan", low=1, high=20),
        Option("turns", int, 20, "turns before territory, then LP, decide (the rulebook: 20)", low=1, high=200),
        Option("max_turns", int, 30, "hard cap: a game still tied after this many turns is a draw", low=1, high=400),
        Option("checkmate", str, "monsters", "checkmate: every free neighbour of a deck master holds an opposing "
               "monster, walls count as blocked (monsters); walls do not count (strict); or any opposing card counts "
               "(cards)", choices=("monsters", "strict", "cards")),
        Option("defender", str, "def", "an attacked monster defends with its DEF (the rulebook) or, in attack "
               "position, its ATK (position)", choices=("def", "position")),
        Option("clash_tie", str, "bounce", "two monsters of equal ATK entering one cell: both stay where they were "
               "(bounce) or both are destroyed (destroy)", choices=("bounce", "destroy")),
        Option("godai", bool, True, "Godai relics of all five elements in hand at the end of a turn win"),
        Option("activate", str, "owner", "a spell on the field is activated by its owner (a plan step, when its "
               "condition holds) or when an opposing card runs into it (owner); or only when run into (touch)",
               choices=("owner", "touch")),
        Option("blocked", str, "free", "a move step that cannot happen when it resolves is skipped at no cost (free), "
               "or still spends its Move point and ends the piece's movement, a monster stopped by an opposing card "
               "turning face-up (spent)", choices=("free", "spent")),
        Option("heal", str, "capped", "healing never lifts a deck master above its starting 5 LP (capped) or has no "
               "ceiling (uncapped)", choices=("capped", "uncapped")),
        Option("attacker", str, "revealed", "a face-down monster may attack and is turned face-up as it does "
               "(revealed), or only a face-up monster attacks (face-up)", choices=("revealed", "face-up")),
        Option("set_cards", str, "move", "a face-down spell or trap moves one cell a turn onto an empty cell, as "
               "every face-down card does (move), or stays where it was set (fixed)", choices=("move", "fixed")),
    )
    # what Spherion is: simultaneous plans, dice (chance nodes of 2 or 4 outcomes: the first
    # player's coin, a die's faces) and shuffled decks, hidden hands and face-down cards
    spec = Spec(dynamics="simultaneous", chance=("explicit", "implicit"), information="imperfect",
                players=(2, 2), utility="zero_sum", max_chance_outcomes=4)
    game_type = spec.game_type()
    min_return, max_return, return_sum = -1.0, 1.0, 0.0
    num_players = 2
    noop_action = READY
    num_distinct_actions = NUM_ACTIONS

    def __init__(self, **config) -> None:
        decks = config.pop("decks", "")
        self.config = check_config(self.name, self.options, config)
        c = self.config
        played = _read_decks(decks)
        self.deck_names = [d.source if d.source.startswith("seed:") or not d.name else f"{d.source} ({d.name})"
                           for d in played]  # fmt: skip
        self.config["decks"] = [{"master": d.master.serial, "main": [card.serial for card in d.cards()]} for d in played]
        self.cards = [[CardStats(card) for card in d.cards()] for d in played]
        self.masters = [CardStats(d.master) for d in played]
        self.dice = c["dice"]
        self.plan_max = c["plan"]
        self.turns, self.max_turns = c["turns"], max(c["turns"], c["max_turns"])
        self.strict_mate = c["checkmate"] == "strict"
        self.card_mate = c["checkmate"] == "cards"
        self.def_by_position = c["defender"] == "position"
        self.clash_destroy = c["clash_tie"] == "destroy"
        self.godai = c["godai"]
        self.owner_activates = c["activate"] == "owner"
        self.blocked_spent = c["blocked"] == "spent"
        self.heal_capped = c["heal"] == "capped"
        self.face_up_attacks = c["attacker"] == "face-up"
        self.set_cards_move = c["set_cards"] == "move"
        t = tables()
        self.powerups = t.powerups
        self.pu_weights = [p[4] for p in t.powerups]
        self.pu_total = sum(self.pu_weights)
        self.pu_spawn, self.pu_most = t.powerup_spawn, t.powerup_most
        per_turn = 2 * self.dice + (self.plan_max + 1) + self.plan_max
        self.max_game_length = 2 + self.max_turns * per_turn
        self._boards: dict = {}

    def board(self, seed) -> Board:
        return build_board(self.config["size"], seed, self.config["wall"])

    def config_summary(self) -> dict:
        return {**self.config, "decks": " vs ".join(self.deck_names)}

    def player_name(self, player: int) -> str:
        return SEATS[player] if player in (0, 1) else super().player_name(player)
