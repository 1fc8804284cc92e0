"""Games and states: the OpenSpiel-shaped API on native and GDL games."""
import os
import random

import numpy as np
import pytest

import gamelearn
from conftest import GDL

NATIVE = ["tictactoe", "connect4", "hex:size=5", "nim", "othello:size=6", "checkers",
          "capturego:size=5", "swap9", "npuzzle"]


def random_game(spec, seed=1):
    rng = random.Random(seed)
    game = gamelearn.load_game(spec)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        if len(state.history()) > game.max_game_length():
            pytest.fail("%s went past max_game_length" % spec)
    return game, state


@pytest.mark.parametrize("spec", NATIVE + ["gdl:" + os.path.join(GDL, "connectFour.kif")])
def test_random_game_ends(spec):
    game, state = random_game(spec)
    assert state.current_player() == gamelearn.TERMINAL
    assert state.legal_actions() == []
    r = state.returns()
    assert len(r) == game.num_players()
    assert all(0 <= v <= 100 for v in r)
    assert state.rewards() == [(v - 50) / 50 for v in r]
    assert all(-1 <= v <= 1 for v in state.rewards())


@pytest.mark.parametrize("spec", NATIVE)
def test_observation_shape(spec):
    game = gamelearn.load_game(spec)
    state = game.new_initial_state()
    obs = state.observation_tensor()
    assert obs.dtype == np.float32
    assert list(obs.shape) == game.observation_tensor_shape()
    assert obs.size == game.observation_tensor_size()


def test_tictactoe_sizes_and_cells():
    game = gamelearn.load_game("tictactoe")
    assert game.num_players() == 2
    assert game.num_distinct_actions() == 9
    assert game.max_game_length() == 9
    assert game.observation_tensor_shape() == [3, 3, 3]
    assert game.observation_kind() == "cells"
    s = game.new_initial_state()
    assert s.current_player() == 0
    s.apply_action(4)  # b2
    obs = s.observation_tensor()
    assert obs[1, 1, 1] == 1 and obs[0, 1, 1] == 0 and obs[0].sum() == 8
    assert s.current_player() == 1
    assert s.action_to_string(4) == "b2"
    assert s.string_to_action("a1") == 0
    assert s.legal_actions() == [0, 1, 2, 3, 5, 6, 7, 8]
    assert s.returns() == [0, 0] and s.rewards() == [0.0, 0.0]
    text = str(s)
    assert "X" in text and "O to move" in text


def test_win_returns_100_and_rewards_1():
    game = gamelearn.load_game("tictactoe")
    s = game.new_initial_state()
    for a in [0, 3, 1, 4, 2]:  # X takes the top row
        s.apply_action(a)
    assert s.is_terminal()
    assert s.returns() == [100, 0]
    assert s.rewards() == [1.0, -1.0]


def test_clone_is_independent():
    game = gamelearn.load_game("connect4")
    s = game.new_initial_state()
    s.apply_action(3)
    c = s.clone()
    c.apply_action(3)
    assert s.history() == [3] and c.history() == [3, 3]
    assert str(s) != str(c)


def test_serialize_roundtrip():
    game, state = random_game("othello:size=6", seed=5)
    text = state.serialize()
    back = game.deserialize_state(text)
    assert back.history() == state.history()
    assert str(back) == str(state)
    assert back.returns() == state.returns()


def test_gdl_game_props_and_names():
    game = gamelearn.load_game("gdl:" + os.path.join(GDL, "ticTacToe.kif"))
    assert game.num_players() == 2
    assert game.observation_kind() == "props"
    s = game.new_initial_state()
    obs = s.observation_tensor()
    assert obs.shape == (game.observation_tensor_size(),)
    assert obs.sum() > 0  # the initial state's true propositions
    names = [s.action_to_string(a) for a in s.legal_actions()]
    assert "(mark 1 1)" in names
    assert s.string_to_action("(mark 1 1)") in s.legal_actions()


def test_simultaneous_apply_actions():
    game = gamelearn.load_game("gdl:" + os.path.join(GDL, "roshambo2.kif"))
    assert game.is_simultaneous()
    s = game.new_initial_state()
    rng = random.Random(3)
    rounds = 0
    while not s.is_terminal():
        joint = [rng.choice(s.legal_actions(p))
                 for p in range(game.num_players())]
        s.apply_actions(joint)
        assert s.hidden() == 0
        rounds += 1
        assert rounds <= game.max_game_length()
    assert sorted(s.returns()) in ([0, 100], [50, 50], [0, 0], [100, 100]) or \
        all(0 <= v <= 100 for v in s.returns())
    with pytest.raises(gamelearn.Error):
        game.new_initial_state().apply_actions([0])


def test_legal_actions_of_another_player_is_empty():
    s = gamelearn.load_game("tictactoe").new_initial_state()
    assert s.legal_actions(1) == []
    assert s.legal_actions(0) == list(range(9))
    with pytest.raises(gamelearn.Error):
        s.legal_actions(2)


def texts(state, actions):
    return [state.action_to_string(a) for a in actions]


def test_simultaneous_legal_actions_of_each_role():
    """In biddingTicTacToe both roles bid at once, and only the first may
    bid with the tiebreaker: legal_actions(p) gives each role its own
    moves, whichever role the library has choose first."""
    game = gamelearn.load_game("gdl:" + os.path.join(GDL,
                                                     "biddingTicTacToe.kif"))
    s = game.new_initial_state()
    bids = ["(bid %d no_tiebreaker)" % k for k in range(4)]
    tie = ["(bid %d with_tiebreaker)" % k for k in range(4)]
    assert s.current_player() == 0
    assert sorted(texts(s, s.legal_actions(0))) == sorted(bids + tie)
    assert sorted(texts(s, s.legal_actions(1))) == sorted(bids)
    assert s.legal_actions() == s.legal_actions(0)
    # inside the round, after role 0 chose: the same moves for each role
    mid = s.clone()
    mid.apply_action(s.string_to_action("(bid 1 with_tiebreaker)"))
    assert mid.hidden() == 1 and mid.current_player() == 1
    assert sorted(texts(mid, mid.legal_actions(1))) == sorted(bids)
    assert sorted(texts(mid, mid.legal_actions(0))) == sorted(bids + tie)
    # a role's move that only the other role may make: Error, unchanged
    a0 = s.string_to_action("(bid 1 no_tiebreaker)")
    a1 = s.string_to_action("(bid 2 with_tiebreaker)")
    before = str(s)
    with pytest.raises(gamelearn.Error, match="player 1"):
        s.apply_actions([a0, a1])
    assert s.history() == [] and s.hidden() == 0 and str(s) == before
    # one move of each role's own list plays the round
    a1 = s.string_to_action("(bid 2 no_tiebreaker)")
    s.apply_actions([a0, a1])
    assert s.hidden() == 0 and s.history() == [a0, a1]
    assert str(s) != before


def test_turn_taking_gdl_legal_actions_of_each_role():
    """In a turn-taking GDL game the role not to move has its noop."""
    game = gamelearn.load_game("gdl:" + os.path.join(GDL, "ticTacToe.kif"))
    s = game.new_initial_state()
    assert texts(s, s.legal_actions(1)) == ["noop"]
    assert len(s.legal_actions(0)) == 9
    s.apply_actions([s.string_to_action("(mark 2 2)"),
                     s.string_to_action("noop")])
    assert s.current_player() == 1
    assert texts(s, s.legal_actions(0)) == ["noop"]
    with pytest.raises(gamelearn.Error):
        s.apply_actions([s.string_to_action("noop"),
                         s.string_to_action("(mark 2 2)")])


def obs_of(spec, moves=()):
    game = gamelearn.load_game(spec)
    s = game.new_initial_state()
    for m in moves:
        s.apply_action(s.string_to_action(m))
    obs = s.observation_tensor()
    assert game.observation_kind() == "planes"
    assert list(obs.shape) == game.observation_tensor_shape()
    assert set(np.unique(obs)) <= {0.0, 1.0}
    return obs


def test_connect_planes():
    obs = obs_of("connect4")
    assert obs.shape == (3, 6, 7)
    assert obs[0].sum() == 42 and obs[1:].sum() == 0
    obs = obs_of("connect4", ["d"])  # X drops into column d: row 0 the bottom
    assert np.argwhere(obs[1]).tolist() == [[0, 3]]
    assert obs[2].sum() == 0 and obs[0].sum() == 41 and obs[0, 0, 3] == 0
    obs = obs_of("connect4", ["d", "d", "a"])
    assert np.argwhere(obs[1]).tolist() == [[0, 0], [0, 3]]
    assert np.argwhere(obs[2]).tolist() == [[1, 3]]
    assert (obs.sum(axis=0) == 1).all()  # every cell in one plane
    assert obs_of("connect:w=5,h=4,k=3").shape == (3, 4, 5)


def test_nim_planes():
    obs = obs_of("nim")  # heaps 3-4-5, player 0 to move
    assert obs.shape == (3, 3, 5)
    assert obs[0].tolist() == [[1, 1, 1, 0, 0], [1, 1, 1, 1, 0],
                               [1, 1, 1, 1, 1]]
    assert (obs[1] == 1).all() and (obs[2] == 0).all()
    obs = obs_of("nim", ["2:3"])  # 3 taken from heap 2, player 1 to move
    assert obs[0].sum(axis=1).tolist() == [3, 1, 5]
    assert obs[0, 1].tolist() == [1, 0, 0, 0, 0]
    assert (obs[1] == 0).all() and (obs[2] == 1).all()


def test_swap9_planes():
    obs = obs_of("swap9")  # picture A: 4 6 3 / 7 8 2 / 1 9 5
    assert obs.shape == (9, 3, 3)
    assert (obs.sum(axis=0) == 1).all()
    tiles = (obs.argmax(axis=0) + 1).tolist()
    assert tiles == [[4, 6, 3], [7, 8, 2], [1, 9, 5]]
    obs = obs_of("swap9", ["1"])  # code 1 swaps the first two cells
    assert (obs.argmax(axis=0) + 1).tolist() == [[6, 4, 3], [7, 8, 2],
                                                 [1, 9, 5]]


def test_npuzzle_planes():
    spec = "npuzzle:start=1-2-3-4-5-6-7-0-8"
    obs = obs_of(spec)
    assert obs.shape == (9, 3, 3)
    assert (obs.sum(axis=0) == 1).all()
    assert obs.argmax(axis=0).tolist() == [[1, 2, 3], [4, 5, 6], [7, 0, 8]]
    obs = obs_of(spec, ["R"])  # the blank moves right: solved
    assert obs.argmax(axis=0).tolist() == [[1, 2, 3], [4, 5, 6], [7, 8, 0]]
    assert obs_of("npuzzle:size=4").shape == (16, 4, 4)


def test_openspiel_conveniences():
    game = gamelearn.load_game("hex", {"size": 4})
    assert game.spec().startswith("hex:size=4")
    s = game.new_initial_state()
    assert s.legal_actions_mask() == [1] * 16
    s.apply_action(5)
    assert s.legal_actions_mask()[5] == 0 and s.move_number() == 1
    assert not s.is_chance_node() and not s.is_simultaneous_node()
