// The live page of `arena serve` (docs/serve.md), on top of the report's page (report.js): the
// server's event stream (/events) says how many games have finished and which are in play;
// finished games' data and replays are fetched when they change or are opened, and a game in
// play is fetched as a spectator sees it (/api/live/ID) each time it moves. The viewer is the
// report's; this file only feeds it (through LIVE) and redraws the lists.
"use strict";

const liveState = { games: DATA.games.length, live: [], replays: new Map(), inPlay: new Map(), loading: new Set() };

// A game in play as the viewer's game list entry: no ranks, no result yet.
function liveGameEntry(g) {
  return { n: g.id, g: g.g, p: g.p, k: [], s: [], t: [], e: "in play", f: 0, d: "", l: g.l };
}

function fetchJson(url) {
  return fetch(url, { cache: "no-store" }).then(r => (r.ok ? r.json() : null));
}

// The replay of game `n` (a number: finished; a string: in play), fetched once per change.
function fetchReplay(n) {
  if (liveState.loading.has(n)) return;
  liveState.loading.add(n);
  const url = typeof n === "number" ? `api/replay/${n}` : `api/live/${encodeURIComponent(n)}`;
  fetchJson(url).then(replay => {
    liveState.loading.delete(n);
    if (!replay) return;
    liveState.replays.set(n, replay);
    if (view.game !== n) return;
    // Following the last move: stay at the end as the game goes on.
    const atEnd = !view.frames || view.ply >= view.frames.length - 1;
    openGame(n, atEnd ? Infinity : view.ply, view.seat);
  }).catch(() => liveState.loading.delete(n));
}

LIVE.replay = n => {
  if (liveState.replays.has(n)) return liveState.replays.get(n);
  fetchReplay(n);
  return null;
};
LIVE.game = n => (typeof n === "string" && liveState.inPlay.has(n) ? liveGameEntry(liveState.inPlay.get(n)) : null);

// The results and the game list again, from the finished games' new data.
function redrawFinished(data) {
  Object.assign(DATA, data);
  for (const n of data.embedded) EMBEDDED.add(n);
  for (const id of ["h2h", "ratings", "crosstable", "faults", "seats", "lengths"]) $(id).textContent = "";
  drawHeadToHead(); drawRatings(); drawCrosstable(); drawFaults(); drawSeatShares(); drawLengths();
  const known = new Set([...$("f-bot").options].map(o => o.value));
  for (const name of botNames()) if (!known.has(name)) $("f-bot").append(el("option", { value: name }, name));
  const terms = new Set([...$("f-term").options].map(o => o.value));
  for (const t of new Set(DATA.games.map(g => g.e))) if (!terms.has(t)) $("f-term").append(el("option", { value: t }, t));
  drawGameList();
  drawSummary();
}

function drawSummary() {
  $("summary").textContent = `${DATA.games.length} games finished · ${liveState.live.length} in play · ` +
    Object.keys(DATA.specs).join(", ");
}

function drawLiveList() {
  let box = $("live-games");
  if (!box) {
    box = el("div", { id: "live-games" });
    $("games").insertBefore(box, $("filters"));
  }
  box.textContent = "";
  box.append(el("h2", {}, `In play (${liveState.live.length})`));
  if (!liveState.live.length) return box.append(el("p", { class: "note" }, "No game in play."));
  const table = el("table", { id: "live-table" });
  table.innerHTML = "<tr><th class=name>game</th><th class=name>spec</th><th class=name>players</th><th>actions</th></tr>";
  for (const g of liveState.live) {
    const tr = el("tr", { "data-live": g.id, class: g.id === view.game ? "current" : "" });
    for (const [text, cls] of [[g.id, "name"], [g.g, "name"], [g.p.join(", "), "name"], [g.l, ""]])
      tr.append(el("td", cls ? { class: cls } : {}, String(text)));
    tr.addEventListener("click", () => openGame(g.id, Infinity, 0));
    table.append(tr);
  }
  box.append(table);
}

// One state event: fetch what changed.
function onState(state) {
  const before = liveState.inPlay;
  liveState.live = state.live;
  liveState.inPlay = new Map(state.live.map(g => [g.id, g]));
  for (const g of state.live) {
    const old = before.get(g.id);
    if (old && old.l === g.l) continue;
    liveState.replays.delete(g.id);
    if (view.game === g.id) fetchReplay(g.id);
  }
  const watchedEnded = typeof view.game === "string" && !liveState.inPlay.has(view.game);
  if (watchedEnded) {
    const number = (before.get(view.game) || {}).n;
    $("viewer-head").textContent = `Game ${view.game} is over` + (number ? `: game ${number} in the list once recorded.` : ".");
  }
  if (state.games !== liveState.games) {
    liveState.games = state.games;
    fetchJson("api/data").then(data => { if (data) redrawFinished(data); });
  }
  drawLiveList();
  drawSummary();
}

// The event stream. The browser reconnects by itself when an open stream ends; a refusal
// (503: every slot is taken, docs/serve.md "Limits") closes it for good, so the page tries again
// itself, after 1 s, 2 s, 4 s... up to 30 s, each wait between half and all of that (refused
// pages do not all come back at once).
let refusals = 0;
function connect() {
  let status = $("live-status");
  if (!status) {
    status = el("span", { id: "live-status" }, "connecting");
    document.querySelector("header").append(status);
  }
  const source = new EventSource("events");
  source.addEventListener("open", () => { refusals = 0; status.textContent = "live"; status.className = ""; });
  source.addEventListener("error", () => {
    status.textContent = "disconnected (retrying)";
    status.className = "off";
    if (source.readyState !== EventSource.CLOSED) return;
    const longest = Math.min(30000, 1000 * 2 ** refusals++);
    setTimeout(connect, longest / 2 + Math.random() * longest / 2);
  });
  source.addEventListener("state", e => onState(JSON.parse(e.data)));
}

onState(JSON.parse($("arena-live-state").textContent));
connect();
if (typeof view.game === "string" || !view.frames) followHash();  // a deep link to a game in play
