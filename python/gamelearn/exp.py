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
    and, when it was run with out=DIR, files (the paths written: the
    tables' CSV, the notes, the figures' SVG)."""

    def __init__(self, text, tables, figures, notes, files):
        self.text, self.tables, self.figures = text, tables, figures
        self.notes, self.files = notes, files

    def figure_paths(self):
        """The paths of the figures' SVG files (out=DIR; else none)."""
        return [f for f in self.files if f.endswith(".svg")]

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


_PALETTE = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
            "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"]


def _esc(s):
    return (str(s).replace("&", "&amp;").replace("<", "&lt;")
            .replace(">", "&gt;"))


def figure_svg(fig):
    """A figure (Report.figures' value) drawn as a plain SVG line chart:
    each series a line, its min..max band shaded where it has one, a
    logarithmic y axis where the figure asks. (The CLI's `repro` draws its
    own, richer SVG; this one is the Python package's.)"""
    import math
    W, H, L, R, T, B = 640, 400, 70, 170, 40, 50
    logy = fig["log_y"]

    def fy(v):
        return math.log10(v) if logy else v
    xs, ys = [], []
    for s in fig["series"]:
        xs += s["x"]
        for key in ("y", "lo", "hi"):
            ys += [fy(v) for v in s.get(key, []) if not logy or v > 0]
    if not xs or not ys:
        xs, ys = [0, 1], [0, 1]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    if not logy and y0 > 0:
        y0 = 0.0
    x1, y1 = (x1 if x1 > x0 else x0 + 1), (y1 if y1 > y0 else y0 + 1)

    def px(v):
        return L + (v - x0) / (x1 - x0) * (W - L - R)

    def py(v):
        return H - B - (fy(v) - y0) / (y1 - y0) * (H - T - B)
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'font-family="sans-serif" font-size="12">' % (W, H),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="%d" y="20" font-size="14">%s</text>' % (L, _esc(fig["title"])),
           '<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>' % (L, H - B, W - R, H - B),
           '<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>' % (L, T, L, H - B),
           '<text x="%d" y="%d" text-anchor="middle">%s</text>' % ((L + W - R) // 2, H - 10, _esc(fig["xlabel"])),
           '<text x="15" y="%d" transform="rotate(-90 15 %d)" text-anchor="middle">%s</text>'
           % ((T + H - B) // 2, (T + H - B) // 2, _esc(fig["ylabel"]))]
    for v, anchor, x, y in ((x0, "middle", px(x0), H - B + 15), (x1, "middle", px(x1), H - B + 15)):
        out.append('<text x="%.1f" y="%.1f" text-anchor="%s">%g</text>' % (x, y, anchor, v))
    for v in (y0, y1):
        lab = 10 ** v if logy else v
        out.append('<text x="%d" y="%.1f" text-anchor="end">%.3g</text>'
                   % (L - 5, H - B - (v - y0) / (y1 - y0) * (H - T - B) + 4, lab))
    for i, s in enumerate(fig["series"]):
        c = _PALETTE[i % len(_PALETTE)]
        pts = [(x, y) for x, y in zip(s["x"], s["y"]) if not logy or y > 0]
        if "lo" in s:
            band = [(x, v) for x, v in zip(s["x"], s["hi"]) if not logy or v > 0]
            band += [(x, v) for x, v in reversed(list(zip(s["x"], s["lo"])))
                     if not logy or v > 0]
            if band:
                out.append('<polygon fill="%s" fill-opacity="0.15" points="%s"/>' % (
                    c, " ".join("%.1f,%.1f" % (px(x), py(v)) for x, v in band)))
        if pts:
            out.append('<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>' % (
                c, " ".join("%.1f,%.1f" % (px(x), py(y)) for x, y in pts)))
        out.append('<text x="%d" y="%d" fill="%s">%s</text>' % (
            W - R + 10, T + 15 * (i + 1), c, _esc(s["name"])))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _write(out, tables, notes, figures):
    """The tables as CSV, the notes as text files and the figures as SVG
    into out."""
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
    for name, fig in figures.items():
        path = os.path.join(out, name)
        with open(path, "w") as f:
            f.write(figure_svg(fig))
        files.append(path)
    return files


def run(name, quick=False, out=None, **options):
    """Run experiment name (see experiments()) with its options as keyword
    arguments (seeds=2, quick=True for a flag; a dash in an option's name
    is an underscore here), its pieces on threads=T threads (by default
    every core; the report is the same for any count), as `gamelearn repro
    NAME` does. quick=True adds the
    experiment's quick options (experiments()[i]["quick"]) under the ones
    given. With out=DIR the tables are written there as CSV, the notes as
    text and the figures as SVG (plain line charts of Report.figures'
    data, drawn here: not the CLI's), their paths in Report.files.
    Returns a Report."""
    opts = {}
    if quick:
        opts.update(_quick_options(name))
    for k, v in options.items():
        opts[k.replace("_", "-")] = v
    opts.pop("out", None)
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
    files = _write(out, tables, notes, figures) if out else []
    return Report(txt, tables, figures, notes, files)
