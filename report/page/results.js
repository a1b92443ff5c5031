// The results tab: ratings, head to head, crosstable, faults, time per move, the referee's
// latency, seat shares and game lengths, all drawn from the page's data (DATA). A bot's row
// shows its games (games.js). `draw` draws them all (again, when the live page's data changed),
// then says so by the page's "results" event (page.js), on which the optional parts draw theirs.
"use strict";

const Results = (() => {
  const { $, el, fmt, seatShare, data: DATA } = Page, { svg, seatColour } = Picture;

  function botNames() {
    const r = DATA.ratings.bots;
    if (r && r.length) return r.map(b => b.name);
    const names = new Set();
    for (const g of DATA.games) g.players.forEach(p => names.add(p));
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
      if (!g.ranks.length) continue;
      for (let a = 0; a < g.players.length; a++)
        for (let b = 0; b < g.players.length; b++) {
          if (a === b || g.players[a] === g.players[b] || (g.teams.length && g.teams[a] === g.teams[b])) continue;
          const i = index.get(g.players[a]), j = index.get(g.players[b]);
          score[i][j] += g.ranks[a] < g.ranks[b] ? 1 : g.ranks[a] === g.ranks[b] ? 0.5 : 0;
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
      if (!g.faultSeat) continue;
      const bot = g.players[g.faultSeat - 1];
      if (!byBot.has(bot)) byBot.set(bot, { reasons: new Map(), examples: [] });
      const b = byBot.get(bot);
      b.reasons.set(g.termination, (b.reasons.get(g.termination) || 0) + 1);
      if (g.cpuPressure) b.pressure = (b.pressure || 0) + 1;  // a time forfeit under CPU pressure
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
        const a = el("a", { href: `#game=${g.number}&ply=${g.length}` }, `game ${g.number}`);
        ex.append(a, document.createTextNode(g.detail ? ` (${g.detail}) ` : " "));
        if (g.repro) ex.append(el("div", { class: "repro" }, g.repro));
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
    const games = DATA.games.filter(g => g.latency);
    if (!games.length) return;
    const p50s = games.map(g => g.latency[0]).sort((a, b) => a - b);
    const worst = i => games.reduce((m, g) => Math.max(m, g.latency[i]), 0);
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
      if (!g.ranks.length) continue;
      const n = g.players.length;
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
    const lengths = DATA.games.map(g => g.length);
    if (!lengths.length) return;
    const lo = Math.min(...lengths), hi = Math.max(...lengths);
    const bins = Math.min(20, hi - lo + 1), width = (hi - lo + 1) / bins;
    const counts = new Array(bins).fill(0);
    for (const l of lengths) counts[Math.min(bins - 1, Math.floor((l - lo) / width))]++;
    const bars = counts.map((c, i) => ({ name: String(Math.round(lo + i * width)), value: c }));
    $("lengths").append(barChart(bars, Math.max(...counts), v => String(v)));
    $("lengths").append(el("p", { class: "note" }, `actions per game (chance included), ${lo} to ${hi}; bars start at the value shown`));
  }

  function draw() {
    for (const id of ["h2h", "ratings", "crosstable", "faults", "times", "seats", "lengths"]) $(id).textContent = "";
    drawHeadToHead();
    drawRatings();
    drawCrosstable();
    drawFaults();
    drawTimes();
    drawLatency();
    drawSeatShares();
    drawLengths();
    Page.emit("results");
  }

  return { botNames, draw };
})();
