// Arena's engine for JavaScript (bindings/js/, docs/javascript.md) against the C++ engine, for
// every game and player count `arena games --json` lists (quick parameters):
// - Recorded by the referee: `arena match` between random bots. Each game is replayed in JS
//   action by action (each recorded name legal, parsed and named back the same, by the seat
//   the record says), to the record's ranks, scores and teams; and what JS computes for every
//   seat (its `event` lines, and at its decisions its `obs` lines and `legal` line) must be
//   the lines `arena repro --print-lines` gives that seat: the referee's own transcript.
// - Driven from Node: random games played by the JS engine with its own random numbers (chance
//   outcomes by their probabilities), written as records. `arena verify` must accept every
//   action and the results; `arena repro --print-lines` must again give each seat JS's lines.
// - Sampled: at every decision of every seat of those games, game.sampleState from the events
//   the referee sent that seat must show it exactly those events, `obs` lines and `legal` line.
//   node engine_identical_test.mjs BIN_DIR JS_DIR WORK_DIR
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [binDir, jsDir, workDir] = process.argv.slice(2);
const { loadArena, CHANCE } = await import(pathToFileURL(path.join(jsDir, "arena.mjs")).href);
const arena = await loadArena();
const arenaBin = path.join(binDir, "arena");
const run = (args) => execFileSync(arenaBin, args, { encoding: "utf8", maxBuffer: 1 << 28 });
fs.rmSync(workDir, { recursive: true, force: true });
fs.mkdirSync(workDir, { recursive: true });

const problems = [];
const counts = { games: 0, actions: 0, transcripts: 0, samples: 0 };

// ---------------------------------------------------------------------------------------------
// Records: the few parts of the PGN format (docs/records.md) this test reads and writes.

// Every game of a PGN file: its tags and its actions ({actor: seat or 0, name}).
function readRecords(text) {
  return text.split(/\n(?=\[Event )/).filter((g) => g.trim()).map((g) => {
    const tags = Object.fromEntries([...g.matchAll(/^\[(\w+) "((?:[^"\\]|\\.)*)"\]$/gm)].map((m) => [m[1], m[2]]));
    const actions = [...g.matchAll(/\{(\d+)\. (s\d+|chance) (\S+?)(?: [\d.]+s)?\}/g)].map((m) => ({
      actor: m[2] === "chance" ? CHANCE : Number(m[2].slice(1)),
      name: m[3].replace(/%([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
    }));
    return { tags, actions };
  });
}

// One game as a record: a finished game between bots named after their seats.
function writeRecord(spec, round, seed, actions, results) {
  const seats = results.length;
  const tags = [["Event", "JavaScript engine test"], ["Site", "?"], ["Date", "????.??.??"], ["Round", String(round)]];
  const ranks = results.map((r) => r.rank);
  if (seats === 2) {
    const result = ranks[0] < ranks[1] ? "1-0" : ranks[0] > ranks[1] ? "0-1" : "1/2-1/2";
    tags.push(["White", "js1"], ["Black", "js2"], ["Result", result]);
  } else {
    tags.push(["Result", "*"]);
  }
  tags.push(["Game", spec]);
  for (let s = 1; s <= seats; s++) tags.push([`Seat${s}`, `js${s}`]);
  tags.push(["Seed", String(seed)], ["TimeControl", "-"], ["Ranks", ranks.join(" ")],
            ["Scores", results.map((r) => String(r.score)).join(" ")],
            ["Teams", results.map((r) => r.team).join(" ")], ["Termination", "normal"]);
  const escape = (name) => name.replace(/[%{} ]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0"));
  const moves = actions.map((a, i) => `{${i + 1}. ${a.actor === CHANCE ? "chance" : "s" + a.actor} ${escape(a.name)}}`);
  const result = tags.find(([k]) => k === "Result")[1];
  return tags.map(([k, v]) => `[${k} "${v}"]`).join("\n") + "\n\n" + moves.join("\n") + "\n" + result + "\n\n";
}

// ---------------------------------------------------------------------------------------------
// What JS says each seat is sent, replaying `actions`; problems with the replay itself go to
// `where`'s list. Returns the final state and, per seat, its event/obs/legal lines in order.
function replay(game, actions, where) {
  const state = game.newInitialState();
  const lines = Array.from({ length: game.players + 1 }, () => []);
  for (const [i, action] of actions.entries()) {
    const at = `${where}, action ${i + 1} '${action.name}'`;
    const actor = state.currentPlayer();
    if (actor !== action.actor) return problems.push(`${at}: JS has actor ${actor}, the record ${action.actor}`), null;
    const names = state.legalMoveNames();
    if (actor !== CHANCE) {
      lines[actor].push(...state.observation(actor).map((l) => `obs ${l}`));
      lines[actor].push(names.length ? `legal ${names.join(" ")}` : "legal");
    }
    if (!names.includes(action.name)) return problems.push(`${at}: not among JS's legal names`), null;
    const move = state.parseMove(action.name);
    if (state.moveName(move) !== action.name || state.legalMoves()[names.indexOf(action.name)] !== move)
      return problems.push(`${at}: JS names move ${move} '${state.moveName(move)}'`), null;
    for (let seat = 1; seat <= game.players; seat++) {
      const view = state.actionView(seat, move);
      if (view) lines[seat].push(`event ${actor === CHANCE ? "chance" : actor} ${view}`);
    }
    state.apply(move);
    counts.actions++;
  }
  return { state, lines };
}

// The referee's transcript of one seat of game `n` of a record file, and its decisions: at each
// `go`, the events before it, and the obs lines and legal line of that decision.
function refereeTranscript(file, n, seat) {
  const text = run(["repro", file, "--game", String(n), "--seat", String(seat), "--print-lines"]);
  const kept = [], decisions = [];
  let obs = [], legal = null;
  const events = [];
  for (const line of text.split("\n")) {
    const word = line.split(" ")[0];
    if (word === "event") {
      const [, actor, view] = line.split(" ");
      events.push({ actor, view });
    } else if (word === "obs") {
      obs.push(line.slice(4));
    } else if (word === "legal") {
      legal = line === "legal" ? [] : line.slice(6).split(" ");
    } else if (word === "go") {
      decisions.push({ events: events.slice(), obs, legal });
      [obs, legal] = [[], null];
    }
    if (word === "event" || word === "obs" || word === "legal") kept.push(line);
  }
  return { kept, decisions };
}

// Every seat's transcript from the referee against JS's lines, and a sample at each decision.
function compareSeats(game, file, n, jsLines, where) {
  for (let seat = 1; seat <= game.players; seat++) {
    const referee = refereeTranscript(file, n, seat);
    counts.transcripts++;
    const ours = jsLines[seat];
    const first = ours.findIndex((l, i) => l !== referee.kept[i]);
    if (first >= 0 || ours.length !== referee.kept.length) {
      const i = first >= 0 ? first : Math.min(ours.length, referee.kept.length);
      problems.push(`${where}, seat ${seat}: line ${i + 1} differs: JS '${ours[i]}', referee '${referee.kept[i]}'`);
    }
    referee.decisions.forEach((d, k) => checkSample(game, seat, d, `${where}, seat ${seat}, decision ${k + 1}`, k));
  }
}

// A state sampled from what the seat was sent shows it exactly that.
function checkSample(game, seat, decision, where, k) {
  let sample;
  try {
    sample = game.sampleState(seat, decision.events, 1000 * seat + k);
  } catch (error) {
    return problems.push(`${where}: no sample: ${error.message}`);
  }
  const seen = sample.seenBy(seat).map((a) => `${a.actor === CHANCE ? "chance" : a.actor} ${a.view}`);
  const sent = decision.events.map((a) => `${a.actor} ${a.view}`);
  if (seen.join("\n") !== sent.join("\n")) problems.push(`${where}: the sample shows other events`);
  if (sample.currentPlayer() !== seat) problems.push(`${where}: in the sample seat ${sample.currentPlayer()} is to act`);
  if (sample.observation(seat).join("\n") !== decision.obs.join("\n")) problems.push(`${where}: the sample's observation differs`);
  if (decision.legal && sample.legalMoveNames().join(" ") !== decision.legal.join(" "))
    problems.push(`${where}: the sample's legal moves differ`);
  sample.free();
  counts.samples++;
}

function sameResults(state, tags, where) {
  if (!state.isTerminal()) return problems.push(`${where}: JS's game is not over at the record's end`);
  const r = state.results();
  const mine = [r.map((x) => x.rank).join(" "), r.map((x) => x.score).join(" "), r.map((x) => x.team).join(" ")];
  const theirs = [tags.Ranks, tags.Scores.split(" ").map(Number).join(" "), tags.Teams ?? r.map((_, i) => i).join(" ")];
  if (mine.join("|") !== theirs.join("|")) problems.push(`${where}: JS's results ${mine.join("|")}, the record's ${theirs.join("|")}`);
}

// ---------------------------------------------------------------------------------------------
// A random game played by the JS engine: uniform legal moves, chance by its probabilities.
function randomGame(game, seed) {
  let x = BigInt(seed);
  const unit = () => {
    x = (x + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
    let z = x;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
    return Number((z ^ (z >> 31n)) >> 11n) / 2 ** 53;
  };
  const state = game.newInitialState();
  const actions = [];
  while (!state.isTerminal() && actions.length < game.maxGameLength) {
    const actor = state.currentPlayer();
    let move;
    if (actor === CHANCE) {
      const outcomes = state.chanceOutcomes();
      let u = unit();
      move = outcomes[outcomes.length - 1].move;
      for (const o of outcomes) if ((u -= o.probability) < 0) { move = o.move; break; }
    } else {
      const moves = state.legalMoves();
      move = moves[Math.floor(unit() * moves.length)];
    }
    actions.push({ actor, name: state.moveName(move) });
    state.apply(move);
  }
  return { state, actions };
}

// ---------------------------------------------------------------------------------------------
const listed = JSON.parse(run(["games", "--json"])).games.flatMap((g) => g.player_counts);
for (const c of listed) {
  const game = arena.load(c.quick_spec);
  const name = c.quick_spec.replace(/[^a-z0-9]+/gi, "_");
  // Recorded by the referee.
  const recorded = path.join(workDir, `${name}.pgn`);
  const args = ["match", c.quick_spec, "--games", "2", "--seed", "7", "--out", recorded, "--quiet"];
  for (let s = 1; s <= c.players; s++) args.push("--bot", `r${s}=${path.join(binDir, "random_bot")}`);
  run(args);
  readRecords(fs.readFileSync(recorded, "utf8")).forEach((record, i) => {
    const where = `${c.quick_spec} recorded game ${i + 1}`;
    if (record.tags.Game !== game.spec) problems.push(`${where}: the record's spec ${record.tags.Game}, JS's ${game.spec}`);
    const replayed = replay(game, record.actions, where);
    if (!replayed) return;
    if (record.tags.Termination === "normal") sameResults(replayed.state, record.tags, where);
    compareSeats(game, recorded, i + 1, replayed.lines, where);
    replayed.state.free();
    counts.games++;
  });
  // Driven from Node.
  const driven = path.join(workDir, `${name}-js.pgn`);
  const games = [1, 2].map((k) => ({ k, ...randomGame(game, 7919 * k + c.players) }));
  if (!games.every((g) => g.state.isTerminal())) {
    problems.push(`${c.quick_spec}: a random game in JS did not end within ${game.maxGameLength} actions`);
    continue;
  }
  fs.writeFileSync(driven, games.map((g) => writeRecord(game.spec, g.k, g.k, g.actions, g.state.results())).join(""));
  try {
    run(["verify", driven, "--quiet"]);
  } catch (error) {
    problems.push(`${c.quick_spec}: arena verify rejects JS's games:\n${error.stdout}${error.stderr}`);
    continue;
  }
  for (const g of games) {
    const where = `${c.quick_spec} JS game ${g.k}`;
    const replayed = replay(game, g.actions, where);
    if (replayed) compareSeats(game, driven, g.k, replayed.lines, where);
    replayed?.state.free();
    g.state.free();
    counts.games++;
  }
}
fs.rmSync(workDir, { recursive: true, force: true });

console.log(`${listed.length} player counts, ${counts.games} games, ${counts.actions} actions, ` +
            `${counts.transcripts} seat transcripts, ${counts.samples} samples compared`);
if (counts.games === 0 || counts.samples === 0) problems.push("nothing was compared");
if (problems.length) {
  console.error(problems.slice(0, 40).join("\n"));
  if (problems.length > 40) console.error(`... ${problems.length - 40} more`);
  process.exit(1);
}
