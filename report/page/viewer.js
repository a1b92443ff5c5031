// The viewer: one game, one view (0 the full table, or a seat), one ply. The picture is drawn
// by picture.js, the replay decoded by frames.js; the optional parts follow it by the page's
// events (page.js): "open" when a game opens, "position" after each position drawn (the seats'
// lines and values, botlines.js; the decision, decision.js). It alone holds what is shown
// (`view`): the others read it through state() and change it through openGame and showPly.
"use strict";

const Viewer = (() => {
  const { $, el, fmt, data: DATA } = Page;
  const { boardDrawers, drawZones, drawHighlights, seatColour } = Picture;

  // What the viewer shows, and how it plays.
  const view = { game: 0, ply: 0, seat: 0, frames: null, replay: null, playing: null, stepMs: 400, parts: null, fit: null };
  // Where games and replays the page does not hold come from: {game(n), replay(n)}, or null (a
  // report). The live page's (live.js): games in play by their id ("game-7"), and the replays
  // of every game it fetches (null until fetched).
  let source = null;

  function setSource(games) { source = games; }

  // What is shown: the game (its number, or a game in play's id; 0 none), the position, the
  // view (0 the full table, else the seat whose view), the last position (-1 while no replay is
  // shown), the game's replay (null while none), whether it plays and the time between two
  // positions then (ms). A copy: changing it changes nothing shown.
  function state() {
    return { game: view.game, ply: view.ply, seat: view.seat, last: view.frames ? view.frames.length - 1 : -1,
             replay: view.replay, playing: view.playing !== null, stepMs: view.stepMs };
  }

  function gameByNumber(n) { return (source && source.game(n)) || DATA.games[n - 1]; }

  function moveText(replay, seat, i) {
    if (!seat || !replay.seen) return replay.actions[i][1];
    const seen = replay.seen[seat - 1][i];
    return seen === undefined ? replay.actions[i][1] : seen === "" ? "(not shown)" : seen;
  }

  // One row per position: decision K (or chance's action) taken there, numbered K as everywhere
  // (docs/records.md, "Positions and decisions"), and a last row for the end; a row is current at
  // its position, where the picture shows what the seat saw before it answered.
  function drawMoves(replay, game) {
    const box = $("moves");
    box.textContent = "";
    replay.actions.forEach(([actor, text, micros], i) => {
      const who = actor ? `${actor}:${game.players[actor - 1] || ""}` : "chance";
      const line = el("div", { "data-ply": i, class: "move" }, `${i}. ${who} ${moveText(replay, view.seat, i)}`);
      if (micros >= 0) line.append(el("span", { class: "t" }, `${fmt(micros / 1000, 1)} ms`));
      line.addEventListener("click", () => showPly(i));
      box.append(line);
    });
    const n = replay.actions.length, faulted = game.faultSeat ? ` by seat ${game.faultSeat}` : "";
    const end = el("div", { "data-ply": n, class: "end" }, game.termination === "in play" ? `${n}. in play` : `${n}. end: ${game.termination}${faulted}`);
    end.addEventListener("click", () => showPly(n));
    box.append(end);
  }

  function drawVerdict(game, atEnd) {
    const v = $("verdict");
    v.className = atEnd ? "final" : "";
    v.textContent = "";
    v.append(el("div", {}, `${atEnd ? "Verdict" : "At the end"}: ${game.termination}${game.faultSeat ? ` by seat ${game.faultSeat} (${game.players[game.faultSeat - 1]})` : ""}`));
    if (game.detail) v.append(el("div", { class: "detail" }, game.detail));
    if (game.repro) v.append(el("div", { class: "repro", id: "verdict-repro" }, game.repro));
    if (game.ranks.length) v.append(el("div", {}, "ranks: " + game.players.map((p, s) => `${p} ${game.ranks[s]} (${game.scores[s]})`).join(", ")));
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
    Page.emit("open", { replay: null, game: null });
  }

  function openGame(n, ply, seat) {
    const game = gameByNumber(n);
    Page.showTab("games");
    stop();
    if (!game) return showMissingGame(n);
    const another = view.game !== n || $("viewer").hidden;
    if (another) view.fit = null;
    view.game = n;
    view.frames = null;  // until this game's replay gives them: keys must not step the game before
    const replay = source && !Frames.holds(n) ? source.replay(n) : Frames.loadReplay(n, () => view.game === n && openGame(n, ply, seat));
    view.replay = replay;
    $("viewer").hidden = false;
    $("controls").hidden = false;
    $("stage").hidden = false;
    // A game newly opened brings the viewer, as tall as the window, to its top; stepping never
    // scrolls the window again.
    if (another) window.scrollTo(0, $("viewer").getBoundingClientRect().top + window.scrollY);
    $("viewer-head").textContent = `Game ${n} · ${game.spec} · ${game.players.map((p, s) => `${s + 1}: ${p}`).join(", ")}`;
    for (const tr of document.querySelectorAll("#games-table tr")) tr.classList.toggle("current", Number(tr.dataset.game) === n);
    if (!replay) {
      $("drawing").textContent = "";
      $("drawing").append(el("p", { id: "not-embedded" }, source ? "Loading the replay..." : Frames.replayNote(n) ||
        `This game's replay is not embedded. Build a report that holds it: arena report INPUT --games ${n} --out game${n}.html`));
      $("moves").textContent = ""; $("caption").textContent = ""; $("values").textContent = ""; $("protocol").textContent = ""; $("decision").textContent = "";
      drawVerdict(game, true);
      showJumps();
      Page.emit("open", { replay: null, game });
      return;
    }
    const hidden = replay.views.length > 1;
    $("view-label").hidden = !hidden;
    const select = $("view");
    select.textContent = "";
    select.append(el("option", { value: 0 }, "full table"));
    if (hidden) game.players.forEach((p, s) => select.append(el("option", { value: s + 1 }, `seat ${s + 1} (${p}) sees`)));
    view.seat = hidden && seat >= 1 && seat < replay.views.length ? seat : 0;
    select.value = view.seat;
    view.frames = Frames.framesOf(replay, view.seat);
    $("slider").max = view.frames.length - 1;
    showJumps();
    drawMoves(replay, game);
    Page.emit("open", { replay, game });
    if (replay.stopped) $("moves").append(el("div", { class: "warn" }, replay.stopped));
    showPly(Math.max(0, Math.min(ply, view.frames.length - 1)));
  }

  // Each seat's remaining clock at `ply`, from the `go` lines the referee sent it (replay.protocol): at
  // its own decision the clock it was given; after a move that clock less the time used plus the
  // increment; before its first decision its first clock. The seat to move is marked, and the
  // last move flagged "slow" when it used a quarter or more of the clock its seat had.
  function drawClocks(replay, game, ply) {
    const box = $("clocks");
    box.textContent = "";
    if (!replay.protocol) return;
    const goOf = lines => (lines[lines.length - 1] || "").split(" ").slice(1).map(Number);  // [remaining, inc, movetime]
    const rows = [];
    for (let seat = 1; seat <= game.players.length; seat++) {
      const byPly = Frames.protocolLines(replay, seat);
      let at = -1, first = -1;
      for (const p of byPly.keys()) {
        if (first < 0) first = p;
        if (p <= ply) at = p;
      }
      if (first < 0) continue;
      const [remaining, inc] = goOf(byPly.get(at >= 0 ? at : first));
      if (!(remaining >= 0)) return;  // no game clock: nothing to show
      let ms = remaining;
      if (at >= 0 && at < ply && replay.actions[at] && replay.actions[at][2] >= 0) ms = remaining - replay.actions[at][2] / 1000 + inc;
      rows.push({ seat, ms: Math.max(0, Math.round(ms)), toMove: at === ply });
    }
    if (!rows.length) return;
    const line = el("div", { class: "note" }, "clocks: ");
    for (const r of rows) {
      const span = el("span", { class: "clock" + (r.toMove ? " to-move" : ""), "data-seat": r.seat, "data-ms": r.ms },
                      `${game.players[r.seat - 1]} ${(r.ms / 1000).toFixed(2)} s`);
      span.style.borderColor = seatColour(r.seat);
      line.append(span, document.createTextNode(" "));
    }
    box.append(line);
    const last = replay.actions[ply - 1];
    if (last && last[0] > 0 && last[2] >= 0) {
      const lines = Frames.protocolLines(replay, last[0]).get(ply - 1);
      const had = lines ? goOf(lines)[0] : -1;
      if (had > 0 && last[2] / 1000 >= had / 4)
        box.append(el("div", { class: "warn", id: "slow-move" },
                      `slow move: ${game.players[last[0] - 1]} used ${(last[2] / 1e6).toFixed(2)} s of the ${(had / 1000).toFixed(2)} s it had`));
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
    drawPicture(view.frames[ply], game.players, view.frames[ply - 1]);
    $("slider").value = ply;
    $("ply-label").textContent = `position ${ply} of ${view.frames.length - 1}`;
    for (const line of $("moves").children) line.classList.toggle("now", Number(line.dataset.ply) === ply);
    scrollMoves();
    drawVerdict(game, ply === view.frames.length - 1);
    drawClocks(view.replay, game, ply);
    const hash = `#game=${view.game}&ply=${ply}${view.seat ? "&seat=" + view.seat : ""}`;
    if (location.hash !== hash) history.replaceState(null, "", hash);
    Page.emit("position", { replay: view.replay, game, ply, seat: view.seat });
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
    const a = view.replay && view.replay.actions;
    if (!a) return;
    const seat = view.seat || (a[view.ply] ? a[view.ply][0] : 0);
    if (!seat) return;
    for (let p = view.ply + dir; p >= 0 && p < a.length; p += dir)
      if (a[p][0] === seat) return showPly(p);
  }

  // Where the game's hands and tricks start (picture.h, PicturePart: the picture's parts): the plies
  // whose number of that part differs from the ply before and is not 0. The game decides; the
  // page knows no rules.
  function partStarts(frames, kind) {
    const number = p => (frames[p].parts && frames[p].parts[kind]) || 0, out = [];
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
    if (dir > 0 && game && game.faultSeat && view.frames && view.ply < view.frames.length - 1) return showPly(Infinity);
    const faulted = DATA.games.filter(g => g.faultSeat && (dir > 0 ? g.number > here : g.number < here));
    const to = dir > 0 ? faulted[0] : faulted[faulted.length - 1];
    if (to) location.hash = `#game=${to.number}&ply=${to.length}`;
  }

  // The jump buttons of the parts this game has (a board game has no hands), and of faults when
  // the report holds any.
  function showJumps() {
    const starts = kind => (view.frames ? partStarts(view.frames, kind) : []);
    view.parts = { hand: starts("hand"), trick: starts("trick") };
    for (const box of document.querySelectorAll("#controls .jumps")) {
      const kind = box.dataset.jump;
      box.hidden = kind === "fault" ? !DATA.games.some(g => g.faultSeat) : !view.parts[kind].length;
    }
  }

  // The viewer's keys beyond the slider's own: a letter jumps forward, with Shift back.
  const JUMP_KEYS = { f: d => jumpFault(d), h: d => jumpPart("hand", d), t: d => jumpPart("trick", d) };

  // The viewer's buttons, keys and slider, and its drawing refitted when the window's size changes.
  function wireViewer() {
    window.addEventListener("resize", () => { view.fit = null; fitDrawing(); });
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

  // `before`: the picture one action earlier in the same view, to show what the action changed.
  function drawPicture(picture, players, before) {
    const box = $("drawing");
    box.textContent = "";
    picture.boards.forEach((b, i) => {
      const draw = boardDrawers[b.shape];
      box.append(draw ? draw(b, picture, before && before.boards[i]) : el("p", { class: "warn" }, `no drawing for boards of shape ${b.shape}`));
    });
    const table = drawZones(picture, players, before);
    if (table) box.append(table);
    fitDrawing();
    drawHighlights(box, picture);
    $("caption").textContent = picture.caption;
    const values = $("values");
    values.textContent = "";
    const shown = picture.zones.length ? picture.values.filter(v => v[2] === 0) : picture.values;
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

  return { state, setSource, openGame, showPly, wire: wireViewer };
})();
