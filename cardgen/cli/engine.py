"""`cardgen play`, `cardgen simulate`, `cardgen arena`, `cardgen replay`: the shared play machinery for every game."""

from __future__ import annotations

import json
import sys

import click

from cardgen.cli.types import (
    ADDRESS,
    DECKS,
    GAME_OPTION,
    MAX_GAMES,
    SEED,
    BotsType,
    OutputFile,
    WholeNumber,
    option_values,
    resolve_seed,
)
from cardgen.engine import records as rec
from cardgen.engine.protocol import Game
from cardgen.engine.registry import game_names, game_options, load_game, load_recorded_game
from cardgen.errors import CardgenError, OptionError


def _game_name(ctx, param, value: str) -> str:
    name = value.strip().lower()
    if name not in game_names():
        raise click.BadParameter(f"unknown game {value!r} (known games: {', '.join(game_names())})")
    return name


DEFAULT_BOT = "medium"  # the bot play seats against a person, and simulate in every seat
ARENA_BOTS = ("easy", "medium", "hard")  # the levels people choose from


def _config(name: str, players: int | None, bots: list[str] | None, options: tuple, decks: str | None,
            *, two_seats: bool = False) -> dict:  # fmt: skip
    """The game's config from -o KEY=VALUE, --decks and --players (or the number of --bots).

    Every value given is honoured or refused (a usage error): a key given twice with two values,
    --decks against -o decks, --players against -o players, --players for a game that has no such
    option and is played by another number, and with `two_seats` (arena) any number but 2.
    """
    config = option_values(options)
    if decks:
        if "decks" in config and config["decks"] != decks:
            raise click.BadParameter(f"{decks} and -o decks={config['decks']}: give the decks once", param_hint="'--decks'")
        config["decks"] = decks
    seats = next((o for o in game_options(name) if o.name == "players"), None)
    if seats is not None and "players" in config:
        try:
            given = seats.check(config["players"])
        except OptionError as exc:
            raise click.BadParameter(str(exc), param_hint="'-o' / '--option'") from None
        if two_seats and given != 2:
            raise click.BadParameter(f"players={config['players']}: an arena plays two seats at a time "
                                     "(leave -o players out, or give players=2)", param_hint="'-o' / '--option'")  # fmt: skip
        if players is not None and given != players:
            raise click.BadParameter(f"--players {players} and -o players={config['players']} disagree: give the number once",
                                     param_hint="'--players'")  # fmt: skip
    if two_seats and seats is not None:
        config["players"] = 2
    elif players is not None and seats is None:
        fixed = _load(name, config).num_players
        if players != fixed:
            raise click.BadParameter(f"{players}: {name} is played by {fixed} players (it has no players option)",
                                     param_hint="'--players'")  # fmt: skip
    elif players is not None:
        config["players"] = players
    elif bots is not None and seats is not None and "players" not in config:
        try:
            config["players"] = seats.check(len(bots))
        except OptionError:
            raise click.BadParameter(f"{len(bots)} seats given: {name} takes {seats.accepted()} players",
                                     param_hint="'--bots'") from None  # fmt: skip
    return config


def _where(jobs: int, backend: str, address: str | None, opening: int) -> dict:
    """Where the games run; --address names a Ray cluster, so without --backend ray it is refused
    rather than ignored."""
    if address is not None and backend != "ray":
        raise click.BadParameter(f"{address!r} names a Ray cluster: give --backend ray with it (the {backend} backend "
                                 "runs the games in local processes)", param_hint="'--address'")  # fmt: skip
    return {"jobs": jobs, "backend": backend, "address": address, "opening": opening}


def _seats(game: Game, bots: list[str]) -> None:
    if len(bots) != game.num_players:
        raise click.BadParameter(f"{len(bots)} seats given for {game.num_players} players", param_hint="'--bots'")


def _load(name: str, config: dict) -> Game:
    """The game, with a bad option value reported as a usage error (exit 2) naming -o."""
    try:
        return load_game(name, **config)
    except OptionError as exc:
        raise click.BadParameter(str(exc), param_hint="'-o' / '--option'") from None


GAME_ARG = click.argument("game", callback=_game_name, metavar="GAME")
OPTION_OPT = click.option(
    "-o", "--option", "options", type=GAME_OPTION, multiple=True, metavar="KEY=VALUE",
    help="A game option, e.g. -o size=9 -o max_gyrations=2 (repeatable; an unknown key lists the accepted ones).",
)
PLAYERS_OPT = click.option("--players", type=WholeNumber(1, 16), default=None,
                           help="Number of players (default: one per --bots entry, else the game's default).")
DECKS_OPT = click.option(
    "--decks", type=DECKS, default=None, metavar="A,B",
    help="Card games: the two decks, as deck files (a.txt,b.txt) or seeds (seed:1,seed:2); same as -o decks=A,B.",
)
BOTS_HELP = ("random, greedy, mcts (10,000 positions scored a move), mcts:ITERATIONS, mcts:time=SECONDS (per move), "
             "plan (for games of secret plans, Spherion: it compares whole plans, plan:plans=12,worlds=6,turns=1), "
             "or a difficulty: easy, medium "
             "(thinks up to 1 s a move), hard (up to 1.8 s). Options join with commas: "
             "mcts:iterations=800,c=0.7,minimax=0.5. A bot with an iteration count plays the same moves for the "
             "same seed on any machine; one with a time budget (medium, hard, time=) may not.")
BACKEND_OPT = click.option(
    "--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True,
    help="Where the games run: local processes (--jobs), or a Ray cluster (pip install 'cardgen[cluster]'). "
         "Results are the same for the same seed on either.")  # fmt: skip
ADDRESS_OPT = click.option(
    "--address", type=ADDRESS, default=None, metavar="ADDR",
    help="With --backend ray: the cluster to use (ray://HEAD:10001, HEAD:6379 or auto); default: RAY_ADDRESS, else a new local Ray with --jobs CPUs.")
OPENING_OPT = click.option(
    "--opening", type=WholeNumber(0, 1000), default=0, show_default=True, metavar="N",
    help="Start every game with N random moves (seeded; the same for each rotation of seats), so that bots "
         "without randomness on a game without chance (Gyre, mcts against hard) do not play one game over and over.")  # fmt: skip
JOBS_OPT = click.option("--jobs", "-j", type=WholeNumber(0, 256), default=1, show_default=True,
                        help="Worker processes (CPUs of a local Ray); 0 means one per CPU core. Results do not depend on it.")
RECORD_OUT = OutputFile("a game record")
SEED_OPT = click.option("--seed", type=SEED, default=None, metavar="S",
                        help="Seed for chance and bots; the same seed and moves replay the same game. Default: a fresh one, printed.")


@click.command()
@GAME_ARG
@PLAYERS_OPT
@click.option("--bots", type=BotsType(), default=None, metavar="SEAT,SEAT,...",
              help="Who sits in each seat: human or a bot: " + BOTS_HELP + " Default: human, then medium.")
@SEED_OPT
@OPTION_OPT
@click.option("--record", type=RECORD_OUT, default=None,
              help="Write the game (config, seed, moves) to this JSON file for `cardgen replay`.")
@click.option("--color/--no-color", default=None, help="Colour the board (default: when the output is a terminal).")
@click.option("--open", "open_table", is_flag=True,
              help="Teaching mode: show every hand and every bot's move in full (announced on screen). "
                   "Without it you see only what your seat may know.")
@DECKS_OPT
def play(game, players, bots, seed, options, record, color, open_table, decks):
    """Play GAME in the terminal against bots (or watch bots play).

    \b
    Type a move by its text (Gyre: c3 claims tile c3, c3+ / c3- turn the gyre
    at c3's lower-right corner clockwise / anticlockwise) or by its number in
    the list; `list`, `board`, `show`, `explain` (why the last bot chose its
    move), `undo`, `redo`, `help` (with the game's own moves, `show` and
    legends) and `quit` work at any prompt. You see what your seat may know:
    other seats' hidden cards stay hidden unless --open.

    \b
    Bots for people: easy (it blunders; a careful beginner beats it),
    medium (the default, up to a second a move), hard (the strongest that
    answers within two seconds). See --bots for the others.

    \b
    Examples:
      cardgen play gyre                         you against the medium bot on 8x8
      cardgen play gyre --bots human,hard
      cardgen play gyre --bots human,greedy,mcts -o size=10
      cardgen play gyre --bots mcts,random --seed 7 --record game.json
    """
    from cardgen.engine.play import Table, read_line

    config = _config(game, players, bots, options, decks)
    g = _load(game, config)
    if bots is None:
        bots = ["human"] + [DEFAULT_BOT] * (g.num_players - 1)
    _seats(g, bots)
    seed = resolve_seed(seed)
    if color is None:
        color = sys.stdout.isatty()

    ask = read_line  # the end of input stops the game (Table.input_ended)

    def say(text):
        click.echo(text, color=color)  # click strips ANSI codes unless told otherwise

    table = Table(g, bots, seed, ask, say, color=color, open_table=open_table)
    state = table.run()
    if state.is_terminal() and any(b == "human" for b in bots):
        extra = g.on_game_end(state)
        if extra:
            click.echo(extra)
    if record:
        rec.write_records(record, [rec.make_record(g, seed, bots, table.actions, table.moves, state)])
        click.echo(f"record written to {record}", err=True)
    if table.input_ended is not None:
        raise table.input_ended


@click.command()
@GAME_ARG
@click.option("--games", "-n", type=WholeNumber(1, MAX_GAMES), default=100, show_default=True, help=f"Number of games (1 to {MAX_GAMES:,}).")
@click.option("--bots", type=BotsType(humans=False), default=None, metavar="BOT,BOT,...",
              help="One bot per seat, e.g. mcts,greedy: " + BOTS_HELP + " Default: medium in every seat, "
                   "the bot `cardgen play` seats against you.")
@PLAYERS_OPT
@SEED_OPT
@OPTION_OPT
@JOBS_OPT
@BACKEND_OPT
@ADDRESS_OPT
@click.option("--rotate/--no-rotate", default=True, show_default=True,
              help="Move the bots one seat per game, so each plays every seat equally often.")
@OPENING_OPT
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@click.option("--record", type=RECORD_OUT, default=None,
              help="Write every game (config, seed, moves) to this JSON file for `cardgen replay`.")
@click.option("--progress/--no-progress", default=True, help="Progress bar on stderr.")
@DECKS_OPT
def simulate(game, games, bots, players, seed, options, jobs, backend, address, rotate, opening, as_json, record, progress,
             decks):  # fmt: skip
    """Play GAME many times between bots and report win rates.

    \b
    Prints, per bot, wins and the win rate with its 95 % confidence interval
    (Wilson; a tie gives each tied seat an equal share), per seat the same and
    the seat advantage (win rate minus the fair share 1/players), the number of
    draws and the average game length in actions.

    \b
    Examples:
      cardgen simulate gyre -n 20                  medium against medium
      cardgen simulate gyre --games 200 --bots mcts,random --jobs 0
      cardgen simulate gyre -n 50 --bots greedy,random,random -o size=9 --json
      cardgen simulate gyonrg -n 10000 --bots mcts,greedy --backend ray --address ray://head:10001
    """
    from cardgen.engine.pool import check_backend
    from cardgen.engine.simulate import format_summary
    from cardgen.engine.simulate import simulate as run

    config = _config(game, players, bots, options, decks)
    loaded = _load(game, config)
    if bots is None:  # play's bot in every seat
        bots = [DEFAULT_BOT] * loaded.num_players
    _seats(loaded, bots)  # bad options fail before any work starts
    where = _where(jobs, backend, address, opening)
    check_backend(backend)
    seed = resolve_seed(seed)
    if progress:
        with click.progressbar(length=games, label="simulating", file=sys.stderr, show_eta=True) as bar:
            summary = run(game, config, bots, games, seed=seed, rotate=rotate,
                          record=bool(record), progress=bar.update, **where)
    else:
        summary = run(game, config, bots, games, seed=seed, rotate=rotate, record=bool(record), **where)
    if record:
        rec.write_records(record, summary.records)
        click.echo(f"{len(summary.records)} records written to {record}", err=True)
    if as_json:
        click.echo(json.dumps(summary.to_json(), indent=2))
    else:
        click.echo(format_summary(summary))


@click.command()
@GAME_ARG
@click.option("--bots", type=BotsType(humans=False), default=None, metavar="BOT,BOT,...",
              help="Two or more bots, each once, e.g. greedy,mcts,hard: " + BOTS_HELP + " Default: "
                   + ",".join(ARENA_BOTS) + ", the levels `cardgen play` offers.")
@click.option("--games", "-n", type=WholeNumber(1, MAX_GAMES), default=20, show_default=True,
              help="Games per pair of bots (seats rotate every game).")
@SEED_OPT
@OPTION_OPT
@JOBS_OPT
@BACKEND_OPT
@ADDRESS_OPT
@OPENING_OPT
@click.option("--json", "as_json", is_flag=True, help="Print the ratings and pairings as JSON.")
@click.option("--progress/--no-progress", default=True, help="Progress bar on stderr.")
@DECKS_OPT
def arena(game, bots, games, seed, options, jobs, backend, address, opening, as_json, progress, decks):
    """Round robin between bots on GAME, two seats at a time, and an Elo table.

    \b
    Every pair plays --games games with seats rotated; the table ranks the bots
    by Elo (a Bradley-Terry fit of every game, the first bot at 0, draws count
    half) with 95 % intervals, then each pairing's score with its Wilson
    interval. Games run through the same executor as simulate (--jobs,
    --backend ray), and the same seed gives the same table.

    \b
    Examples:
      cardgen arena gyre --bots greedy,mcts,hard --games 50 --jobs 2
      cardgen arena gyonrg --bots easy,medium,greedy -n 20 --seed 1 --json
    """
    from cardgen.engine.arena import arena as run
    from cardgen.engine.arena import format_arena
    from cardgen.engine.pool import check_backend

    if bots is None:
        bots = list(ARENA_BOTS)
    if len(bots) < 2:
        raise click.BadParameter(f"{','.join(bots)!r}: give two or more bots", param_hint="'--bots'")
    if len(set(bots)) != len(bots):
        raise click.BadParameter(f"{','.join(bots)!r}: name each bot once", param_hint="'--bots'")
    config = _config(game, None, None, options, decks, two_seats=True)
    _load(game, config)
    where = _where(jobs, backend, address, opening)
    check_backend(backend)
    seed = resolve_seed(seed)
    pairs = len(bots) * (len(bots) - 1) // 2
    if progress:
        with click.progressbar(length=pairs * games, label="arena", file=sys.stderr, show_eta=True) as bar:
            result = run(game, config, bots, games, seed=seed, progress=bar.update, **where)
    else:
        result = run(game, config, bots, games, seed=seed, **where)
    click.echo(json.dumps(result.to_json(), indent=2) if as_json else format_arena(result))


class SeatName(click.ParamType):
    """A seat as the game's player_name gives it ("R", "north", "2"), or its number counted from 1.
    The word is checked here; whether the recorded game has such a seat, once the record is read
    (seat_of)."""

    name = "seat"

    def convert(self, value, param, ctx):
        text = str(value).strip()
        if not text or len(text) > rec.MAX_NAME or not text.isprintable():
            self.fail(f"{str(value)[:40]!r}: expected a seat's name as the game gives it (e.g. R) or its number from 1",
                      param, ctx)  # fmt: skip
        return text


def seat_of(game: Game, seat: str) -> int:
    """The seat `seat` names in `game`: its player_name (any case), else its number from 1; a usage
    error (exit 2) naming the seats accepted otherwise."""
    names = [game.player_name(p) for p in range(game.num_players)]
    key = seat.lower()
    for p, name in enumerate(names):
        if name.lower() == key:
            return p
    if key.isascii() and key.isdigit() and 1 <= int(key) <= game.num_players:
        return int(key) - 1
    raise click.BadParameter(f"{seat!r} is no seat of this {game.name} game: give one of {', '.join(names)} "
                             f"(or a number from 1 to {game.num_players})", param_hint="'--seat'")  # fmt: skip


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--moves", "show_moves", is_flag=True, help="Print the game move by move, with each move's events.")
@click.option("--boards", is_flag=True, help="Print the position before every move and at the end (implies --moves).")
@click.option("--index", type=WholeNumber(1, 10**9), default=None, help="Only this game of a multi-game file (1 = first).")
@click.option("--seat", type=SeatName(), default=None, metavar="SEAT",
              help="Show the game as this seat saw it (implies --moves): a seat's name as the game gives it "
                   "(Gyre: R, B, ...) or its number from 1. Other seats' hidden moves, cards and events stay "
                   "hidden, as at the `cardgen play` table. Default: everything.")  # fmt: skip
def replay(file, show_moves, boards, index, seat):
    """Replay the game record FILE and check it ends in the recorded state.

    \b
    FILE comes from `cardgen play --record` or `cardgen simulate --record`.
    Exit status 0 when every game replays to the state and returns it recorded,
    1 (with the first difference) otherwise.

    \b
    Examples:
      cardgen replay game.json --moves            every move in full, with its events
      cardgen replay game.json --moves --seat 1   as the first seat saw it
    """
    records = rec.read_records(file)
    if index is not None:
        if index > len(records):
            raise CardgenError(f"--index {index}: {file!r} holds {len(records)} game(s)")
        chosen = [(index, records[index - 1])]
    else:
        chosen = list(enumerate(records, 1))
    show_moves = show_moves or boards or seat is not None
    # the seat in each game, found before anything is printed: a bad --seat is a usage error
    viewers: list[tuple[int | None, str]] = []
    for k, r in chosen:
        if seat is None:
            viewers.append((None, ""))
            continue
        try:
            game = load_recorded_game(r["game"], r["config"])
        except CardgenError as exc:
            raise CardgenError(f"game {k}: {exc}") from None
        p = seat_of(game, seat)
        viewers.append((p, f", as {game.player_name(p)} saw it"))
    for (k, r), (viewer, seen) in zip(chosen, viewers):
        if show_moves:
            config = r["config"]
            if viewer is not None:
                config = rec.config_seen(config, viewer, load_recorded_game(r["game"], config).num_players)
            click.echo(f"game {k}: {r['game']} {json.dumps(config)} seed {r['seed']} "
                       f"seats {','.join(r.get('seats', []))}{seen}")  # fmt: skip

        def on_step(i, state, action, text, viewer=viewer):
            if boards:
                click.echo(state.render(player=viewer))
            p = state.current_player()
            who = state.game.player_name(p)
            if viewer is not None:
                text = rec.move_text(state, action, viewer, told=True)
            click.echo(f"{i + 1:>4}. {who}: {text}")

        def after_step(i, state, action, viewer=viewer):
            for line in state.told(viewer):
                click.echo("        " + line)

        try:
            if show_moves:
                state = rec.replay(r, on_step, after_step=after_step, narrate=True)
            else:
                state = rec.replay(r)
        except CardgenError as exc:
            raise CardgenError(f"game {k}: {exc}") from None
        if boards:
            click.echo(state.render(player=viewer))
        if show_moves and state.is_terminal():
            click.echo("game over: " + state.result_text(viewer))
        result = (" ".join(f"{state.game.player_name(p)}={v:g}" for p, v in enumerate(state.returns()))
                  if state.is_terminal() else "unfinished")
        click.echo(f"game {k}: ok, {len(r['actions'])} moves, {result}")


commands = [play, simulate, arena, replay]
