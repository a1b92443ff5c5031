// Types of arena.mjs, Arena's engine for JavaScript (docs/javascript.md).

/** The current player of a chance node. */
export const CHANCE: 0;
/** The current player of a finished game. */
export const TERMINAL: -1;

/** Bad input to the engine (a bad spec, an illegal or unparseable move...), with the engine's own message. */
export class ArenaError extends Error {
  name: "ArenaError";
}

/**
 * Starts an engine: a WebAssembly instance holding every game loaded and their states. By default
 * arena.wasm beside arena.mjs is read. Under an address-space limit (a bot run by Arena), node
 * needs --disable-wasm-trap-handler.
 */
export function loadArena(wasm?: BufferSource | WebAssembly.Module): Promise<Arena>;

export class Arena {
  private constructor();
  /** The game of a spec ("clump:size=6"); an ArenaError naming the problem for a bad one. */
  load(spec: string): Game;
  /** Every registered game, as `arena games --json` lists them (its "games"); a new array each call. */
  games(): GameDescription[];
  /** The size of the engine's WebAssembly memory in bytes (it grows, never shrinks; freed states are reused). */
  readonly memoryBytes: number;
}

/** A game's parameter as a spec sets it ("size=8"); values are in their spec text ("8", "false"). */
export interface ParamDescription {
  name: string;
  kind: "int" | "bool" | "choice" | "text";
  /** The value a spec that omits the parameter gets. */
  default: string;
  help: string;
  /** Only for kind "int": the inclusive range. */
  min?: number;
  max?: number;
  /** Only for kind "choice": the values allowed. */
  choices?: string[];
  /** An extra rule, e.g. "even". */
  constraint?: string;
}

/** One player count of a game. */
export interface PlayerCountDescription {
  players: number;
  /** The canonical spec for this count with the default parameters. */
  spec: string;
  /** The canonical spec for this count with the quick parameters. */
  quick_spec: string;
  /** Each seat's 0-based team (index seat-1). */
  teams: number[];
  hidden_information: boolean;
}

/** A registered game, as `arena games --json` describes it. */
export interface GameDescription {
  id: string;
  title: string;
  min_players: number;
  max_players: number;
  /** With the default parameters. */
  hidden_information: boolean;
  params: ParamDescription[];
  /** Parameters of a short game that still shows every rule ("" for the defaults). */
  quick_params: string;
  player_counts: PlayerCountDescription[];
}

/** One action as a seat saw it: the protocol's `event ACTOR VIEW` line. */
export interface SeenAction {
  /** The seat that acted (1..players), or 0 / "chance"; the protocol's text ("3") is taken too. */
  actor: number | string;
  /** What the seat learned of it: the move's name, or a redacted token such as "?". */
  view: string;
}

export interface ChanceOutcome {
  move: number;
  probability: number;
}

export interface Action {
  /** The seat that acted (1..players), or 0 for chance. */
  actor: number;
  move: number;
}

export interface SeatResult {
  /** 1 is best; equal ranks are ties. */
  rank: number;
  score: number;
  /** 0-based; seats of one team share results. */
  team: number;
}

/** A rule set built from a canonical spec; immutable, kept for the engine's life. */
export class Game {
  private constructor();
  /** Canonical spec: id and every parameter, defaults filled in ("clump:size=6"). */
  readonly spec: string;
  readonly id: string;
  readonly title: string;
  /** Seats are numbered 1..players. */
  readonly players: number;
  /** Whether some seat ever lacks information another has (cards, tile draws). */
  readonly hiddenInformation: boolean;
  /** An upper bound on the number of actions (chance included) a game lasts. */
  readonly maxGameLength: number;
  newInitialState(): State;
  /**
   * A full state that shows `seat` exactly the actions it saw (oldest first), with every hidden
   * part drawn with `seed` among the possibilities consistent with them (Game::sample_state).
   * Its observation and legal moves for `seat` are the ones the seat was sent.
   */
  sampleState(seat: number, seen: Iterable<SeenAction>, seed: number | bigint): State;
}

/**
 * One position. Lives in the WebAssembly memory: free() returns it at once; an unreachable state
 * is freed by the garbage collector later (between callbacks, never inside a running loop).
 */
export class State {
  private constructor();
  readonly game: Game;
  /** Seat to act (1..players), CHANCE (0) or TERMINAL (-1). */
  currentPlayer(): number;
  isTerminal(): boolean;
  isChance(): boolean;
  /** Legal moves (chance outcomes at a chance node), in the engine's order. */
  legalMoves(): number[];
  /** Names of legalMoves(), as the referee's `legal` line lists them. */
  legalMoveNames(): string[];
  /** Name of a move legal here. */
  moveName(move: number): string;
  /** The move a text names here; an ArenaError with the engine's message otherwise. */
  parseMove(text: string): number;
  /** Applies a legal move (ArenaError otherwise). */
  apply(move: number): this;
  /** Applies the move a text names. */
  applyName(name: string): this;
  /**
   * Plays random actions in place until the end (or `maxActions`, 0: no cap): moves uniform,
   * chance by its probabilities, from `seed`, inside the engine. Returns how many were played.
   */
  playout(seed?: number | bigint, maxActions?: number): number;
  /** At a chance node its outcomes; [] elsewhere. */
  chanceOutcomes(): ChanceOutcome[];
  clone(): State;
  /** Becomes a copy of `other` (same game), reusing this state's memory. */
  copyFrom(other: State): this;
  /** Exactly the lines the referee sends `seat` as `obs LINE`, without "obs ". */
  observation(seat: number): string[];
  /** What `seat` learns of a legal move taken here ("" when it is sent nothing). */
  actionView(seat: number, move: number): string;
  history(): Action[];
  /** The views `seat` was sent of this state's actions, oldest first. */
  seenBy(seat: number): { actor: number; view: string }[];
  /** Per seat (index seat-1); only when terminal. */
  results(): SeatResult[];
  /** The full state for people (shows hidden parts). */
  render(): string;
  /** The game's evaluation of this live position for `seat` (0 where it has none). */
  heuristicValue(seat: number): number;
  /** Returns the state's memory now; further use throws. */
  free(): void;
  [Symbol.dispose](): void;
}
