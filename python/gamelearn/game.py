"""Games and states, shaped after OpenSpiel's pyspiel: load_game(spec) gives
a Game, game.new_initial_state() a State."""
import ctypes
import weakref
from ctypes import POINTER, byref, c_float, c_int, c_int32, c_uint64

import numpy as np

from ._lib import BindInfo, Error, GlErr, check, lib, text

TERMINAL = -4  # current_player() of a finished game, as in OpenSpiel

_OBS_KINDS = {1: "cells", 2: "props", 3: "features", 4: "bytes",
              5: "planes"}


class Game:
    """A game instance made from a spec string "NAME[:key=value,...]" (a
    native game, a preset such as connect4, or gdl:FILE.kif)."""

    def __init__(self, spec):
        self._ptr = None
        self._spec = str(spec)
        self._agents = weakref.WeakSet()  # freed before the game on close()
        err = GlErr()
        ptr = lib.gl_game_new(str(spec).encode(), byref(err))
        if not ptr:
            raise Error(err.msg.decode("utf-8", "replace"))
        self._ptr = ptr
        info = BindInfo()
        lib.gl_bind_info_of(ptr, byref(info))
        self._info = info
        self._spec = text(ctypes.string_at(ptr + ctypes.sizeof(ctypes.c_void_p)))
        self._shape = tuple(info.obs_shape[i] for i in range(info.obs_rank))

    # -- lifetime ------------------------------------------------------------
    def close(self):
        """Free the game now. Its states and agents raise Error afterwards
        (without close(), the game lives as long as any of them)."""
        if self._ptr:
            for a in list(self._agents):
                a._free()  # an agent's tables may refer to the game's
            lib.gl_game_free(self._ptr)
            self._ptr = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        if getattr(self, "_ptr", None):
            lib.gl_game_free(self._ptr)
            self._ptr = None

    def ptr(self):
        """The gl_game pointer; Error once the game is closed."""
        if not self._ptr:
            raise Error("%s: the game was closed" % self._spec)
        return self._ptr

    # -- OpenSpiel's game API ------------------------------------------------
    def num_players(self):
        return self._info.nplayers

    def num_distinct_actions(self):
        """Action ids lie in 0 .. num_distinct_actions() - 1: the game's
        own move ids (g->nactions; GDL: every role's distinct ground moves,
        numbered together)."""
        return self._info.nactions

    def max_game_length(self):
        return self._info.max_length

    def observation_tensor_shape(self):
        return list(self._shape)

    def observation_tensor_size(self):
        return int(np.prod(self._shape))

    def observation_kind(self):
        """What observation_tensor() holds: "planes" (the game's own
        planes of 0/1: connect's empty cells, X's, O's; nim's heaps in
        unary and whose turn it is; swap9's and npuzzle's tiles one-hot),
        "cells" (planes: empty, then each player's marks), "props" (GDL
        base propositions), "features" (the game's feature vector) or
        "bytes" (the state's bytes)."""
        return _OBS_KINDS[self._info.obs_kind]

    def is_simultaneous(self):
        """Whether the game has rounds of simultaneous moves (GDL)."""
        return bool(self._info.simultaneous)

    def max_legal(self):
        return self._info.max_legal

    def new_initial_state(self):
        return State(self)

    def deserialize_state(self, data):
        """The state State.serialize() wrote: its moves replayed from the
        start (each checked to be legal)."""
        st = State(self)
        for line in str(data).split("\n"):
            line = line.strip()
            if not line:
                continue
            try:
                a = int(line)
            except ValueError:
                raise Error("%s: a serialized state is action ids, one a "
                            "line; got '%s'" % (self._spec, line[:40]))
            st.apply_action(a)
        return st

    def spec(self):
        """The canonical spec: every parameter spelt out."""
        return self._spec

    def __str__(self):
        return self._spec

    def __repr__(self):
        return "gamelearn.Game(%r)" % self._spec


def load_game(spec, params=None):
    """A game from its spec: load_game("tictactoe"), load_game("connect4"),
    load_game("hex:size=7"), load_game("gdl:path/to/rules.kif"), or as
    OpenSpiel writes it, load_game("hex", {"size": 7}). A Game is returned
    as it is."""
    if isinstance(spec, Game):
        return spec
    if params:
        spec = "%s%s%s" % (spec, "," if ":" in str(spec) else ":",
                           ",".join("%s=%s" % kv for kv in params.items()))
    return Game(spec)


class State:
    """A position of a game, with the moves that led to it. It keeps its
    game alive; once game.close() is called, using it raises Error."""

    __slots__ = ("_game", "_s", "_moves", "_history")

    def __init__(self, game, _copy_of=None):
        self._game = game
        self._moves = None
        err = GlErr()
        s = lib.gl_game_state_new(game.ptr(), byref(err))
        if not s:
            raise Error(err.msg.decode("utf-8", "replace"))
        self._s = s
        if _copy_of is None:
            self._history = []
        else:
            ctypes.memmove(s, _copy_of._s, game._info.state_size)
            self._history = list(_copy_of._history)

    def __del__(self):
        s = getattr(self, "_s", None)
        if s:
            lib.gl_free(s)
            self._s = None

    def _g(self):
        return self._game.ptr()

    def _buf(self):
        if self._moves is None:
            self._moves = (c_int32 * max(1, self._game._info.max_legal))()
        return self._moves

    def get_game(self):
        return self._game

    def current_player(self):
        """The player to move, 0 .. num_players() - 1; TERMINAL (-4) once
        the game is over."""
        g = self._g()
        if lib.gl_game_over(g, self._s):
            return TERMINAL
        return lib.gl_game_to_move(g, self._s)

    def is_terminal(self):
        return bool(lib.gl_game_over(self._g(), self._s))

    def is_chance_node(self):
        return False

    def legal_actions(self, player=None):
        """The legal moves of the player to move, ascending ([] once the
        game is over). legal_actions(player) gives that player's: in a GDL
        game, the moves the rules give that role here, whichever role
        chooses next in a round of simultaneous moves (a role with only
        noop has that one); in any other game, the player to move's, and
        [] for the others. Error for no player of the game."""
        g = self._g()
        buf = self._buf()
        if player is None:
            n = lib.gl_game_legal(g, self._s, buf)
            return buf[:n]
        n = c_int()
        err = GlErr()
        check(lib.gl_bind_legal_of(g, self._s, int(player), buf, byref(n),
                                   byref(err)), err)
        return buf[:n.value]

    def legal_actions_mask(self, player=None):
        """A list of num_distinct_actions() ints, 1 where the action is
        legal."""
        mask = [0] * self._game._info.nactions
        for a in self.legal_actions(player):
            mask[a] = 1
        return mask

    def move_number(self):
        """Moves played from the start."""
        return len(self._history)

    def is_simultaneous_node(self):
        """False: simultaneous moves are played one player after another
        (see apply_actions)."""
        return False

    def apply_action(self, action):
        """Play a legal move; Error (and the state unchanged) if it is not."""
        err = GlErr()
        rc = lib.gl_bind_play(self._g(), self._s, int(action), self._buf(),
                              byref(err))
        if rc:
            check(rc, err)
        self._history.append(int(action))

    def apply_actions(self, actions):
        """A joint move of a simultaneous game: actions[p] for each player
        p, each one of legal_actions(p) (a player with none, as in a
        turn-taking game all but the one to move, may be given anything).
        Every action is checked first: Error, and the state unchanged, if
        one is not legal. The round is then played in the library's order,
        each player who has a choice in turn (history() lists those
        moves)."""
        g = self._g()
        n = self._game._info.nplayers
        if len(actions) != n:
            raise Error("%s: a joint move has %d actions, one a player; got %d"
                        % (self._game.spec(), n, len(actions)))
        if lib.gl_game_over(g, self._s):
            raise Error("%s: the game is over, no move can be played"
                        % self._game.spec())
        if lib.gl_bind_hidden(g, self._s):
            raise Error("%s: a round of simultaneous moves is under way "
                        "(apply_action goes on with it)" % self._game.spec())
        for p in range(n):
            legal = self.legal_actions(p)
            if legal and int(actions[p]) not in legal:
                raise Error("%s: action %s (%s) is not a legal move of "
                            "player %d here" % (
                                self._game.spec(), actions[p],
                                self._text_or_id(actions[p]), p))
        for _ in range(n):
            if self.is_terminal():
                break
            self.apply_action(actions[lib.gl_game_to_move(g, self._s)])
            if not lib.gl_bind_hidden(g, self._s):
                break

    def _text_or_id(self, action):
        try:
            return self.action_to_string(action)
        except (Error, ValueError, TypeError):
            return "no action id"

    def returns(self):
        """Each player's goal value, 0..100 as the library gives it (100 a
        win, 50 a draw, 0 a loss), once the game is over (one-player
        puzzles: at any state); zeros before."""
        g = self._g()
        n = self._game._info.nplayers
        if not lib.gl_game_over(g, self._s) and n > 1:
            return [0] * n
        goals = (c_int * n)()
        lib.gl_game_goals(g, self._s, goals)
        return list(goals)

    def rewards(self):
        """returns() scaled to [-1, 1] as OpenSpiel users expect: (goal - 50)
        / 50 once the game is over (win 1, draw 0, loss -1), zeros before."""
        if not self.is_terminal():
            return [0.0] * self._game._info.nplayers
        return [(v - 50) / 50.0 for v in self.returns()]

    def player_return(self, player):
        return self.returns()[player]

    def clone(self):
        return State(self._game, self)

    def history(self):
        """The actions played from the start, in order."""
        return list(self._history)

    def action_to_string(self, *args):
        """Move text in the game's notation: action_to_string(action) or,
        as OpenSpiel writes it, action_to_string(player, action)."""
        action = args[-1]
        g = self._g()
        a = int(action)
        if a < 0 or a >= self._game._info.nactions:
            raise Error("%s: %d is no action (ids are 0..%d)" % (
                self._game.spec(), a, self._game._info.nactions - 1))
        buf = ctypes.create_string_buffer(256)
        lib.gl_game_move_text(g, self._s, a, buf, 256)
        return buf.value.decode("utf-8", "replace")

    def string_to_action(self, *args):
        """The action id of a move's text (string_to_action(text) or
        string_to_action(player, text)); Error if it does not parse."""
        t = args[-1]
        a = c_int32()
        err = GlErr()
        check(lib.gl_bind_parse_move(self._g(), self._s, str(t).encode(),
                                     byref(a), byref(err)), err)
        return a.value

    def observation_tensor(self, player=None):
        """The state as a float32 numpy array of observation_tensor_shape():
        see Game.observation_kind(). (Every player sees the whole state.)"""
        out = np.zeros(self._game._shape, dtype=np.float32)
        err = GlErr()
        check(lib.gl_bind_observe(self._g(), self._s,
                                  out.ctypes.data_as(POINTER(c_float)),
                                  byref(err)), err)
        return out

    def serialize(self):
        """The moves from the start, one action id a line (as OpenSpiel's
        default); game.deserialize_state() replays them."""
        return "".join("%d\n" % a for a in self._history)

    def hidden(self):
        """Players who have chosen, unseen, in the current round of
        simultaneous moves (0 outside one)."""
        return lib.gl_bind_hidden(self._g(), self._s)

    def ptr(self):
        """The state's bytes (a void pointer), for the library's calls."""
        self._g()
        return self._s

    def __str__(self):
        g = self._g()
        n = 4096
        while True:
            buf = ctypes.create_string_buffer(n)
            need = lib.gl_game_render(g, self._s, buf, n)
            if need < n:
                return buf.value.decode("utf-8", "replace")
            n = need + 1

    def __repr__(self):
        return "<gamelearn.State of %s after %d moves>" % (
            self._game.spec(), len(self._history))
