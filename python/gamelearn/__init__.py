"""gamelearn from Python: every game, agent and learner of the C library
libgamelearn, behind an API shaped after OpenSpiel's pyspiel.

    import gamelearn
    game = gamelearn.load_game("tictactoe")
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    print(state.returns())

docs/PYTHON.md tells the rest.
"""
from ._lib import Error, path as library_path
from .game import TERMINAL, Game, State, load_game
from .play import (Agent, agent, agents, games, match, perft, playout_sums,
                   playouts, train)
from .exp import Report, experiments, run

__all__ = ["Error", "TERMINAL", "Game", "State", "load_game", "Agent",
           "agent", "agents", "games", "match", "perft", "playouts", "playout_sums", "train",
           "Report", "experiments", "run", "library_path"]
