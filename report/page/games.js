// The games tab's list and its filters: which games are shown, in which order, a page of rows
// at a time; a row opens its game in the viewer (viewer.js). The results' bot rows open the list
// filtered by their bot (wired on the page's "results" event, page.js).
"use strict";

const GameList = (() => {
  const { $, el, seatResult, data: DATA, embedded: EMBEDDED } = Page;
  const PAGE_ROWS = 200;  // game list rows drawn at a time: 10,000 rows would slow the first paint
  // The list's own state: rows drawn, and the column it is sorted by (null: newest first).
  const gameList = { shown: PAGE_ROWS, sort: null };

  // The filters' choices of bot, seat and termination the games have and the lists lack yet
  // (the live page's games bring new ones).
  function fillFilters() {
    const add = (id, values) => {
      const known = new Set([...$(id).options].map(o => o.value));
      for (const v of values) if (!known.has(String(v))) $(id).append(el("option", { value: v }, String(v)));
    };
    add("f-bot", Results.botNames());
    const seats = Math.max(0, ...DATA.games.map(g => g.players.length));
    add("f-seat", Array.from({ length: seats }, (_, s) => s + 1));
    add("f-term", [...new Set(DATA.games.map(g => g.termination))].sort());
  }

  function wireFilters() {
    for (const id of ["f-text", "f-bot", "f-seat", "f-result", "f-term", "f-min", "f-max"])
      $(id).addEventListener("input", () => { gameList.shown = PAGE_ROWS; drawGameList(); });
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
        gameList.shown = PAGE_ROWS;
        drawGameList();
        location.hash = "#games";
      });
    }
  }

  // The game list's order: by a column clicked (again: the other way), else newest first (the
  // games are numbered in the order they finished).
  const SORT_KEYS = { "#": g => g.number, length: g => g.length, termination: g => g.termination, game: g => g.spec };
  function sorted(games) {
    if (!gameList.sort) return [...games].reverse();
    const key = SORT_KEYS[gameList.sort.column], dir = gameList.sort.dir;
    return [...games].sort((a, b) => (key(a) < key(b) ? -dir : key(a) > key(b) ? dir : a.number - b.number));
  }

  // What the search field looks in: the game's number, round, spec, players, ranks, termination.
  function searchText(g) { return `#${g.number} ${g.round || ""} ${g.spec} ${resultText(g)} ${g.termination} ${g.detail || ""}`.toLowerCase(); }

  function matches(g) {
    const text = $("f-text").value.trim().toLowerCase();
    if (text && !text.split(/\s+/).every(word => searchText(g).includes(word))) return false;
    const bot = $("f-bot").value, seat = Number($("f-seat").value), result = $("f-result").value;
    const term = $("f-term").value, min = $("f-min").value, max = $("f-max").value;
    if (term && g.termination !== term) return false;
    if (min !== "" && g.length < Number(min)) return false;
    if (max !== "" && g.length > Number(max)) return false;
    // The seats the bot and seat filters point at; the result filter asks about them.
    let seats = g.players.map((_, s) => s);
    if (bot) seats = seats.filter(s => g.players[s] === bot);
    if (seat) seats = seats.filter(s => s === seat - 1);
    if (!seats.length) return false;
    return !result || seats.some(s => seatResult(g, s) === result);
  }

  function resultText(g) {
    if (!g.ranks.length) return "aborted";
    return g.players.map((p, s) => `${p} ${g.ranks[s]}`).join(", ");
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
      if (gameList.sort && gameList.sort.column === column) th.textContent += gameList.sort.dir > 0 ? " \u25B2" : " \u25BC";
      th.addEventListener("click", () => {
        gameList.sort = { column, dir: gameList.sort && gameList.sort.column === column ? -gameList.sort.dir : 1 };
        drawGameList();
      });
    }
    for (const g of found.slice(0, gameList.shown)) {
      const tr = el("tr", { "data-game": g.number, class: g.number === Viewer.state().game ? "current" : "" });
      for (const [text, cls] of [[g.number, ""], [g.spec, "name"], [resultText(g), "name"], [g.termination + (g.faultSeat ? ` (seat ${g.faultSeat})` : ""), "name"],
                                 [g.length, ""], [EMBEDDED.has(g.number) ? "yes" : "not embedded", "name"]])
        tr.append(el("td", cls ? { class: cls } : {}, String(text)));
      tr.addEventListener("click", () => Viewer.openGame(g.number, 0, Viewer.state().seat));
      table.append(tr);
    }
    list.append(table);
    if (found.length > gameList.shown) {
      const more = el("button", { class: "more" }, `show ${Math.min(PAGE_ROWS, found.length - gameList.shown)} more`);
      more.addEventListener("click", () => { gameList.shown += PAGE_ROWS; drawGameList(); });
      list.append(more);
    }
  }

  // The list and its filters, first drawn (`draw` again after the games changed).
  function start() {
    fillFilters();
    wireFilters();
    drawGameList();
  }

  function draw() {
    fillFilters();
    drawGameList();
  }

  Page.on("results", wireBotLinks);
  return { start, draw, resultText };
})();
