#!/usr/bin/env python3
"""bench.py [--cli PATH] [--seconds S] [SPEC ...] - random playouts from the
start, three ways, side by side (a benchmark, not a test):
  loop      a Python loop of state.legal_actions() and state.apply_action()
            (random.choice between them);
  playouts  gamelearn.playouts(game, n): the playouts played in C (64 at a
            time, bit-parallel, where the game has it: GDL);
  sums      gamelearn.playout_sums(game, n): the goals summed, as the tool
            plays its batches (GDL: 64 lanes kept full);
  cli       `gamelearn bench --playouts SPEC`: the tool's own loop through
            game.h and, for a GDL game, its 64-at-a-time batch ("batch64"),
            the one that playouts() is to be set beside.
Each is timed in CPU seconds of its own process for about S seconds (1);
the ratios are playouts/cli, sums/cli and playouts/loop. Run it with the library on
the path (GAMELEARN_LIB, or an installed package) and from the repository's
top folder for the GDL games' paths."""
import argparse
import os
import random
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gamelearn  # noqa: E402

DEFAULT = ["tictactoe", "connect4", "othello", "checkers",
           "gdl:tests/data/gdl/games/connectFour.kif",
           "gdl:tests/data/gdl/games/ticTacToe.kif"]


def rate_loop(game, secs):
    rng = random.Random(1)
    n, t0 = 0, time.process_time()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        n += 1
        dt = time.process_time() - t0
        if dt >= secs:
            return n / dt


def rate_chunked(run, game, secs):
    """Playouts per CPU second of run(game, n, seed=...), called in chunks
    that double from 64 up to 65536 until secs have passed."""
    n, chunk, t0 = 0, 64, time.process_time()
    while True:
        run(game, chunk, seed=n + 1)
        n += chunk
        dt = time.process_time() - t0
        if dt >= secs:
            return n / dt
        chunk = min(chunk * 2, 1 << 16)


def rate_cli(cli, spec):
    """The tool's playouts/cpu-s: (game.h row, batch64 row or None)."""
    out = subprocess.run([cli, "bench", "--playouts", spec], check=True,
                         capture_output=True, text=True).stdout
    rows = {}
    for line in out.splitlines():
        f = line.split()
        if len(f) >= 6 and f[1] in ("game.h", "batch64", "prover64"):
            rows[f[1]] = float(f[5])
    return rows.get("game.h"), rows.get("batch64") or rows.get("prover64")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--cli", default=os.path.join(here, "..", "build",
                                                  "release", "gamelearn"))
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("specs", nargs="*", default=DEFAULT)
    a = ap.parse_args()
    print("random playouts from the start, playouts per CPU second, one thread")
    print("library: %s" % gamelearn.library_path)
    print("%-44s %9s %10s %10s %10s %10s %7s %7s %8s" % (
        "game", "loop", "playouts", "sums", "cli", "cli-64", "pl/cli",
        "sum/cli", "pl/loop"))
    for spec in a.specs:
        game = gamelearn.load_game(spec)
        loop = rate_loop(game, a.seconds)
        pl = rate_chunked(gamelearn.playouts, game, a.seconds)
        sm = rate_chunked(gamelearn.playout_sums, game, a.seconds)
        one, bulk = rate_cli(a.cli, spec)
        # playouts() plays GDL 64 at a time: beside the tool's batch
        ref = bulk if (game.spec().startswith("gdl:") and bulk) else one
        print("%-44s %9.0f %10.0f %10.0f %10.0f %10s %7.2f %7.2f %8.1f" % (
            spec[:44], loop, pl, sm, one, "%.0f" % bulk if bulk else "-",
            pl / ref, sm / ref, pl / loop))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
