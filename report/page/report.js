// The report page's start: deep links, and main(), which draws the results and the game list,
// wires the viewer and starts the optional parts (the page's "start" event, page.js). The last
// of the report's scripts but the live page's (report/page/scripts.txt); main runs once every
// script has run, so that all have registered for the page's events. It exports nothing.
"use strict";

(() => {
  const { $, data: DATA } = Page;

  function followHash() {
    const params = new URLSearchParams(location.hash.slice(1));
    if (params.has("game")) {
      const id = params.get("game"), n = /^\d+$/.test(id) ? Number(id) : id, ply = Number(params.get("ply") || 0), seat = Number(params.get("seat") || 0);
      const view = Viewer.state();
      if (n !== view.game || seat !== view.seat || view.last < 0) Viewer.openGame(n, ply, seat);
      else if (ply !== view.ply) Viewer.showPly(ply);
      return;
    }
    Page.showTab(location.hash === "#games" ? "games" : "results");
  }

  function main() {
    $("title").textContent = DATA.title;
    document.title = DATA.title;
    const specs = Object.keys(DATA.specs);
    $("summary").textContent = `${DATA.games.length} games · ${specs.join(", ")} · ${DATA.embedded.length} replays embedded`;
    Results.draw();
    GameList.start();
    Viewer.wire();
    Page.emit("start");
    window.addEventListener("hashchange", followHash);
    followHash();
    // For tests: everything is drawn, the page's engine started (after the first paint) where
    // games are embedded as records, and a game the address opens is on screen.
    const ready = () => document.body.setAttribute("data-ready", "1");
    if (document.getElementById("arena-engine")) setTimeout(() => Frames.startPageEngine().then(ready), 0);
    else ready();
  }

  // The page's scripts are inline and at the end of <body>: they all run before DOMContentLoaded.
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", main);
  else main();
})();
