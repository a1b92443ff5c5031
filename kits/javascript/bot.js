#!/usr/bin/env node
// An Arena bot in JavaScript (Node.js, no dependencies): a random legal move.
"use strict";
const readline = require("readline");

let legal = [];
let rngState = 1n;
// SplitMix64 on the seat's seed: the same game repeats exactly.
function random() {
  rngState = (rngState + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
  let z = rngState;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
  return z ^ (z >> 31n);
}
function send(line) {
  process.stdout.write(line + "\n");
}

const input = readline.createInterface({ input: process.stdin, terminal: false });
input.on("line", (line) => {
  const words = line.trim().split(/\s+/);
  switch (words[0]) {
    case "arena": send("name my-js-bot"); send("author me"); send("ready"); break;
    case "newgame": rngState = BigInt.asUintN(64, BigInt(words[4] || "1")); break;
    case "legal": legal = words.slice(1); break;
    case "go": send("move " + legal[Number(random() % BigInt(legal.length))]); legal = []; break;
    case "quit": process.exit(0);
    default: break;  // obs, event, gameover, and lines of later protocol versions
  }
});
input.on("close", () => process.exit(0));
