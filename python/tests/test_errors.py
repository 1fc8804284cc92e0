"""Every failure is a gamelearn.Error (a ValueError) with the library's
one-line message; none crashes the interpreter."""
import gc
import os

import pytest

import gamelearn
from conftest import GDL


def test_error_is_value_error():
    assert issubclass(gamelearn.Error, ValueError)


def test_unknown_game():
    with pytest.raises(gamelearn.Error, match="nosuchgame"):
        gamelearn.load_game("nosuchgame")


def test_bad_game_parameter():
    with pytest.raises(gamelearn.Error) as e:
        gamelearn.load_game("hex:size=1000")
    assert "\n" not in str(e.value) and str(e.value)


def test_illegal_action_leaves_state():
    s = gamelearn.load_game("tictactoe").new_initial_state()
    s.apply_action(4)
    with pytest.raises(gamelearn.Error, match="not legal"):
        s.apply_action(4)
    with pytest.raises(gamelearn.Error):
        s.apply_action(-1)
    with pytest.raises(gamelearn.Error):
        s.apply_action(10**6)
    assert s.history() == [4]


def test_action_after_the_end():
    s = gamelearn.load_game("tictactoe").new_initial_state()
    for a in [0, 3, 1, 4, 2]:
        s.apply_action(a)
    with pytest.raises(gamelearn.Error, match="over"):
        s.apply_action(5)


def test_bad_move_text():
    s = gamelearn.load_game("tictactoe").new_initial_state()
    with pytest.raises(gamelearn.Error):
        s.string_to_action("z9")
    with pytest.raises(gamelearn.Error):
        s.action_to_string(99)


def test_broken_kif(tmp_path):
    bad = tmp_path / "broken.kif"
    bad.write_text("(role white)\n(init (cell 1 1 b)\n")  # unclosed
    with pytest.raises(gamelearn.Error, match="broken.kif"):
        gamelearn.load_game("gdl:%s" % bad)


def test_missing_kif(tmp_path):
    with pytest.raises(gamelearn.Error):
        gamelearn.load_game("gdl:%s" % (tmp_path / "none.kif"))


def test_agent_bad_parameter():
    with pytest.raises(gamelearn.Error, match="depth"):
        gamelearn.agent("alphabeta:depth=banana", "tictactoe")
    with pytest.raises(gamelearn.Error):
        gamelearn.agent("nosuchagent", "tictactoe")


def test_state_after_game_closed():
    game = gamelearn.load_game("tictactoe")
    s = game.new_initial_state()
    a = gamelearn.agent("random", game)
    game.close()
    with pytest.raises(gamelearn.Error, match="closed"):
        s.legal_actions()
    with pytest.raises(gamelearn.Error, match="closed"):
        s.apply_action(0)
    with pytest.raises(gamelearn.Error, match="closed"):
        str(s)
    with pytest.raises(gamelearn.Error, match="closed"):
        a.step(s)
    with pytest.raises(gamelearn.Error, match="closed"):
        game.new_initial_state()


def test_agents_freed_with_their_closed_game():
    # an agent's own tables (uct's tree, td's values) may refer to its
    # game's: close() frees them first, so nothing reads a freed game
    game = gamelearn.load_game("tictactoe")
    agents = [gamelearn.agent(s, game) for s in
              ("uct:time=0,iterations=50", "td", "alphabeta:depth=2", "perfect")]
    s = game.new_initial_state()
    for a in agents:
        s.apply_action(a.step(s))
    game.close()
    for a in agents:
        assert a._ptr is None  # freed with the game, not after it
        with pytest.raises(gamelearn.Error, match="closed"):
            a.step(s)
    del agents
    gc.collect()


def test_state_keeps_its_game_alive():
    s = gamelearn.load_game("connect4").new_initial_state()
    gc.collect()  # the game has no other reference
    s.apply_action(0)
    assert len(s.legal_actions()) == 7


def test_bad_deserialize():
    game = gamelearn.load_game("tictactoe")
    with pytest.raises(gamelearn.Error):
        game.deserialize_state("4\n4\n")
    with pytest.raises(gamelearn.Error):
        game.deserialize_state("not a move")


def test_match_errors():
    with pytest.raises(gamelearn.Error, match="players"):
        gamelearn.match("tictactoe", ["random"], n=1)
    with pytest.raises(gamelearn.Error):
        gamelearn.train("tictactoe", "td", opponent="nosuch", matches=1)


def test_unknown_experiment_and_option():
    with pytest.raises(gamelearn.Error, match="unknown experiment"):
        gamelearn.run("nosuch")
    with pytest.raises(gamelearn.Error, match="no option"):
        gamelearn.run("hwang", nosuch=1)
    with pytest.raises(gamelearn.Error, match="seeds"):
        gamelearn.run("hwang", seeds="banana")
    with pytest.raises(gamelearn.Error, match="--threads must be"):
        gamelearn.run("hwang", threads=0)


def test_agent_after_the_end():
    game = gamelearn.load_game("tictactoe")
    s = game.new_initial_state()
    for a in [0, 3, 1, 4, 2]:
        s.apply_action(a)
    with pytest.raises(gamelearn.Error, match="over"):
        gamelearn.agent("random", game).step(s)


def test_agent_of_another_game_and_bad_observe():
    a = gamelearn.agent("random", "tictactoe")
    other = gamelearn.load_game("tictactoe").new_initial_state()
    with pytest.raises(gamelearn.Error, match="plays"):
        a.step(other)
    s = a._game.new_initial_state()
    with pytest.raises(gamelearn.Error, match="observe"):
        a.observe(s, 42)
    with pytest.raises(gamelearn.Error):
        a.begin(5)


def test_gdl_bad_move_text():
    s = gamelearn.load_game("gdl:" + os.path.join(GDL, "ticTacToe.kif")).new_initial_state()
    with pytest.raises(gamelearn.Error):
        s.string_to_action("(no such move")
    with pytest.raises(gamelearn.Error):
        s.string_to_action("(mark 9 9)")
