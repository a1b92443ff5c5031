// The live page of `arena serve` (docs/serve.md), on top of the report's page (its scripts,
// report/page/scripts.txt): the server's event stream (/events) says how many games have
// finished and which are in play;
// finished games' data and replays are fetched when they change or are opened, and a game in
// play is fetched as a spectator sees it (/api/live/ID) each time it moves. The viewer is the
// report's; this file only feeds it (as the viewer's source of games and replays, Viewer.setSource)
// and redraws the lists. It starts on the page's "start" event (page.js) and exports nothing.
"use strict";

(() => {
  const { $, el, data: DATA } = Page;

  // `ended`: the games seen in play that are over (id -> their last entry); `held`: the finished
  // games held back (folder_watch.h, state_json).
  const liveState = { games: DATA.games.length, live: [], replays: new Map(), inPlay: new Map(), loading: new Set(),
                      ended: new Map(), held: [] };

  // A game in play as the viewer's game list entry: no ranks, no result yet.
  function liveGameEntry(g) {
    return { number: g.id, spec: g.spec, players: g.players, ranks: [], scores: [], teams: [], termination: "in play", faultSeat: 0,
             detail: "", length: g.length };
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
      // No game in play by that id (404): it ended between the list and the request.
      if (!replay && typeof n === "string") return gameEnded(n, liveState.inPlay.get(n));
      if (!replay) return;
      liveState.replays.set(n, Frames.readReplay(replay));
      const view = Viewer.state();
      if (view.game !== n) return;
      // Following the last move: stay at the end as the game goes on.
      const atEnd = view.last < 0 || view.ply >= view.last;
      Viewer.openGame(n, atEnd ? Infinity : view.ply, view.seat);
    }).catch(() => liveState.loading.delete(n));
  }

  // The replay of game n when fetched, else null (fetched now, the viewer opens it again).
  function replayOf(n) {
    if (liveState.replays.has(n)) return liveState.replays.get(n);
    if (liveState.ended.has(n)) setTimeout(() => showEnded(n));  // after openGame drew "Loading"
    else fetchReplay(n);
    return null;
  }
  // A game in play, or seen in play and over, as the game list's entry; null for a number.
  function gameOf(n) {
    if (typeof n !== "string") return null;
    if (liveState.inPlay.has(n)) return liveGameEntry(liveState.inPlay.get(n));
    return liveState.ended.has(n) ? { ...liveGameEntry(liveState.ended.get(n)), termination: "over" } : null;
  }

  // The record of game in play `id` once the list shows it: by its record's number in the folder
  // (a tournament's games know it), else by its Round (a league's are named after it).
  const leagueId = round => "league-" + round.replace(/\./g, "-");
  function endedRecord(id, entry) {
    return DATA.games.find(g => (entry.number > 0 ? g.recordNumber === entry.number : g.round && leagueId(g.round) === id));
  }

  function gameEnded(id, entry) {
    if (!liveState.ended.has(id)) liveState.ended.set(id, entry || { id, number: 0, spec: "", players: [], length: 0 });
    if (Viewer.state().game === id) showEnded(id);
  }

  // A watched game that is over: its result and a link to its record, or why there is none yet:
  // held back until its table's other game (the same deal) ends, or not read yet. Said in the
  // viewer's head, and in place of "Loading the replay..." when no position was shown.
  function showEnded(id) {
    if (Viewer.state().game !== id) return;
    const entry = liveState.ended.get(id) || {}, record = endedRecord(id, entry);
    const held = liveState.held.some(h => (entry.number > 0 ? h.recordNumber === entry.number : leagueId(h.round) === id));
    const head = $("viewer-head");
    head.textContent = "";
    head.dataset.ended = record ? "recorded" : held ? "held" : "pending";
    if (record) {
      head.append(`Game ${id} is over: ${GameList.resultText(record)} (${record.termination}${record.faultSeat ? ` by seat ${record.faultSeat}` : ""}). Its record: `,
                  el("a", { href: `#game=${record.number}&ply=0`, id: "ended-record" }, `game ${record.number}`));
    } else {
      head.append(`Game ${id} is over; ` + (held ? "its record is held back until its table's other game ends (it replays the same deal)."
                                                   : "its record is listed here once it is written."));
    }
    const loading = document.getElementById("not-embedded");
    if (loading) loading.textContent = head.textContent;
  }

  // The results and the game list again, from the finished games' new data.
  function redrawFinished(data) {
    Page.update(data);
    Results.draw();
    GameList.draw();
    drawSummary();
    if (liveState.ended.has(Viewer.state().game)) showEnded(Viewer.state().game);
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
      const tr = el("tr", { "data-live": g.id, class: g.id === Viewer.state().game ? "current" : "" });
      for (const [text, cls] of [[g.id, "name"], [g.spec, "name"], [g.players.join(", "), "name"], [g.length, ""]])
        tr.append(el("td", cls ? { class: cls } : {}, String(text)));
      tr.addEventListener("click", () => Viewer.openGame(g.id, Infinity, 0));
      table.append(tr);
    }
    box.append(table);
  }

  // One state event: fetch what changed.
  function onState(state) {
    const before = liveState.inPlay;
    // Its games in play and held back, their keys named (keys.js).
    liveState.live = state.live.map(g => Keys.named(g, Keys.game));
    liveState.inPlay = new Map(liveState.live.map(g => [g.id, g]));
    for (const g of liveState.live) {
      const old = before.get(g.id);
      if (old && old.length === g.length) continue;
      liveState.replays.delete(g.id);
      if (Viewer.state().game === g.id) fetchReplay(g.id);
    }
    liveState.held = (state.held || []).map(h => Keys.named(h, Keys.game));
    for (const [id, entry] of before) if (!liveState.inPlay.has(id)) gameEnded(id, entry);
    if (liveState.ended.has(Viewer.state().game)) showEnded(Viewer.state().game);
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

  Viewer.setSource({ game: gameOf, replay: replayOf });
  Page.on("start", () => {
    onState(JSON.parse($("arena-live-state").textContent));
    connect();
  });
})();
