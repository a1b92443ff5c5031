// What every script of the page shares: the page's data (the report's, or the live page's
// finished games), small DOM helpers, a seat's result in a game, the two tabs, and the page's
// events. The first script of the page after keys.js (report/page/scripts.txt).
//
// Every script of the page is one module: a function run once, whose names are its own, and
// which hands the others what they use as one namespace object (`const Page = (() => {...})();`),
// or nothing. The report is one HTML file opened from file://, where <script type=module> cannot
// import another, so these are plain scripts; tests/check_page_scripts.py holds each to defining
// one name. A later script uses an earlier one's namespace; an earlier one reaches a later one only
// at run time (after the page has loaded), or through an event of `on`/`emit` below.
"use strict";

const Page = (() => {
  // The page's data with its keys named (keys.js): the games' entries, the records file.
  function readData(json) {
    const data = Keys.named(json, Keys.data);
    if (data.games) data.games = data.games.map(g => Keys.named(g, Keys.game));
    return data;
  }
  const DATA = readData(JSON.parse(document.getElementById("arena-data").textContent));
  const EMBEDDED = new Set(DATA.embedded);

  // New data (the live page's, as api/data gives it): the same objects DATA and EMBEDDED change.
  function update(json) {
    Object.assign(DATA, readData(json));
    for (const n of DATA.embedded) EMBEDDED.add(n);
  }

  // The page's events: what the optional parts of the page (the league's table, the bots' lines,
  // the decision panel, the live page) follow, each registering itself with `on` when its script
  // runs; a page built without one of them simply has no handler. The events and their argument:
  //   "results"  the results tab was drawn (again): {}
  //   "start"    every script has run and the page is drawn, before the address is followed: {}
  //   "open"     the viewer opened a game: {replay, game}, replay null when it has none (yet),
  //              game null when the page holds no such game
  //   "position" the viewer shows a position: {replay, game, ply, seat}, seat 0 the full table
  const handlers = new Map(["results", "start", "open", "position"].map(event => [event, []]));
  function handlersOf(event) {
    if (!handlers.has(event)) throw new Error(`the page has no event "${event}"`);
    return handlers.get(event);
  }
  function on(event, handler) { handlersOf(event).push(handler); }
  function emit(event, detail) {
    for (const handler of handlersOf(event)) handler(detail || {});
  }

  // The two tabs: "results" or "games".
  function showTab(name) {
    $("results").hidden = name !== "results";
    $("games").hidden = name !== "games";
    $("tab-results").classList.toggle("active", name === "results");
    $("tab-games").classList.toggle("active", name === "games");
  }

  function $(id) { return document.getElementById(id); }

  function el(tag, attrs, text) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function fmt(x, digits) {
    return x === null || x === undefined || Number.isNaN(x) ? "–" : Number(x).toFixed(digits);
  }

  // A seat's share of a game: opponents (other teams) beaten plus half the ties, over opponents.
  function seatShare(game, seat) {
    let beaten = 0, opponents = 0;
    for (let o = 0; o < game.ranks.length; o++) {
      if (o === seat || (game.teams.length && game.teams[o] === game.teams[seat])) continue;
      opponents++;
      if (game.ranks[seat] < game.ranks[o]) beaten += 1;
      else if (game.ranks[seat] === game.ranks[o]) beaten += 0.5;
    }
    return opponents ? beaten / opponents : null;
  }

  // "win", "draw" or "loss" for a seat: first alone, first shared with an opponent, or not first.
  function seatResult(game, seat) {
    if (!game.ranks.length) return "aborted";
    if (game.ranks[seat] !== 1) return "loss";
    for (let o = 0; o < game.ranks.length; o++)
      if (o !== seat && game.ranks[o] === 1 && !(game.teams.length && game.teams[o] === game.teams[seat])) return "draw";
    return "win";
  }

  return { data: DATA, embedded: EMBEDDED, update, $, el, fmt, seatShare, seatResult, showTab, on, emit };
})();
