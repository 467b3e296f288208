"""Bot tournaments with the rulebook's long-term rating ("Comment" in the rulebook).

Per game each entrant earns tier points for its place: "last: 1 point (for attendance)",
"last but one: 3 points", "each next: +3 points" (the winner of n players: 3 + (n - 2) x 3);
equal final scores share the better place. The table ranks by tier points, then by the
"Full number of points - plain total of all points from all games attended".

With the prize rule entrants play personal decks built from their own collections (66 cards
dealt from the common deck at the start); after each game the first three take 3, 2 and 1
cards of the others into their collections ("Comment 2"), every prize of `prizes()` moving
from the loser's collection to the winner's. An entrant whose collection has fallen below a
deck (33 cards) draws the missing cards from the common deck before his next game ("Players
could either bring their own selection of 33 cards, or draw from common deck"); the table
counts them as `refilled`.
"""

from __future__ import annotations

from collections.abc import Callable

from cardgen import rng as _rng
from cardgen.engine.bots import make_bot
from cardgen.engine.records import play_out
from cardgen.engine.registry import load_game

from .cards import tables
from .deck import DECK_SIZE, build_deck, collection_from_seed


def place_points(scores: list[int]) -> list[int]:
    """Tier points of one game: last 1, last but one 3, each place above +3; ties share the better place."""
    n = len(scores)
    out = []
    for s in scores:
        better = sum(1 for x in scores if x > s)  # the place is 0 for the winner
        out.append(1 if better == n - 1 else 3 * (n - 1 - better))
    return out


def run_tournament(bots: list[str], games: int, rounds: int = 3, seed=0, prize: bool = False,
                   progress: Callable[[int], None] | None = None) -> dict:  # fmt: skip
    """Play `games` games; entrant e sits at seat (e + game) % n. The rating table as a dict."""
    n = len(bots)
    t = tables()
    collections = [collection_from_seed(f"{seed}/entrant{e}") for e in range(n)] if prize else []
    tier = [0] * n
    total = [0] * n
    wins = [0.0] * n
    won_cards: list[list[str]] = [[] for _ in range(n)]
    refilled = [0] * n
    for g in range(games):
        gseed = int.from_bytes(_rng.digest(seed, "tournament", g, size=8), "big")
        seat_of = [(e + g) % n for e in range(n)]
        entrant_at = {s: e for e, s in enumerate(seat_of)}
        config: dict = {"players": n, "rounds": rounds, "prize": prize}
        if prize:
            for e in range(n):
                short = DECK_SIZE - len(collections[e])
                if short > 0:
                    collections[e] += collection_from_seed(f"{seed}/entrant{e}/refill{g}", size=short)
                    refilled[e] += short
            decks = [build_deck(collections[entrant_at[s]])[0].cards for s in range(n)]
            config["decks"] = [[t.name(c) for c in d] for d in decks]
        game = load_game("ginjontan", **config)
        players = [make_bot(bots[entrant_at[s]], game, s, gseed) for s in range(n)]
        state, _, _ = play_out(game, gseed, players, record=False)
        scores = state.scores  # type: ignore[attr-defined]
        points = place_points(scores)
        ret = state.returns()
        for s in range(n):
            e = entrant_at[s]
            tier[e] += points[s]
            total[e] += scores[s]
            wins[e] += ret[s]
        if prize:
            for winner, loser, code in state.prizes():  # type: ignore[attr-defined]
                w, lo = entrant_at[winner], entrant_at[loser]
                # the loser's deck came from his collection and prizes() draws each card of the
                # game once, so the card is there: every prize moves (a missing one is a bug)
                collections[lo].remove(code)
                collections[w].append(code)
                won_cards[w].append(t.name(code))
        if progress:
            progress(1)
    rows: list[dict] = [{"entrant": e + 1, "bot": bots[e], "tier_points": tier[e], "total_points": total[e], "wins": wins[e],
             **({"collection": len(collections[e]), "refilled": refilled[e], "won_cards": won_cards[e]} if prize else {})}
            for e in range(n)]  # fmt: skip
    rows.sort(key=lambda r: (-int(r["tier_points"]), -int(r["total_points"]), int(r["entrant"])))
    for r in rows:  # equal tier and total points share the better place (entrant order is only the listing's)
        r["place"] = 1 + sum(1 for o in rows if (o["tier_points"], o["total_points"]) > (r["tier_points"], r["total_points"]))
    return {"players": n, "games": games, "rounds": rounds, "seed": seed, "prize": prize, "table": rows}


def format_table(table: dict) -> str:
    """The rating table for people: place, entrant, bot, tier points, total points, wins."""
    lines = [f"Gin-jon-tan tournament: {table['games']} games of {table['players']} players, "
             f"{table['rounds']} rounds each (seed {table['seed']})",
             f"{'place':>5}  {'entrant':<8} {'bot':<12} {'tier':>6} {'total points':>16} {'wins':>6}"]  # fmt: skip
    for r in table["table"]:
        lines.append(f"{r['place']:>5}  {r['entrant']:<8} {r['bot']:<12} {r['tier_points']:>6} {r['total_points']:>16,} {r['wins']:>6g}")
        if table["prize"]:
            refill = f" ({r['refilled']} refilled from the common deck)" if r["refilled"] else ""
            lines.append(f"{'':>15}collection {r['collection']} cards{refill}; won: {', '.join(r['won_cards']) or 'none'}")
    return "\n".join(lines)


__all__ = ["place_points", "run_tournament", "format_table"]
