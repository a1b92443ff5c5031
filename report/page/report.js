// The report page's start: tabs and deep links, and main(), which draws the results and the
// game list and wires the viewer. The last of the report's scripts (report/page/scripts.txt).
"use strict";

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
