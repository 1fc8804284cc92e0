"""Agents, matches, training, perft and playouts: the CLI's commands as
Python calls returning Python data."""
import ctypes
from ctypes import (POINTER, byref, c_int, c_int32, c_int64, c_uint64,
                    c_void_p)

import numpy as np

from ._lib import (Error, GlErr, GlMatch, GlStats, check, lib, names, text)
from .game import Game, State, load_game


def games():
    """The game types as (name, summary) pairs."""
    return names(lib.gl_game_types)


def agents():
    """The agent types (learners included) as (name, summary) pairs."""
    return names(lib.gl_agent_types)


class Agent:
    """An agent of the library's registry made for one game. step(state)
    chooses a move for the player to move; observe(state, action) tells it
    of a move played (every agent, every move, its own too, as a match
    does); end(state) of the end. begin(role, seed) starts a match (step
    begins one by itself if none is)."""

    def __init__(self, spec, game):
        self._game = load_game(game)
        err = GlErr()
        ptr = lib.gl_agent_new(str(spec).encode(), self._game.ptr(), None,
                               byref(err))
        if not ptr:
            raise Error(err.msg.decode("utf-8", "replace"))
        self._ptr = ptr
        self._begun = False
        self._game._agents.add(self)

    def _free(self):
        if getattr(self, "_ptr", None):
            lib.gl_agent_free(self._ptr)
            self._ptr = None

    def __del__(self):
        self._free()

    def ptr(self):
        self._game.ptr()  # Error once the game is closed
        return self._ptr

    def spec(self):
        """The canonical spec, every parameter spelt out (gl_agent.spec)."""
        p = self.ptr()
        off = 2 * ctypes.sizeof(c_void_p)
        return text(ctypes.string_at(p + off))

    def begin(self, role=0, seed=1):
        err = GlErr()
        check(lib.gl_bind_agent_begin(self.ptr(), int(role), int(seed),
                                      byref(err)), err)
        self._begun = True

    def _mine(self, state):
        if state.get_game() is not self._game:
            raise Error("agent %s plays %s, not %s" % (
                self.spec(), self._game.spec(), state.get_game().spec()))

    def step(self, state):
        """The agent's move in state (for the player to move there)."""
        self._mine(state)
        if not self._begun:
            self.begin(max(0, state.current_player()))
        a = c_int32()
        err = GlErr()
        check(lib.gl_bind_agent_choose(self.ptr(), state.ptr(), byref(a),
                                       byref(err)), err)
        return a.value

    def observe(self, state, action, player=None):
        """Tell the agent that player (default: the one to move) played
        action in state (the state before the move)."""
        self._mine(state)
        if player is None:
            player = state.current_player()
        if not 0 <= player < self._game.num_players() or \
                action not in state.legal_actions(player):
            raise Error("observe: %s is not a legal move of player %s here"
                        % (action, player))
        lib.gl_bind_agent_observe(self.ptr(), state.ptr(), int(player),
                                  int(action))

    def end(self, state):
        """Tell the agent that the match ended in state."""
        self._mine(state)
        if not state.is_terminal():
            raise Error("end: the game is not over")
        lib.gl_bind_agent_end(self.ptr(), state.ptr())
        self._begun = False

    def save(self, path):
        err = GlErr()
        check(lib.gl_bind_agent_save(self.ptr(), str(path).encode(),
                                     byref(err)), err)

    def load(self, path):
        err = GlErr()
        check(lib.gl_bind_agent_load(self.ptr(), str(path).encode(),
                                     byref(err)), err)

    def __repr__(self):
        return "gamelearn.Agent(%r)" % self.spec()


def agent(spec, game):
    """An agent from its spec ("random", "alphabeta:depth=6", "td", ...)
    for game (a Game or a spec string)."""
    return Agent(spec, game)


def perft(game, depth):
    """Move sequences of exactly depth moves from the start (as `gamelearn
    perft`)."""
    g = load_game(game)
    st = State(g)
    n = c_uint64()
    err = GlErr()
    check(lib.gl_perft(g.ptr(), st.ptr(), int(depth), byref(n), byref(err)),
          err)
    return n.value


def playouts(game, n, seed=1, state=None):
    """n random playouts (every player a uniformly random legal move) from
    the start, or from state, played in C: 64 at a time, bit-parallel,
    where the game has it (GDL on its network: a lane that ends takes the
    next playout at once). An (n, players) int32
    numpy array of each playout's goals, 0..100 (a playout that reaches
    max_game_length() ends there, with the goals of its last state)."""
    g = load_game(game)
    st = state if state is not None else State(g)
    if st.get_game() is not g:
        raise Error("playouts: the state is of another game")
    out = np.empty((int(n), g.num_players()), dtype=np.intc)
    err = GlErr()
    check(lib.gl_bind_playouts(g.ptr(), st.ptr(), int(n), int(seed),
                               out.ctypes.data_as(POINTER(c_int)), None,
                               byref(err)), err)
    return out


def playout_sums(game, n, seed=1, state=None):
    """The goals of n random playouts summed per player (an int64 numpy
    array of num_players()), played in C as `gamelearn bench --playouts`
    plays them (for GDL through the type's bulk playouts: from a state
    outside a round of simultaneous moves, the same draws as playouts(),
    so the same sums)."""
    g = load_game(game)
    st = state if state is not None else State(g)
    if st.get_game() is not g:
        raise Error("playout_sums: the state is of another game")
    out = np.zeros(g.num_players(), dtype=np.int64)
    err = GlErr()
    check(lib.gl_bind_playout_sums(g.ptr(), st.ptr(), int(n), int(seed),
                                   out.ctypes.data_as(POINTER(c_int64)),
                                   None, byref(err)), err)
    return out


def _agents_for(g, specs):
    return [a if isinstance(a, Agent) else Agent(a, g) for a in specs]


def _stats_row(st):
    return {"wins": st.wins, "draws": st.draws, "losses": st.losses,
            "mean_goal": lib.gl_stats_mean(byref(st)),
            "ci95": lib.gl_stats_ci95(byref(st))}


def _play(g, seats, seed, m):
    arr = (c_void_p * len(seats))(*[a.ptr() for a in seats])
    err = GlErr()
    check(lib.gl_match_play(g.ptr(), arr, lib.gl_mix64(seed), byref(m),
                            byref(err)), err)


def match(game, agents, n=100, seed=1, swap=False):
    """n matches between agents (specs or Agents, one a player), as
    `gamelearn match`: match k seeded with seed + k, with swap the seats
    rotated by k. A list of dicts, one an agent: agent, wins, draws,
    losses, mean_goal, ci95."""
    g = load_game(game)
    ags = _agents_for(g, agents)
    na = len(ags)
    if na != g.num_players():
        raise Error("match: %s has %d players, %d agents given" % (
            g.spec(), g.num_players(), na))
    stats = [GlStats() for _ in ags]
    for s in stats:
        lib.gl_stats_init(byref(s))
    m = GlMatch()
    lib.gl_match_init(byref(m))
    try:
        for k in range(int(n)):
            shift = k % na if swap else 0
            seats = [ags[(p + shift) % na] for p in range(na)]
            _play(g, seats, int(seed) + k, m)
            goals = (c_int * na)(*m.goals[:na])
            for p in range(na):
                who = (p + shift) % na
                lib.gl_stats_add(byref(stats[who]), goals[p],
                                 lib.gl_result_of(goals, na, p))
    finally:
        lib.gl_match_done(byref(m))
    return [dict(agent=(a if isinstance(a, str) else a.spec()),
                 **_stats_row(s)) for a, s in zip(agents, stats)]


CURVE = 10


def train(game, learner, opponent="random", matches=1000, seed=1,
          first="learner", load=None, save=None):
    """A learning agent learns by playing matches, as `gamelearn train GAME
    LEARNER --opponent OPP -n MATCHES --seed S`: match k seeded with seed
    + k. learner and opponent are specs or Agents (an Agent goes on
    learning across calls). The results table: its learning curve in ten
    parts, then "all", each a dict of matches, wins, draws, losses,
    mean_goal (and ci95 for all)."""
    g = load_game(game)
    if g.num_players() != 2:
        raise Error("train: %s is not a two-player game" % g.spec())
    if first not in ("learner", "opponent", "alternate"):
        raise Error("train: first must be learner, opponent or alternate, "
                    "got '%s'" % first)
    lrn, opp = _agents_for(g, [learner, opponent])
    if load:
        lrn.load(load)
    n = int(matches)
    if n < 1:
        raise Error("train: matches must be 1 or more, got %d" % n)
    part = [GlStats() for _ in range(CURVE)]
    total = GlStats()
    for s in part + [total]:
        lib.gl_stats_init(byref(s))
    m = GlMatch()
    lib.gl_match_init(byref(m))
    try:
        for k in range(n):
            seat = 0 if first == "learner" else 1 if first == "opponent" \
                else k & 1
            seats = [lrn, opp] if seat == 0 else [opp, lrn]
            try:
                _play(g, seats, int(seed) + k, m)
            except Error as e:
                raise Error("match %d: %s" % (k + 1, e))
            goals = (c_int * 2)(*m.goals[:2])
            goal, res = goals[seat], lib.gl_result_of(goals, 2, seat)
            lib.gl_stats_add(byref(total), goal, res)
            lib.gl_stats_add(byref(part[k * CURVE // n]), goal, res)
    finally:
        lib.gl_match_done(byref(m))
    if save:
        lrn.save(save)
    rows = []
    for i, s in enumerate(part):
        if not s.n:
            continue
        lo = (n * i + CURVE - 1) // CURVE + 1
        hi = (n * (i + 1) + CURVE - 1) // CURVE
        r = {"matches": "%d-%d" % (lo, hi)}
        r.update(_stats_row(s))
        del r["ci95"]
        rows.append(r)
    r = {"matches": "all"}
    r.update(_stats_row(total))
    rows.append(r)
    return rows
