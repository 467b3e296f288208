"""Gin-jon-tan on the shared protocol: GinjontanGame (the options and decks; GAME is what the
registry loads) and GinjontanState, the full position, put together from the modules beside it:

  layout.py       the zones' sizes, the phases, the layout of the action numbers
  state.py        the position's fields, dealing and drawing, clone, JSON, invariants
  rules.py        the rulebook's game sequence: the legal actions and what each one does
  actions.py      actions as text, both ways
  evaluation.py   evaluate and evaluate_all, for the bots
  observation.py  what a seat sees, and determinize
  beliefs.py      believe: the bots' guess of the unseen hands (memory, best kept), MCTS beliefs=1
  view.py         the terminal: render, show, the move list's groups
  narration.py    words for people: what another seat is told of a move, the events, the end

Only this module imports them all, so none of them imports another in a circle.
"""

from __future__ import annotations

from types import MappingProxyType

from cardgen.engine.protocol import Option, Spec, State, check_config
from cardgen.engine.tensors import Layout
from cardgen.errors import CardgenError, OptionError

from . import actions, beliefs, evaluation, narration, view
from . import observation as seen  # not `observation`: GinjontanState's method takes that name
from .cards import Tables, tables
from .layout import HAND, MAX_PLAYERS, NUM_ACTIONS, RESERVE
from .rules import GinjontanRules
from .state import GinjontanSetup


class GinjontanGame(GinjontanSetup):
    """Gin-jon-tan for 2 to 8 players, from the common deck or personal decks."""

    name = "ginjontan"
    options = (
        Option("players", int, 3, "number of players (the rulebook sets no maximum; cardgen plays up to 8)",
               low=2, high=MAX_PLAYERS),
        Option("rounds", int, 3, "rounds in the game (the rulebook: usually 3, 6, 9, 12 or 33; any number)",
               low=1, high=33),
        Option("numbers", int, 9, "common deck: copies 1..N of every symbol in every colour "
               "(9: 1,701 cards; 33: all 6,237)", low=1, high=33),
        Option("decks", str, "", "personal decks, one per player: deck files 'a.txt,b.txt,...' or seeds "
               "'seed:1,seed:2,...' (default: everyone draws from the common deck)"),
        Option("first_exchange", str, "card", "step 2: swap one hand card with one reserve card (card) "
               "or the whole hand with the whole reserve (hand)", choices=("card", "hand")),
        Option("duels", str, "all", "step 3: every player duels every other as the active player (all) "
               "or each pair duels once (pairs)", choices=("all", "pairs")),
        Option("black_hole", str, "opponent", "a Black hole that acts empties the duel opponent's reserve "
               "(opponent), both duelling players' reserves (both), or every other player's reserve: with "
               "three players both opponents (others)", choices=("opponent", "both", "others")),
        Option("max_exchanges", int, 3, "step 6: most exchanges one player makes in a combination round "
               "(so every round ends)", low=0, high=9),
        Option("prize", bool, False, "the prize rule: at the end the first three win cards of the others"),
    )
    # what Gin-jon-tan is: turn by turn, shuffled deals, hidden hands, one point shared by the winners
    spec = Spec(dynamics="sequential", chance=("implicit",), information="imperfect", players=(2, MAX_PLAYERS),
                utility="constant_sum")
    game_type = spec.game_type()
    min_return, max_return, return_sum = 0.0, 1.0, 1.0
    num_distinct_actions = NUM_ACTIONS
    # hard re-deals the unseen cards as a careful player guesses them in the combination round
    # (beliefs.py: what asks showed it, the others' best hands kept); medium re-deals them at random.
    # At 1,200 and 400 playouts (benchmarks/bot_quality.py), hard so scored 70 % over medium in 100
    # games, and 51 % without it on the same deals
    difficulties = MappingProxyType({"hard": "mcts:iterations=30000,minimax=0.5,time=1.8,beliefs=1"})
    play_help = narration.PLAY_HELP

    def __init__(self, **config) -> None:
        decks = config.pop("decks", "")
        self.config = check_config(self.name, self.options, config)
        self.num_players = n = self.config["players"]
        self.rounds = self.config["rounds"]
        self.t = tables()
        self.deck_names: list[str] = []
        self.personal = _read_decks(decks, n, self.t, self.deck_names)
        self.config["decks"] = [[self.t.name(c) for c in d] for d in self.personal] if self.personal else ""
        self.common = [] if self.personal else self.t.all_codes(self.config["numbers"])
        if not self.personal and len(self.common) < n * (HAND + RESERVE):
            raise OptionError(f"bad value for option numbers: {self.config['numbers']} (a common deck of "
                              f"{len(self.common)} cards cannot deal 18 to {n} players)")  # fmt: skip
        d = n * (n - 1) // (2 if self.config["duels"] == "pairs" else 1)
        m = self.config["max_exchanges"]
        per_round = 3 * n + n + 24 * d + 19 * n + 25 * n + (n * m + 1) * n + 8 * n * m + n
        self.max_game_length = per_round * self.rounds

    def new_initial_state(self, seed: int | str = 0) -> "GinjontanState":
        return GinjontanState.deal(self, seed)

    def state_from_json(self, data: dict) -> "GinjontanState":
        return GinjontanState.from_json(self, data)

    def observation_shape(self) -> tuple[int, ...]:
        return (self.observation_layout().size,)

    def observation_layout(self) -> Layout:
        t = self.t
        return seen.observation_layout(tuple(s.name for s in t.symbols), tuple(c.name for c in t.colours),
                                       self.num_players)  # fmt: skip

    def config_summary(self) -> dict:
        return {**self.config, "decks": " vs ".join(self.deck_names) if self.deck_names else "common deck"}

    def on_game_end(self, state: "State") -> str:
        assert isinstance(state, GinjontanState)
        lines = ["final ranking (score = duel points + evaluations - Defeat's nullified points):"]
        places = state.places()  # equal scores share the better place
        for p, s in state.ranking():
            d, e, z = state.totals[p]
            place = places[p]
            lines.append(f"  {place}. player {p + 1}: {s:,}  (duels {d:,}, evaluations {e:+,}"
                         + (f", nullified {-z:,}" if z else "") + ")")
        if self.config["prize"]:
            lines.append("prizes:")
            for winner, loser, code in state.prizes():
                lines.append(f"  player {winner + 1} wins {self.t.name(code)} from "
                             + (f"player {loser + 1}" if loser >= 0 else "the common deck"))
        return "\n".join(lines)


GAME = GinjontanGame


def _read_decks(value, n: int, t: Tables, names: list[str]) -> list[list[int]]:
    """Personal decks from the option: '' (none), 'a.txt,seed:2,...' or lists of card names (a record)."""
    from .deck import build_deck, check_deck, collection_from_seed, read_deck

    if value in ("", None, []):
        return []
    if isinstance(value, list):
        try:
            decks = [[t.parse(str(c)) for c in d] for d in value]
        except (CardgenError, TypeError) as exc:
            raise OptionError(f"bad value for option decks: {exc}") from None
        names.extend(f"deck {i + 1}" for i in range(len(decks)))
    else:
        parts = [p.strip() for p in str(value).split(",")]
        decks = []
        for part in parts:
            if not part:
                raise OptionError(f"bad value for option decks: {value!r} (an empty entry; give deck files or seed:TEXT)")
            if part.lower().startswith("seed:"):
                deck, _ = build_deck(collection_from_seed(part[5:]), name=part)
            else:
                deck = read_deck(part, t)
                problems = check_deck(deck)
                if problems:
                    raise OptionError(f"deck {part!r} is not legal: {problems[0].format(part)}"
                                      + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""))  # fmt: skip
            decks.append(deck.cards)
            names.append(deck.name or part)
    if len(decks) != n:
        raise OptionError(f"bad value for option decks: {len(decks)} decks for {n} players (give one per player)")
    for i, d in enumerate(decks):
        if len(d) != 33:
            raise OptionError(f"bad value for option decks: deck {i + 1} holds {len(d)} cards (a personal deck holds 33)")
    return decks


class GinjontanState(GinjontanRules):
    """A Gin-jon-tan position with the whole protocol: the rules, plus the functions of the
    modules beside them as methods (bound here directly, so a call costs no extra layer)."""

    __slots__ = ()

    action_to_string = actions.action_to_string
    string_to_action = actions.string_to_action
    evaluate = evaluation.evaluate
    evaluate_all = evaluation.evaluate_all
    observation = seen.observation
    observation_tensor = seen.observation_tensor
    determinize = seen.determinize
    believe = beliefs.believe
    render = view.render
    show = view.show
    action_groups = view.action_groups
    _public_action_text = narration.public_action_text
    result_text = narration.result_text


__all__ = ["GinjontanGame", "GinjontanState", "GAME", "NUM_ACTIONS"]
