// What every script of the page shares: the page's data (the report's, or the live page's
// finished games), small DOM helpers, and a seat's result in a game. The first script of the
// page (report/page/scripts.txt); the others call these only once the page has loaded.
"use strict";

const DATA = JSON.parse(document.getElementById("arena-data").textContent);
const EMBEDDED = new Set(DATA.embedded);
// Set by the live page of `arena serve` (live.js) only: `replay(n)` a game's replay it fetched
// (null until then), `game(n)` a game in play by its id ("game-7"); unset in a report.
const LIVE = { replay: null, game: null };

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
  for (let o = 0; o < game.k.length; o++) {
    if (o === seat || (game.t.length && game.t[o] === game.t[seat])) continue;
    opponents++;
    if (game.k[seat] < game.k[o]) beaten += 1;
    else if (game.k[seat] === game.k[o]) beaten += 0.5;
  }
  return opponents ? beaten / opponents : null;
}

// "win", "draw" or "loss" for a seat: first alone, first shared with an opponent, or not first.
function seatResult(game, seat) {
  if (!game.k.length) return "aborted";
  if (game.k[seat] !== 1) return "loss";
  for (let o = 0; o < game.k.length; o++)
    if (o !== seat && game.k[o] === 1 && !(game.t.length && game.t[o] === game.t[seat])) return "draw";
  return "win";
}
