"""Loading libgamelearn.so and declaring the C functions the package calls.

The library is looked for, in this order:
  1. the file named by the environment variable GAMELEARN_LIB (a build
     tree's build/release/libgamelearn.so, say);
  2. libgamelearn.so next to this file (copied in by `pip install ./python`
     when it found a built library, see setup.py);
  3. the path recorded by `make install` in _libpath.py;
  4. the system's libgamelearn.so.0 (after `make install`, through ldconfig).
"""
import ctypes
import ctypes.util
import os

from ctypes import (POINTER, Structure, c_bool, c_char, c_char_p, c_double,
                    c_float, c_int, c_int8, c_int32, c_int64, c_long,
                    c_size_t, c_uint, c_uint64, c_void_p)


class Error(ValueError):
    """A failure reported by the library, carrying its one-line message."""


GL_SPEC_MAX = 1024
GL_PLAYERS_MAX = 8
GL_MOVE_TEXT = 64


class GlErr(Structure):
    _fields_ = [("code", c_int), ("msg", c_char * 256)]


class BindInfo(Structure):
    _fields_ = [("state_size", c_uint), ("nplayers", c_uint),
                ("nactions", c_int32), ("max_legal", c_uint),
                ("max_length", c_uint), ("bulk", c_uint),
                ("simultaneous", c_int), ("obs_rank", c_int),
                ("obs_shape", c_int * 3), ("obs_kind", c_int)]


class GlMatch(Structure):
    _fields_ = [("moves", POINTER(c_int32)), ("nmoves", c_int),
                ("cap", c_int), ("goals", c_int * GL_PLAYERS_MAX)]


class GlStats(Structure):
    _fields_ = [("n", c_uint64), ("wins", c_uint64), ("draws", c_uint64),
                ("losses", c_uint64), ("sum", c_double), ("sumsq", c_double)]


class GlTable(Structure):
    _fields_ = [("name", c_char_p), ("ncols", c_int), ("nrows", c_int),
                ("ncells", c_int), ("cols", POINTER(c_char_p)),
                ("cells", POINTER(c_char_p)), ("cap", c_int)]


class GlSeries(Structure):
    _fields_ = [("name", c_char_p), ("n", c_int),
                ("x", POINTER(c_double)), ("y", POINTER(c_double)),
                ("lo", POINTER(c_double)), ("hi", POINTER(c_double)),
                ("colour", c_int)]


class GlFigure(Structure):
    _fields_ = [("name", c_char_p), ("title", c_char_p),
                ("xlabel", c_char_p), ("ylabel", c_char_p),
                ("log_y", c_bool), ("y_from_zero", c_bool),
                ("nseries", c_int), ("series", POINTER(GlSeries))]


class GlNote(Structure):
    _fields_ = [("name", c_char_p), ("text", c_char_p)]


class GlOption(Structure):
    _fields_ = [("name", c_char_p), ("arg", c_char_p), ("def_", c_char_p),
                ("help", c_char_p), ("repeat", c_int)]


class GlExperimentType(Structure):
    _fields_ = [("name", c_char_p), ("summary", c_char_p),
                ("paper", c_char_p), ("seeds", c_char_p),
                ("opts", POINTER(GlOption)), ("quick", c_char_p),
                ("work", c_bool), ("run", c_void_p)]


class GlNamed(Structure):
    """The first two fields of gl_game_type and gl_agent_type."""
    _fields_ = [("name", c_char_p), ("summary", c_char_p)]


def _candidates():
    env = os.environ.get("GAMELEARN_LIB")
    if env:
        return [env]
    here = os.path.dirname(os.path.abspath(__file__))
    out = [os.path.join(here, "libgamelearn.so")]
    try:
        from . import _libpath  # written by `make install`
        out.append(_libpath.LIB)
    except ImportError:
        pass
    found = ctypes.util.find_library("gamelearn")
    out.append(found or "libgamelearn.so.0")
    return out


def _load():
    tried = []
    for path in _candidates():
        if os.sep in path and not os.path.exists(path):
            tried.append(path + " (no such file)")
            continue
        try:
            return ctypes.CDLL(path), path
        except OSError as e:
            tried.append("%s (%s)" % (path, e))
    raise ImportError("gamelearn: cannot load libgamelearn.so; tried: " +
                      "; ".join(tried) + ". Set GAMELEARN_LIB to the "
                      "build's libgamelearn.so, or `make install`.")


lib, path = _load()

_P = c_void_p
_SIGS = {
    # game.h
    "gl_game_new": (_P, [c_char_p, POINTER(GlErr)]),
    "gl_game_free": (None, [_P]),
    "gl_game_state_new": (_P, [_P, POINTER(GlErr)]),
    "gl_game_moves_new": (_P, [_P, POINTER(GlErr)]),
    "gl_game_start": (None, [_P, _P]),
    "gl_game_to_move": (c_int, [_P, _P]),
    "gl_game_legal": (c_int, [_P, _P, _P]),
    "gl_game_over": (c_bool, [_P, _P]),
    "gl_game_goals": (None, [_P, _P, POINTER(c_int)]),
    "gl_game_move_text": (c_int, [_P, _P, c_int32, c_char_p, c_size_t]),
    "gl_game_render": (c_int, [_P, _P, c_char_p, c_size_t]),
    "gl_game_types": (POINTER(_P), []),
    "gl_perft": (c_int, [_P, _P, c_int, POINTER(c_uint64), POINTER(GlErr)]),
    "gl_free": (None, [_P]),
    "gl_mix64": (c_uint64, [c_uint64]),
    # bind.h
    "gl_bind_info_of": (None, [_P, POINTER(BindInfo)]),
    "gl_bind_observe": (c_int, [_P, _P, POINTER(c_float), POINTER(GlErr)]),
    "gl_bind_hidden": (c_int, [_P, _P]),
    "gl_bind_legal_of": (c_int, [_P, _P, c_int, _P, POINTER(c_int),
                                 POINTER(GlErr)]),
    "gl_bind_parse_move": (c_int, [_P, _P, c_char_p, POINTER(c_int32),
                                   POINTER(GlErr)]),
    "gl_bind_play": (c_int, [_P, _P, c_int32, _P, POINTER(GlErr)]),
    "gl_bind_playouts": (c_int, [_P, _P, c_long, c_uint64, POINTER(c_int),
                                 POINTER(c_uint64), POINTER(GlErr)]),
    "gl_bind_playout_sums": (c_int, [_P, _P, c_long, c_uint64,
                                     POINTER(c_int64), POINTER(c_uint64),
                                     POINTER(GlErr)]),
    "gl_bind_agent_begin": (c_int, [_P, c_int, c_uint64, POINTER(GlErr)]),
    "gl_bind_agent_choose": (c_int, [_P, _P, POINTER(c_int32),
                                     POINTER(GlErr)]),
    "gl_bind_agent_observe": (None, [_P, _P, c_int, c_int32]),
    "gl_bind_agent_end": (None, [_P, _P]),
    "gl_bind_agent_save": (c_int, [_P, c_char_p, POINTER(GlErr)]),
    "gl_bind_agent_load": (c_int, [_P, c_char_p, POINTER(GlErr)]),
    "gl_bind_exp_run": (c_int, [c_char_p, c_int, POINTER(c_char_p),
                                POINTER(c_char_p), c_char_p, POINTER(_P),
                                POINTER(GlErr)]),
    "gl_bind_report_free": (None, [_P]),
    "gl_bind_report_text": (c_char_p, [_P]),
    "gl_bind_report_ntables": (c_int, [_P]),
    "gl_bind_report_table": (POINTER(GlTable), [_P, c_int]),
    "gl_bind_report_nfigures": (c_int, [_P]),
    "gl_bind_report_figure": (POINTER(GlFigure), [_P, c_int]),
    "gl_bind_report_nnotes": (c_int, [_P]),
    "gl_bind_report_note": (POINTER(GlNote), [_P, c_int]),
    # agent.h
    "gl_agent_new": (_P, [c_char_p, _P, _P, POINTER(GlErr)]),
    "gl_agent_free": (None, [_P]),
    "gl_agent_types": (POINTER(_P), []),
    "gl_match_init": (None, [POINTER(GlMatch)]),
    "gl_match_done": (None, [POINTER(GlMatch)]),
    "gl_match_play": (c_int, [_P, POINTER(_P), c_uint64, POINTER(GlMatch),
                              POINTER(GlErr)]),
    # stats.h
    "gl_stats_init": (None, [POINTER(GlStats)]),
    "gl_stats_add": (None, [POINTER(GlStats), c_int, c_int]),
    "gl_stats_mean": (c_double, [POINTER(GlStats)]),
    "gl_stats_ci95": (c_double, [POINTER(GlStats)]),
    "gl_result_of": (c_int, [POINTER(c_int), c_int, c_int]),
    # experiment.h
    "gl_experiment_types": (POINTER(POINTER(GlExperimentType)), []),
}

for _name, (_res, _args) in _SIGS.items():
    _f = getattr(lib, _name)
    _f.restype = _res
    _f.argtypes = _args


def check(rc, err):
    """Raise Error with the library's message when rc is not 0."""
    if rc:
        raise Error(err.msg.decode("utf-8", "replace") or
                    "gamelearn: error %d" % rc)


def text(b):
    return b.decode("utf-8", "replace") if b is not None else None


def names(listfn):
    """The names and summaries of a NULL-terminated list of descriptors."""
    out = []
    arr = listfn()
    i = 0
    while arr[i]:
        d = ctypes.cast(arr[i], POINTER(GlNamed)).contents
        out.append((text(d.name), text(d.summary)))
        i += 1
    return out
