// Arena's engine for JavaScript (docs/javascript.md): the games' rules compiled to WebAssembly
// from the same C++ as the `arena` referee (bindings/js/engine_api.cpp), behind the Game/State
// API of engine/core/game.h. Node.js 20.15 or later, or a browser; no dependencies.
//
//   import { loadArena } from "./arena.mjs";
//   const arena = await loadArena();             // reads arena.wasm beside this file
//   arena.games().map((g) => g.id);             // ["clump", "flume", ...], as `arena games` lists them
//   const game = arena.load("clump:size=6");
//   const state = game.newInitialState();
//   state.applyName(state.legalMoveNames()[0]);
//   state.free();                                // or leave it to the garbage collector
//
// Memory: a State lives in the WebAssembly memory. free() returns it at once; a State that is
// no longer reachable is freed by a FinalizationRegistry when the garbage collector finds it,
// which happens only between your callbacks, never inside a running loop. A search that
// clones thousands of states in one decision should free them (or reuse one with copyFrom), or
// its memory grows until the decision returns. Games live as long as the engine.
//
// Errors: bad input (a bad spec, an illegal or unparseable move, a seat out of range, seen actions
// no state shows) throws an ArenaError with the engine's message; the engine stays usable.

/** The current player of a chance node. */
export const CHANCE = 0;
/** The current player of a finished game. */
export const TERMINAL = -1;

/** Bad input to the engine, with the engine's own message. */
export class ArenaError extends Error {
  constructor(message) {
    super(message);
    this.name = "ArenaError";
  }
}

// What the engine threw, on its way out of the WebAssembly frames (bindings/js/runtime.cpp).
class EngineThrow extends Error {
  constructor(message, userError) {
    super(message);
    this.userError = userError;
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Starts an engine. `wasm` is the program's bytes (or a compiled WebAssembly.Module); by default
 * arena.wasm beside this module is read (from the file system in Node, by fetch in a browser).
 * @param {BufferSource | WebAssembly.Module} [wasm]
 * @returns {Promise<Arena>}
 */
export async function loadArena(wasm) {
  wasm ??= await readBeside("arena.wasm");
  let engine = null;
  const imports = {
    wasi_snapshot_preview1: systemCalls(() => engine),
    arena: {
      throw_error(at, size, userError) {
        throw new EngineThrow(decoder.decode(engine.bytes(at, size)), userError === 1);
      },
    },
  };
  let instance;
  try {
    const made = await WebAssembly.instantiate(wasm, imports);
    instance = made.instance ?? made;
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw new Error(
      `Arena's engine could not reserve its WebAssembly memory (${error.message}). Node reserves about ` +
        "10 GiB of address space for it, more than a bot may have under Arena's address-space limit " +
        "(--max-memory, 2 GiB by default): run node with --disable-wasm-trap-handler.");
  }
  engine = new Engine(instance);
  instance.exports._initialize();
  return new Arena(engine);
}

async function readBeside(name) {
  const url = new URL(name, import.meta.url);
  if (url.protocol === "file:") {
    const { readFile } = await import("node:fs/promises");
    return readFile(url);
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  return response.arrayBuffer();
}

// The few WASI calls the C library makes: no file, clock or environment matters to the rules.
// Whatever the program writes (only a failed check would) goes to standard error: a bot's
// standard output is its protocol.
function systemCalls(engine) {
  const view = () => new DataView(engine().memory.buffer);
  return {
    environ_get: () => 0,
    environ_sizes_get: (count, size) => {
      view().setUint32(count, 0, true);
      view().setUint32(size, 0, true);
      return 0;
    },
    clock_time_get: (id, precision, at) => {
      view().setBigUint64(at, 0n, true);
      return 0;
    },
    fd_close: () => 0,
    fd_seek: () => 0,
    fd_write: (fd, iovs, count, written) => {
      let total = 0;
      for (let i = 0; i < count; i++) {
        const at = view().getUint32(iovs + 8 * i, true), size = view().getUint32(iovs + 8 * i + 4, true);
        console.error(decoder.decode(engine().bytes(at, size)).replace(/\n$/, ""));
        total += size;
      }
      view().setUint32(written, total, true);
      return 0;
    },
    proc_exit: (code) => {
      throw new Error(`the engine stopped with status ${code}`);
    },
  };
}

// The WebAssembly instance and the plumbing every call goes through.
class Engine {
  constructor(instance) {
    this.x = instance.exports;
    this.memory = instance.exports.memory;
    this.stack = instance.exports.__stack_pointer;
    this.stopped = "";
    this.games = new Map();  // pointer -> Game
    this.states = new FinalizationRegistry((handle) => {
      if (!this.stopped) this.x.arena_js_free(handle);
    });
  }

  bytes(at, size) {
    return new Uint8Array(this.memory.buffer, at, size);
  }

  // Calls an export; what the engine throws becomes an ArenaError (bad input) or an Error.
  call(fn, a, b, c) {
    if (this.stopped) throw new Error(`Arena's engine stopped earlier (${this.stopped}): start another`);
    const stack = this.stack.value;
    try {
      return fn(a, b, c);
    } catch (error) {
      this.stack.value = stack;  // the unwound frames did not give their stack back
      if (error instanceof EngineThrow) {
        return error.userError ? new ArenaError(error.message) : new Error(`Arena's engine failed: ${error.message}`);
      }
      this.stopped = String(error?.message ?? error);  // a trap: the memory may be inconsistent
      return new Error(`Arena's engine stopped: ${this.stopped}`);
    }
  }

  // call() that throws what went wrong.
  value(fn, a, b, c) {
    const result = this.call(fn, a, b, c);
    if (result instanceof Error) throw result;
    return result;
  }

  // value() that also throws a failed call's message (a negative result).
  check(fn, a, b, c) {
    const result = this.value(fn, a, b, c);
    if (result < 0) throw new ArenaError(this.text());
    return result;
  }

  // Like check() for an export returning a pointer (0: failed, with a message).
  pointer(fn, a, b, c) {
    const result = this.call(fn, a, b, c);
    if (result instanceof Error) throw result;
    if (result === 0) throw new ArenaError(this.text());
    return result;
  }

  // The output buffer: the text a call wrote, or a failed call's message.
  text(size = this.x.arena_js_text_size()) {
    return decoder.decode(this.bytes(this.x.arena_js_text(), size));
  }

  input(text) {
    const bytes = encoder.encode(text);
    const at = this.x.arena_js_input(bytes.length);  // first: it may grow the memory
    this.bytes(at, bytes.length).set(bytes);
  }

  ints(count) {
    return Array.from(new Int32Array(this.memory.buffer, this.x.arena_js_moves(), count));
  }

  doubles(count) {
    return Array.from(new Float64Array(this.memory.buffer, this.x.arena_js_values(), count));
  }

  game(pointer) {
    let game = this.games.get(pointer);
    if (!game) this.games.set(pointer, (game = new Game(this, pointer)));
    return game;
  }

  state(game, handle) {
    const state = new State(this, game, handle);
    this.states.register(state, handle, state);
    return state;
  }
}

/** One engine: a WebAssembly instance holding every game loaded and their states. */
export class Arena {
  #engine;

  constructor(engine) {
    this.#engine = engine;
  }

  /**
   * The game of a spec ("clump:size=6"; defaults filled in, as `arena games` lists them).
   * Throws an ArenaError naming what is wrong with a bad spec. The same game for the same spec.
   * @param {string} spec
   * @returns {Game}
   */
  load(spec) {
    const e = this.#engine;
    e.input(String(spec));
    return e.game(e.pointer(e.x.arena_js_load));
  }

  /**
   * Every registered game, as `arena games --json` lists them (its "games"): id, title,
   * min_players, max_players, hidden_information, params (name, kind "int" | "bool" | "choice" |
   * "text", default, help, and min/max, choices or constraint), quick_params (a short game that
   * shows every rule) and player_counts (per count: players, spec, quick_spec, teams,
   * hidden_information). The engine's registry itself, so never a different list. A new array
   * each call: change it freely.
   * @returns {GameDescription[]}
   */
  games() {
    const e = this.#engine;
    return JSON.parse(e.text(e.check(e.x.arena_js_games)));
  }

  /** The size of the engine's WebAssembly memory in bytes (it grows, never shrinks; freed states are reused). */
  get memoryBytes() {
    return this.#engine.memory.buffer.byteLength;
  }
}

/** A rule set built from a canonical spec: immutable, and kept for the engine's life. */
export class Game {
  #engine;
  #pointer;

  constructor(engine, pointer) {
    this.#engine = engine;
    this.#pointer = pointer;
    const x = engine.x;
    /** The canonical spec: id and every parameter ("clump:size=6"). */
    this.spec = engine.text(engine.check(x.arena_js_game_spec, pointer));
    /** The game's id ("clump"). */
    this.id = this.spec.split(":")[0];
    /** The game's title ("Clump (Mark Steere)"). */
    this.title = engine.text(engine.check(x.arena_js_game_title, pointer));
    /** The number of seats, numbered 1..players. */
    this.players = x.arena_js_game_players(pointer);
    /** Whether some seat ever lacks information another has (cards, tile draws). */
    this.hiddenInformation = x.arena_js_game_hidden(pointer) === 1;
    /** An upper bound on the number of actions (chance included) a game lasts. */
    this.maxGameLength = x.arena_js_game_max_length(pointer);
    Object.freeze(this);
  }

  /** The state before the first action. @returns {State} */
  newInitialState() {
    const e = this.#engine;
    return e.state(this, e.pointer(e.x.arena_js_new_state, this.#pointer));
  }

  /**
   * A full state that shows `seat` exactly what it saw (Game::sample_state): the views of the
   * actions it was sent, oldest first, as the protocol's `event` lines give them; every hidden
   * part (other hands, the stock, another seat's draw) drawn with `seed` among the possibilities
   * consistent with them. Its observation and legal moves for `seat` are the ones the seat was
   * sent. Throws an ArenaError when no state shows the seat these views.
   * @param {number} seat 1..players
   * @param {Iterable<{actor: number | string, view: string}>} seen actor 1..N, or 0 / "chance"
   * @param {number | bigint} seed
   * @returns {State}
   */
  sampleState(seat, seen, seed) {
    const e = this.#engine;
    const lines = [];
    for (const { actor, view } of seen) {
      const number = actor === "chance" ? CHANCE : /^\d+$/.test(actor) ? Number(actor) : actor;
      if (!Number.isInteger(number) || number < 0 || number > this.players)
        throw new ArenaError(`${this.spec}: '${actor}' is no actor (1..${this.players}, or chance)`);
      if (typeof view !== "string" || !/^[!-~]+$/.test(view))
        throw new ArenaError(`${this.spec}: '${view}' is no action's view (one token of printable ASCII)`);
      lines.push(`${number} ${view}\n`);
    }
    e.input(lines.join(""));
    return e.state(this, e.pointer(e.x.arena_js_sample, this.#pointer, seat | 0, BigInt.asUintN(64, BigInt(seed))));
  }

  toString() {
    return this.spec;
  }
}

/** One position of a game: who acts, which moves are legal, and what each seat may know. */
export class State {
  #engine;
  #handle;
  #broken = "";

  constructor(engine, game, handle) {
    this.#engine = engine;
    this.#handle = handle;
    /** @type {Game} */
    this.game = game;
  }

  #h() {
    if (!this.#handle) throw new Error("this state was freed");
    if (this.#broken) throw new Error(`this state is unusable: an earlier apply failed (${this.#broken})`);
    return this.#handle;
  }

  /** Seat to act (1..players), CHANCE (0) or TERMINAL (-1). @returns {number} */
  currentPlayer() {
    return this.#engine.value(this.#engine.x.arena_js_current_player, this.#h());
  }
  isTerminal() {
    return this.currentPlayer() === TERMINAL;
  }
  isChance() {
    return this.currentPlayer() === CHANCE;
  }

  /** The legal moves (chance outcomes at a chance node), in the engine's order. @returns {number[]} */
  legalMoves() {
    const e = this.#engine;
    const count = e.check(e.x.arena_js_legal_moves, this.#h());
    return Array.from(new Int32Array(e.memory.buffer, e.x.arena_js_legal(), count));
  }

  /** The names of legalMoves(), as the referee's `legal` line lists them. @returns {string[]} */
  legalMoveNames() {
    const e = this.#engine;
    const text = e.text(e.check(e.x.arena_js_legal_names, this.#h()));
    return text ? text.split(" ") : [];
  }

  /** The name of a move legal here. @param {number} move @returns {string} */
  moveName(move) {
    const e = this.#engine;
    return e.text(e.check(e.x.arena_js_move_name, this.#h(), move | 0));
  }

  /**
   * The move a text names here; an ArenaError with the engine's message (unparseable, or not
   * legal with a few legal moves) otherwise. @param {string} text @returns {number}
   */
  parseMove(text) {
    const e = this.#engine;
    e.input(String(text));
    return e.check(e.x.arena_js_parse_move, this.#h());
  }

  /** Applies a move legal here (ArenaError otherwise). @param {number} move @returns {this} */
  apply(move) {
    this.#applying(this.#engine.x.arena_js_apply, move | 0);
    return this;
  }

  /** Applies the move a text names (parseMove, then apply). @param {string} name @returns {this} */
  applyName(name) {
    this.#engine.input(String(name));
    this.#applying(this.#engine.x.arena_js_apply_name);
    return this;
  }

  // Calls an export that changes the state; its result (negative: refused, with a message).
  #applying(fn, a, b) {
    const e = this.#engine;
    const result = e.call(fn, this.#h(), a, b);
    if (result instanceof Error) {
      this.#broken = result.message;  // thrown half-way (bindings/js/flows_sat_absent.cpp)
      throw result;
    }
    if (result < 0) throw new ArenaError(e.text());
    return result;
  }

  /**
   * Plays random actions in place until the game ends (or `maxActions` were played; 0: no cap):
   * moves uniform among the legal ones, chance by its probabilities, from `seed`; all inside
   * the engine, one call (a search's rollouts). Returns the number of actions played.
   * @param {number | bigint} [seed] @param {number} [maxActions] @returns {number}
   */
  playout(seed = 0, maxActions = 0) {
    return this.#applying(this.#engine.x.arena_js_playout, BigInt.asUintN(64, BigInt(seed)), maxActions | 0);
  }

  /** At a chance node, its outcomes and their probabilities; [] elsewhere. */
  chanceOutcomes() {
    const e = this.#engine;
    const count = e.check(e.x.arena_js_chance_outcomes, this.#h());
    const moves = e.ints(count), probabilities = e.doubles(count);
    return moves.map((move, i) => ({ move, probability: probabilities[i] }));
  }

  /** An independent copy. @returns {State} */
  clone() {
    const e = this.#engine;
    return e.state(this.game, e.pointer(e.x.arena_js_clone, this.#h()));
  }

  /** Becomes a copy of `other` (a state of the same game), reusing this one's memory. @returns {this} */
  copyFrom(other) {
    if (!(other instanceof State) || other.game !== this.game)
      throw new ArenaError(`copyFrom takes a state of ${this.game.spec}`);
    this.#engine.value(this.#engine.x.arena_js_assign, this.#h(), other.#h());
    return this;
  }

  /**
   * What `seat` may know now: exactly the lines the referee sends it as `obs LINE` before a
   * decision, without the "obs " (as the SDKs' turn.observation holds them).
   * @param {number} seat @returns {string[]}
   */
  observation(seat) {
    const e = this.#engine;
    const text = e.text(e.check(e.x.arena_js_observation, this.#h(), seat | 0));
    return text ? text.slice(0, -1).split("\n") : [];
  }

  /**
   * What `seat` learns of a move legal here, taken by the current actor: its `event` token
   * ("" when the seat is sent no event). @param {number} seat @param {number} move @returns {string}
   */
  actionView(seat, move) {
    const e = this.#engine;
    return e.text(e.check(e.x.arena_js_action_view, this.#h(), seat | 0, move | 0));
  }

  /** Every action since the initial state, chance outcomes included (actor 0). */
  history() {
    const e = this.#engine;
    const pairs = e.ints(2 * e.check(e.x.arena_js_history, this.#h()));
    const out = [];
    for (let i = 0; i < pairs.length; i += 2) out.push({ actor: pairs[i], move: pairs[i + 1] });
    return out;
  }

  /**
   * The views `seat` was sent of this state's actions, oldest first (the protocol's `event`
   * lines): what Game.sampleState takes. @param {number} seat
   * @returns {{actor: number, view: string}[]}
   */
  seenBy(seat) {
    const e = this.#engine;
    const text = e.text(e.check(e.x.arena_js_seen_by, this.#h(), seat | 0));
    return text ? text.slice(0, -1).split("\n").map((line) => {
      const space = line.indexOf(" ");
      return { actor: Number(line.slice(0, space)), view: line.slice(space + 1) };
    }) : [];
  }

  /** Per seat (index seat-1) its rank (1 best, equal ranks tie), score and 0-based team; only when terminal. */
  results() {
    const e = this.#engine;
    const count = e.check(e.x.arena_js_results, this.#h());
    const pairs = e.ints(2 * count), scores = e.doubles(count);
    return scores.map((score, i) => ({ rank: pairs[2 * i], score, team: pairs[2 * i + 1] }));
  }

  /** The full state for people and logs (never for a bot's eyes: it shows hidden parts). */
  render() {
    const e = this.#engine;
    return e.text(e.check(e.x.arena_js_render, this.#h()));
  }

  /**
   * How good this live position looks to `seat` at a glance, the game's own evaluation
   * (comparable only between positions of one game; 0 where the game has none, and when over).
   * @param {number} seat @returns {number}
   */
  heuristicValue(seat) {
    const seats = this.game.players;
    if (!(seat >= 1 && seat <= seats)) throw new ArenaError(`seat ${seat} is not a seat of ${this.game.spec} (1..${seats})`);
    return this.#engine.value(this.#engine.x.arena_js_heuristic_value, this.#h(), seat);
  }

  /** Returns the state's memory now; the state cannot be used afterwards. Calling it again does nothing. */
  free() {
    if (!this.#handle) return;
    this.#engine.states.unregister(this);
    if (!this.#engine.stopped) this.#engine.x.arena_js_free(this.#handle);
    this.#handle = 0;
  }

  [Symbol.dispose ?? Symbol.for("Symbol.dispose")]() {
    this.free();
  }

  toString() {
    return this.render();
  }
}
