#!/usr/bin/env node
// An Arena bot in JavaScript that thinks with Arena's own rules: the engine compiled to
// WebAssembly (docs/javascript.md). At each decision it rebuilds the position from what its
// seat saw (the hidden parts, other hands or draws, sampled where there are any), tries every
// legal move one ply deep and plays the best by the game's own evaluation, a win first.
//
//   node --disable-wasm-trap-handler bot.mjs [ENGINE_FOLDER]
//
// ENGINE_FOLDER holds arena.mjs and arena.wasm: Arena's build/js, an installed
// PREFIX/share/arena/js, or by default this file's folder (copy them beside it).
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";

const engineFolder = path.resolve(process.argv[2] ?? path.dirname(fileURLToPath(import.meta.url)));
const { loadArena } = await import(pathToFileURL(path.join(engineFolder, "arena.mjs")).href);
const arena = await loadArena();

let game = null, seat = 0, events = [], legal = [];
let rngState = 1n;
// SplitMix64 on the seat's seed: the same game repeats exactly.
function random() {
  rngState = (rngState + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
  let z = rngState;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
  return z ^ (z >> 31n);
}
const pick = (list) => list[Number(random() % BigInt(list.length))];

function choose() {
  const state = game.sampleState(seat, events, random());  // one possible truth
  const child = state.clone();
  let best = [], bestValue = -Infinity;
  for (const move of state.legalMoves()) {
    child.copyFrom(state).apply(move);
    const value = !child.isTerminal() ? child.heuristicValue(seat)
                : child.results()[seat - 1].rank === 1 ? Infinity : -Infinity;
    if (value > bestValue) [best, bestValue] = [[], value];
    if (value === bestValue) best.push(move);
  }
  const name = state.moveName(pick(best));
  child.free();
  state.free();
  return name;
}

function send(line) {
  process.stdout.write(line + "\n");
}

const input = readline.createInterface({ input: process.stdin, terminal: false });
input.on("line", (line) => {
  const words = line.trim().split(/\s+/);
  switch (words[0]) {
    case "arena": send("name my-js-bot"); send("author me"); send("ready"); break;
    case "newgame":
      [game, seat, events] = [arena.load(words[1]), Number(words[2]), []];
      rngState = BigInt.asUintN(64, BigInt(words[4] || "1"));
      break;
    case "event": events.push({ actor: words[1], view: words[2] }); break;
    case "legal": legal = words.slice(1); break;
    case "go":
      try {
        send("move " + choose());
      } catch (error) {  // never expected: say why, and play on
        process.stderr.write(`${error.message}\n`);
        send("move " + pick(legal));
      }
      legal = [];
      break;
    case "quit": process.exit(0);
    default: break;  // obs, gameover, and lines of later protocol versions
  }
});
input.on("close", () => process.exit(0));
