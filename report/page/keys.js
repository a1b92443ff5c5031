// The keys of the JSON the page reads (docs/report.md, "The page's data keys"): the game list's
// entries, the replays, their pictures and patches. Short on the wire (a report of 10,000 games
// holds 10,000 entries, and every replay repeats its pictures' keys); named here once, as
// report/page_keys.h names them for the C++ writers (tests/check_page_scripts.py holds the two
// equal). The page reads its data through `named`, so no other script spells a short key. The
// first script of the page (report/page/scripts.txt); it uses no other.
"use strict";

const Keys = (() => {
  // A game's entry in the game list (and the live page's games in play and held back).
  const game = { number: "n", spec: "g", round: "r", players: "p", ranks: "k", scores: "s", teams: "t", termination: "e",
                 faultSeat: "f", detail: "d", length: "l", openingPlies: "o", repro: "rp", cpuPressure: "cp", latency: "lat",
                 recordNumber: "rn" };
  // The page's data beside its games.
  const data = { recordsFile: "rf" };
  // A replay; `events`: in its protocol lines, a run of event lines written as actions k..k+n-1.
  const replay = { actions: "a", views: "f", seen: "w", stopped: "x", protocol: "q", botLines: "i", botLinesCut: "ic",
                   events: "e" };
  const picture = { seat: "s", players: "n", toMove: "m", caption: "c", boards: "b", zones: "z", values: "v", parts: "p",
                    highlights: "h" };
  const board = { shape: "h", width: "w", height: "t", edges: "e", cells: "k", walls: "r" };
  const patch = { replace: "=", edit: "@" };

  const names = new Map();  // per table, its names by key
  // `entry` with the fields `table` knows under their names ("n" as number), the others as they are.
  function named(entry, table) {
    if (!names.has(table)) names.set(table, new Map(Object.entries(table).map(([name, key]) => [key, name])));
    const byKey = names.get(table), out = {};
    for (const [key, value] of Object.entries(entry)) out[byKey.get(key) || key] = value;
    return out;
  }

  return Object.freeze({ game, data, replay, picture, board, patch, named });
})();
