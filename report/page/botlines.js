// The bots' own lines beside each move (docs/report.md, "The bots' own lines"): a console per
// seat that follows the viewer, a chart of each seat's `info value`, and the `info mark`s drawn
// on the picture. Every line is numbered by its decision (records/decisions.h: the one taken in
// position K, the viewer's ply K), so at ply K the consoles highlight decision K's lines and the
// marks are drawn on the position the bot was deciding in. It follows the viewer (viewer.js) by
// the page's "open" and "position" events (page.js) and exports nothing. It knows no
// game: a mark's target is found among the cells and cards the picture drew, by the notation
// they carry (data-cell, data-card).
"use strict";

(() => {
  const { $, el } = Page, { svg, seatColour } = Picture;
  const BOT_LINES = { replay: null, game: null, seats: 0, values: [], plies: 0, ply: -1 };

  // An info line's meaning: {mark: [target, text]}, {data: [key, value]}, {value: x} or {}.
  // `value X` may stand anywhere in a line that is not a mark or data ("iterations 2218 value 0.78").
  function parseInfo(text) {
    const t = text.trim().split(/\s+/);
    if (t[0] === "mark" && t.length >= 2) return { mark: [t[1], text.trim().split(/\s+/).slice(2).join(" ")] };
    if (t[0] === "data" && t.length >= 3) return { data: [t[1], t.slice(2).join(" ")] };
    if (t[0] === "data" || t[0] === "mark") return {};
    for (let i = 0; i + 1 < t.length; i++)
      if (t[i] === "value" && /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t[i + 1])) return { value: Number(t[i + 1]) };
    return {};
  }

  function botLinesBox() {
    let box = document.getElementById("botlines");
    if (box) return box;
    box = el("div", { id: "botlines" });
    const head = el("div", { id: "bl-head" });
    const filter = el("input", { id: "bl-filter", type: "search", placeholder: "filter the bots' lines" });
    filter.addEventListener("input", applyBotLinesFilter);
    head.append(el("span", { id: "bl-title" }, "Bots' lines"), filter, el("span", { id: "bl-cut", class: "warn" }));
    box.append(el("div", { id: "value-chart" }), head, el("div", { id: "consoles" }));
    $("viewer").after(box);  // under the viewer, which is as tall as the window
    return box;
  }

  function botLinesOpenGame(replay, game) {
    const box = botLinesBox();
    Object.assign(BOT_LINES, { replay, game, ply: -1 });
    const lines = (replay && replay.botLines) || [];
    box.hidden = !lines.length && !(replay && replay.botLinesCut);
    $("consoles").textContent = "";
    $("value-chart").textContent = "";
    $("bl-cut").textContent = "";
    if (box.hidden) return;
    BOT_LINES.seats = game.players.length;
    BOT_LINES.plies = replay.actions.length;
    for (let s = 1; s <= game.players.length; s++) {
      const c = el("div", { class: "console", "data-seat": s });
      const title = el("div", { class: "console-title" }, `seat ${s} · ${game.players[s - 1]}`);
      title.style.color = seatColour(s);
      c.append(title, el("div", { class: "console-lines" }));
      $("consoles").append(c);
    }
    BOT_LINES.values = game.players.map(() => []);
    for (const [ply, seat, kind, text] of lines) {
      const target = $("consoles").querySelector(`.console[data-seat="${seat}"] .console-lines`);
      if (!target) continue;
      const line = el("div", { class: kind ? "bl stderr" : "bl info", "data-ply": ply, "data-seat": seat });
      line.append(el("span", { class: "bl-ply" }, String(ply)), document.createTextNode((kind ? "" : "info ") + text));
      line.addEventListener("click", () => Viewer.showPly(ply));
      target.append(line);
      const meaning = kind ? {} : parseInfo(text);
      if (meaning.value !== undefined && BOT_LINES.values[seat - 1]) BOT_LINES.values[seat - 1].push([ply, meaning.value]);
    }
    if (replay.botLinesCut) {
      const [ply, bytes] = replay.botLinesCut;
      $("bl-cut").textContent = `cut at decision ${ply} by the per-game cap (--bot-lines-cap): ${bytes} bytes dropped`;
      for (const c of $("consoles").querySelectorAll(".console-lines"))
        c.append(el("div", { class: "bl cut", "data-ply": ply }, `— cut at decision ${ply}: later lines are not in the record —`));
    }
    drawValueChart();
    applyBotLinesFilter();
  }

  function applyBotLinesFilter() {
    const q = $("bl-filter").value.trim().toLowerCase();
    for (const line of document.querySelectorAll("#consoles .bl:not(.cut)"))
      line.hidden = q !== "" && !line.textContent.toLowerCase().includes(q);
    if (BOT_LINES.ply >= 0) scrollConsoles();
  }

  // Each seat's `info value` over the game: x the decision, y the value; a click goes to the
  // nearest position.
  function drawValueChart() {
    const box = $("value-chart");
    const all = BOT_LINES.values.flat();
    if (!all.length) return;
    const W = 640, H = 120, L = 40, R = 10, T = 8, B = 18;
    let lo = Math.min(...all.map(v => v[1])), hi = Math.max(...all.map(v => v[1]));
    if (hi - lo < 1e-9) { lo -= 1; hi += 1; }
    const plies = Math.max(1, BOT_LINES.plies);
    const x = p => L + (p - 0) / plies * (W - L - R), y = v => T + (hi - v) / (hi - lo) * (H - T - B);
    const chart = svg("svg", { width: W, height: H, id: "value-svg", class: "chart value-chart" });
    chart.append(svg("rect", { x: L, y: T, width: W - L - R, height: H - T - B, fill: "#fff", stroke: "#ddd" }));
    if (lo < 0 && hi > 0) chart.append(svg("line", { x1: L, x2: W - R, y1: y(0), y2: y(0), stroke: "#bbb", "stroke-dasharray": "3 3" }));
    chart.append(svg("text", { x: L - 4, y: T + 9, "text-anchor": "end" }, String(+hi.toPrecision(3))));
    chart.append(svg("text", { x: L - 4, y: H - B, "text-anchor": "end" }, String(+lo.toPrecision(3))));
    chart.append(svg("text", { x: W - R, y: H - 4, "text-anchor": "end" }, `decision ${plies}`));
    chart.append(svg("text", { x: L, y: H - 4 }, "value (each seat's own estimate)"));
    BOT_LINES.values.forEach((points, i) => {
      if (!points.length) return;
      const colour = seatColour(i + 1);
      chart.append(svg("polyline", { points: points.map(([p, v]) => `${x(p)},${y(v)}`).join(" "), fill: "none", stroke: colour, "stroke-width": 1.5, "data-seat": i + 1 }));
      for (const [p, v] of points)
        chart.append(svg("circle", { cx: x(p), cy: y(v), r: 2.5, fill: colour, class: "value-point", "data-seat": i + 1, "data-ply": p, "data-value": v }));
    });
    chart.append(svg("line", { id: "value-now", x1: L, x2: L, y1: T, y2: H - B, stroke: "#ffb300", "stroke-width": 2 }));
    chart.addEventListener("click", e => {
      const box = chart.getBoundingClientRect();
      const px = (e.clientX - box.left) * W / box.width;
      Viewer.showPly(Math.round((px - L) / (W - L - R) * plies));
    });
    chart.style.cursor = "pointer";
    box.append(chart);
    BOT_LINES.x = x;
  }

  function botLinesShowPly(ply) {
    const box = document.getElementById("botlines");
    if (!box || box.hidden || !BOT_LINES.replay) return;
    BOT_LINES.ply = ply;
    const now = document.getElementById("value-now");
    if (now) { now.setAttribute("x1", BOT_LINES.x(ply)); now.setAttribute("x2", BOT_LINES.x(ply)); }
    for (const c of $("consoles").querySelectorAll(".console-lines"))
      for (const line of c.children) {
        const p = Number(line.dataset.ply);
        line.classList.toggle("now", p === ply);
        line.classList.toggle("later", p > ply);
      }
    scrollConsoles();
    drawMarks(ply);
  }

  // Each console scrolled to the first shown line of the ply, or the last one before it; inside its
  // own box only, so the window never moves when the viewer steps.
  function scrollConsoles() {
    for (const c of $("consoles").querySelectorAll(".console-lines")) {
      let at = null;
      for (const line of c.children)
        if (!line.hidden && Number(line.dataset.ply) <= BOT_LINES.ply) at = line;
        else if (Number(line.dataset.ply) > BOT_LINES.ply) break;
      const first = at && [...c.children].find(l => !l.hidden && l.dataset.ply === at.dataset.ply);
      c.scrollTop = first ? first.offsetTop - 4 : 0;
    }
  }

  // The marks of decision K on its position's picture: a ring in the seat's colour around the
  // cell or card the target names, with its text placed where it covers no stone, last-move
  // frame, highlight or other mark's text (placeMarkText). A target the picture does not draw,
  // or a text with no free place, is listed under the picture instead.
  function drawMarks(decision) {
    const lines = (BOT_LINES.replay.botLines || []).filter(([d, , kind]) => d === decision && kind === 0);
    const missing = [], taken = [];
    for (const [, seat, , text] of lines) {
      const m = parseInfo(text).mark;
      if (!m) continue;
      const [target, note] = m;
      const node = markTarget(target);
      if (!node) { missing.push(`seat ${seat}: ${target}${note ? " " + note : ""}`); continue; }
      const host = node.ownerSVGElement, b = node.getBBox(), colour = seatColour(seat);
      const g = svg("g", { class: "bot-mark", "data-seat": seat, "data-target": target });
      g.append(svg("rect", { x: b.x - 2, y: b.y - 2, width: b.width + 4, height: b.height + 4, rx: 5, fill: "none", stroke: colour, "stroke-width": 3, "stroke-dasharray": "5 3" }));
      host.append(g);
      if (!note) continue;
      const t = svg("text", { x: 0, y: 0, "text-anchor": "middle", fill: colour, "font-weight": "bold", class: "bot-mark-text" }, note);
      t.setAttribute("paint-order", "stroke");
      t.setAttribute("stroke", "#fff");
      t.setAttribute("stroke-width", 3);
      g.append(t);
      if (!placeMarkText(host, t, b, taken)) { t.remove(); missing.push(`seat ${seat}: ${target} ${note} (no room beside it)`); }
    }
    if (missing.length) $("drawing").append(el("p", { class: "note bot-mark-missing" }, "marks not on the picture: " + missing.join("; ")));
  }

  // Puts a mark's text `t` (anchored at its middle) beside the target's box `b`: above it, below
  // it, else the nearest free place up or down its column (on a full board, the margin), else to
  // its right or left. Free: inside the picture, clear of every stone, last-move frame, highlight,
  // coordinate and text already placed (`taken`, which gets this one). False when no place is free.
  function placeMarkText(host, t, b, taken) {
    const vb = host.viewBox && host.viewBox.baseVal, W = vb && vb.width ? vb.width : Number(host.getAttribute("width"));
    const H = vb && vb.height ? vb.height : Number(host.getAttribute("height"));
    // Also the board's coordinates (texts of the picture itself, not of a cell).
    const blocks = [...host.querySelectorAll("circle.stone, .wall circle, .last-mark, .highlight, .card.last > rect, :scope > text")].map(e => e.getBBox());
    const own = t.getBBox(), w = own.width, h = own.height, up = -own.y;  // the box from the baseline
    const overlaps = (r, q) => r.x < q.x + q.width - 0.5 && q.x < r.x + r.width - 0.5 && r.y < q.y + q.height - 0.5 && q.y < r.y + r.height - 0.5;
    const free = (x, y) => {  // with 2 units to spare around the text (its halo, rounding when scaled)
      const r = { x: x - w / 2 - 2, y: y - up - 2, width: w + 4, height: h + 4 };
      return r.x >= 0 && r.y >= 0 && r.x + r.width <= W && r.y + r.height <= H && !blocks.some(q => overlaps(r, q)) && !taken.some(q => overlaps(r, q)) ? r : null;
    };
    const cx = Math.min(Math.max(b.x + b.width / 2, w / 2), W - w / 2), cy = b.y + b.height / 2 + h / 3;
    const tries = [[cx, b.y - 4], [cx, b.y + b.height + up + 2]];
    for (let y = b.y - 4 - 2; y - up >= 0; y -= 2) tries.push([cx, y]);
    for (let y = b.y + b.height + up + 4; y - up + h <= H; y += 2) tries.push([cx, y]);
    tries.push([b.x + b.width + 3 + w / 2, cy], [b.x - 3 - w / 2, cy]);
    for (const [x, y] of tries) {
      const r = free(x, y);
      if (!r) continue;
      t.setAttribute("x", x);
      t.setAttribute("y", y);
      taken.push(r);
      return true;
    }
    return false;
  }

  // The drawn cell or card a target names: its notation exactly, else the part before a ':' or
  // '-' (a Flows placement "e5:3", a Clump swap "c3-c4" name their first cell).
  function markTarget(target) {
    for (const name of [target, target.split(/[:-]/)[0]]) {
      if (!name) continue;
      const q = CSS.escape(name);
      const node = document.querySelector(`#drawing [data-cell="${q}"]`) || document.querySelector(`#drawing [data-card="${q}"]`);
      if (node) return node;
    }
    return null;
  }

  Page.on("open", ({ replay, game }) => botLinesOpenGame(replay, game));
  Page.on("position", ({ ply }) => botLinesShowPly(ply));
})();
