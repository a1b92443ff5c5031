// The report page: results drawn from the game list, and the replay viewer. It knows no
// game's rules: it draws pictures (engine/core/picture.h, as report/picture_json.h writes
// them) with one drawing function per board shape plus the generic card table. A new board
// shape needs one more entry in `boardDrawers`; a new game with an existing shape needs none.
"use strict";

const DATA = JSON.parse(document.getElementById("arena-data").textContent);
const SEAT_COLOURS = ["#9e9e9e", "#e53935", "#1e88e5", "#43a047", "#fb8c00", "#8e24aa", "#00897b"];
const SVG_NS = "http://www.w3.org/2000/svg";
const PAGE_ROWS = 200;  // game list rows drawn at a time: 10,000 rows would slow the first paint
const EMBEDDED = new Set(DATA.embedded);
// Set by the live page of `arena serve` (live.js) only: `replay(n)` a game's replay it fetched
// (null until then), `game(n)` a game in play by its id ("game-7"); unset in a report.
const LIVE = { replay: null, game: null };

// ---------------------------------------------------------------------------------------
// Small helpers.

function $(id) { return document.getElementById(id); }

function el(tag, attrs, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function svg(tag, attrs, text) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function fmt(x, digits) {
  return x === null || x === undefined || Number.isNaN(x) ? "–" : Number(x).toFixed(digits);
}

function seatColour(seat) { return SEAT_COLOURS[seat] || "#616161"; }

// A seat's share of a game: opponents (other teams) beaten plus half the ties, over opponents.
function seatShare(game, seat) {
  let beaten = 0, opponents = 0;
  for (let o = 0; o < game.k.length; o++) {
    if (o === seat || (game.t.length && game.t[o] === game.t[seat])) continue;
    opponents++;
    if (game.k[seat] < game.k[o]) beaten += 1;
    else if (game.k[seat] === game.k[o]) beaten += 0.5;
  }
  return opponents ? beaten / opponents : null;
}

// "win", "draw" or "loss" for a seat: first alone, first shared with an opponent, or not first.
function seatResult(game, seat) {
  if (!game.k.length) return "aborted";
  if (game.k[seat] !== 1) return "loss";
  for (let o = 0; o < game.k.length; o++)
    if (o !== seat && game.k[o] === 1 && !(game.t.length && game.t[o] === game.t[seat])) return "draw";
  return "win";
}

// ---------------------------------------------------------------------------------------
// Results.

function botNames() {
  const r = DATA.ratings.bots;
  if (r && r.length) return r.map(b => b.name);
  const names = new Set();
  for (const g of DATA.games) g.p.forEach(p => names.add(p));
  return [...names].sort();
}

function drawRatings() {
  const box = $("ratings");
  const r = DATA.ratings;
  if (!r.bots || !r.bots.length) {
    box.append(el("p", { class: "note" }, r.error || "No finished games to rate."));
    return;
  }
  const lo = Math.min(...r.bots.map(b => b.elo - (Number.isFinite(b.error) ? b.error : 0)));
  const hi = Math.max(...r.bots.map(b => b.elo + (Number.isFinite(b.error) ? b.error : 0)));
  const span = Math.max(hi - lo, 1), W = 260;
  const x = v => 10 + (v - lo) / span * (W - 20);
  const table = el("table", { id: "ratings-table" });
  table.append(el("tr", {}, ""));
  table.rows[0].innerHTML = "<th>#</th><th class=name>bot</th><th>Elo</th><th>± 95%</th><th>games</th>" +
    "<th>score</th><th>LOS next</th><th class=name>interval</th>";
  r.bots.forEach((b, i) => {
    const tr = el("tr", { "data-bot": b.name });
    // The Elo as `arena ratings` prints it: "~" held finite by the prior, "+"/"-" won/lost all.
    const cells = [i + 1, b.name, b.elo_text, fmt(b.error, 0), b.games, fmt(100 * b.score, 1) + "%",
                   Number.isFinite(b.los) ? fmt(100 * b.los, 1) + "%" : "–"];
    cells.forEach((c, j) => tr.append(el("td", j === 1 ? { class: "name" } : {}, String(c))));
    const bar = svg("svg", { width: W, height: 16 });
    bar.append(svg("line", { x1: x(lo), x2: x(hi), y1: 8, y2: 8, stroke: "#eee" }));
    if (Number.isFinite(b.error))
      bar.append(svg("rect", { x: x(b.elo - b.error), y: 4, width: Math.max(1, x(b.elo + b.error) - x(b.elo - b.error)),
                               height: 8, fill: "#90caf9", class: "interval" }));
    bar.append(svg("circle", { cx: x(b.elo), cy: 8, r: 3.5, fill: "#0d47a1" }));
    const td = el("td", { class: "name" });
    td.append(bar);
    tr.append(td);
    table.append(tr);
  });
  box.append(table);
  box.append(el("p", { class: "note" }, r.model + " model, " + DATA.games.length + " games; bars: 95% intervals."));
  if (r.marks) box.append(el("p", { class: "note", id: "ratings-marks" }, r.marks));
  for (const w of r.warnings || []) box.append(el("p", { class: "warn" }, w));
}

function drawHeadToHead() {
  const h = DATA.ratings.h2h;
  if (!h) return;
  const box = $("h2h");
  box.append(el("h2", {}, "Head to head: " + h.first + " vs " + h.second));
  const t = h.trinomial;  // each Elo with its interval as text (ratings/head_to_head.h)
  const lines = [
    `W/L/D ${h.wins}/${h.losses}/${h.draws} (first bot's view), draw ratio ${fmt(100 * h.draw_ratio, 1)}%`,
    `Elo ${t.text}, LOS ${fmt(100 * t.los, 1)}%`,
  ];
  lines.push(`pentanomial [0, ½, 1, 1½, 2]: [${(h.pentanomial_counts || []).join(", ")}] over ${h.pairs} pairs` +
             ` (${h.unpaired} games unpaired)`);
  if (h.pentanomial) lines.push(`paired Elo ${h.pentanomial.text}, LOS ${fmt(100 * h.pentanomial.los, 1)}%`);
  const ul = el("ul", { id: "h2h-lines" });
  for (const l of lines) ul.append(el("li", {}, l));
  box.append(ul);
}

function drawCrosstable() {
  if (DATA.bracket) {  // a knockout: the bracket says who met whom and who went on
    $("crosstable-title").textContent = "Bracket";
    $("crosstable-note").hidden = true;
    $("crosstable").append(el("pre", { id: "bracket" }, DATA.bracket));
    return;
  }
  const names = botNames();
  const index = new Map(names.map((n, i) => [n, i]));
  const score = names.map(() => names.map(() => 0)), count = names.map(() => names.map(() => 0));
  for (const g of DATA.games) {
    if (!g.k.length) continue;
    for (let a = 0; a < g.p.length; a++)
      for (let b = 0; b < g.p.length; b++) {
        if (a === b || g.p[a] === g.p[b] || (g.t.length && g.t[a] === g.t[b])) continue;
        const i = index.get(g.p[a]), j = index.get(g.p[b]);
        score[i][j] += g.k[a] < g.k[b] ? 1 : g.k[a] === g.k[b] ? 0.5 : 0;
        count[i][j] += 1;
      }
  }
  const table = el("table", { id: "crosstable-table" });
  const head = el("tr");
  head.append(el("th", { class: "name" }, ""));
  names.forEach((n, j) => head.append(el("th", { title: n }, String(j + 1))));
  table.append(head);
  names.forEach((n, i) => {
    const tr = el("tr");
    tr.append(el("td", { class: "name" }, `${i + 1}. ${n}`));
    names.forEach((m, j) => {
      const c = count[i][j];
      const td = el("td", {}, c ? `${fmt(100 * score[i][j] / c, 0)}% (${c})` : "");
      if (c) {
        const s = score[i][j] / c;  // red (0) through white (½) to green (1)
        td.style.background = s < 0.5 ? `rgba(229,57,53,${(0.5 - s) * 1.4})` : `rgba(67,160,71,${(s - 0.5) * 1.4})`;
      }
      tr.append(td);
    });
    table.append(tr);
  });
  $("crosstable").append(table);
}

function drawFaults() {
  const byBot = new Map();
  for (const g of DATA.games) {
    if (!g.f) continue;
    const bot = g.p[g.f - 1];
    if (!byBot.has(bot)) byBot.set(bot, { reasons: new Map(), examples: [] });
    const b = byBot.get(bot);
    b.reasons.set(g.e, (b.reasons.get(g.e) || 0) + 1);
    if (g.cp) b.pressure = (b.pressure || 0) + 1;  // a time forfeit under CPU pressure
    if (b.examples.length < 5) b.examples.push(g);
  }
  const box = $("faults");
  if (!byBot.size) {
    box.append(el("p", { class: "note", id: "no-faults" }, "No faults."));
    return;
  }
  const table = el("table", { id: "faults-table" });
  table.innerHTML = "<tr><th class=name>bot</th><th class=name>reasons</th><th class=name>examples</th></tr>";
  for (const [bot, b] of byBot) {
    const tr = el("tr");
    tr.append(el("td", { class: "name" }, bot));
    const pressure = b.pressure ? `, of which under CPU pressure (maybe the machine's fault): ${b.pressure}` : "";
    tr.append(el("td", { class: "name" }, [...b.reasons].map(([r, n]) => `${r}: ${n}`).join(", ") + pressure));
    const ex = el("td", { class: "name" });
    for (const g of b.examples) {
      const a = el("a", { href: `#game=${g.n}&ply=${g.l}` }, `game ${g.n}`);
      ex.append(a, document.createTextNode(g.d ? ` (${g.d}) ` : " "));
      if (g.rp) ex.append(el("div", { class: "repro" }, g.rp));
    }
    tr.append(ex);
    table.append(tr);
  }
  box.append(table);
}

// Each bot's time per move over the report's games (records/bot_figures.h): mean, 99th
// percentile and worst, and its time forfeits, slowest first.
function drawTimes() {
  const box = $("times"), rows = Object.entries(DATA.times || {}).filter(([, t]) => t.moves > 0);
  if (!rows.length) {
    box.append(el("p", { class: "note" }, "No timed moves."));
    return;
  }
  rows.sort((a, b) => b[1].mean_ms - a[1].mean_ms);
  const table = el("table", { id: "times-table" });
  table.innerHTML = "<tr><th class=name>bot</th><th>moves</th><th>mean ms</th><th>p99 ms</th>" +
    "<th>worst ms</th><th>time forfeits</th></tr>";
  for (const [bot, t] of rows) {
    const tr = el("tr", { "data-bot": bot });
    [bot, t.moves, fmt(t.mean_ms, 1), fmt(t.p99_ms, 1), fmt(t.worst_ms, 1), t.time_forfeits]
      .forEach((c, j) => tr.append(el("td", j === 0 ? { class: "name" } : {}, String(c))));
    table.append(tr);
  }
  box.append(table);
}

// The referee's own latency per decision, from the records' RefereeLatency tags (as fastchess's
// -show-latency): the median game's p50, the worst game's p99 and max.
function drawLatency() {
  const games = DATA.games.filter(g => g.lat);
  if (!games.length) return;
  const p50s = games.map(g => g.lat[0]).sort((a, b) => a - b);
  const worst = i => games.reduce((m, g) => Math.max(m, g.lat[i]), 0);
  $("faults").append(el("p", { class: "note", id: "referee-latency" },
    `Referee latency per decision (move read to next request written): p50 ${p50s[(p50s.length - 1) >> 1]} µs ` +
    `(median game), p99 ${worst(1)} µs, max ${worst(2)} µs (worst game), over ${games.length} game(s).`));
}

// Bars with their names below and values above. Each bar's slot is as wide as its longest label
// needs (about 7 px a character at 11 px), so labels never run into each other, and a margin
// above the tallest bar holds its value.
function barChart(bars, maxValue, label) {
  const chars = Math.max(3, ...bars.map(b => Math.max(b.name.length, label(b.value).length)));
  const slot = Math.max(34, chars * 7 + 8), TOP = 18, H = 150, W = 20 + bars.length * slot;
  const chart = svg("svg", { width: W, height: TOP + H + 24, class: "chart" });
  bars.forEach((b, i) => {
    const h = maxValue ? b.value / maxValue * H : 0, mid = 10 + i * slot + slot / 2;
    const g = svg("g", { "data-bar": b.name, "data-value": b.value });
    g.append(svg("rect", { x: mid - 13, y: TOP + H - h, width: 26, height: h, fill: b.colour || "#64b5f6" }));
    g.append(svg("text", { x: mid, y: TOP + H + 16, "text-anchor": "middle" }, b.name));
    g.append(svg("text", { x: mid, y: TOP + H - h - 4, "text-anchor": "middle" }, label(b.value)));
    chart.append(g);
  });
  return chart;
}

function drawSeatShares() {
  const groups = new Map();  // seat count -> per seat [sum, games]
  for (const g of DATA.games) {
    if (!g.k.length) continue;
    const n = g.p.length;
    if (!groups.has(n)) groups.set(n, Array.from({ length: n }, () => [0, 0]));
    const acc = groups.get(n);
    for (let s = 0; s < n; s++) {
      const share = seatShare(g, s);
      if (share !== null) { acc[s][0] += share; acc[s][1] += 1; }
    }
  }
  for (const [n, acc] of [...groups].sort((a, b) => a[0] - b[0])) {
    const box = el("div", { class: "seat-group", "data-seats": n });
    box.append(el("p", { class: "note" }, `${n} seats: mean share of opponents beaten, per seat`));
    const bars = acc.map((a, s) => ({ name: `seat ${s + 1}`, value: a[1] ? a[0] / a[1] : 0, colour: seatColour(s + 1) }));
    box.append(barChart(bars, 1, v => fmt(100 * v, 0) + "%"));
    $("seats").append(box);
  }
}

function drawLengths() {
  const lengths = DATA.games.map(g => g.l);
  if (!lengths.length) return;
  const lo = Math.min(...lengths), hi = Math.max(...lengths);
  const bins = Math.min(20, hi - lo + 1), width = (hi - lo + 1) / bins;
  const counts = new Array(bins).fill(0);
  for (const l of lengths) counts[Math.min(bins - 1, Math.floor((l - lo) / width))]++;
  const bars = counts.map((c, i) => ({ name: String(Math.round(lo + i * width)), value: c }));
  $("lengths").append(barChart(bars, Math.max(...counts), v => String(v)));
  $("lengths").append(el("p", { class: "note" }, `actions per game (chance included), ${lo} to ${hi}; bars start at the value shown`));
}

// ---------------------------------------------------------------------------------------
// The game list and its filters.

const view = { game: 0, ply: 0, seat: 0, frames: null, playing: null, shown: PAGE_ROWS, stepMs: 400, sort: null, parts: null, fit: null };

function fillFilters() {
  for (const n of botNames()) $("f-bot").append(el("option", { value: n }, n));
  const seats = Math.max(0, ...DATA.games.map(g => g.p.length));
  for (let s = 1; s <= seats; s++) $("f-seat").append(el("option", { value: s }, String(s)));
  for (const t of [...new Set(DATA.games.map(g => g.e))].sort()) $("f-term").append(el("option", { value: t }, t));
  for (const id of ["f-text", "f-bot", "f-seat", "f-result", "f-term", "f-min", "f-max"])
    $(id).addEventListener("input", () => { view.shown = PAGE_ROWS; drawGameList(); });
  $("goto").addEventListener("keydown", e => {
    if (e.key === "Enter" && e.target.value) location.hash = `#game=${Number(e.target.value)}&ply=0`;
  });
}

// A bot's row in a results table shows its games: the game list filtered by it.
function wireBotLinks() {
  for (const tr of document.querySelectorAll("#ratings-table tr[data-bot], #times-table tr[data-bot]")) {
    tr.style.cursor = "pointer";
    tr.title = "show this bot's games";
    tr.addEventListener("click", () => {
      $("f-bot").value = tr.dataset.bot;
      view.shown = PAGE_ROWS;
      drawGameList();
      location.hash = "#games";
    });
  }
}

// The game list's order: by a column clicked (again: the other way), else newest first (the
// games are numbered in the order they finished).
const SORT_KEYS = { "#": g => g.n, length: g => g.l, termination: g => g.e, game: g => g.g };
function sorted(games) {
  if (!view.sort) return [...games].reverse();
  const key = SORT_KEYS[view.sort.column], dir = view.sort.dir;
  return [...games].sort((a, b) => (key(a) < key(b) ? -dir : key(a) > key(b) ? dir : a.n - b.n));
}

// What the search field looks in: the game's number, round, spec, players, ranks, termination.
function searchText(g) { return `#${g.n} ${g.r || ""} ${g.g} ${resultText(g)} ${g.e} ${g.d || ""}`.toLowerCase(); }

function matches(g) {
  const text = $("f-text").value.trim().toLowerCase();
  if (text && !text.split(/\s+/).every(word => searchText(g).includes(word))) return false;
  const bot = $("f-bot").value, seat = Number($("f-seat").value), result = $("f-result").value;
  const term = $("f-term").value, min = $("f-min").value, max = $("f-max").value;
  if (term && g.e !== term) return false;
  if (min !== "" && g.l < Number(min)) return false;
  if (max !== "" && g.l > Number(max)) return false;
  // The seats the bot and seat filters point at; the result filter asks about them.
  let seats = g.p.map((_, s) => s);
  if (bot) seats = seats.filter(s => g.p[s] === bot);
  if (seat) seats = seats.filter(s => s === seat - 1);
  if (!seats.length) return false;
  return !result || seats.some(s => seatResult(g, s) === result);
}

function resultText(g) {
  if (!g.k.length) return "aborted";
  return g.p.map((p, s) => `${p} ${g.k[s]}`).join(", ");
}

function drawGameList() {
  const list = $("game-list");
  list.textContent = "";
  const found = sorted(DATA.games.filter(matches));
  $("f-count").textContent = `${found.length} of ${DATA.games.length} games`;
  const table = el("table", { id: "games-table" });
  table.innerHTML = "<tr><th>#</th><th class=name>game</th><th class=name>players (rank)</th>" +
    "<th class=name>termination</th><th>length</th><th class=name>replay</th></tr>";
  for (const th of table.rows[0].cells) {
    const column = th.textContent;
    if (!SORT_KEYS[column]) continue;
    th.style.cursor = "pointer";
    th.dataset.sort = column;
    if (view.sort && view.sort.column === column) th.textContent += view.sort.dir > 0 ? " \u25B2" : " \u25BC";
    th.addEventListener("click", () => {
      view.sort = { column, dir: view.sort && view.sort.column === column ? -view.sort.dir : 1 };
      drawGameList();
    });
  }
  for (const g of found.slice(0, view.shown)) {
    const tr = el("tr", { "data-game": g.n, class: g.n === view.game ? "current" : "" });
    for (const [text, cls] of [[g.n, ""], [g.g, "name"], [resultText(g), "name"], [g.e + (g.f ? ` (seat ${g.f})` : ""), "name"],
                               [g.l, ""], [EMBEDDED.has(g.n) ? "yes" : "not embedded", "name"]])
      tr.append(el("td", cls ? { class: cls } : {}, String(text)));
    tr.addEventListener("click", () => openGame(g.n, 0, view.seat));
    table.append(tr);
  }
  list.append(table);
  if (found.length > view.shown) {
    const more = el("button", { class: "more" }, `show ${Math.min(PAGE_ROWS, found.length - view.shown)} more`);
    more.addEventListener("click", () => { view.shown += PAGE_ROWS; drawGameList(); });
    list.append(more);
  }
}

// ---------------------------------------------------------------------------------------
// Replays: loadReplay and framesOf are in frames.js (how the report stores them).

// ---------------------------------------------------------------------------------------
// Drawing a picture. Boards by shape; zones (cards) and values by the generic table.

// The last action is shown by what it changed, which needs no rules: the cells whose stone or
// tile differs from the picture before (both cells of a swap, a placed stone or tile) and the
// face-up cards new in their zone (a card played, dealt or discarded). `before` is the same
// board, or all zones, in the picture one action earlier (none at the start).
function changedCells(board, before) {
  if (!before) return new Set();
  const old = new Map(before.k.map(c => [c[2], c]));
  const same = (a, b) => a[3] === b[3] && (a[4] || "") === (b[4] || "") && (a[5] || 0) === (b[5] || 0);
  return new Set(board.k.filter(c => old.has(c[2]) && !same(c, old.get(c[2]))).map(c => c[2]));
}

// Per card of `zone`, whether it is new there: the zone holds more of that card than before.
function newCards(zone, zonesBefore) {
  if (!zonesBefore) return zone[2].map(() => false);
  const before = zonesBefore.find(z => z[0] === zone[0] && z[1] === zone[1]);
  const held = new Map();
  for (const c of before ? before[2] : []) held.set(c, (held.get(c) || 0) + 1);
  return zone[2].map(c => {
    const n = held.get(c) || 0;
    held.set(c, n - 1);
    return n <= 0;
  });
}

function drawSquareBoard(board, picture, before) {
  // Walls (picture.h) take a ring of cells around the board, inside the margin.
  const C = 34, ring = board.r ? C : 0, M = 24 + ring, W = board.w * C + 2 * M, H = board.t * C + 2 * M;
  const out = svg("svg", { width: W, height: H, class: "board square", "data-shape": "square" });
  const edges = board.e || [];
  // Edge seats: [0] joins bottom and top, [1] left and right (picture.h).
  if (edges[0]) for (const y of [M - ring - 6, H - M + ring + 2]) out.append(svg("rect", { x: M, y, width: board.w * C, height: 4, fill: seatColour(edges[0]) }));
  if (edges[1]) for (const x of [M - ring - 6, W - M + ring + 2]) out.append(svg("rect", { x, y: M, width: 4, height: board.t * C, fill: seatColour(edges[1]) }));
  if (board.r)
    for (let y = -1; y <= board.t; y++)
      for (let x = -1; x <= board.w; x++) {
        if (x >= 0 && x < board.w && y >= 0 && y < board.t) continue;
        const px = M + x * C, py = M + (board.t - 1 - y) * C;
        const g = svg("g", { class: "wall" });
        g.append(svg("rect", { x: px, y: py, width: C, height: C, fill: "#dcd3b6", stroke: "#c8bd9b" }));
        g.append(svg("circle", { cx: px + C / 2, cy: py + C / 2, r: C * 0.38, fill: "#aed581", stroke: "#689f38" }));
        out.append(g);
      }
  const changed = changedCells(board, before);
  for (const [x, y, name, stone] of board.k) {
    const px = M + x * C, py = M + (board.t - 1 - y) * C;
    const g = svg("g", { class: changed.has(name) ? "cell last" : "cell", "data-cell": name, "data-stone": stone });
    g.append(svg("rect", { x: px, y: py, width: C, height: C, fill: (x + y) % 2 ? "#f5f0e1" : "#ebe3cc", stroke: "#c8bd9b" }));
    if (stone) g.append(svg("circle", { cx: px + C / 2, cy: py + C / 2, r: C * 0.38, class: "stone seat" + stone, stroke: "#333" }));
    if (changed.has(name)) g.append(svg("rect", { x: px + 2, y: py + 2, width: C - 4, height: C - 4, class: "last-mark" }));
    out.append(g);
  }
  for (let x = 0; x < board.w; x++)
    out.append(svg("text", { x: M + x * C + C / 2, y: H - 4, "text-anchor": "middle" }, String.fromCharCode(97 + x)));
  for (let y = 0; y < board.t; y++)
    out.append(svg("text", { x: 4, y: M + (board.t - 1 - y) * C + C / 2 + 4 }, String(y + 1)));
  return out;
}

// The six corners of a hexagonal board of pointy-top cells (centres given, cell width w and
// radius R), clockwise from the north-west, `pad` pixels outside the cells.
function hexOutline(centres, w, R, pad) {
  const ys = centres.map(([, y]) => y), top = Math.min(...ys), bottom = Math.max(...ys);
  const row = y => centres.filter(([, cy]) => Math.abs(cy - y) < 1).map(([x]) => x);
  const xs = centres.map(([x]) => x), middle = (top + bottom) / 2;
  const [topRow, bottomRow] = [row(top), row(bottom)];
  return [
    [Math.min(...topRow) - w / 2 - pad / 2, top - R - pad], [Math.max(...topRow) + w / 2 + pad / 2, top - R - pad],
    [Math.max(...xs) + w / 2 + pad, middle],
    [Math.max(...bottomRow) + w / 2 + pad / 2, bottom + R + pad], [Math.min(...bottomRow) - w / 2 - pad / 2, bottom + R + pad],
    [Math.min(...xs) - w / 2 - pad, middle],
  ];
}

// Pointy-top hexes; sides numbered clockwise from north-east (0 NE, 1 E, ... 5 NW).
function drawHexBoard(board, picture, before) {
  const R = 26, w = Math.sqrt(3) * R, M = 30;
  const W = board.w * w / 2 + w / 2 + 2 * M, H = board.t * 1.5 * R + R / 2 + 2 * M;
  const out = svg("svg", { width: W, height: H, class: "board hex", "data-shape": "hex" });
  const centre = (x, y) => [M + (x + 1) * w / 2, M + R + y * 1.5 * R];
  const corner = (cx, cy, i, r) => { const a = Math.PI / 180 * (60 * i - 90); return [cx + r * Math.cos(a), cy + r * Math.sin(a)]; };
  const sideMid = (cx, cy, s) => { const a = Math.PI / 180 * (60 * s - 60); return [cx + R * 0.866 * Math.cos(a), cy + R * 0.866 * Math.sin(a)]; };
  // The six board sides in their seats' colours, clockwise from the north, along the outline
  // of the cells themselves: the top and bottom rows give the flat edges, the widest row the
  // east and west corners.
  const corners = hexOutline(board.k.map(([x, y]) => centre(x, y)), w, R, 5);
  (board.e || []).forEach((seat, k) => {
    const [x1, y1] = corners[k], [x2, y2] = corners[(k + 1) % 6];
    out.append(svg("line", { x1, y1, x2, y2, stroke: seatColour(seat), "stroke-width": seat ? 6 : 2, "data-side": k, "data-seat": seat }));
  });
  const changed = changedCells(board, before);
  for (const [x, y, name, stone, tile, rotation, links] of board.k) {
    const [cx, cy] = centre(x, y);
    const g = svg("g", { class: changed.has(name) ? "cell last" : "cell", "data-cell": name, "data-tile": tile || "", "data-rot": tile ? rotation : "" });
    const points = [0, 1, 2, 3, 4, 5].map(i => corner(cx, cy, i, R - 1).join(",")).join(" ");
    g.append(svg("polygon", { points, fill: tile ? "#fffde7" : "#eceff1", stroke: "#90a4ae" }));
    if (tile) {
      g.setAttribute("data-links", links.map(([a, b, s]) => `${a}-${b}:${s}`).join(" "));
      // The tile's name and rotation, small, in the north corner and under the paths: the paths
      // cross near the centre and stay in view.
      g.append(svg("text", { x: cx, y: cy - R / 2, "text-anchor": "middle", fill: "#8d8d8d", class: "tile-label" }, `${tile}:${rotation}`));
      for (const [a, b, s] of links) {
        const [ax, ay] = sideMid(cx, cy, a), [bx2, by2] = sideMid(cx, cy, b);
        g.append(svg("path", { d: `M${ax},${ay} Q${cx},${cy} ${bx2},${by2}`, fill: "none", stroke: seatColour(s), "stroke-width": s ? 5 : 3 }));
      }
    } else {
      g.append(svg("text", { x: cx, y: cy + 4, "text-anchor": "middle", fill: "#90a4ae" }, name));
    }
    if (stone) g.append(svg("circle", { cx, cy, r: R * 0.4, class: "stone seat" + stone }));
    if (changed.has(name)) g.append(svg("polygon", { points, class: "last-mark" }));
    out.append(g);
  }
  return out;
}

const boardDrawers = { square: drawSquareBoard, hex: drawHexBoard };

// The four suits of the French deck (picture.h): symbol and colour.
const SUITS = { S: ["\u2660", "#212121"], H: ["\u2665", "#d32f2f"], D: ["\u2666", "#d32f2f"], C: ["\u2663", "#212121"] };

// Text squeezed into `width` when it would not fit (about 0.6 em a character).
function fitted(attrs, text, size, width) {
  const style = `font-size: ${size}px`;
  return text.length * size * 0.6 > width ? { ...attrs, style, textLength: width, lengthAdjust: "spacingAndGlyphs" } : { ...attrs, style };
}

// The inside of a face-up card at (x, y), CW by CH. With a face (picture.h): a suited card has
// its rank in the corner and its suit's symbol in the middle, hearts and diamonds red; a card
// without a suit has its rank in the middle; the note goes at the foot, and the game's special
// cards are written in purple. Without a face: the notation.
function cardFace(x, y, CW, CH, text, face) {
  const mid = x + CW / 2;
  if (!face) return [svg("text", fitted({ x: mid, y: y + CH / 2 + 4, "text-anchor": "middle" }, text, 11, CW - 4), text)];
  const [rank, suit, note, special] = face;
  const [symbol, colour] = SUITS[suit] || ["", special ? "#6a1b9a" : "#212121"];
  const parts = [];
  if (symbol) {
    parts.push(svg("text", fitted({ x: x + 3, y: y + 12, fill: colour, "font-weight": "bold", class: "rank" }, rank, 11, CW - 6), rank));
    parts.push(svg("text", { x: mid, y: y + CH / 2 + 9, fill: colour, "text-anchor": "middle", class: "suit", style: "font-size: 22px" }, symbol));
  } else {
    const size = rank.length <= 2 ? 17 : 10;
    parts.push(svg("text", fitted({ x: mid, y: y + CH / 2 + size / 3, fill: colour, "font-weight": "bold", "text-anchor": "middle", class: "rank" },
                                  rank, size, CW - 4), rank));
  }
  if (note) parts.push(svg("text", fitted({ x: mid, y: y + CH - 4, fill: colour, "text-anchor": "middle", class: "note" }, note, 8, CW - 4), note));
  return parts;
}

// One zone's cards from (x0, y) in a block `width` wide: its name, then its cards in rows. Returns
// the zone's group and the y under it.
function drawZone(zone, x0, y, width, before) {
  const CW = 34, CH = 46, LABEL = 74;
  const [name, seat, cards, by, hidden, faces] = zone;
  const g = svg("g", { class: "zone", "data-zone": name, "data-seat": seat, "data-hidden": hidden, "data-count": cards.length });
  g.append(svg("text", fitted({ x: x0 + 4, y: y + CH / 2 + 4 }, name, 11, LABEL - 6), name));
  let x = x0 + LABEL;
  const place = () => { if (x + CW > x0 + width) { x = x0 + LABEL; y += CH + 4; } const at = x; x += CW + 3; return at; };
  const fresh = newCards(zone, before && before.z);
  cards.forEach((c, i) => {
    const at = place();
    const face = faces && faces[i];
    const card = svg("g", { class: ["card", fresh[i] && "last", face && face[3] && "special"].filter(Boolean).join(" "), "data-card": c });
    const frame = by.length ? { stroke: seatColour(by[i]), "stroke-width": 2 } : { stroke: "#555" };
    card.append(svg("rect", { x: at, y, width: CW, height: CH, rx: 3, ...frame }), ...cardFace(at, y, CW, CH, c, face));
    g.append(card);
  });
  for (let i = 0; i < Math.min(hidden, 12); i++) {
    const at = place();
    const card = svg("g", { class: "card down" });
    card.append(svg("rect", { x: at, y, width: CW, height: CH, rx: 3, stroke: "#555" }));
    g.append(card);
  }
  if (hidden > 12) g.append(svg("text", { x: x + 4, y: y + CH / 2 + 4 }, `+${hidden - 12}`));
  if (!cards.length && !hidden) g.append(svg("text", { x: x0 + LABEL, y: y + CH / 2 + 4, fill: "#999" }, "—"));
  return [g, y + CH + 6];
}

// Card zones: the table's zones across the top, then one block per seat (its name, values and
// zones) in columns, so that five or six seats fit the viewer's box once scaled (fitDrawing).
function drawZones(picture, players, before) {
  const zones = picture.z, values = picture.v;
  if (!zones.length) return null;
  const seats = [];
  for (let seat = 1; seat <= picture.n; seat++) {
    const mine = zones.filter(z => z[1] === seat);
    const facts = values.filter(v => v[2] === seat).map(v => `${v[0]} ${v[1]}`).join(", ");
    if (mine.length || facts) seats.push({ seat, mine, facts });
  }
  const columns = seats.length > 4 ? 3 : seats.length > 1 ? 2 : 1, BLOCK = 360, W = columns * BLOCK;
  const out = svg("svg", { width: W, height: 10, class: "table" });
  let y = 4;
  const table = zones.filter(z => z[1] === 0);
  if (table.length) {
    out.append(svg("text", { x: 4, y: y + 14, fill: seatColour(0), "font-weight": "bold", class: "seat-title", "data-seat": 0 }, "table"));
    y += 20;
    for (const z of table) { const [g, below] = drawZone(z, 0, y, W, before); out.append(g); y = below; }
  }
  // Seat blocks row by row; each row as tall as its tallest block.
  for (let i = 0; i < seats.length; i += columns) {
    let bottom = y;
    seats.slice(i, i + columns).forEach(({ seat, mine, facts }, k) => {
      const x0 = k * BLOCK, block = svg("g", { class: "seat-block", "data-seat": seat });
      const title = `seat ${seat}${players[seat - 1] ? " · " + players[seat - 1] : ""}`;
      block.append(svg("text", fitted({ x: x0 + 4, y: y + 14, fill: seatColour(seat), "font-weight": "bold", class: "seat-title" }, title, 11, BLOCK - 8), title));
      let at = y + 18;
      if (facts) {
        block.append(svg("text", fitted({ x: x0 + 4, y: at + 11, fill: seatColour(seat), class: "seat-facts" }, facts, 10, BLOCK - 8), facts));
        at += 15;
      }
      for (const z of mine) { const [g, below] = drawZone(z, x0, at, BLOCK - 6, before); block.append(g); at = below; }
      out.append(block);
      bottom = Math.max(bottom, at);
    });
    y = bottom + 4;
  }
  out.setAttribute("height", y + 4);
  return out;
}

// `before`: the picture one action earlier in the same view, to show what the action changed.
function drawPicture(picture, players, before) {
  const box = $("drawing");
  box.textContent = "";
  picture.b.forEach((b, i) => {
    const draw = boardDrawers[b.h];
    box.append(draw ? draw(b, picture, before && before.b[i]) : el("p", { class: "warn" }, `no drawing for boards of shape ${b.h}`));
  });
  const table = drawZones(picture, players, before);
  if (table) box.append(table);
  fitDrawing();
  drawHighlights(picture);
  $("caption").textContent = picture.c;
  const values = $("values");
  values.textContent = "";
  const shown = picture.z.length ? picture.v.filter(v => v[2] === 0) : picture.v;
  for (const [k, v, seat] of shown) {
    const line = el("div", { class: "value", "data-key": k, "data-seat": seat }, `${seat ? "seat " + seat + " " : ""}${k}: ${v}`);
    if (seat) line.style.color = seatColour(seat);
    values.append(line);
  }
}

// The drawing scaled to the box the layout gives it (#drawing's size never follows what it holds,
// so stepping moves nothing around it): the boards and the card table stacked, at one scale,
// at most twice their natural size.
function fitDrawing() {
  const box = $("drawing"), parts = [...box.children].filter(e => e.tagName === "svg");
  if (!parts.length || !box.clientWidth) return;
  for (const part of parts) {
    if (part.dataset.w) continue;
    part.dataset.w = part.getAttribute("width");
    part.dataset.h = part.getAttribute("height");
    part.setAttribute("viewBox", `0 0 ${part.dataset.w} ${part.dataset.h}`);
  }
  // The largest drawing of this game so far sets the scale, so a position that draws one more
  // zone (a Flows tile drawn) does not make the board jump back and forth while stepping.
  const fit = view.fit || (view.fit = { w: 0, h: 0 });
  fit.w = Math.max(fit.w, ...parts.map(p => Number(p.dataset.w)));
  fit.h = Math.max(fit.h, parts.reduce((sum, p) => sum + Number(p.dataset.h), 0));
  const { w, h } = fit;
  const others = [...box.children].filter(e => e.tagName !== "svg").reduce((sum, e) => sum + e.offsetHeight, 0);
  const css = getComputedStyle(box), pad = k => parseFloat(css[k]) || 0;
  const width = box.clientWidth - pad("paddingLeft") - pad("paddingRight");
  const height = box.clientHeight - pad("paddingTop") - pad("paddingBottom") - others - 4 * parts.length;
  const scale = Math.max(0.1, Math.min(2, width / w, height / h));
  for (const part of parts) {
    part.setAttribute("width", Math.floor(Number(part.dataset.w) * scale));
    part.setAttribute("height", Math.floor(Number(part.dataset.h) * scale));
  }
}

// What the game highlights (picture.h, PictureHighlight: the picture's "h"), found among what
// was drawn by the name it carries: the winning chain, route or stones at the end, each cell
// framed in the winner's colour; the card that won a trick, framed again around its own frame
// and starred in the winner's colour. A cell on two winners' routes gets both frames, the
// second dashed over the first.
function drawHighlights(picture) {
  for (const [kind, seat, target, zone, zoneSeat] of picture.h || []) {
    const name = CSS.escape(target), colour = seatColour(seat);
    const node = zone === undefined ? document.querySelector(`#drawing g.cell[data-cell="${name}"]`)
      : document.querySelector(`#drawing g.zone[data-zone="${CSS.escape(zone)}"][data-seat="${zoneSeat}"] g.card[data-card="${name}"]`);
    if (!node) continue;
    const earlier = [...node.querySelectorAll(".highlight")];
    if (earlier.some(h => h.dataset.kind === kind && Number(h.dataset.seat) === seat)) continue;
    node.classList.add("highlighted");
    let frame;
    if (zone === undefined) {
      frame = node.firstElementChild.cloneNode(false);  // the cell's own square or hexagon
      frame.setAttribute("class", "highlight");
      frame.setAttribute("fill", "none");
      frame.setAttribute("stroke", colour);
    } else {
      const b = node.firstElementChild.getBBox();
      frame = svg("rect", { x: b.x - 3, y: b.y - 3, width: b.width + 6, height: b.height + 6, rx: 5, class: "highlight", stroke: colour });
      if (!earlier.length)
        node.append(svg("text", { x: b.x + b.width - 1, y: b.y + 9, "text-anchor": "middle", fill: colour, class: "highlight-star" }, "\u2605"));
    }
    frame.dataset.kind = kind;
    frame.dataset.seat = seat;
    if (earlier.length) frame.setAttribute("stroke-dasharray", "6 6");
    node.append(frame);
  }
}

// ---------------------------------------------------------------------------------------
// The viewer: one game, one view (0 the full table, or a seat), one ply.

function gameByNumber(n) { return (LIVE.game && LIVE.game(n)) || DATA.games[n - 1]; }

function moveText(replay, seat, i) {
  if (!seat || !replay.w) return replay.a[i][1];
  const seen = replay.w[seat - 1][i];
  return seen === undefined ? replay.a[i][1] : seen === "" ? "(not shown)" : seen;
}

// One row per position: decision K (or chance's action) taken there, numbered K as everywhere
// (docs/records.md, "Positions and decisions"), and a last row for the end; a row is current at
// its position, where the picture shows what the seat saw before it answered.
function drawMoves(replay, game) {
  const box = $("moves");
  box.textContent = "";
  replay.a.forEach(([actor, text, micros], i) => {
    const who = actor ? `${actor}:${game.p[actor - 1] || ""}` : "chance";
    const line = el("div", { "data-ply": i, class: "move" }, `${i}. ${who} ${moveText(replay, view.seat, i)}`);
    if (micros >= 0) line.append(el("span", { class: "t" }, `${fmt(micros / 1000, 1)} ms`));
    line.addEventListener("click", () => showPly(i));
    box.append(line);
  });
  const n = replay.a.length, faulted = game.f ? ` by seat ${game.f}` : "";
  const end = el("div", { "data-ply": n, class: "end" }, game.e === "in play" ? `${n}. in play` : `${n}. end: ${game.e}${faulted}`);
  end.addEventListener("click", () => showPly(n));
  box.append(end);
}

function drawVerdict(game, atEnd) {
  const v = $("verdict");
  v.className = atEnd ? "final" : "";
  v.textContent = "";
  v.append(el("div", {}, `${atEnd ? "Verdict" : "At the end"}: ${game.e}${game.f ? ` by seat ${game.f} (${game.p[game.f - 1]})` : ""}`));
  if (game.d) v.append(el("div", { class: "detail" }, game.d));
  if (game.rp) v.append(el("div", { class: "repro", id: "verdict-repro" }, game.rp));
  if (game.k.length) v.append(el("div", {}, "ranks: " + game.p.map((p, s) => `${p} ${game.k[s]} (${game.s[s]})`).join(", ")));
}

// A link to a game this report does not hold: say so, and show nothing of the game before.
function showMissingGame(n) {
  Object.assign(view, { game: 0, ply: 0, seat: 0, frames: null, replay: null });
  $("viewer").hidden = false;
  $("controls").hidden = true;
  $("stage").hidden = true;
  const held = DATA.games.length ? `games 1 to ${DATA.games.length}` : "no games at all";
  $("viewer-head").textContent = `This report holds no game ${n} (${held}).`;
  for (const id of ["drawing", "caption", "values", "moves", "verdict", "protocol", "decision"]) $(id).textContent = "";
  for (const tr of document.querySelectorAll("#games-table tr")) tr.classList.remove("current");
  if (window.botLinesOpenGame) botLinesOpenGame(null, null);
}

function openGame(n, ply, seat) {
  const game = gameByNumber(n);
  showTab("games");
  stop();
  if (!game) return showMissingGame(n);
  const another = view.game !== n || $("viewer").hidden;
  if (another) view.fit = null;
  view.game = n;
  view.frames = null;  // until this game's replay gives them: keys must not step the game before
  const replay = loadReplay(n, () => view.game === n && openGame(n, ply, seat));
  view.replay = replay;
  $("viewer").hidden = false;
  $("controls").hidden = false;
  $("stage").hidden = false;
  // A game newly opened brings the viewer, as tall as the window, to its top; stepping never
  // scrolls the window again.
  if (another) window.scrollTo(0, $("viewer").getBoundingClientRect().top + window.scrollY);
  $("viewer-head").textContent = `Game ${n} · ${game.g} · ${game.p.map((p, s) => `${s + 1}: ${p}`).join(", ")}`;
  for (const tr of document.querySelectorAll("#games-table tr")) tr.classList.toggle("current", Number(tr.dataset.game) === n);
  if (!replay) {
    $("drawing").textContent = "";
    $("drawing").append(el("p", { id: "not-embedded" }, LIVE.replay ? "Loading the replay..." : replayNote(n) ||
      `This game's replay is not embedded. Build a report that holds it: arena report INPUT --games ${n} --out game${n}.html`));
    $("moves").textContent = ""; $("caption").textContent = ""; $("values").textContent = ""; $("protocol").textContent = ""; $("decision").textContent = "";
    drawVerdict(game, true);
    showJumps();
    if (window.botLinesOpenGame) botLinesOpenGame(null, game);
    return;
  }
  const hidden = replay.f.length > 1;
  $("view-label").hidden = !hidden;
  const select = $("view");
  select.textContent = "";
  select.append(el("option", { value: 0 }, "full table"));
  if (hidden) game.p.forEach((p, s) => select.append(el("option", { value: s + 1 }, `seat ${s + 1} (${p}) sees`)));
  view.seat = hidden && seat >= 1 && seat < replay.f.length ? seat : 0;
  select.value = view.seat;
  view.frames = framesOf(replay, view.seat);
  $("slider").max = view.frames.length - 1;
  showJumps();
  drawMoves(replay, game);
  // botlines.js (absent from a page built without it): the bots' consoles, value chart, marks.
  if (window.botLinesOpenGame) botLinesOpenGame(replay, game);
  if (replay.x) $("moves").append(el("div", { class: "warn" }, replay.x));
  showPly(Math.max(0, Math.min(ply, view.frames.length - 1)));
}

// The lines the seat was sent and what it wrote at each decision: decision.js.

// Each seat's remaining clock at `ply`, from the `go` lines the referee sent it (replay.q): at
// its own decision the clock it was given; after a move that clock less the time used plus the
// increment; before its first decision its first clock. The seat to move is marked, and the
// last move flagged "slow" when it used a quarter or more of the clock its seat had.
function drawClocks(replay, game, ply) {
  const box = $("clocks");
  box.textContent = "";
  if (!replay.q) return;
  const goOf = lines => (lines[lines.length - 1] || "").split(" ").slice(1).map(Number);  // [remaining, inc, movetime]
  const rows = [];
  for (let seat = 1; seat <= game.p.length; seat++) {
    const byPly = protocolLines(replay, seat);
    let at = -1, first = -1;
    for (const p of byPly.keys()) {
      if (first < 0) first = p;
      if (p <= ply) at = p;
    }
    if (first < 0) continue;
    const [remaining, inc] = goOf(byPly.get(at >= 0 ? at : first));
    if (!(remaining >= 0)) return;  // no game clock: nothing to show
    let ms = remaining;
    if (at >= 0 && at < ply && replay.a[at] && replay.a[at][2] >= 0) ms = remaining - replay.a[at][2] / 1000 + inc;
    rows.push({ seat, ms: Math.max(0, Math.round(ms)), toMove: at === ply });
  }
  if (!rows.length) return;
  const line = el("div", { class: "note" }, "clocks: ");
  for (const r of rows) {
    const span = el("span", { class: "clock" + (r.toMove ? " to-move" : ""), "data-seat": r.seat, "data-ms": r.ms },
                    `${game.p[r.seat - 1]} ${(r.ms / 1000).toFixed(2)} s`);
    span.style.borderColor = seatColour(r.seat);
    line.append(span, document.createTextNode(" "));
  }
  box.append(line);
  const last = replay.a[ply - 1];
  if (last && last[0] > 0 && last[2] >= 0) {
    const lines = protocolLines(replay, last[0]).get(ply - 1);
    const had = lines ? goOf(lines)[0] : -1;
    if (had > 0 && last[2] / 1000 >= had / 4)
      box.append(el("div", { class: "warn", id: "slow-move" },
                    `slow move: ${game.p[last[0] - 1]} used ${(last[2] / 1e6).toFixed(2)} s of the ${(had / 1000).toFixed(2)} s it had`));
  }
}

// The move shown kept in view inside the move list, which alone scrolls: never the window.
function scrollMoves() {
  const list = $("moves"), now = list.querySelector(".now");
  if (!now) return;
  if (now.offsetTop < list.scrollTop) list.scrollTop = now.offsetTop;
  else if (now.offsetTop + now.offsetHeight > list.scrollTop + list.clientHeight)
    list.scrollTop = now.offsetTop + now.offsetHeight - list.clientHeight;
}

function showPly(ply) {
  if (!view.frames) return;
  ply = Math.max(0, Math.min(ply, view.frames.length - 1));
  view.ply = ply;
  const game = gameByNumber(view.game);
  drawPicture(view.frames[ply], game.p, view.frames[ply - 1]);
  $("slider").value = ply;
  $("ply-label").textContent = `position ${ply} of ${view.frames.length - 1}`;
  for (const line of $("moves").children) line.classList.toggle("now", Number(line.dataset.ply) === ply);
  scrollMoves();
  drawVerdict(game, ply === view.frames.length - 1);
  if (window.drawDecision) drawDecision(view.replay, game, ply);
  drawClocks(view.replay, game, ply);
  const hash = `#game=${view.game}&ply=${ply}${view.seat ? "&seat=" + view.seat : ""}`;
  if (location.hash !== hash) history.replaceState(null, "", hash);
  if (window.botLinesShowPly) botLinesShowPly(ply);
}

function stop() {
  if (view.playing) clearInterval(view.playing);
  view.playing = null;
  $("b-play").textContent = "play";
}

function togglePlay() {
  if (view.playing) return stop();
  if (view.ply >= view.frames.length - 1) showPly(0);
  $("b-play").textContent = "pause";
  view.playing = setInterval(() => {
    if (view.ply >= view.frames.length - 1) return stop();
    showPly(view.ply + 1);
  }, view.stepMs);
}

// The next (dir 1) or previous (dir -1) ply where the seat viewed, else the seat to move now,
// decides: its own moves, one after the other.
function ownMove(dir) {
  const a = view.replay && view.replay.a;
  if (!a) return;
  const seat = view.seat || (a[view.ply] ? a[view.ply][0] : 0);
  if (!seat) return;
  for (let p = view.ply + dir; p >= 0 && p < a.length; p += dir)
    if (a[p][0] === seat) return showPly(p);
}

// Where the game's hands and tricks start (picture.h, PicturePart: the picture's "p"): the plies
// whose number of that part differs from the ply before and is not 0. The game decides; the
// page knows no rules.
function partStarts(frames, kind) {
  const number = p => (frames[p].p && frames[p].p[kind]) || 0, out = [];
  for (let p = 1; p < frames.length; p++) if (number(p) && number(p) !== number(p - 1)) out.push(p);
  return out;
}

// The next (dir 1) or previous (dir -1) start of a hand or trick in this game.
function jumpPart(kind, dir) {
  const starts = (view.parts && view.parts[kind]) || [];
  const to = dir > 0 ? starts.find(p => p > view.ply) : starts.filter(p => p < view.ply).pop();
  if (to !== undefined) showPly(to);
}

// The next fault: this game's, when it ends in one not yet reached, else that of the next game
// ending in a fault, by number; the previous: that of the game before ending in one.
function jumpFault(dir) {
  const game = gameByNumber(view.game), here = typeof view.game === "number" ? view.game : 0;
  if (dir > 0 && game && game.f && view.frames && view.ply < view.frames.length - 1) return showPly(Infinity);
  const faulted = DATA.games.filter(g => g.f && (dir > 0 ? g.n > here : g.n < here));
  const to = dir > 0 ? faulted[0] : faulted[faulted.length - 1];
  if (to) location.hash = `#game=${to.n}&ply=${to.l}`;
}

// The jump buttons of the parts this game has (a board game has no hands), and of faults when
// the report holds any.
function showJumps() {
  const starts = kind => (view.frames ? partStarts(view.frames, kind) : []);
  view.parts = { hand: starts("hand"), trick: starts("trick") };
  for (const box of document.querySelectorAll("#controls .jumps")) {
    const kind = box.dataset.jump;
    box.hidden = kind === "fault" ? !DATA.games.some(g => g.f) : !view.parts[kind].length;
  }
}

// The viewer's keys beyond the slider's own: a letter jumps forward, with Shift back.
const JUMP_KEYS = { f: d => jumpFault(d), h: d => jumpPart("hand", d), t: d => jumpPart("trick", d) };

function wireViewer() {
  $("b-first").addEventListener("click", () => showPly(0));
  $("b-prev").addEventListener("click", () => showPly(view.ply - 1));
  $("b-next").addEventListener("click", () => showPly(view.ply + 1));
  $("b-last").addEventListener("click", () => showPly(Infinity));
  $("b-play").addEventListener("click", togglePlay);
  $("b-own-prev").addEventListener("click", () => ownMove(-1));
  $("b-own-next").addEventListener("click", () => ownMove(1));
  for (const [kind, jump] of Object.entries({ fault: jumpFault, hand: d => jumpPart("hand", d), trick: d => jumpPart("trick", d) })) {
    $(`b-${kind}-prev`).addEventListener("click", () => jump(-1));
    $(`b-${kind}-next`).addEventListener("click", () => jump(1));
  }
  $("speed").addEventListener("change", e => {
    view.stepMs = 400 / Number(e.target.value);
    if (view.playing) { stop(); togglePlay(); }
  });
  $("slider").addEventListener("input", e => showPly(Number(e.target.value)));
  $("view").addEventListener("change", e => openGame(view.game, view.ply, Number(e.target.value)));
  document.addEventListener("keydown", e => {
    if (!view.frames) return;
    // The focused slider moves itself with the arrows, Home and End (and so steps the viewer);
    // Space, which it ignores, plays and pauses there too. Other fields keep their keys.
    if (e.target === $("slider") && e.key === " ") { togglePlay(); e.preventDefault(); return; }
    const onSlider = e.target === $("slider"), jump = JUMP_KEYS[e.key.toLowerCase()];
    if (onSlider && (e.key === "[" || e.key === "]")) return ownMove(e.key === "]" ? 1 : -1);
    if (jump && !e.ctrlKey && !e.metaKey && !e.altKey && (onSlider || (e.target.tagName !== "INPUT" && e.target.tagName !== "SELECT")))
      return jump(e.shiftKey ? -1 : 1);
    if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -10, ArrowDown: 10 };
    if (e.key in moves) { showPly(view.ply + moves[e.key]); e.preventDefault(); }
    else if (e.key === "Home" || e.key === "End") { showPly(e.key === "Home" ? 0 : Infinity); e.preventDefault(); }  // not the window's
    else if (e.key === "[" || e.key === "]") ownMove(e.key === "]" ? 1 : -1);
    else if (e.key === " ") { togglePlay(); e.preventDefault(); }
  });
}

// ---------------------------------------------------------------------------------------
// Tabs and deep links: #results, #games, #game=N&ply=K[&seat=S].

function showTab(name) {
  $("results").hidden = name !== "results";
  $("games").hidden = name !== "games";
  $("tab-results").classList.toggle("active", name === "results");
  $("tab-games").classList.toggle("active", name === "games");
}

function followHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.has("game")) {
    const id = params.get("game"), n = /^\d+$/.test(id) ? Number(id) : id, ply = Number(params.get("ply") || 0), seat = Number(params.get("seat") || 0);
    if (n !== view.game || seat !== view.seat || !view.frames) openGame(n, ply, seat);
    else if (ply !== view.ply) showPly(ply);
    return;
  }
  showTab(location.hash === "#games" ? "games" : "results");
}

function main() {
  $("title").textContent = DATA.title;
  document.title = DATA.title;
  const specs = Object.keys(DATA.specs);
  $("summary").textContent = `${DATA.games.length} games · ${specs.join(", ")} · ${DATA.embedded.length} replays embedded`;
  if (window.drawLeague) drawLeague();
  drawHeadToHead();
  drawRatings();
  drawCrosstable();
  drawFaults();
  drawTimes();
  wireBotLinks();
  drawLatency();
  drawSeatShares();
  drawLengths();
  fillFilters();
  drawGameList();
  wireViewer();
  window.addEventListener("hashchange", followHash);
  window.addEventListener("resize", () => { view.fit = null; fitDrawing(); });
  followHash();
  // For tests: everything is drawn, the page's engine started (after the first paint) where
  // games are embedded as records, and a game the address opens is on screen.
  const ready = () => document.body.setAttribute("data-ready", "1");
  if (document.getElementById("arena-engine")) setTimeout(() => startPageEngine().then(ready), 0);
  else ready();
}

main();
