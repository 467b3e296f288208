"""Spherion figures (prints JSON): random playouts, search speed, simulate --jobs 2, board construction, MCTS strength.

    python benchmarks/bench_spherion.py [--seconds 5] [--repeat 3] [--size standard,small] [--positions 12]
        [--strength-games 0] [--mcts mcts:60] [--no-openspiel]

- random playouts on one core: actions/s and games/s (legal actions, one picked
  uniformly per seat, applied; chance nodes sampled), the loop of a random bot or
  an MCTS rollout, for each --size; after a second of warm-up, the median of --repeat
  runs (each printed). Timed in process CPU time (time.process_time), so a loaded
  machine slows the figure less than the wall clock would;
- the same loop on OpenSpiel's Python tic-tac-toe (open_spiel.python.games.tic_tac_toe,
  when open_spiel is installed) and Spherion's actions/s as a multiple of it;
- search: on --positions planning positions of random games per size, `medium` (the level
  `cardgen play` seats: mcts, 10,000 playouts or 1 s) and mcts:iterations=2000 (a fixed
  search, the same moves on any machine): seconds a move (wall and CPU), playouts a move
  and playouts per CPU second (target: medium <= 1 s a move);
- `cardgen simulate spherion --jobs 2 --bots random,random`: games/s end to end;
- board construction: milliseconds per board (sphere and seeded wall) for each size;
- with --strength-games N: MCTS against random, seats alternating, wins out of N.
Figures, never timed asserts.

Issue 47 (faster playouts, same games), before -> after, on a 2-core machine shared with other
work (load 8-10: the CPU figures are what to compare; the wall clock gave this process 40 % of a core):

    mcts:iterations=2000, standard   playouts per CPU s   6,706 -> 10,579   CPU s a move 0.30 -> 0.19
    mcts:iterations=2000, small      playouts per CPU s   5,807 ->  8,244   CPU s a move 0.35 -> 0.24
    medium, standard                 playouts in its 1 s  4,223 ->  5,763   (s a move 1.00 -> 0.99)
    medium, small                    playouts in its 1 s  3,065 ->  5,502   (s a move 1.00 -> 1.00)
    random playouts (median of 3 runs of 5 CPU s; the runs spread +-15 % on the loaded machine)
      standard  actions/s 44,815 -> 37,570, games/s 139 -> 117 (the same code: no change in random play)
      small     actions/s 42,262 -> 48,411, games/s 169 -> 193
    OpenSpiel Python tic-tac-toe     actions/s 32,695 and 33,791 (Spherion: 1.1-1.4x of it, not 0.7x)
