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
  if (!r.ok) throw new Error(j.error || ("HTTP " + r.status));
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

function drawBoard(box, st, onMove, setMsg) {
  box.innerHTML = "";
  const type = st.type, cs = 44;
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
  if (st.cells && type === "hex") {
    const n = st.cols, R = 20, w = Math.sqrt(3) * R;
    const W = (n + (n - 1) / 2) * w + 2 * R + 10, H = (1.5 * (n - 1) + 2) * R + 20;
    svg = sv("svg", { width: W + 20, height: H + 20 });
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
      const p = sv("polygon", { points: pts.join(" "), class: "cell", stroke: "#555",
        fill: o < 0 ? "#f4ecd8" : COLORS[o], "data-move": st.cell_moves[i] });
      p.dataset.index = i;
      p.addEventListener("click", () => onMove(st.cell_moves[i]));
      p.appendChild(sv("title", {}, st.cell_moves[i]));
      svg.appendChild(p);
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
      if (o < 0) continue;
      if (type === "tictactoe") {
        svg.appendChild(sv("text", { x: x + cs / 2, y: y + cs * 0.72, "text-anchor": "middle",
          "font-size": cs * 0.7, fill: COLORS[o], "pointer-events": "none" }, o ? "O" : "X"));
      } else {
        svg.appendChild(sv("circle", { cx: x + cs / 2, cy: y + cs / 2, r: cs * 0.4,
          fill: o ? "white" : "black", stroke: "#222", "pointer-events": "none" }));
      }
    }
  } else if (type === "connect") {
    const g = textGrid(st.text);
    svg = sv("svg", { width: g.cols * cs + 2, height: g.rows.length * cs + 2 });
    svg.appendChild(sv("rect", { x: 0, y: 0, width: g.cols * cs + 2, height: g.rows.length * cs + 2, fill: "#2456a6" }));
    g.rows.forEach((row, r) => row.cells.forEach((ch, c) => {
      const move = String.fromCharCode(97 + c);
      const rc = cell(1 + c * cs, 1 + r * cs, cs, cs, { fill: "transparent" }, move, "column " + move);
      svg.appendChild(sv("circle", { cx: 1 + c * cs + cs / 2, cy: 1 + r * cs + cs / 2, r: cs * 0.38,
        fill: ch === "X" ? "#d63a2f" : ch === "O" ? "#f2c12e" : "white", "pointer-events": "none" }));
      svg.appendChild(rc);
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
      if ("bBwW".includes(ch) && ch !== " ") {
        const cx = 1 + c * cs + cs / 2, cy = 1 + r * cs + cs / 2;
        svg.appendChild(sv("circle", { cx: cx, cy: cy, r: cs * 0.38, fill: ch.toLowerCase() === "b" ? "#222" : "#eee",
          stroke: "#999", "pointer-events": "none" }));
        if (ch === "B" || ch === "W")
          svg.appendChild(sv("text", { x: cx, y: cy + 6, "text-anchor": "middle", "font-size": 18,
            fill: "#d4a017", "pointer-events": "none" }, "K"));
      }
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
    svg = sv("svg", { width: 60 + maxn * 22, height: heaps.length * 40 + 10 });
    heaps.forEach((n, h) => {
      svg.appendChild(sv("text", { x: 4, y: 30 + h * 40, "font-size": 14 }, "heap " + (h + 1)));
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
  }
  const wrap = el("div", { class: "board" });
  if (svg) wrap.appendChild(svg);
  else wrap.appendChild(el("pre", {}, st.text));
  box.appendChild(wrap);
  return wrap;
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
  drawBoard(boardBox, st, actions.move || (() => setMsg("watching: the agents play")), setMsg);
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
  side.appendChild(msg);
  if (st.note) side.appendChild(el("div", { class: "hint" }, st.note));
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
  if (actions.move && !st.over && st.seats[st.to_move] === "person") {
    side.appendChild(el("div", { class: "hint" }, "Legal moves (" + st.legal.length + "):"));
    const lg = el("div", { class: "legal" });
    for (const m of st.legal.slice(0, 300)) {
      const b = el("button", { type: "button", "data-move": m.text }, m.text);
      b.onclick = () => actions.move(m.text);
      lg.appendChild(b);
    }
    side.appendChild(lg);
  }
  side.appendChild(el("div", { class: "hint" }, "Moves: " + (st.history.length ? st.history.join(" ") : "none yet")));
  if (!st.cells && !["connect", "checkers", "nim", "npuzzle", "swap9"].includes(st.type)) { /* text shown as board */ }
  else side.appendChild(el("pre", { class: "text" }, st.text));
  view.appendChild(side);
  return setMsg;
}

/* --- play and teach -------------------------------------------------------- */

function personView(prefix, mode) {
  const view = $(prefix + "-game-view");
  let st = null, setMsg = () => {};
  const show = s => {
    st = s;
    setMsg = renderGame(view, st, { move: doMove, undo: doUndo });
    if (mode === "teach") showLearned(st.learned);
  };
  const doMove = async text => {
    if (!st || st.over) { setMsg("the game is over: start a new one (or undo)"); return; }
    try { show(await api("POST", "/sessions/" + st.id + "/move", { move: text })); }
    catch (e) { setMsg("Not a legal move: " + e.message); }
  };
  const doUndo = async () => {
    try { show(await api("POST", "/sessions/" + st.id + "/undo", {})); }
    catch (e) { setMsg(e.message); }
  };
  $(prefix + "-form").onsubmit = async ev => {
    ev.preventDefault();
    const req = Object.assign({ mode: mode, first: $(prefix + "-first").value }, gameChoice(prefix));
    const spec = agentSpec($(prefix + "-agent"), $(prefix + "-agent-params"));
    if (mode === "teach") req.learner = spec; else req.opponent = spec;
    checkersFrom = null;
    if (st) { await api("DELETE", "/sessions/" + st.id).catch(() => {}); st = null; }
    try { showError(""); show(await api("POST", "/sessions", req)); }
    catch (e) { view.innerHTML = ""; view.appendChild(el("div", { class: "message", id: view.id + "-message" }, e.message)); }
  };
}

function showLearned(l) {
  const box = $("learned");
  box.innerHTML = "";
  if (!l) return;
  box.appendChild(el("h3", {}, "What " + l.learner + " has learned"));
  const wdl = el("div", { class: "wdl", id: "learned-wdl" });
  wdl.appendChild(el("span", { id: "learned-wins" }, "won " + l.wins));
  wdl.appendChild(el("span", { id: "learned-draws" }, "drawn " + l.draws));
  wdl.appendChild(el("span", { id: "learned-losses" }, "lost " + l.losses));
  box.appendChild(wdl);
  const facts = [];
  if (l.won !== undefined) facts.push("won configurations: " + l.won, "hopeless configurations: " + l.hopeless);
  if (l.entries !== undefined) facts.push("e-strings in memory: " + l.entries);
  facts.push("memory file: " + l.memory + (l.memory_bytes !== undefined ? " (" + l.memory_bytes + " bytes)" : " (not saved yet)"));
  const p = el("p", { id: "learned-facts" }, facts.join(" · "));
  if (l.won !== undefined) { p.dataset.won = l.won; p.dataset.hopeless = l.hopeless; }
  box.appendChild(p);
  if (l.afterstates) {
    box.appendChild(el("div", { class: "hint" }, "TD values of the afterstates open to player " + (l.for_player + 1) + " now:"));
    const t = el("table", { id: "learned-td" });
    const h = el("tr", {});
    h.appendChild(el("th", {}, "move"));
    h.appendChild(el("th", {}, "value"));
    t.appendChild(h);
    for (const a of l.afterstates) {
      const tr = el("tr", {});
      tr.appendChild(el("td", {}, a.text));
      tr.appendChild(el("td", {}, a.value.toFixed(2)));
      t.appendChild(tr);
    }
    box.appendChild(t);
  }
  if (l.won !== undefined && l.text) drawConfigurations(box, l.text);
  else if (l.text) box.appendChild(el("pre", { id: "learned-text" }, l.text));
}

/* Martens' memory as the library draws it (boards side by side under
 * "won configurations" and "hopeless configurations", each headed
 * "#N kind"), redrawn as small boards. */
function drawConfigurations(box, text) {
  const lines = text.split("\n");
  let section = null;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (/^(won|hopeless) configurations/.test(l)) {
      section = el("div", { class: "configs", id: "learned-" + l.split(" ")[0] });
      box.appendChild(el("div", { class: "hint" }, l));
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
        if (ch === "X" || ch === "O")
          svg.appendChild(sv("text", { x: 1 + q * c + c / 2, y: 1 + r * c + c * 0.75, "text-anchor": "middle",
            "font-size": c * 0.75, fill: COLORS[ch === "X" ? 0 : 1] }, ch));
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
  view.appendChild(el("div", { class: "hint" }, "state now:"));
  view.appendChild(el("pre", {}, m.states[m.states.length - 1] || ""));
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

function loadMatches() {
  listFiles("/matches", $("matches-list"), showMatch, "no match records in the data folder");
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
  personView("play", "play");
  personView("teach", "teach");
  watchView();
  window.addEventListener("hashchange", route);
  route();
  document.body.dataset.ready = "1";
}

main();
