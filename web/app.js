/* app.js - gamelearn's page: play, teach, watch, results. Plain JS over
 * the JSON API under /api/ (docs/WEB.md). Boards are drawn as
 * SVG from the state the server sends: the cells of games that have them
 * (tic-tac-toe, Hex, Othello, CaptureGo), else the game's own text
 * rendering read as a grid (Connect-k, checkers, the puzzles) or as heaps
 * (Nim); GDL games show their text. */
"use strict";

const SVG = "http://www.w3.org/2000/svg";
let GAMES = null, AGENTS = null;

function $(id) { return document.getElementById(id); }

function el(tag, attrs, text) {
  const e = document.createElement(tag);
  for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  return e;
}

function sv(tag, attrs, text) {
  const e = document.createElementNS(SVG, tag);
  for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  return e;
}

async function api(method, path, body) {
  const opt = { method: method, headers: {} };
  /* the server refuses a request that changes anything unless it says
     JSON, a bodiless DELETE included */
  if (method !== "GET") opt.headers["Content-Type"] = "application/json";
  if (body !== undefined) opt.body = JSON.stringify(body);
  const r = await fetch("/api" + path, opt);
  let j = null;
  try { j = await r.json(); } catch (e) { j = { error: "reply not JSON (" + r.status + ")" }; }
  if (!r.ok) {
    const e = new Error(j.error || ("HTTP " + r.status));
    e.status = r.status;
    throw e;
  }
  return j;
}

function showError(msg) {
  const e = $("error");
  e.textContent = msg;
  e.style.display = msg ? "block" : "none";
}

/* --- choosing games and agents ------------------------------------------- */

function fillGames(sel) {
  sel.innerHTML = "";
  const g1 = el("optgroup", { label: "games" });
  for (const p of GAMES.presets) g1.appendChild(el("option", { value: p.name }, p.name + " (" + p.spec + ")"));
  for (const g of GAMES.games) g1.appendChild(el("option", { value: g.name }, g.name));
  sel.appendChild(g1);
  if (GAMES.kifs.length) {
    const g2 = el("optgroup", { label: "GDL games in the data folder" });
    for (const k of GAMES.kifs) g2.appendChild(el("option", { value: "kif:" + k }, k));
    sel.appendChild(g2);
  }
  sel.value = "tictactoe";
}

function gameChoice(prefix) {
  const v = $(prefix + "-game").value, params = $(prefix + "-params").value.trim();
  if (v.startsWith("kif:")) return { kif: v.slice(4) };
  return { game: params ? v + ":" + params : v };
}

function agentInfo(name) { return AGENTS.agents.find(a => a.name === name); }

/* The parameters an agent's form shows at once: a handful of plain
 * choices (how long it thinks, how it explores); the rest of the agent's
 * parameter table (GET /api/agents) folds away under "advanced". An agent
 * not listed shows its first PLAIN_FIRST. */
const PLAIN_PARAMS = {
  uct: ["time", "iterations", "c"],
  alphabeta: ["depth", "time", "eval"],
};
const PLAIN_FIRST = 3;

function fillAgents(sel, names, dflt, paramsBox) {
  sel.innerHTML = "";
  for (const n of names) {
    const a = agentInfo(n);
    sel.appendChild(el("option", { value: n, title: a ? a.summary : "" }, n));
  }
  sel.value = dflt;
  const draw = () => {
    paramsBox.innerHTML = "";
    const a = agentInfo(sel.value);
    const params = a ? a.params : [];
    const plain = PLAIN_PARAMS[sel.value] ||
      params.slice(0, PLAIN_FIRST).map(p => p.key);
    let more = null;  /* the <details> of the others, made for the first */
    for (const p of params) {
      const lab = el("label", { title: p.help }, p.key + " ");
      lab.appendChild(el("input", { "data-key": p.key,
        placeholder: p.key === "time" ? AGENTS.move_time + " (server)" : p.default }));
      if (plain.includes(p.key)) {
        paramsBox.appendChild(lab);
        continue;
      }
      if (!more) {
        more = el("details", { class: "advanced" });
        more.appendChild(el("summary", {}, "advanced"));
      }
      more.appendChild(lab);
    }
    if (more) paramsBox.appendChild(more);
  };
  sel.onchange = draw;
  draw();
}

function agentSpec(sel, paramsBox) {
  const parts = [];
  for (const i of paramsBox.querySelectorAll("input"))
    if (i.value.trim()) parts.push(i.dataset.key + "=" + i.value.trim());
  return parts.length ? sel.value + ":" + parts.join(",") : sel.value;
}

/* --- named strengths: a select that fills the agent's fields ------------- */

/* Opponents as a teacher names them; each sets the agent select and its
 * parameter fields (under "settings", where they can still be changed). */
const STRENGTHS = [
  { label: "easy: random moves", agent: "random", params: {} },
  { label: "medium: looks 2 moves ahead (alphabeta)", agent: "alphabeta", params: { depth: "2" } },
  { label: "strong: looks 6 moves ahead, 1 s (alphabeta)", agent: "alphabeta", params: {} },
  { label: "strong: Monte Carlo tree search, 1 s (uct)", agent: "uct", params: {} },
  { label: "perfect: solves the game (small games only)", agent: "perfect", params: {} },
  { label: "Martens' machine, untaught (1959)", agent: "martens", params: {} },
  { label: "Hwang's L-automaton, untaught", agent: "lauto", params: {} },
  { label: "TD learner, untaught", agent: "td", params: {} },
  { label: "GA pairs, untaught", agent: "gapairs", params: {} },
  { label: "custom: as set under settings", agent: null, params: {} }
];

/* Fill strength select sel; choosing one sets agentSel (and, through its
 * change handler, paramsBox's fields) to it. dflt: the label's start. */
function fillStrengths(sel, agentSel, paramsBox, dflt) {
  sel.innerHTML = "";
  STRENGTHS.forEach((s, i) => {
    if (s.agent && !agentInfo(s.agent)) return;
    sel.appendChild(el("option", { value: String(i) }, s.label));
  });
  let applying = false;  /* the change below is ours, not the person's */
  const apply = () => {
    const s = STRENGTHS[+sel.value];
    if (!s.agent) return;
    agentSel.value = s.agent;
    applying = true;
    agentSel.dispatchEvent(new Event("change"));
    applying = false;
    for (const [k, v] of Object.entries(s.params)) {
      const i = paramsBox.querySelector('input[data-key="' + k + '"]');
      if (i) i.value = v;
    }
  };
  sel.onchange = apply;
  sel.value = String(STRENGTHS.findIndex(s => s.label.startsWith(dflt)));
  apply();
  /* a change under settings makes the choice custom */
  const custom = () => { sel.value = String(STRENGTHS.length - 1); };
  agentSel.addEventListener("change", () => { if (!applying) custom(); });
  paramsBox.addEventListener("input", custom);
}

/* Sizes a class can follow, set when a game is chosen (the library's own
 * defaults are the smallest boards, for tests and solvers). */
const CLASS_SIZES = { hex: "size=6", capturego: "size=5" };

function fillClassSize(sel, params) {
  const set = () => { params.value = CLASS_SIZES[sel.value] || ""; };
  sel.addEventListener("change", set);
  set();
}

/* --- boards --------------------------------------------------------------- */

const COLORS = ["#c0392b", "#2456a6"];  /* player 1, player 2 */

/* The rows of the game's text rendering that hold the board: lines whose
 * first token is a row number, read at the columns of the letter header. */
function textGrid(text) {
  const lines = text.split("\n");
  const head = lines.find(l => /^\s+a( [a-z])+/.test(l));
  if (!head) return null;
  const xs = [];  /* the columns of "a b c ...", up to the first other word */
  for (let i = 0, want = 97; i < head.length; i++) {
    if (head.charCodeAt(i) === want) { xs.push(i); want++; }
    else if (head[i] !== " ") break;
  }
  const rows = [];
  for (const l of lines) {
    const m = /^\s*(\d+)\s/.exec(l);
    if (!m || l === head) continue;
    rows.push({ label: m[1], cells: xs.map(x => l[x] || " ") });
  }
  return { cols: xs.length, rows: rows };
}

/* --- what a board shows beyond its pieces: the rules, whose colour is
 * whose, the last move, the winning line ------------------------------- */

/* How each game is played and won, in one line. */
const RULES = {
  tictactoe: "Mark a square in turn; three in a row (across, down or diagonal) wins; a full board is a draw.",
  hex: "Place a stone in turn; X (red) wins by joining the top and bottom edges, O (blue) by joining left and right. There are no draws.",
  nim: "Take one or more sticks from one heap in turn; whoever takes the last stick wins (misere=1: loses).",
  connect: "Drop a disc into a column in turn; k in a row (across, down or diagonal) wins; a full board is a draw.",
  capturego: "Place a stone in turn; the first to capture (take a group's last free point) wins.",
  othello: "Place a disc that traps a line of the other's discs, which turn over; pass only when no move; most discs at the end wins.",
  checkers: "Men move diagonally forward, kings either way; a jump captures and must be taken; a man reaching the far row is crowned; no move left loses.",
  npuzzle: "Slide tiles into the blank until they are in order, the blank last.",
  swap9: "Swap tiles by the code table until the torus is sorted, in as few swaps as you can.",
  gdl: "A GGP game: its rules are its GDL file; the moves open are the buttons."
};

/* Each player's mark and colour, by game type. */
function legendOf(type) {
  switch (type) {
  case "tictactoe": return [["X", COLORS[0]], ["O", COLORS[1]]];
  case "hex": return [["X, joins top and bottom", COLORS[0]], ["O, joins left and right", COLORS[1]]];
  case "connect": return [["X", "#d63a2f"], ["O", "#f2c12e"]];
  case "capturego": case "othello": return [["X, black", "black"], ["O, white", "white"]];
  case "checkers": return [["Black, 1-12, at the top", "#222"], ["White, 21-32", "#eee"]];
  default: return null;
  }
}

/* The cells (cell games: indices; checkers: square numbers; connect:
 * "r,c") that the last move of st touched. */
function lastMoveCells(st) {
  const mv = st.history.length ? st.history[st.history.length - 1] : null;
  const out = new Set();
  if (mv === null) return out;
  if (st.cells && st.cell_moves) {
    st.cell_moves.forEach((m, i) => { if (m === mv) out.add(i); });
  } else if (st.type === "checkers") {
    for (const q of mv.split(/[-x]/)) out.add(+q);
  } else if (st.type === "connect") {
    const g = textGrid(st.text), c = mv.charCodeAt(0) - 97;
    const r = g.rows.findIndex(row => row.cells[c] === "X" || row.cells[c] === "O");
    if (r >= 0) out.add(r + "," + c);
  }
  return out;
}

/* The winner's line at the end: k in a row (tic-tac-toe, Connect-k) or
 * the chain joining Hex's two edges; the same keys as lastMoveCells. */
function winningCells(st) {
  const out = new Set();
  if (!st.over || !st.goals || st.nplayers !== 2 || st.goals[0] === st.goals[1]) return out;
  const w = st.goals[0] > st.goals[1] ? 0 : 1;
  let rows, cols, at, key, k;
  if (st.cells && (st.type === "tictactoe" || st.type === "hex")) {
    rows = st.rows; cols = st.cols;
    at = (r, c) => st.cells[r * cols + c];
    key = (r, c) => r * cols + c;
    k = 3;
  } else if (st.type === "connect") {
    const g = textGrid(st.text);
    rows = g.rows.length; cols = g.cols;
    at = (r, c) => { const ch = g.rows[r].cells[c]; return ch === "X" ? 0 : ch === "O" ? 1 : -1; };
    key = (r, c) => r + "," + c;
    const m = /k=(\d+)/.exec(st.game);
    k = m ? +m[1] : 4;
  } else return out;
  if (st.type === "hex") {  /* the chain from the winner's first edge that reaches the other */
    const n = rows, seen = new Set(), comp = [];
    const starts = [];
    for (let i = 0; i < n; i++) if (w === 0 ? at(0, i) === 0 : at(i, 0) === 1) starts.push(w === 0 ? [0, i] : [i, 0]);
    for (const s0 of starts) {
      if (seen.has(key(s0[0], s0[1]))) continue;
      const stack = [s0], part = [];
      seen.add(key(s0[0], s0[1]));
      while (stack.length) {
        const [r, c] = stack.pop();
        part.push([r, c]);
        for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1], [-1, 1], [1, -1]]) {
          const r2 = r + dr, c2 = c + dc;
          if (r2 < 0 || c2 < 0 || r2 >= n || c2 >= n || at(r2, c2) !== w || seen.has(key(r2, c2))) continue;
          seen.add(key(r2, c2));
          stack.push([r2, c2]);
        }
      }
      if (part.some(([r, c]) => (w === 0 ? r : c) === n - 1)) comp.push(...part);
    }
    for (const [r, c] of comp) out.add(key(r, c));
    return out;
  }
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++)
    for (const [dr, dc] of [[0, 1], [1, 0], [1, 1], [1, -1]]) {
      let j = 0;
      while (j < k && r + j * dr >= 0 && r + j * dr < rows && c + j * dc >= 0 && c + j * dc < cols &&
             at(r + j * dr, c + j * dc) === w) j++;
      if (j === k) for (let i = 0; i < k; i++) out.add(key(r + i * dr, c + i * dc));
    }
  return out;
}

/* A ring around a cell: the last move (gold) or the winning line (green). */
function ring(svg, attrs, win) {
  svg.appendChild(sv("rect", Object.assign({ fill: "none", stroke: win ? "#13a34a" : "#ffb300",
    "stroke-width": 3, "pointer-events": "none", class: win ? "ring-win" : "ring-last" }, attrs)));
}

/* The svg scaled down on a narrow screen (CSS max-width) keeps its shape. */
function fitSvg(svg) {
  svg.setAttribute("viewBox", "0 0 " + svg.getAttribute("width") + " " + svg.getAttribute("height"));
  return svg;
}

function drawBoard(box, st, onMove, setMsg) {
  box.innerHTML = "";
  const type = st.type, cs = 44;
  const last = lastMoveCells(st), win = winningCells(st);
  let svg = null;
  const cell = (x, y, w, h, attrs, move, label) => {
    const r = sv("rect", Object.assign({ x: x, y: y, width: w, height: h, class: "cell" }, attrs));
    if (move !== null) {
      r.dataset.move = move;
      r.addEventListener("click", () => onMove(move));
    }
    if (label) r.appendChild(sv("title", {}, label));
    return r;
  };
  const coord = (x, y, t, fill) => sv("text", { x: x, y: y, "text-anchor": "middle", "font-size": 10,
    fill: fill || "#998", "pointer-events": "none", class: "coord" }, t);
  if (st.cells && type === "hex") {
    const n = st.cols, R = 20, w = Math.sqrt(3) * R;
    const W = (n + (n - 1) / 2) * w + 2 * R + 10, H = (1.5 * (n - 1) + 2) * R + 20;
    svg = sv("svg", { width: Math.ceil(W + 20), height: Math.ceil(H + 20) });
    svg.appendChild(sv("rect", { x: 2, y: 2, width: W + 16, height: 6, fill: COLORS[0] }));
    svg.appendChild(sv("rect", { x: 2, y: H + 12, width: W + 16, height: 6, fill: COLORS[0] }));
    svg.appendChild(sv("rect", { x: 2, y: 2, width: 6, height: H + 16, fill: COLORS[1] }));
    svg.appendChild(sv("rect", { x: W + 12, y: 2, width: 6, height: H + 16, fill: COLORS[1] }));
    for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) {
      const i = r * n + c, cx = 20 + R + c * w + r * w / 2, cy = 20 + R + r * 1.5 * R;
      const pts = [];
      for (let k = 0; k < 6; k++) {
        const a = Math.PI / 180 * (60 * k - 30);
        pts.push((cx + R * Math.cos(a)).toFixed(1) + "," + (cy + R * Math.sin(a)).toFixed(1));
      }
      const o = st.cells[i];
      const p = sv("polygon", { points: pts.join(" "), class: "cell" + (last.has(i) ? " last" : "") +
        (win.has(i) ? " win" : ""), stroke: win.has(i) ? "#13a34a" : last.has(i) ? "#ffb300" : "#555",
        "stroke-width": win.has(i) || last.has(i) ? 3 : 1,
        fill: o < 0 ? "#f4ecd8" : COLORS[o], "data-move": st.cell_moves[i] });
      p.dataset.index = i;
      p.addEventListener("click", () => onMove(st.cell_moves[i]));
      p.appendChild(sv("title", {}, st.cell_moves[i]));
      svg.appendChild(p);
      if (o < 0) svg.appendChild(coord(cx, cy + 4, st.cell_moves[i]));
    }
  } else if (st.cells) {
    const rows = st.rows, cols = st.cols;
    svg = sv("svg", { width: cols * cs + 2, height: rows * cs + 2 });
    const bg = type === "othello" ? "#2e7d4f" : type === "capturego" ? "#dcb35c" : "white";
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
      const i = r * cols + c, o = st.cells[i], x = 1 + c * cs, y = 1 + r * cs;
      const rc = cell(x, y, cs, cs, { fill: bg, stroke: "#444" }, st.cell_moves[i], st.cell_moves[i]);
      rc.dataset.index = i;
      svg.appendChild(rc);
      if (o < 0) svg.appendChild(coord(x + cs / 2, y + cs / 2 + 4, st.cell_moves[i], type === "othello" ? "#8fbf9f" : null));
      else if (type === "tictactoe") {
        svg.appendChild(sv("text", { x: x + cs / 2, y: y + cs * 0.72, "text-anchor": "middle",
          "font-size": cs * 0.7, fill: COLORS[o], "pointer-events": "none" }, o ? "O" : "X"));
      } else {
        svg.appendChild(sv("circle", { cx: x + cs / 2, cy: y + cs / 2, r: cs * 0.4,
          fill: o ? "white" : "black", stroke: "#222", "pointer-events": "none" }));
      }
      if (last.has(i)) rc.classList.add("last");
      if (win.has(i)) rc.classList.add("win");
      if (win.has(i) || last.has(i)) ring(svg, { x: x + 2, y: y + 2, width: cs - 4, height: cs - 4 }, win.has(i));
    }
  } else if (type === "connect") {
    const g = textGrid(st.text), H = g.rows.length * cs;
    svg = sv("svg", { width: g.cols * cs + 2, height: H + 18 });
    svg.appendChild(sv("rect", { x: 0, y: 0, width: g.cols * cs + 2, height: H + 2, fill: "#2456a6" }));
    g.rows.forEach((row, r) => row.cells.forEach((ch, c) => {
      const move = String.fromCharCode(97 + c), k = r + "," + c;
      const rc = cell(1 + c * cs, 1 + r * cs, cs, cs, { fill: "transparent" }, move, "column " + move);
      const pend = st.pending && st.pending.col === c && st.pending.row === r;
      svg.appendChild(sv("circle", { cx: 1 + c * cs + cs / 2, cy: 1 + r * cs + cs / 2, r: cs * 0.38,
        fill: ch === "X" || (pend && st.pending.who === 0) ? "#d63a2f" : ch === "O" || pend ? "#f2c12e" : "white",
        stroke: win.has(k) ? "#13a34a" : last.has(k) || pend ? "#ffb300" : "none", "stroke-width": 4,
        class: win.has(k) ? "win" : last.has(k) ? "last" : "", "pointer-events": "none" }));
      svg.appendChild(rc);
      if (r === 0) svg.appendChild(coord(1 + c * cs + cs / 2, H + 14, move, "#555"));
    }));
  } else if (type === "checkers") {
    const g = textGrid(st.text);
    svg = sv("svg", { width: 8 * cs + 2, height: 8 * cs + 2 });
    g.rows.forEach((row, r) => row.cells.forEach((ch, c) => {
      const dark = (r + c) % 2 === 1, sq = dark ? r * 4 + Math.floor(c / 2) + 1 : null;
      const rc = cell(1 + c * cs, 1 + r * cs, cs, cs, { fill: dark ? "#7a5230" : "#f0d9b5" }, null,
        dark ? "square " + sq : "");
      if (dark) {
        rc.dataset.square = sq;
        rc.addEventListener("click", () => checkersClick(sq));
      }
      svg.appendChild(rc);
      if (dark) svg.appendChild(coord(4 + c * cs + 6, 1 + r * cs + 11, String(sq), "#d9c2a0"));
      if ("bBwW".includes(ch) && ch !== " ") {
        const cx = 1 + c * cs + cs / 2, cy = 1 + r * cs + cs / 2;
        svg.appendChild(sv("circle", { cx: cx, cy: cy, r: cs * 0.38, fill: ch.toLowerCase() === "b" ? "#222" : "#eee",
          stroke: "#999", "pointer-events": "none" }));
        if (ch === "B" || ch === "W")
          svg.appendChild(sv("text", { x: cx, y: cy + 6, "text-anchor": "middle", "font-size": 18,
            fill: "#d4a017", "pointer-events": "none" }, "K"));
      }
      if (dark && last.has(sq)) rc.classList.add("last");
      if (dark && (last.has(sq) || (st.pending && st.pending.squares.includes(sq))))
        ring(svg, { x: 3 + c * cs, y: 3 + r * cs, width: cs - 4, height: cs - 4 }, false);
      if (dark && checkersFrom === sq)
        svg.appendChild(sv("rect", { x: 3 + c * cs, y: 3 + r * cs, width: cs - 4, height: cs - 4,
          fill: "none", stroke: "#ffd400", "stroke-width": 3, "pointer-events": "none" }));
    }));
    var checkersClick = (sq) => {
      if (checkersFrom === null) { checkersFrom = sq; drawBoard(box, st, onMove, setMsg); return; }
      const from = checkersFrom;
      checkersFrom = null;
      const fits = st.legal.filter(m => { const p = m.text.split(/[-x]/); return +p[0] === from && +p[p.length - 1] === sq; });
      if (fits.length === 1) onMove(fits[0].text);
      else if (fits.length === 0) onMove(from + "-" + sq);
      else { setMsg("more than one capture path: choose it from the legal moves"); drawBoard(box, st, onMove, setMsg); }
    };
  } else if (type === "nim") {
    const heaps = [];
    for (const l of st.text.split("\n")) {
      const m = /^heap (\d+):\s+(\d+)/.exec(l);
      if (m) heaps.push(+m[2]);
    }
    const maxn = Math.max(1, ...heaps);
    const lastHeap = st.history.length ? +st.history[st.history.length - 1].split(":")[0] - 1 : -1;
    svg = sv("svg", { width: 60 + maxn * 22, height: heaps.length * 40 + 10 });
    heaps.forEach((n, h) => {
      const t = sv("text", { x: 4, y: 30 + h * 40, "font-size": 14, "font-weight": h === lastHeap ? 700 : 400,
        fill: h === lastHeap ? "#b07800" : "#222", class: h === lastHeap ? "last" : "" }, "heap " + (h + 1));
      svg.appendChild(t);
      for (let j = 0; j < n; j++) {
        const move = (h + 1) + ":" + (n - j);
        const rc = cell(60 + j * 22, 10 + h * 40, 14, 30, { fill: "#8d5a2b", rx: 3 }, move, "take " + (n - j));
        svg.appendChild(rc);
      }
    });
  } else if (type === "npuzzle" || type === "swap9") {
    const rows = [];
    for (const l of st.text.split("\n")) {
      if (/^\s*([0-9_]+\s*)+$/.test(l) && l.trim()) rows.push(l.trim().split(/\s+/));
      else if (rows.length) break;
    }
    const n = rows.length;
    let br = -1, bc = -1;
    rows.forEach((row, r) => row.forEach((t, c) => { if (t === "_") { br = r; bc = c; } }));
    svg = sv("svg", { width: n * 60 + 2, height: n * 60 + 2 });
    rows.forEach((row, r) => row.forEach((t, c) => {
      let move = null;
      if (type === "npuzzle" && t !== "_") {
        if (r === br - 1 && c === bc) move = "U";
        else if (r === br + 1 && c === bc) move = "D";
        else if (r === br && c === bc - 1) move = "L";
        else if (r === br && c === bc + 1) move = "R";
      }
      const rc = cell(1 + c * 60, 1 + r * 60, 58, 58, { fill: t === "_" ? "#eee" : "#f6c667", stroke: "#a67c00", rx: 6 }, move, "");
      if (move === null && type === "npuzzle" && t !== "_")
        rc.addEventListener("click", () => setMsg("tile " + t + " is not next to the blank: it cannot slide"));
      if (type === "swap9")
        rc.addEventListener("click", () => setMsg("swap9's moves are swaps of its code table: choose one from the legal moves"));
      svg.appendChild(rc);
      if (t !== "_")
        svg.appendChild(sv("text", { x: 1 + c * 60 + 29, y: 1 + r * 60 + 38, "text-anchor": "middle",
          "font-size": 24, "pointer-events": "none" }, t));
    }));
  } else {
    svg = gdlBoard(st.text);
  }
  const wrap = el("div", { class: "board" });
  if (svg) wrap.appendChild(fitSvg(svg));
  else wrap.appendChild(el("pre", {}, st.text));
  box.appendChild(wrap);
  return wrap;
}

/* A GDL state (its true facts, one a line, as the gdl game renders it)
 * drawn as a grid when it has facts (cell X Y MARK): the cells by their
 * two coordinates, each with its mark (b or blank: empty), coloured as
 * the role it names (roles: the match's, if known). null when it has
 * none. */
function gdlBoard(text, roles) {
  const cells = [];
  const re = /\(\s*cell\s+(\S+)\s+(\S+)\s+([^()\s]+)\s*\)/g;
  let m;
  while ((m = re.exec(text || ""))) cells.push([m[1], m[2], m[3]]);
  if (cells.length < 4) return null;
  const order = vs => Array.from(new Set(vs)).sort((a, b) => (isNaN(a) || isNaN(b)) ? (a < b ? -1 : a > b) : a - b);
  const xs = order(cells.map(c => c[0])), ys = order(cells.map(c => c[1]));
  if (xs.length > 20 || ys.length > 20) return null;
  const cs = 36, marks = order(cells.map(c => c[2]).filter(v => v !== "b" && v !== "blank"));
  const svg = sv("svg", { width: xs.length * cs + 2, height: ys.length * cs + 2, class: "gdl-board" });
  for (const [x, y, v] of cells) {
    const c = xs.indexOf(x), r = ys.indexOf(y), px = 1 + c * cs, py = 1 + r * cs;
    svg.appendChild(sv("rect", { x: px, y: py, width: cs, height: cs, fill: "white", stroke: "#888" }));
    const role = (roles || []).findIndex(r => r === v || r.startsWith(v));
    const k = role >= 0 ? role : marks.indexOf(v);
    if (marks.includes(v))
      svg.appendChild(sv("text", { x: px + cs / 2, y: py + cs * 0.68, "text-anchor": "middle", "font-size": 16,
        "font-weight": 700, fill: COLORS[k % 2] }, v));
  }
  return svg;
}
let checkersFrom = null;

/* --- one game view: board, status, legal moves, history ------------------ */

/* A seat as the status line says it: "you", or the agent's name (its
 * whole canonical spec is on the line below). */
function seatName(st, p) { return st.seats[p] === "person" ? "you" : st.seats[p].split(":")[0]; }

function renderGame(view, st, actions) {
  view.innerHTML = "";
  const side = el("div", { class: "side" });
  const msg = el("div", { class: "message", id: view.id + "-message" });
  const setMsg = t => { msg.textContent = t; };
  const boardBox = el("div", {});  /* redrawn alone (checkers' first click) */
  view.appendChild(boardBox);
  const shown = actions.shown || st;  /* a past position stepped back to, or now */
  drawBoard(boardBox, shown, shown === st && actions.move ? actions.move :
    shown !== st ? (() => setMsg("this is a past position: back to the game to move")) :
    (() => setMsg("watching: the agents play")), setMsg);
  let status;
  const person = st.seats.indexOf("person");
  if (st.over) {
    status = "Game over: " + st.result.replace(/\(([a-z]+):[^)]*\)/, "($1)");
    if (person >= 0 && st.nplayers === 2)
      status += " — you " + (st.goals[person] > st.goals[1 - person] ? "win" :
        st.goals[person] === st.goals[1 - person] ? "draw" : "lose");
  } else {
    status = "Player " + (st.to_move + 1) + " (" + seatName(st, st.to_move) + ") to move";
    if (st.nplayers === 1) status += " — " + st.result;
  }
  side.appendChild(el("div", { class: "status" + (st.over ? " over" : ""), id: view.id + "-status" }, status));
  if (actions.thinking) side.appendChild(actions.thinking);
  side.appendChild(msg);
  if (st.note) side.appendChild(el("div", { class: "hint" }, st.note));
  side.appendChild(legendBox(st, view.id));
  const seats = st.seats.map((s, p) => "player " + (p + 1) + ": " + seatName(st, p) +
    (s === "person" ? "" : " (thought " + st.clocks[p].toFixed(1) + " s)")).join(" · ");
  side.appendChild(el("div", { class: "hint", id: view.id + "-seats", title: st.seats.join("\n") },
    st.game + " — " + seats));
  const bar = el("div", {});
  if (actions.undo) {
    const u = el("button", { type: "button", id: view.id + "-undo" }, "Undo");
    u.onclick = actions.undo;
    bar.appendChild(u);
  }
  side.appendChild(bar);
  if (actions.move && !actions.thinking && !st.over && st.seats[st.to_move] === "person") {
    const lg = el("div", { class: "legal" });
    for (const m of st.legal.slice(0, 300)) {
      const b = el("button", { type: "button", "data-move": m.text }, m.text);
      b.onclick = () => actions.move(m.text);
      lg.appendChild(b);
    }
    /* on a board whose cells are clicked, many buttons only say it again */
    if (st.cells && st.legal.length > 24) {
      const fold = el("details", { class: "hint" });
      fold.appendChild(el("summary", {}, "Legal moves (" + st.legal.length + ")"));
      fold.appendChild(lg);
      side.appendChild(fold);
    } else {
      side.appendChild(el("div", { class: "hint" }, "Legal moves (" + st.legal.length + "):"));
      side.appendChild(lg);
    }
  }
  side.appendChild(moveList(st, view.id, actions));
  if (!st.cells && !["connect", "checkers", "nim", "npuzzle", "swap9"].includes(st.type)) { /* text shown as board */ }
  else side.appendChild(el("pre", { class: "text" }, st.text));
  view.appendChild(side);
  return setMsg;
}

/* The rules in one line and whose colour is whose. */
function legendBox(st, id) {
  const box = el("div", { class: "legend", id: id + "-legend" });
  const rule = RULES[st.type];
  if (rule) box.appendChild(el("div", { class: "rules" }, rule));
  const lg = legendOf(st.type);
  if (lg) lg.forEach(([mark, colour], p) => {
    if (p >= st.nplayers) return;
    const span = el("span", { class: "who" });
    span.appendChild(el("i", { class: "swatch", style: "background:" + colour }));
    span.appendChild(document.createTextNode("player " + (p + 1) + " (" + seatName(st, p) + "): " + mark));
    box.appendChild(span);
  });
  return box;
}

/* The moves so far, numbered; a click on one shows the position after it
 * (where the page has seen it: actions.snap(plies)), "now" goes back. */
function moveList(st, id, actions) {
  const box = el("div", { class: "hint moves", id: id + "-moves" });
  box.appendChild(document.createTextNode("Moves: "));
  if (!st.history.length) box.appendChild(document.createTextNode("none yet"));
  st.history.forEach((m, i) => {
    const sp = el("span", { class: "mv", "data-n": (i % st.nplayers === 0 || st.nplayers === 1 ?
      (Math.floor(i / st.nplayers) + 1) + "." : "") }, m);
    if (actions.snap && actions.snap(i + 1)) {
      sp.classList.add("step");
      if (actions.shown && actions.shown.history.length === i + 1) sp.classList.add("at");
      sp.onclick = () => actions.view(i + 1);
    }
    box.appendChild(sp);
    box.appendChild(document.createTextNode(" "));
  });
  if (actions.shown && actions.shown !== st) {
    const now = el("button", { type: "button", id: id + "-now" }, "back to the game");
    now.onclick = () => actions.view(null);
    box.appendChild(now);
  }
  return box;
}

/* --- play and teach -------------------------------------------------------- */

/* st with the person's move text drawn at once, before the server's reply:
 * its cell marked (cell games), its disc dropped (Connect-k), its squares
 * ringed (checkers), added to the moves, the other player to move. */
function pendingState(st, text) {
  const p = JSON.parse(JSON.stringify(st));
  const who = st.to_move;
  if (p.cells && p.cell_moves) {
    const i = p.cell_moves.indexOf(text);
    if (i >= 0 && p.cells[i] < 0) p.cells[i] = who;
  } else if (p.type === "connect") {
    const g = textGrid(p.text), c = text.charCodeAt(0) - 97;
    let r = -1;
    g.rows.forEach((row, k) => { if (row.cells[c] !== "X" && row.cells[c] !== "O") r = k; });
    p.pending = { col: c, row: r, who: who };
  } else if (p.type === "checkers") {
    p.pending = { squares: text.split(/[-x]/).map(Number) };
  }
  p.history.push(text);
  if (p.nplayers === 2) p.to_move = 1 - who;
  p.legal = [];
  return p;
}

/* A "thinking…" mark with a running clock until stop() is called; who
 * null (a puzzle, no machine): the same, unseen, so input is still held. */
function thinkingMark(id, who) {
  const e = el("div", { class: "thinking", id: id + "-thinking" });
  if (who === null) { e.style.display = "none"; e.stop = () => {}; return e; }
  const t0 = Date.now();
  const tick = () => { e.textContent = "⏳ " + who + " is thinking… " + ((Date.now() - t0) / 1000).toFixed(1) + " s"; };
  tick();
  const timer = setInterval(tick, 100);
  e.stop = () => clearInterval(timer);
  return e;
}

/* An API error as the person reads it: an illegal move said so, the
 * machine's failure said as its own. */
function moveError(e) {
  if (e.status === 409 || e.status === 400) return "Not a legal move: " + e.message;
  if (e.status === 422) return "The machine could not move: " + e.message;
  return e.message;
}

function personView(prefix, mode) {
  const view = $(prefix + "-game-view");
  let st = null, setMsg = () => {}, busy = null, shown = null;
  const snaps = new Map();  /* plies -> a position seen, to step back to */
  const draw = () => {
    setMsg = renderGame(view, st, { move: doMove, undo: doUndo, thinking: busy,
      shown: shown || st, snap: k => snaps.has(k), view: k => { shown = k === null ? null : snaps.get(k); draw(); } });
  };
  const show = s => {
    st = s;
    shown = null;
    snaps.set(s.history.length, s);
    for (const k of Array.from(snaps.keys())) if (k > s.history.length) snaps.delete(k);
    draw();
    if (mode === "teach") showLearned(st.learned, st);
  };
  /* the request, with the person's move drawn at once and input held
     until the reply */
  const ask = async (path, body, pend) => {
    const machine = st.seats.find(x => x !== "person");  /* none in a puzzle */
    busy = thinkingMark(view.id, machine ? machine.split(":")[0] : null);
    if (pend) { st = pend; snaps.set(pend.history.length, pend); }
    draw();
    let reply;
    try { reply = await api("POST", path, body); }
    catch (e) {
      busy.stop(); busy = null;
      if (pend) { snaps.delete(pend.history.length); st = snaps.get(pend.history.length - 1) || st; }
      draw(); setMsg(moveError(e));
      return;
    }
    busy.stop(); busy = null;
    show(reply);
  };
  const doMove = async text => {
    if (busy) { setMsg(busy.style.display === "none" ? "wait: your last move is on its way" : "wait: the machine is thinking"); return; }
    if (!st || st.over) { setMsg("the game is over: start a new one (or undo)"); return; }
    await ask("/sessions/" + st.id + "/move", { move: text }, pendingState(st, text));
  };
  const doUndo = async () => {
    if (busy) { setMsg("wait: the machine is thinking"); return; }
    try { snaps.clear(); show(await api("POST", "/sessions/" + st.id + "/undo", {})); }
    catch (e) { setMsg(e.message); }
  };
  /* a new game: the old board cleared when the game changes */
  $(prefix + "-game").addEventListener("change", async () => {
    if (busy) return;
    if (st) { const old = st; st = null; await api("DELETE", "/sessions/" + old.id).catch(() => {}); }
    view.innerHTML = "";
    view.appendChild(el("div", { class: "hint" }, "Press \"" + $(prefix + "-new").textContent + "\" to play it."));
    if (mode === "teach") $("learned").innerHTML = "";
  });
  $(prefix + "-form").onsubmit = async ev => {
    ev.preventDefault();
    if (busy) { setMsg("wait: the machine is thinking"); return; }
    const req = Object.assign({ mode: mode, first: $(prefix + "-first").value }, gameChoice(prefix));
    const spec = agentSpec($(prefix + "-agent"), $(prefix + "-agent-params"));
    if (mode === "teach") req.learner = spec; else req.opponent = spec;
    checkersFrom = null;
    if (st) { await api("DELETE", "/sessions/" + st.id).catch(() => {}); st = null; }
    snaps.clear();
    showError("");
    view.innerHTML = "";
    let mark = null;
    if (req.first === "machine") {  /* the machine's first move takes a while */
      mark = thinkingMark(view.id, spec.split(":")[0]);
      view.appendChild(mark);
    }
    try { show(await api("POST", "/sessions", req)); }
    catch (e) { view.innerHTML = ""; view.appendChild(el("div", { class: "message", id: view.id + "-message" }, e.message)); }
    if (mark) mark.stop();
  };
}

/* The learner's seat in st, and its mark as the board draws it. */
function learnerSeat(st) { return st.seats.findIndex(x => x !== "person"); }

function showLearned(l, st) {
  const box = $("learned");
  box.innerHTML = "";
  if (!l) return;
  const seat = learnerSeat(st), lg = legendOf(st.type);
  const mark = seat >= 0 && lg ? lg[seat][0].split(",")[0] : "";
  box.appendChild(el("h3", {}, "What " + l.learner + " has learned" +
    (mark ? " (it plays " + mark + ", player " + (seat + 1) + ")" : "")));
  const wdl = el("div", { class: "wdl", id: "learned-wdl" });
  wdl.appendChild(el("span", { id: "learned-wins" }, "won " + l.wins));
  wdl.appendChild(el("span", { id: "learned-draws" }, "drawn " + l.draws));
  wdl.appendChild(el("span", { id: "learned-losses" }, "lost " + l.losses));
  box.appendChild(wdl);
  learningCurve(box, l);
  const facts = [];
  if (l.won !== undefined) facts.push("won configurations: " + l.won, "hopeless configurations: " + l.hopeless);
  if (l.entries !== undefined) facts.push("e-strings in memory: " + l.entries);
  facts.push("memory file: " + l.memory + (l.memory_bytes !== undefined ? " (" + l.memory_bytes + " bytes)" : " (not saved yet)"));
  const p = el("p", { id: "learned-facts" }, facts.join(" · "));
  if (l.won !== undefined) { p.dataset.won = l.won; p.dataset.hopeless = l.hopeless; }
  box.appendChild(p);
  if (l.afterstates) {
    const mover = l.for_player === seat ? l.learner + " (" + mark + ")" : "you";
    const moverMark = lg ? lg[l.for_player][0].split(",")[0] : "player " + (l.for_player + 1);
    const both = l.afterstates.some(a => a.learner_value !== undefined);
    box.appendChild(el("div", { class: "hint", id: "learned-td-label" },
      "How " + l.learner + " values the position after each move open to " + mover + " now " +
      "(higher is better for the side named; a position it has not seen yet gets its default):"));
    const t = el("table", { id: "learned-td" });
    const h = el("tr", {});
    h.appendChild(el("th", {}, "move"));
    h.appendChild(el("th", {}, "for " + (mover === "you" ? "you (" + moverMark + ")" : mover)));
    if (both) h.appendChild(el("th", {}, "for " + l.learner + " (" + mark + ")"));
    t.appendChild(h);
    for (const a of l.afterstates) {
      const tr = el("tr", {});
      tr.appendChild(el("td", {}, a.text));
      tr.appendChild(el("td", {}, a.value.toFixed(2)));
      if (both) tr.appendChild(el("td", {}, a.learner_value !== undefined ? a.learner_value.toFixed(2) : ""));
      t.appendChild(tr);
    }
    box.appendChild(t);
  }
  if (l.won !== undefined && l.text) drawConfigurations(box, l.text, seat, st.type);
  else if (l.text) box.appendChild(el("pre", { id: "learned-text" }, l.text));
}

/* The learner's record game by game (kept in this browser, by memory
 * file): its score so far, a win 1 and a draw 1/2 a game, drawn as a
 * line that grows by one point a game. */
function learningCurve(box, l) {
  const key = "gamelearn-curve:" + l.memory;
  let pts = [];
  try { pts = JSON.parse(localStorage.getItem(key) || "[]"); } catch (e) { pts = []; }
  const games = l.wins + l.draws + l.losses;
  const lastN = pts.length ? pts[pts.length - 1][0] : -1;
  if (games < lastN) pts = [];  /* a memory started afresh */
  if (games > 0 && games !== lastN) pts.push([games, l.wins, l.draws, l.losses]);
  try { localStorage.setItem(key, JSON.stringify(pts.slice(-500))); } catch (e) { /* private mode */ }
  if (!pts.length) return;
  const W = 300, H = 110, x0 = 34, y0 = 8, w = W - x0 - 8, h = H - y0 - 24;
  const svg = sv("svg", { width: W, height: H, id: "learned-curve", "data-points": pts.length });
  svg.appendChild(sv("rect", { x: x0, y: y0, width: w, height: h, fill: "white", stroke: "#bbb" }));
  const n0 = pts[0][0] - 1, n1 = Math.max(pts[pts.length - 1][0], n0 + 1);
  const X = n => x0 + (n - n0) / (n1 - n0) * w, Y = v => y0 + (1 - v) * h;
  const line = pts.map(([n, wi, dr]) => X(n).toFixed(1) + "," + Y((wi + dr / 2) / n).toFixed(1)).join(" ");
  svg.appendChild(sv("polyline", { points: line, fill: "none", stroke: "#2456a6", "stroke-width": 2 }));
  for (const [n, wi, dr] of pts) svg.appendChild(sv("circle", { cx: X(n), cy: Y((wi + dr / 2) / n), r: 2.5, fill: "#2456a6" }));
  for (const v of [0, 0.5, 1]) svg.appendChild(sv("text", { x: x0 - 4, y: Y(v) + 4, "text-anchor": "end", "font-size": 10 }, String(v)));
  svg.appendChild(sv("text", { x: x0 + w / 2, y: H - 6, "text-anchor": "middle", "font-size": 10 },
    "games " + (n0 + 1) + "–" + n1 + ": its score so far (win 1, draw ½)"));
  box.appendChild(fitSvg(svg));
}

/* Martens' memory as the library draws it (boards side by side under
 * "won configurations" and "hopeless configurations", each headed
 * "#N kind", X the machine), redrawn as small boards in the marks and
 * colours the machine and the person have on the board. */
function drawConfigurations(box, text, seat, type) {
  const lg = legendOf(type) || [["X", COLORS[0]], ["O", COLORS[1]]];
  const machine = seat >= 0 ? seat : 0;
  const look = ch => {  /* memory's X is the machine, O the person */
    const p = ch === "X" ? machine : 1 - machine;
    return { mark: lg[p][0].split(",")[0], colour: type === "tictactoe" ? COLORS[p] : lg[p][1] };
  };
  const lines = text.split("\n");
  let section = null;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (/^(won|hopeless) configurations/.test(l)) {
      section = el("div", { class: "configs", id: "learned-" + l.split(" ")[0] });
      box.appendChild(el("div", { class: "hint" }, l.replace(/\b[XO]\b/g, ch => look(ch).mark)));
      box.appendChild(section);
      continue;
    }
    if (!section || !l.startsWith("#")) continue;
    const starts = [];
    for (let k = 0; k < l.length; k++) if (l[k] === "#" && (k === 0 || l[k - 1] === " ")) starts.push(k);
    const rows = [];
    for (let j = i + 1; j < lines.length && lines[j].trim(); j++) rows.push(lines[j]);
    i += rows.length;
    starts.forEach((s0, e) => {
      const end = e + 1 < starts.length ? starts[e + 1] : undefined;
      const grid = rows.map(r => r.slice(s0, end).trim().split(/\s+/));
      const n = grid.length, m = n ? grid[0].length : 0, c = 18;
      const fig = el("figure", { class: "config" });
      const svg = sv("svg", { width: m * c + 2, height: n * c + 2 });
      grid.forEach((row, r) => row.forEach((ch, q) => {
        svg.appendChild(sv("rect", { x: 1 + q * c, y: 1 + r * c, width: c, height: c, fill: "white", stroke: "#888" }));
        if (ch === "X" || ch === "O") {
          const lk = look(ch);
          svg.appendChild(sv("text", { x: 1 + q * c + c / 2, y: 1 + r * c + c * 0.75, "text-anchor": "middle",
            "font-size": c * 0.75, fill: lk.colour, class: "mark" }, lk.mark));
        }
      }));
      fig.appendChild(svg);
      fig.appendChild(el("figcaption", {}, l.slice(s0, end).trim()));
      section.appendChild(fig);
    });
  }
}

/* --- watch ------------------------------------------------------------------ */

function watchView() {
  const view = $("watch-game-view");
  let st = null, timer = null, paused = false;
  const tick = async () => {
    timer = null;
    if (!st || st.over || paused) return;
    try { st = await api("POST", "/sessions/" + st.id + "/step", {}); renderGame(view, st, {}); }
    catch (e) { showError(e.message); return; }
    if (!st.over) timer = setTimeout(tick, +$("watch-speed").value);
  };
  $("watch-form").onsubmit = async ev => {
    ev.preventDefault();
    if (timer) clearTimeout(timer);
    if (st) { await api("DELETE", "/sessions/" + st.id).catch(() => {}); st = null; }
    paused = false;
    $("watch-pause").textContent = "Pause";
    const req = Object.assign({ mode: "watch" }, gameChoice("watch"));
    req.agents = [agentSpec($("watch-agent0"), $("watch-agent0-params")),
      agentSpec($("watch-agent1"), $("watch-agent1-params"))];
    try {
      showError("");
      st = await api("POST", "/sessions", req);
      renderGame(view, st, {});
      timer = setTimeout(tick, +$("watch-speed").value);
    } catch (e) { view.innerHTML = ""; view.appendChild(el("div", { class: "message" }, e.message)); }
  };
  $("watch-pause").onclick = () => {
    paused = !paused;
    $("watch-pause").textContent = paused ? "Resume" : "Pause";
    if (!paused && !timer) tick();
  };
}

/* --- GGP matches: records `ggp match --live` writes, polled ------------ */

let matchTimer = null;

function matchTable(m) {
  const t = el("table", { class: "csv", id: "match-moves" });
  const h = el("tr", {});
  h.appendChild(el("th", {}, "step"));
  m.gameRoleNames.forEach((r, i) => h.appendChild(el("th", {}, r + " (" + m.playerNamesFromHost[i] + ")")));
  t.appendChild(h);
  m.moves.forEach((mv, k) => {
    const tr = el("tr", {});
    tr.appendChild(el("td", {}, String(k + 1)));
    mv.forEach((x, i) => {
      const e = (m.errors[k + 1] || [])[i];
      tr.appendChild(el("td", { class: e ? "err" : "" }, x + (e ? "  [" + e + "]" : "")));
    });
    t.appendChild(tr);
  });
  return t;
}

async function showMatch(path) {
  if (matchTimer) clearTimeout(matchTimer);
  matchTimer = null;
  const view = $("match-view");
  let m;
  try {
    const r = await fetch("/data/" + path.split("/").map(encodeURIComponent).join("/"));
    m = await r.json();
  } catch (e) { view.textContent = "cannot read " + path + ": " + e.message; return; }
  view.innerHTML = "";
  view.appendChild(el("h3", {}, m.matchId));
  const running = !!m.inProgress;
  const last = m.stateTimes.length ? m.stateTimes[m.stateTimes.length - 1] : m.startTime;
  let line = (running ? "in progress" : m.isCompleted ? "completed" : "aborted") +
    " · step " + m.moves.length + " · start clock " + m.startClock + " s, play clock " + m.playClock + " s";
  if (running) line += " · this step has run " + Math.max(0, (Date.now() - last) / 1000).toFixed(1) + " s of " + m.playClock;
  view.appendChild(el("div", { class: "status", id: "match-status" }, line));
  if (m.goalValues)
    view.appendChild(el("div", { class: "status over" }, "goals: " +
      m.gameRoleNames.map((r, i) => r + " " + m.goalValues[i]).join(", ")));
  const startErr = (m.errors[0] || []).map((e, i) => e ? m.gameRoleNames[i] + ": " + e : "").filter(x => x);
  if (startErr.length) view.appendChild(el("div", { class: "message" }, "START errors: " + startErr.join("; ")));
  view.appendChild(matchTable(m));
  const now = m.states[m.states.length - 1] || "";
  const board = gdlBoard(now, m.gameRoleNames);
  view.appendChild(el("div", { class: "hint" }, "state now:"));
  if (board) {
    const wrap = el("div", { class: "board", id: "match-board" });
    wrap.appendChild(fitSvg(board));
    view.appendChild(wrap);
    const d = el("details", {});
    d.appendChild(el("summary", {}, "its facts"));
    d.appendChild(el("pre", {}, now));
    view.appendChild(d);
  } else view.appendChild(el("pre", {}, now));
  if (running && location.hash === "#watch") matchTimer = setTimeout(() => showMatch(path), 1000);
}

/* The files an API call lists, into the list ul, each shown by show. */
async function listFiles(path, ul, show, none) {
  ul.innerHTML = "";
  try {
    const r = await api("GET", path);
    if (!r.files.length) ul.appendChild(el("li", {}, none));
    for (const f of r.files) {
      const li = el("li", { "data-path": f }, f);
      li.onclick = () => show(f);
      ul.appendChild(li);
    }
  } catch (e) { showError(e.message); }
}

/* The match records, read again every 3 s while Watch is shown so that
 * new matches appear; the list is redrawn only when it changed. */
let matchesTimer = null, matchesSeen = "";

async function loadMatches() {
  if (matchesTimer) clearTimeout(matchesTimer);
  matchesTimer = null;
  if (location.hash !== "#watch") { matchesSeen = ""; return; }
  try {
    const r = await api("GET", "/matches");
    const key = JSON.stringify(r.files);
    if (key !== matchesSeen) {
      matchesSeen = key;
      await listFiles("/matches", $("matches-list"), showMatch, "no match records in the data folder");
    }
  } catch (e) { /* the server gone: tried again below */ }
  matchesTimer = setTimeout(loadMatches, 3000);
}

/* --- results ----------------------------------------------------------------- */

function csvRows(text) {
  const rows = [];
  let row = [], f = "", q = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (q) {
      if (ch === '"' && text[i + 1] === '"') { f += '"'; i++; }
      else if (ch === '"') q = false;
      else f += ch;
    } else if (ch === '"') q = true;
    else if (ch === ",") { row.push(f); f = ""; }
    else if (ch === "\n") { row.push(f); rows.push(row); row = []; f = ""; }
    else if (ch !== "\r") f += ch;
  }
  if (f || row.length) { row.push(f); rows.push(row); }
  return rows;
}

async function showResult(path) {
  const view = $("results-view");
  view.innerHTML = "";
  view.appendChild(el("h3", {}, path));
  const url = "/data/" + path.split("/").map(encodeURIComponent).join("/");
  if (path.endsWith(".svg")) {
    view.appendChild(el("img", { src: url, alt: path }));
    return;
  }
  const r = await fetch(url);
  const text = await r.text();
  const rows = csvRows(text).slice(0, 500);
  const t = el("table", { class: "csv" });
  rows.forEach((row, i) => {
    const tr = el("tr", {});
    for (const c of row) tr.appendChild(el(i ? "td" : "th", {}, c));
    t.appendChild(tr);
  });
  view.appendChild(t);
}

/* A folder's plots on one page: every SVG under it. */
function showPlots(folder, files) {
  const view = $("results-view");
  view.innerHTML = "";
  view.appendChild(el("h3", {}, folder + "/: " + files.length + " plots"));
  for (const f of files) {
    view.appendChild(el("div", { class: "hint" }, f));
    view.appendChild(el("img", { src: "/data/" + f.split("/").map(encodeURIComponent).join("/"), alt: f }));
  }
}

/* An experiment's finished quick run: its output and tables. */
function showRun(e) {
  const view = $("results-view"), run = e.run;
  view.innerHTML = "";
  view.appendChild(el("h3", {}, e.name + " (" + run.options + ", " + run.seconds.toFixed(1) + " s)"));
  if (run.state === "failed") { view.appendChild(el("p", {}, "failed: " + run.error)); return; }
  view.appendChild(el("pre", { class: "output" }, run.text));
  for (const tb of run.tables) {
    view.appendChild(el("div", { class: "hint" }, tb.name));
    const t = el("table", { class: "csv" }), head = el("tr", {});
    for (const c of tb.columns) head.appendChild(el("th", {}, c));
    t.appendChild(head);
    for (const row of tb.rows.slice(0, 500)) {
      const tr = el("tr", {});
      for (const c of row) tr.appendChild(el("td", {}, c));
      t.appendChild(tr);
    }
    view.appendChild(t);
  }
}

/* Poll an experiment's run until it is no longer running. */
async function watchRun(name) {
  for (;;) {
    const e = await api("GET", "/experiments/" + encodeURIComponent(name));
    if (e.run.state !== "running") { loadResults(); if (e.run.state !== "idle") showRun(e); return; }
    await new Promise(ok => setTimeout(ok, 1000));
  }
}

async function loadExperiments() {
  const ul = $("experiments-list");
  ul.innerHTML = "";
  try {
    const r = await api("GET", "/experiments");
    for (const e of r.experiments) {
      const li = el("li", { "data-experiment": e.name }, e.name + ": " + e.summary + " [" + e.run.state + "] ");
      li.title = e.paper;
      const run = el("button", { type: "button" }, "Run quick");
      run.onclick = async ev => {
        ev.stopPropagation();
        try { await api("POST", "/experiments/" + encodeURIComponent(e.name) + "/run", {}); loadExperiments(); watchRun(e.name); }
        catch (x) { showError(x.message); }
      };
      li.appendChild(run);
      if (e.run.state === "done" || e.run.state === "failed")
        li.onclick = async () => showRun(await api("GET", "/experiments/" + encodeURIComponent(e.name)));
      ul.appendChild(li);
    }
  } catch (x) { showError(x.message); }
}

async function loadResults() {
  loadExperiments();
  await listFiles("/results", $("results-list"), showResult, "no CSV or SVG files in the data folder");
  /* each file labelled with its experiment */
  try {
    const r = await api("GET", "/results");
    for (const [name, files] of Object.entries(r.experiments))
      for (const f of files) {
        const li = document.querySelector('#results-list li[data-path="' + CSS.escape(f) + '"]');
        if (li && name) li.textContent = "[" + name + "] " + f;
      }
  } catch (x) { showError(x.message); }
  /* before each folder's files, an entry showing all its plots at once */
  const items = Array.from(document.querySelectorAll("#results-list li[data-path]"));
  const folders = new Map();
  for (const li of items) {
    const p = li.dataset.path, dir = p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : ".";
    if (!folders.has(dir)) folders.set(dir, { first: li, svgs: [] });
    if (p.endsWith(".svg")) folders.get(dir).svgs.push(p);
  }
  for (const [dir, f] of folders) {
    if (!f.svgs.length) continue;
    const li = el("li", { class: "folder" }, dir + "/ — all " + f.svgs.length + " plots");
    li.onclick = () => showPlots(dir, f.svgs);
    f.first.parentNode.insertBefore(li, f.first);
  }
}

/* --- pages ------------------------------------------------------------------- */

function route() {
  const page = (location.hash || "#play").slice(1);
  for (const p of ["play", "teach", "watch", "results"]) {
    $("page-" + p).classList.toggle("active", p === page);
    $("tab-" + p).classList.toggle("active", p === page);
  }
  if (page === "results") loadResults();
  if (page === "watch") loadMatches();
  if (page === "play" && !$("play-game-view").hasChildNodes())
    $("play-form").requestSubmit();  /* a board at once */
}

async function main() {
  try {
    GAMES = await api("GET", "/games");
    AGENTS = await api("GET", "/agents");
  } catch (e) { showError("cannot reach the server: " + e.message); return; }
  for (const s of document.querySelectorAll(".game-select")) fillGames(s);
  const names = AGENTS.agents.map(a => a.name);
  fillAgents($("play-agent"), names, "alphabeta", $("play-agent-params"));
  fillAgents($("teach-agent"), AGENTS.learners, "martens", $("teach-agent-params"));
  fillAgents($("watch-agent0"), names, "alphabeta", $("watch-agent0-params"));
  fillAgents($("watch-agent1"), names, "random", $("watch-agent1-params"));
  fillStrengths($("play-strength"), $("play-agent"), $("play-agent-params"), "strong: looks");
  fillStrengths($("watch-strength0"), $("watch-agent0"), $("watch-agent0-params"), "strong: looks");
  fillStrengths($("watch-strength1"), $("watch-agent1"), $("watch-agent1-params"), "easy");
  /* not in Teach: the learners are taught on the papers' boards (Martens: Hex 3x3) */
  for (const p of ["play", "watch"]) fillClassSize($(p + "-game"), $(p + "-params"));
  personView("play", "play");
  personView("teach", "teach");
  watchView();
  window.addEventListener("hashchange", route);
  route();
  document.body.dataset.ready = "1";
}

main();
