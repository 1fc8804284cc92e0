"""The papers' experiments (`gamelearn repro NAME`) run from Python, their
tables as lists of dicts."""
import csv
import ctypes
import os
import tempfile
from ctypes import POINTER, byref, c_char_p, c_void_p

from ._lib import Error, GlErr, check, lib, text


def experiments():
    """The experiments as dicts: name, summary, paper, quick (the options of
    a small run) and options (name -> help)."""
    out = []
    arr = lib.gl_experiment_types()
    i = 0
    while arr[i]:
        e = arr[i].contents
        opts = {}
        j = 0
        while e.opts[j].name:
            o = e.opts[j]
            opts[text(o.name)] = text(o.help)
            j += 1
        out.append({"name": text(e.name), "summary": text(e.summary),
                    "paper": text(e.paper), "quick": text(e.quick),
                    "options": opts})
        i += 1
    return out


def _quick_options(name):
    for e in experiments():
        if e["name"] == name:
            words = (e["quick"] or "").split()
            opts, k = {}, 0
            while k < len(words):
                key = words[k].lstrip("-")
                if k + 1 < len(words) and not words[k + 1].startswith("--"):
                    opts[key] = words[k + 1]
                    k += 2
                else:
                    opts[key] = True
                    k += 1
            return opts
    raise Error("unknown experiment '%s'" % name)


class Report:
    """What an experiment gives back: text (what the CLI prints), tables
    (file name -> list of dicts, one a row, cells as text), figures (file
    name -> dict of title, axes and series), notes (file name -> text),
    and, when it was run with out=DIR, files (the paths written)."""

    def __init__(self, text, tables, figures, notes, files):
        self.text, self.tables, self.figures = text, tables, figures
        self.notes, self.files = notes, files

    def table(self, name=None):
        """A table by file name (default: the first)."""
        if name is None:
            return next(iter(self.tables.values()))
        return self.tables[name]

    def __repr__(self):
        return "<gamelearn.Report tables=%s figures=%s>" % (
            list(self.tables), list(self.figures))


def _read(rep):
    tables, figures, notes = {}, {}, {}
    for i in range(lib.gl_bind_report_ntables(rep)):
        t = lib.gl_bind_report_table(rep, i).contents
        cols = [text(t.cols[c]) for c in range(t.ncols)]
        rows = []
        for r in range(t.nrows):
            rows.append({cols[c]: text(t.cells[r * t.ncols + c]) or ""
                         for c in range(t.ncols)})
        tables[text(t.name)] = rows
    for i in range(lib.gl_bind_report_nfigures(rep)):
        f = lib.gl_bind_report_figure(rep, i).contents
        series = []
        for k in range(f.nseries):
            s = f.series[k]
            d = {"name": text(s.name), "x": list(s.x[:s.n]),
                 "y": list(s.y[:s.n])}
            if s.lo and s.hi:
                d["lo"], d["hi"] = list(s.lo[:s.n]), list(s.hi[:s.n])
            series.append(d)
        figures[text(f.name)] = {"title": text(f.title),
                                 "xlabel": text(f.xlabel),
                                 "ylabel": text(f.ylabel),
                                 "log_y": bool(f.log_y), "series": series}
    for i in range(lib.gl_bind_report_nnotes(rep)):
        n = lib.gl_bind_report_note(rep, i).contents
        notes[text(n.name)] = text(n.text)
    return text(lib.gl_bind_report_text(rep)), tables, figures, notes


def _write(out, tables, notes):
    """The tables as CSV and the notes as text files into out."""
    os.makedirs(out, exist_ok=True)
    files = []
    for name, rows in tables.items():
        path = os.path.join(out, name)
        with open(path, "w", newline="") as f:
            if rows:
                w = csv.DictWriter(f, fieldnames=list(rows[0]))
                w.writeheader()
                w.writerows(rows)
        files.append(path)
    for name, body in notes.items():
        path = os.path.join(out, name)
        with open(path, "w") as f:
            f.write(body)
        files.append(path)
    return files


def run(name, quick=False, out=None, **options):
    """Run experiment name (see experiments()) with its options as keyword
    arguments (seeds=2, quick=True for a flag; a dash in an option's name
    is an underscore here), its pieces one after another in this thread,
    as `gamelearn repro NAME --threads 1` does. quick=True adds the
    experiment's quick options (experiments()[i]["quick"]) under the ones
    given. With out=DIR the tables are written there as CSV and the notes
    as text (the figures' SVG the CLI draws are not: their data are in
    Report.figures). Returns a Report."""
    opts = {}
    if quick:
        opts.update(_quick_options(name))
    for k, v in options.items():
        opts[k.replace("_", "-")] = v
    opts.pop("out", None)
    # the pieces run one after another (runner NULL); where the runners
    # are in the library (include/gamelearn/run.h), a thread pool can be
    # passed to gl_bind_exp_run instead
    given = [(k, v) for k, v in opts.items() if v is not False and v is not None]
    keys = (c_char_p * max(1, len(given)))(*[k.encode() for k, _ in given])
    vals = (c_char_p * max(1, len(given)))(
        *[(b"" if v is True else str(v).encode()) for _, v in given])
    err = GlErr()
    rep = c_void_p()
    with tempfile.TemporaryDirectory(prefix="gamelearn-run-") as tmp:
        rc = lib.gl_bind_exp_run(str(name).encode(), len(given), keys, vals,
                                 (out or tmp).encode(), byref(rep),
                                 byref(err))
        check(rc, err)
        try:
            txt, tables, figures, notes = _read(rep)
        finally:
            lib.gl_bind_report_free(rep)
    files = _write(out, tables, notes) if out else []
    return Report(txt, tables, figures, notes, files)
