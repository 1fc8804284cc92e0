"""perft, playouts, agents, match, train and experiments; where the CLI is
at hand (GAMELEARN_CLI, which CTest sets), their results against its."""
import csv
import os
import re
import subprocess

import numpy as np
import pytest

import gamelearn
from conftest import GDL

CLI = os.environ.get("GAMELEARN_CLI")
needs_cli = pytest.mark.skipif(not CLI, reason="GAMELEARN_CLI not set")


def cli_env():
    # the tool carries its own sanitizer runtime: not the one preloaded
    # into python3 in a sanitizer build (CTest's test 'python')
    return {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}


def cli(*args):
    return subprocess.run([CLI] + list(args), check=True, capture_output=True,
                          text=True, env=cli_env()).stdout


def test_perft_tictactoe():
    # the counts of move sequences of tic-tac-toe, depths 1 .. 9
    want = [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]
    assert [gamelearn.perft("tictactoe", d) for d in range(1, 10)] == want


@needs_cli
@pytest.mark.parametrize("spec,depth", [("checkers", 6), ("connect4", 6),
                                        ("othello", 5)])
def test_perft_as_cli(spec, depth):
    out = cli("perft", spec, str(depth))
    nums = [int(x) for x in re.findall(r"\b\d+\b", out.splitlines()[-1])]
    assert gamelearn.perft(spec, depth) in nums


def test_playouts_shape_and_seed():
    game = gamelearn.load_game("tictactoe")
    a = gamelearn.playouts(game, 500, seed=7)
    b = gamelearn.playouts("tictactoe", 500, seed=7)
    c = gamelearn.playouts(game, 500, seed=8)
    assert a.shape == (500, 2)
    assert np.array_equal(a, b) and not np.array_equal(a, c)
    assert set(np.unique(a)) <= {0, 50, 100}
    assert np.all(a.sum(axis=1) == 100)


def test_playouts_tictactoe_odds():
    # random tic-tac-toe: X wins 131184 of the 255168 games, but weighted by
    # the chance of each, X wins 58.5%, O 28.8%, a draw 12.7%
    g = gamelearn.playouts("tictactoe", 20000, seed=1)
    x = g[:, 0]
    assert abs(np.mean(x == 100) - 0.585) < 0.02
    assert abs(np.mean(x == 0) - 0.288) < 0.02


def test_playouts_gdl_bulk_from_a_state():
    game = gamelearn.load_game("gdl:" + os.path.join(GDL, "connectFour.kif"))
    g = gamelearn.playouts(game, 130, seed=2)  # two batches of 64 and 2
    assert g.shape == (130, 2)
    assert np.all((g >= 0) & (g <= 100))
    s = game.new_initial_state()
    s.apply_action(s.legal_actions()[0])
    assert gamelearn.playouts(game, 3, state=s).shape == (3, 2)


def test_agent_step_and_observe():
    game = gamelearn.load_game("tictactoe")
    agents = [gamelearn.agent("alphabeta:depth=9", game),
              gamelearn.agent("perfect", game)]
    for p, a in enumerate(agents):
        a.begin(p, seed=1)
    s = game.new_initial_state()
    while not s.is_terminal():
        who = s.current_player()
        move = agents[who].step(s)
        assert move in s.legal_actions()
        for a in agents:
            a.observe(s, move)
        s.apply_action(move)
    for a in agents:
        a.end(s)
    assert s.returns() == [50, 50]  # perfect play draws


def test_match_perfect_beats_random():
    rows = gamelearn.match("tictactoe", ["random", "perfect"], n=50, seed=1)
    assert [r["agent"] for r in rows] == ["random", "perfect"]
    assert rows[1]["losses"] == 0
    assert rows[0]["wins"] + rows[0]["draws"] + rows[0]["losses"] == 50


def cli_table(out):
    rows = {}
    for line in out.splitlines():
        f = line.split()
        if len(f) >= 5 and f[1].isdigit() and f[2].isdigit():
            rows[f[0]] = [int(f[1]), int(f[2]), int(f[3]), float(f[4])]
    return rows


@needs_cli
def test_match_as_cli():
    specs = ["random", "alphabeta:depth=2"]
    out = cli("match", "connect4", *specs, "-n", "40", "--seed", "3",
              "--swap", "--threads", "1")
    want = cli_table(out)
    got = gamelearn.match("connect4", specs, n=40, seed=3, swap=True)
    for r in got:
        assert [r["wins"], r["draws"], r["losses"]] == want[r["agent"]][:3]
        assert round(r["mean_goal"], 2) == want[r["agent"]][3]


@needs_cli
def test_train_as_cli():
    out = cli("train", "tictactoe", "td", "--opponent", "egreedy", "-n",
              "300", "--seed", "5")
    want = cli_table(out)
    got = gamelearn.train("tictactoe", "td", opponent="egreedy", matches=300,
                          seed=5)
    assert len(got) == 11
    for r in got:
        assert [r["wins"], r["draws"], r["losses"]] == want[r["matches"]][:3]


def test_train_with_an_agent_keeps_learning(tmp_path):
    game = gamelearn.load_game("tictactoe")
    td = gamelearn.agent("td", game)
    gamelearn.train(game, td, matches=50)
    path = tmp_path / "ttt.td"
    td.save(str(path))
    assert path.exists()
    other = gamelearn.agent("td", game)
    other.load(str(path))
    with pytest.raises(gamelearn.Error):
        gamelearn.agent("random", game).save(str(tmp_path / "x"))


def test_lists():
    assert "checkers" in dict(gamelearn.games())
    assert {"td", "alphabeta", "random"} <= set(dict(gamelearn.agents()))
    names = [e["name"] for e in gamelearn.experiments()]
    assert "hwang" in names and "ga-nim" in names


def test_run_hwang_quick(tmp_path):
    rep = gamelearn.run("hwang", quick=True, out=str(tmp_path))
    assert "Hwang" in rep.text
    rows = rep.tables["hwang.csv"]
    assert rows and "evaluations" in rows[0]
    assert (tmp_path / "hwang.csv").exists()
    assert "verdicts.csv" in rep.tables
    svgs = rep.figure_paths()
    assert len(svgs) == len(rep.figures) > 0
    for path in svgs:
        with open(path) as f:
            body = f.read()
        assert body.startswith("<svg") and "<polyline" in body
    import xml.dom.minidom
    xml.dom.minidom.parse(svgs[0])
    if CLI:
        out = tmp_path / "cli"
        subprocess.run([CLI, "repro", "hwang", "--seeds", "2", "--quick",
                        "--threads", "1", "--out", str(out)], check=True,
                       capture_output=True, env=cli_env())
        with open(out / "hwang.csv") as f:
            want = list(csv.DictReader(f))
        assert [r["evaluations"] for r in rows] == \
            [r["evaluations"] for r in want]
        # the GA runs on a time limit (ga-timed: at DFS's time) end where
        # the clock says, so only the others' errors are the same
        def errors(table):
            return [r["errors_median"] for r in table
                    if r["method"] != "ga-timed"]
        assert errors(rows) == errors(want)


def test_run_threads_same_report():
    # the pieces on 2 threads or 1: the same tables
    def tables(threads):
        rep = gamelearn.run("ga-nim", quick=True, threads=threads)
        return rep.tables["ga-nim.csv"], rep.tables["verdicts.csv"]
    assert tables(1) == tables(2)


@pytest.mark.parametrize("kif", ["connectFour", "reversi", "roshambo2",
                                 "hanoi", "tictactoe_3player"])
def test_gdl_playouts_one_a_row(kif):
    # GDL on its network: the lanes kept full (gdl_batch_goals), each
    # playout's goals at its own row, the same draws as the summed
    # playouts (reversi, roshambo2 and hanoi have a goal network of their
    # own, the goals read 64 ended playouts at a time)
    game = gamelearn.load_game("gdl:" + os.path.join(GDL, kif + ".kif"))
    for n in (1, 63, 64, 65, 200):
        a = gamelearn.playouts(game, n, seed=n)
        assert a.shape == (n, game.num_players())
        assert a.min() >= 0 and a.max() <= 100
        assert list(a.sum(axis=0)) == list(gamelearn.playout_sums(game, n, seed=n))
    # from a state inside a round of simultaneous moves: 64 at a time
    if game.is_simultaneous() and kif == "roshambo2":
        s = game.new_initial_state()
        s.apply_action(s.legal_actions()[0])
        assert s.hidden() == 1
        a = gamelearn.playouts(game, 70, state=s)
        assert a.shape == (70, 2) and a.min() >= 0


def test_playout_sums():
    # one by one, the sums are those of the same playouts kept apart
    a = gamelearn.playouts("connect4", 300, seed=4)
    s = gamelearn.playout_sums("connect4", 300, seed=4)
    assert s.dtype == np.int64 and list(s) == list(a.sum(axis=0))
    game = gamelearn.load_game("gdl:" + os.path.join(GDL, "ticTacToe.kif"))
    g = gamelearn.playout_sums(game, 1000, seed=1)
    assert g.shape == (2,) and 0 <= g.min() and g.max() <= 100 * 1000
    with pytest.raises(gamelearn.Error):
        gamelearn.playout_sums(game, -1)


# every agent of the registry, learners included, steps from Python
QUICK = {"uct": "uct:time=0,iterations=100", "alphabeta": "alphabeta:depth=3"}


@pytest.mark.parametrize("name", [n for n, _ in gamelearn.agents()])
def test_every_agent_steps(name, tmp_path):
    game = gamelearn.load_game("tictactoe")
    spec = QUICK.get(name, name)
    a = gamelearn.agent(spec, game)
    a.begin(0, seed=1)
    s = game.new_initial_state()
    while not s.is_terminal():
        m = a.step(s)
        assert m in s.legal_actions()
        a.observe(s, m)
        s.apply_action(m)
    a.end(s)
