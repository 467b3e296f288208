"""The hidden-bid toy's rules engine: `GAME`, a cardgen.engine.protocol.Game (docs/adding-a-game.md
walks through it). It uses every corner of the protocol Gyre does not: implicit chance (a
shuffled deck), explicit chance nodes (a die), simultaneous moves, hidden hands, and 2 to 4
players; tests/engine/conftest.py registers it for the engine tests, so the conformance suite
checks the protocol covers them.

Rules: 3*players cards numbered 0.. are shuffled; each player gets 2, hidden.
Two rounds: a die (1-3) is rolled in the open, then everyone plays one card at
once; the single highest card scores the die's value. Most points wins
(ties share). Card c is action c; die face f is action 3*players + f - 1.
"""

from __future__ import annotations

from typing import cast

from cardgen.engine import CHANCE, SIMULTANEOUS, TERMINAL, Game, Option, State
from cardgen.engine.protocol import Spec, check_config
from cardgen.errors import CardgenError, IllegalActionError
from cardgen.rng import Stream

ROUNDS = 2


class ToyBidGame(Game):
    name = "toy-bid"
    options = (Option("players", int, 3, "number of players", low=2, high=4),)
    # what the game is, once: the protocol, the bridges and docs/agents.md read it
    spec = Spec(dynamics="simultaneous", chance=("explicit", "implicit"), information="imperfect", players=(2, 4),
                utility="constant_sum", max_chance_outcomes=3)  # fmt: skip
    game_type = spec.game_type()
    min_return, max_return, return_sum = 0.0, 1.0, 1.0

    def __init__(self, **config):
        self.config = check_config(self.name, self.options, config)
        self.num_players = n = self.config["players"]
        self.cards = 3 * n
        self.num_distinct_actions = self.cards + 3
        self.max_game_length = 2 * ROUNDS

    def new_initial_state(self, seed=0):
        return ToyBidState(self, seed)

    def state_from_json(self, data):
        s = ToyBidState.__new__(ToyBidState)
        s.game = self
        try:
            s.rng = Stream.from_json(data["rng"])
            s.hands = [list(h) for h in data["hands"]]
            s.die, s.round = data["die"], data["round"]
            s.points = list(data["points"])
            s.played = [list(p) for p in data["played"]]
        except (KeyError, TypeError) as exc:
            raise CardgenError(f"bad toy-bid state: {exc}") from None
        return s

    play_help = """toy-bid moves:
  card3      bid your card 3 (your two cards are in your hand; everyone bids at once)
  (show is not available in toy-bid)"""

    def player_name(self, player):
        return "NESW"[player] if player >= 0 else super().player_name(player)

    def observation_shape(self):
        # own cards (one-hot), die face (one-hot, 0 = not rolled), round, points, played cards
        return (self.cards + 4 + 1 + self.num_players + self.cards,)


class ToyBidState(State):
    game: ToyBidGame
    die: int | None

    def __init__(self, game, seed):
        self.game = game
        self.rng = Stream(seed, ("toy-bid", "deal"))
        deck = list(range(game.cards))
        self.rng.shuffle(deck)  # implicit chance: the deal is hidden
        n = game.num_players
        self.hands = [sorted(deck[2 * p : 2 * p + 2]) for p in range(n)]
        self.die = None
        self.round = 0
        self.points = [0] * n
        self.played = []

    def current_player(self):
        if self.round >= ROUNDS:
            return TERMINAL
        return CHANCE if self.die is None else SIMULTANEOUS

    def legal_actions(self, player=None):
        p = self.current_player()
        if p == CHANCE:
            return [self.game.cards + f for f in range(3)] if player is None else []
        if p == SIMULTANEOUS and player is not None:
            return list(self.hands[player])
        return []

    def chance_outcomes(self):
        if self.current_player() != CHANCE:
            raise IllegalActionError("no chance outcomes: not at a chance node")
        return [(self.game.cards + f, 1 / 3) for f in range(3)]

    def _apply_action(self, action):
        self.rng.below(1 << 53)  # advance the stream the way sample_chance read it
        self.die = action - self.game.cards + 1
        self.tell(f"the die shows {self.die}: the single highest card this round scores {self.die}")

    def _apply_actions(self, joint):
        best = max(joint)
        for p, a in enumerate(joint):
            self.hands[p].remove(a)
            if a == best and joint.count(best) == 1:
                self.points[p] += self.die or 0  # a bid always follows the die
                self.tell(f"{self.game.player_name(p)} bid the highest card ({a}) and scores {self.die}")
        if joint.count(best) > 1:
            self.tell(f"the highest card ({best}) was bid twice: nobody scores")
        self.played.append(joint)
        self.die = None
        self.round += 1

    def returns(self):
        n = self.game.num_players
        if self.round < ROUNDS:
            return [0.0] * n
        top = max(self.points)
        k = self.points.count(top)
        return [1 / k if v == top else 0.0 for v in self.points]

    def _clone(self):
        s = ToyBidState.__new__(ToyBidState)
        s.game, s.rng = self.game, self.rng.clone()
        s.hands = [h[:] for h in self.hands]
        s.die, s.round, s.points = self.die, self.round, self.points[:]
        s.played = [j[:] for j in self.played]
        return s

    def _public_action_text(self, action, player, viewer):
        if player == CHANCE:
            return self.action_to_string(action)  # the die is rolled in the open
        return "bids a card"  # the card shows in `played` once every bid is in

    def result_text(self, viewer=None):
        names = self.game.player_name
        points = ", ".join(f"{names(p)} {v}" for p, v in enumerate(self.points))
        return f"{super().result_text(viewer)} (points: {points}; most points wins)"

    def action_to_string(self, action, player=None):
        if action >= self.game.cards:
            return f"die{action - self.game.cards + 1}"
        return f"card{action}"

    def string_to_action(self, text, player=None):
        t = text.strip().lower()
        try:
            if t.startswith("die"):
                return self.game.cards + int(t[3:]) - 1
            if t.startswith("card"):
                return int(t[4:])
        except ValueError:
            pass
        raise IllegalActionError(f"not an action: {text!r} (expected cardN or dieN)")

    def observation(self, player):
        return {
            "hand": list(self.hands[player]),
            "hand_sizes": [len(h) for h in self.hands],
            "die": self.die,
            "round": self.round,
            "points": list(self.points),
            "played": [list(j) for j in self.played],
        }

    def observation_tensor(self, player):
        g = self.game
        out = [0.0] * g.observation_shape()[0]
        for c in self.hands[player]:
            out[c] = 1.0
        out[g.cards + (self.die or 0)] = 1.0
        out[g.cards + 4] = float(self.round)
        for p, v in enumerate(self.points):
            out[g.cards + 5 + p] = float(v)
        for joint in self.played:
            for c in joint:
                out[g.cards + 5 + g.num_players + c] = 1.0
        return out

    def determinize(self, player, rng):
        s = cast(ToyBidState, self.clone())
        others = [p for p in range(self.game.num_players) if p != player]
        seen = set(self.hands[player]) | {c for j in self.played for c in j}
        unseen = [c for c in range(self.game.cards) if c not in seen]
        rng.shuffle(unseen)
        for p in others:
            k = len(s.hands[p])
            s.hands[p], unseen = sorted(unseen[:k]), unseen[k:]
        return s

    def evaluate(self, player):
        return self.points[player] + sum(self.hands[player]) / 100

    def to_json(self):
        return {
            "rng": self.rng.to_json(),
            "hands": [list(h) for h in self.hands],
            "die": self.die,
            "round": self.round,
            "points": list(self.points),
            "played": [list(j) for j in self.played],
        }


GAME = ToyBidGame  # what plugin.py's engine= names: the Game class, called with the config
