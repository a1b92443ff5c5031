// The JavaScript engine's API (bindings/js/arena.mjs, docs/javascript.md) as a bot author meets
// it: bad input is an ArenaError in the engine's words (the `arena` binary's, compared) and the
// engine goes on working after thousands of them; states are freed explicitly or by the garbage
// collector, and a long run of clones stays in constant memory; node starts it under the
// referee's address-space limit with the documented flag, and says what to do without it.
//   node --expose-gc engine_api_test.mjs BIN_DIR JS_DIR
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import path from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";

const [binDir, jsDir] = process.argv.slice(2);
const moduleUrl = pathToFileURL(path.join(jsDir, "arena.mjs")).href;
const { loadArena, ArenaError, CHANCE, TERMINAL } = await import(moduleUrl);
const arena = await loadArena();

// What `arena` prints for an error, without its "arena: error: " (and --moves' own prefix).
function arenaError(args) {
  const run = spawnSync(path.join(binDir, "arena"), args, { encoding: "utf8" });
  assert.equal(run.status, 2, run.stderr);
  return run.stderr.trim().replace(/^arena: error: (--moves: action \d+: )?/, "");
}

// A random game of `spec` to its end, or to `plies` actions.
function play(spec, seed, plies = Infinity) {
  const state = arena.load(spec).newInitialState();
  for (let i = 0; !state.isTerminal() && i < plies; i++) {
    const moves = state.legalMoves();
    state.apply(moves[(seed * 7919 + i * 104729) % moves.length]);
  }
  return state;
}

test("a game is loaded once per canonical spec, with what `arena games` says of it", () => {
  const game = arena.load("clump");
  assert.equal(game, arena.load("clump:size=8"));
  assert.equal(game.spec, "clump:size=8");
  assert.equal(game.id, "clump");
  assert.equal(game.players, 2);
  assert.equal(game.hiddenInformation, false);
  assert.equal(arena.load("flush:players=4").hiddenInformation, true);
  const listed = JSON.parse(execFileSync(path.join(binDir, "arena"), ["games", "--json"], { encoding: "utf8" }));
  for (const count of listed.games.flatMap((g) => g.player_counts)) {
    const g = arena.load(count.spec);
    assert.equal(g.spec, count.spec);
    assert.equal(g.players, count.players);
  }
});

test("games() is `arena games --json`'s list, every game, parameter and player count", () => {
  const listed = JSON.parse(execFileSync(path.join(binDir, "arena"), ["games", "--json"], { encoding: "utf8" }));
  const games = arena.games();
  assert.deepEqual(games, listed.games);
  assert.ok(games.length >= 5 && games.some((g) => g.id === "flush"), "the registry, not an empty list");
  const size = games.find((g) => g.id === "clump").params.find((p) => p.name === "size");
  assert.equal(size.kind, "int");
  assert.equal(size.default, "8");
  for (const g of games) {
    assert.ok(g.player_counts.some((c) => c.spec === arena.load(g.id).spec), `${g.id}: its default spec is listed`);
    for (const p of g.params) assert.ok(["int", "bool", "choice", "text"].includes(p.kind), `${g.id}.${p.name}`);
  }
  games[0].params.length = 0;
  assert.deepEqual(arena.games(), listed.games, "each call gives a new list");
});

test("playout plays legal random games to their end inside the engine, the same for the same seed", () => {
  for (const spec of arena.games().flatMap((g) => g.player_counts.map((c) => c.quick_spec))) {
    const game = arena.load(spec);
    const a = game.newInitialState(), b = game.newInitialState(), c = game.newInitialState();
    const played = a.playout(11);
    assert.ok(a.isTerminal() && played > 0 && played === a.history().length, spec);
    assert.equal(b.playout(11n), played);
    assert.deepEqual(b.history(), a.history(), `${spec}: one seed, one game`);
    c.playout(12);
    assert.notDeepEqual(c.history(), a.history(), `${spec}: another seed, another game`);
    // Every action was legal where it was taken: replayed through apply, which checks.
    const replay = game.newInitialState();
    for (const { move } of a.history()) replay.apply(move);
    assert.deepEqual(replay.results(), a.results());
    const capped = game.newInitialState();
    assert.equal(capped.playout(11, 5), 5);
    assert.deepEqual(capped.history(), a.history().slice(0, 5));
    assert.ok(capped.playout(11) > 0 && capped.isTerminal());
    assert.equal(a.playout(3), 0, "a finished game plays nothing");
    for (const s of [a, b, c, replay, capped]) s.free();
  }
  assert.throws(() => arena.load("clump:size=4").newInitialState().playout(1, -1), { name: "ArenaError", message: /maxActions -1: must be 0 or more/ });
});

test("bad input is an ArenaError in the engine's words", () => {
  for (const spec of ["nosuch", "clump:size=3", "clump:colour=red", "flush:players=9"])
    assert.throws(() => arena.load(spec), { name: "ArenaError", message: arenaError(["perft", spec, "--depth", "1"]) });
  const state = arena.load("clump:size=4").newInitialState();
  for (const text of ["zz9", "a1-a1", "a2-a1", "a1-b1x", ""]) {
    const expected = text ? arenaError(["perft", "clump:size=4", "--depth", "1", "--moves", text]) : /./;
    assert.throws(() => state.parseMove(text), (e) => e instanceof ArenaError && (text ? e.message === expected : true));
    assert.throws(() => state.applyName(text), ArenaError);
  }
  assert.throws(() => state.apply(9999), { name: "ArenaError", message: /^move 9999 is not a legal move here \(24 legal, e\.g\. a1-b1 / });
  assert.throws(() => state.moveName(-5), ArenaError);
  assert.equal(state.history().length, 0, "a refused move changes nothing");
  for (const call of [() => state.observation(0), () => state.observation(3), () => state.actionView(3, 2),
                      () => state.seenBy(-1), () => state.heuristicValue(5), () => state.results(),
                      () => state.copyFrom(arena.load("flume").newInitialState())])
    assert.throws(call, ArenaError);
  const game = arena.load("flush:players=3");
  assert.throws(() => game.sampleState(4, [], 1), ArenaError);
  assert.throws(() => game.sampleState(1, [{ actor: "4", view: "#start1" }], 1), /'4' is no actor/);
  assert.throws(() => game.sampleState(1, [{ actor: "", view: "#start1" }], 1), /'' is no actor/);
  assert.throws(() => game.sampleState(1, [{ actor: "chance", view: "two words" }], 1), /is no action's view/);
  assert.throws(() => game.sampleState(1, [{ actor: 1, view: "8+8" }], 1), { name: "ArenaError", message: /no state shows seat 1/ });
  const over = play("clump:size=4", 3);
  assert.equal(over.currentPlayer(), TERMINAL);
  assert.throws(() => over.applyName("a1-b1"), { name: "ArenaError", message: /the game is over/ });
  assert.deepEqual(over.legalMoves(), []);
});

// A thrown error leaves C++ frames without their destructors (bindings/js/runtime.cpp): what
// they held stays allocated, about 60 bytes for a bad spec and 2 KB for a failed Flush sample
// (docs/javascript.md); an illegal move is no throw and costs nothing.
test("the engine goes on after thousands of errors, its stack and memory intact", () => {
  const reference = play("flush:players=3,max_rounds=1", 5);
  const game = arena.load("flush:players=3");
  const grown = (count, fail) => {
    const before = arena.memoryBytes;
    for (let i = 0; i < count; i++) assert.throws(() => fail(i), ArenaError);
    return (arena.memoryBytes - before) / count;
  };
  assert.ok(grown(5000, (i) => arena.load(`clump:size=${2 * i + 3}`)) <= 256);
  assert.ok(grown(5000, (i) => game.sampleState(2, [{ actor: 0, view: "#start2" }, { actor: 3, view: "X" }], i)) <= 8192);
  const state = game.newInitialState();
  assert.equal(grown(5000, () => state.applyName("nonsense")), 0);
  assert.deepEqual(play("flush:players=3,max_rounds=1", 5).history(), reference.history());
  reference.free();
  state.free();
});

test("a state: chance, clone, copyFrom, views and results", () => {
  const game = arena.load("flush:players=3,max_rounds=1");
  const state = game.newInitialState();
  assert.equal(state.currentPlayer(), CHANCE);
  const outcomes = state.chanceOutcomes();
  assert.ok(Math.abs(outcomes.reduce((sum, o) => sum + o.probability, 0) - 1) < 1e-9);
  assert.deepEqual(outcomes.map((o) => o.move), state.legalMoves());
  const copy = state.clone();
  while (!state.isTerminal()) {
    const moves = state.legalMoves();
    const move = moves[moves.length >> 1];
    if (!state.isChance()) assert.equal(state.chanceOutcomes().length, 0);
    assert.equal(state.parseMove(state.moveName(move)), move);
    state.apply(move);
  }
  assert.equal(copy.history().length, 0, "a clone is independent");
  assert.equal(copy.copyFrom(state).history().length, state.history().length);
  assert.deepEqual(copy.results(), state.results());
  assert.equal(state.results().length, 3);
  for (let seat = 1; seat <= 3; seat++) {
    const seen = state.seenBy(seat);
    const sample = game.sampleState(seat, seen, 42n);
    assert.deepEqual(sample.seenBy(seat), seen);
    assert.deepEqual(sample.observation(seat), state.observation(seat));
    sample.free();
  }
  assert.match(state.render(), /./);
});

test("freed states: use is an error, freeing twice is nothing", () => {
  const state = arena.load("clump:size=4").newInitialState();
  state.free();
  state.free();
  assert.throws(() => state.legalMoves(), /this state was freed/);
  assert.throws(() => state.clone(), /this state was freed/);
});

test("clones freed by hand or by the garbage collector keep the memory constant", async () => {
  const root = play("flows:players=3", 2, 12);
  for (let i = 0; i < 20000; i++) {
    const clone = root.clone();
    clone.applyName(clone.legalMoveNames()[0]).free();
  }
  const settled = arena.memoryBytes;
  for (let i = 0; i < 20000; i++) root.clone().free();
  assert.equal(arena.memoryBytes, settled, "explicit frees reuse the memory");
  // Unreachable clones are freed after the loop that made them, once the collector ran.
  const round = async () => {
    for (let i = 0; i < 20000; i++) root.clone();
    for (let k = 0; k < 5; k++) {
      globalThis.gc();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  await round();
  const afterOne = arena.memoryBytes;
  assert.ok(afterOne > settled, "20,000 live clones take memory");
  for (let r = 0; r < 4; r++) await round();
  assert.equal(arena.memoryBytes, afterOne, "the collector's frees are reused");
});

test("node starts the engine under the referee's address-space limit with the documented flag", () => {
  const script = `import(${JSON.stringify(moduleUrl)}).then(m => m.loadArena()).then(a => ` +
                 `console.log(a.load("clump").spec), e => { console.log(e.message); process.exit(1); })`;
  const run = (flags) => spawnSync("bash", ["-c", `ulimit -v 2097152 && exec node ${flags} -e '${script}'`], { encoding: "utf8" });
  const withFlag = run("--disable-wasm-trap-handler");
  assert.equal(withFlag.stdout.trim(), "clump:size=8", withFlag.stderr);
  const without = run("");
  assert.equal(without.status, 1);
  assert.match(without.stdout, /run node with --disable-wasm-trap-handler/);
});
