// Random self-play with the JavaScript engine in Node (bindings/js/, docs/javascript.md),
// actions per second on one core (issue 40), per game (every game at its defaults), beside the
// C++ engine in the same run:
//
// - a plain JavaScript loop over the per-state API, as docs/javascript.md's first example
//   writes it: isTerminal, isChance, chanceOutcomes or legalMoves, a random pick, apply;
// - State.playout: the engine's own random loop inside the WebAssembly program, one call a game
//   (what the WebAssembly build costs, without the JavaScript boundary);
// - the C++ engine in-process: arena_games' State.playout measured by bench/python_bench.py's own
//   engine_rate (the same loop natively compiled), in a Python child, when one is given.
//
// Time is CPU time: this process's (process.cpuUsage(), every thread of Node's, so its garbage
// collector's too) and the Python thread's (time.thread_time()), so each figure is per core on
// a busy machine as well. Rounds interleave, best of three: load slows a round, never speeds one.
// Prints Markdown table rows (bench/run's: measurement, value, target, met).
//
//   node bench/js_bench.mjs JS_DIR [--seconds S] [--games SPEC,SPEC] [--python PY --pythonpath DIR]
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";


function usage(message) {
  console.error(`js_bench.mjs: ${message}\n` +
    "usage: node bench/js_bench.mjs JS_DIR [--seconds S] [--games SPEC,SPEC] [--python PY --pythonpath DIR]");
  process.exit(2);
}

function parseArgs(argv) {
  const args = { jsDir: "", seconds: 3, specs: [], python: "", pythonPath: "" };
  for (let i = 0; i < argv.length; i++) {
    const value = () => (i + 1 < argv.length ? argv[++i] : usage(`${argv[i]} needs a value`));
    if (argv[i] === "--seconds") args.seconds = Number(value());
    else if (argv[i] === "--games") args.specs = value().split(",").filter(Boolean);
    else if (argv[i] === "--python") args.python = value();
    else if (argv[i] === "--pythonpath") args.pythonPath = value();
    else if (!args.jsDir && !argv[i].startsWith("--")) args.jsDir = argv[i];
    else usage(`unknown argument '${argv[i]}'`);
  }
  if (!args.jsDir) usage("JS_DIR (the folder of arena.mjs and arena.wasm, e.g. build/js) is missing");
  if (!(args.seconds > 0)) usage("--seconds must be a positive number");
  return args;
}

// This process's CPU time in seconds.
function cpu() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

// A small seeded generator (xorshift32): the same games every run, and no Math.random cost.
function generator(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

function plainLoopRate(game, seconds) {
  const random = generator(1);
  let actions = 0;
  const start = cpu();
  while (cpu() - start < seconds) {
    const state = game.newInitialState();
    while (!state.isTerminal()) {
      if (state.isChance()) {
        const outcomes = state.chanceOutcomes();
        let r = random(), pick = outcomes[outcomes.length - 1].move;
        for (const { move, probability } of outcomes) {
          if ((r -= probability) < 0) {
            pick = move;
            break;
          }
        }
        state.apply(pick);
      } else {
        const moves = state.legalMoves();
        state.apply(moves[Math.floor(random() * moves.length)]);
      }
      actions++;
    }
    state.free();
  }
  return actions / (cpu() - start);
}

function playoutRate(game, seconds) {
  let actions = 0, seed = 0;
  const start = cpu();
  while (cpu() - start < seconds) {
    const state = game.newInitialState();
    actions += state.playout(seed++);
    state.free();
  }
  return actions / (cpu() - start);
}

// The C++ engine's rate, as bench/python_bench.py measures it (its engine_rate), or NaN.
function cppRate(args, spec, seconds) {
  if (!args.python) return NaN;
  const benchDir = path.dirname(fileURLToPath(import.meta.url));
  const code = "import sys; sys.path.insert(0, sys.argv[1]); import arena_games, python_bench; " +
    "print(python_bench.engine_rate(arena_games.load(sys.argv[2]), float(sys.argv[3])))";
  const run = spawnSync(args.python, ["-c", code, benchDir, spec, String(seconds)], {
    encoding: "utf8",
    env: { ...process.env, PYTHONPATH: [args.pythonPath, process.env.PYTHONPATH].filter(Boolean).join(path.delimiter) },
  });
  if (run.status !== 0) {
    console.error(`js_bench.mjs: the C++ rate of ${spec} was not measured:\n${run.stderr}`);
    return NaN;
  }
  return Number(run.stdout.trim());
}

const args = parseArgs(process.argv.slice(2));
const { loadArena } = await import(pathToFileURL(path.resolve(args.jsDir, "arena.mjs")).href);
const arena = await loadArena();
// By default every registered game with its default parameters (the specs issue 40 names), from
// the registry: no list of games here.
if (args.specs.length === 0) args.specs = arena.games().map((g) => arena.load(g.id).spec);
const format = (rate) => Math.round(rate).toLocaleString("en-US");
const share = (rate, cpp) => (Number.isNaN(cpp) ? "" : ` (${Math.round((100 * rate) / cpp)}% of C++)`);
for (const spec of args.specs) {
  const game = arena.load(spec);
  const round = args.seconds / 3;
  let plain = 0, playout = 0, cpp = NaN;
  for (let i = 0; i < 3; i++) {
    const native = cppRate(args, game.spec, round);
    if (!Number.isNaN(native)) cpp = Number.isNaN(cpp) ? native : Math.max(cpp, native);
    plain = Math.max(plain, plainLoopRate(game, round));
    playout = Math.max(playout, playoutRate(game, round));
  }
  if (!Number.isNaN(cpp))
    console.log(`| JavaScript: C++ engine in-process (arena_games State.playout, beside Node), ${spec} | ${format(cpp)} actions/s | | |`);
  console.log(`| JavaScript: plain Node loop over the per-state API, ${spec} | ${format(plain)} actions/s${share(plain, cpp)} | | |`);
  console.log(`| JavaScript: State.playout inside the WebAssembly engine, ${spec} | ${format(playout)} actions/s${share(playout, cpp)} | | |`);
}
