// Replays as the report holds them, decoded for the viewer (viewer.js) and the live page
// (live.js): a replay is embedded compressed (LZMA) and in base 85 (report/replay_pack.h) and
// decoded only when its game is opened; its pictures are the first in full and then patches
// (report/json_patch.h); its protocol lines refer to its actions for their events
// (report/protocol_compact.h). Nothing here knows a game or a picture's fields; a replay and its
// pictures come out with their fields named (keys.js, the one script it uses).
"use strict";

const Frames = (() => {
  // ---------------------------------------------------------------------------------------
  // LZMA decoding of the .lzma format (liblzma's "alone" format: a properties byte, the
  // dictionary size, the unpacked size or -1, then the range-coded stream ending at its size or
  // at the end marker), after the LZMA specification's reference decoder (LzmaSpec.cpp). The
  // whole output is the dictionary, so matches copy from it directly.

  // The range decoder of an LZMA stream from input[pos]: adaptive bits (probabilities in 11 bits,
  // 1024 = even), direct bits, and trees of bits as LZMA codes its symbols.
  function rangeDecoder(input, pos) {
    let range = 0xffffffff, code = 0;
    const next = () => {
      if (pos >= input.length) throw new Error("replay: the LZMA stream ends early");
      return input[pos++];
    };
    if (next() !== 0) throw new Error("replay: not an LZMA stream");
    for (let i = 0; i < 4; i++) code = code * 256 + next();
    const bit = (p, i) => {
      const bound = (range >>> 11) * p[i];
      let b;
      if (code < bound) { p[i] += (2048 - p[i]) >> 5; range = bound; b = 0; }
      else { p[i] -= p[i] >> 5; code -= bound; range -= bound; b = 1; }
      if (range < 0x1000000) { range *= 256; code = code * 256 + next(); }
      return b;
    };
    const direct = n => {
      let v = 0;
      for (; n > 0; n--) {
        range = Math.floor(range / 2);
        const b = code >= range ? 1 : 0;
        if (b) code -= range;
        v = v * 2 + b;
        if (range < 0x1000000) { range *= 256; code = code * 256 + next(); }
      }
      return v;
    };
    const tree = (p, base, n) => {
      let m = 1;
      for (let i = 0; i < n; i++) m = m * 2 + bit(p, base + m);
      return m - (1 << n);
    };
    const reverseTree = (p, base, n) => {
      let m = 1, v = 0;
      for (let i = 0; i < n; i++) { const b = bit(p, base + m); m = m * 2 + b; v |= b << i; }
      return v;
    };
    return { bit, direct, tree, reverseTree };
  }

  const lzmaProbabilities = n => new Uint16Array(n).fill(1024);

  // The decoder of match lengths (0-based: 0 is LZMA's shortest match, 2 bytes).
  function lzmaLengths({ bit, tree }) {
    const choice = lzmaProbabilities(2), low = lzmaProbabilities(16 << 3), mid = lzmaProbabilities(16 << 3),
      high = lzmaProbabilities(256);
    return posState => !bit(choice, 0) ? tree(low, posState << 3, 3)
      : !bit(choice, 1) ? 8 + tree(mid, posState << 3, 3) : 16 + tree(high, 0, 8);
  }

  // The decoder of match distances, by the match's length.
  function lzmaDistances({ tree, direct, reverseTree }) {
    const slots = lzmaProbabilities(4 << 6), special = lzmaProbabilities(115), align = lzmaProbabilities(16);
    return len => {
      const slot = tree(slots, Math.min(len, 3) << 6, 6);
      if (slot < 4) return slot;
      const directBits = (slot >> 1) - 1;
      const d = (2 | (slot & 1)) * 2 ** directBits;
      if (slot < 14) return d + reverseTree(special, d - slot, directBits);
      return d + direct(directBits - 4) * 16 + reverseTree(align, 0, 4);
    };
  }

  // Long: LZMA's state machine is one loop over literals, matches and repeated matches, as in the
  // reference decoder; split up it would be harder to check against it.
  function lzmaDecode(input) {
    const props = input[0];
    if (input.length < 18 || props >= 225) throw new Error("replay: not an LZMA stream");
    const lc = props % 9, lp = ((props / 9) | 0) % 5, pb = (props / 45) | 0;
    let known = false, unpacked = 0;
    for (let i = 12; i >= 5; i--) if (input[i] !== 0xff) known = true;
    if (known) for (let i = 12; i >= 5; i--) unpacked = unpacked * 256 + input[i];
    const rc = rangeDecoder(input, 13), bit = rc.bit, probs = lzmaProbabilities;
    const literals = probs(0x300 << (lc + lp)), isMatch = probs(12 << 4), isRep = probs(12), isRepG0 = probs(12),
      isRepG1 = probs(12), isRepG2 = probs(12), isRep0Long = probs(12 << 4);
    const matchLength = lzmaLengths(rc), repLength = lzmaLengths(rc), distance = lzmaDistances(rc);
    let out = new Uint8Array(known ? unpacked : input.length * 8 + 1024), size = 0;
    const room = n => {
      if (size + n <= out.length) return;
      const bigger = new Uint8Array(Math.max(out.length * 2, size + n));
      bigger.set(out.subarray(0, size));
      out = bigger;
    };
    let state = 0, rep0 = 0, rep1 = 0, rep2 = 0, rep3 = 0;
    const pbMask = (1 << pb) - 1, lpMask = (1 << lp) - 1;
    while (!known || size < unpacked) {
      const posState = size & pbMask;
      if (!bit(isMatch, (state << 4) + posState)) {
        const previous = size ? out[size - 1] : 0, base = 0x300 * (((size & lpMask) << lc) + (previous >> (8 - lc)));
        let symbol = 1;
        if (state >= 7) {
          let match = out[size - rep0 - 1];
          do {
            const matchBit = (match >> 7) & 1;
            match <<= 1;
            const b = bit(literals, base + ((1 + matchBit) << 8) + symbol);
            symbol = symbol * 2 + b;
            if (matchBit !== b) break;
          } while (symbol < 0x100);
        }
        while (symbol < 0x100) symbol = symbol * 2 + bit(literals, base + symbol);
        room(1);
        out[size++] = symbol - 0x100;
        state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
        continue;
      }
      let len;
      if (bit(isRep, state)) {
        if (!size) throw new Error("replay: a bad LZMA stream");
        if (!bit(isRepG0, state)) {
          if (!bit(isRep0Long, (state << 4) + posState)) {
            state = state < 7 ? 9 : 11;
            room(1);
            out[size] = out[size - rep0 - 1];
            size++;
            continue;
          }
        } else {
          let d;
          if (!bit(isRepG1, state)) d = rep1;
          else {
            if (!bit(isRepG2, state)) d = rep2;
            else { d = rep3; rep3 = rep2; }
            rep2 = rep1;
          }
          rep1 = rep0;
          rep0 = d;
        }
        len = repLength(posState);
        state = state < 7 ? 8 : 11;
      } else {
        rep3 = rep2; rep2 = rep1; rep1 = rep0;
        len = matchLength(posState);
        state = state < 7 ? 7 : 10;
        rep0 = distance(len);
        if (rep0 === 0xffffffff) break;  // the end marker
        if (rep0 >= size) throw new Error("replay: a bad LZMA distance");
      }
      len += 2;
      room(len);
      for (let i = 0; i < len; i++, size++) out[size] = out[size - rep0 - 1];
    }
    return out.subarray(0, size);
  }

  // Base 85 as report/replay_pack.h writes it: RFC 1924's digits with '.' for '<'; each 5 digits
  // are 4 bytes, a last group of n + 1 digits n bytes (padded with the highest digit).
  const BASE85 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;.=>?@^_`{|}~";
  const BASE85_VALUE = new Uint8Array(128);
  for (let i = 0; i < 85; i++) BASE85_VALUE[BASE85.charCodeAt(i)] = i;

  function fromBase85(text) {
    const out = new Uint8Array(Math.floor(text.length / 5) * 4 + 4);
    let size = 0;
    for (let i = 0; i < text.length; i += 5) {
      const digits = Math.min(5, text.length - i);
      let n = 0;
      for (let k = 0; k < 5; k++) n = n * 85 + (k < digits ? BASE85_VALUE[text.charCodeAt(i + k)] : 84);
      for (let k = 0; k + 1 < digits; k++) out[size++] = Math.floor(n / 2 ** (24 - 8 * k)) & 0xff;
    }
    return out.subarray(0, size);
  }

  // The JSON text of a replay as the page embeds it (report/replay_pack.h).
  function unpackReplay(text) {
    return new TextDecoder().decode(lzmaDecode(fromBase85(text.trim())));
  }

  // ---------------------------------------------------------------------------------------
  // Patches (report/json_patch.h).

  function applyPatch(base, patch) {
    if (patch === null) return base;
    if (typeof patch !== "object" || Array.isArray(patch)) return patch;
    const { replace, edit } = Keys.patch;
    if (replace in patch) return patch[replace];
    if (Array.isArray(patch[edit])) return editArray(base, patch[edit]);
    const out = Object.assign({}, base);
    for (const [k, v] of Object.entries(patch)) out[k] = applyPatch(out[k], v);
    return out;
  }

  // An array's edit script: n > 0 keeps n elements, n < 0 deletes -n, an array inserts its
  // elements, an object patches the next element; what is not reached stays.
  function editArray(base, ops) {
    const old = Array.isArray(base) ? base : [], out = [];
    let i = 0;
    for (const op of ops) {
      if (Array.isArray(op)) for (const v of op) out.push(v);
      else if (typeof op === "object") out.push(applyPatch(old[i++], op));
      else if (op > 0) { for (const v of old.slice(i, i + op)) out.push(v); i += op; }
      else i -= op;
    }
    for (; i < old.length; i++) out.push(old[i]);
    return out;
  }

  // ---------------------------------------------------------------------------------------
  // Replays.

  // The event lines `seat` was sent for actions k..k+n-1: as it saw them (replay.seen), else as played.
  function eventLines(replay, seat, k, n) {
    const seen = replay.seen && replay.seen[seat - 1], out = [];
    for (let i = k; i < k + n && i < replay.actions.length; i++) {
      const [actor, text] = replay.actions[i];
      out.push(`event ${actor || "chance"} ${seen && i < seen.length ? seen[i] : text}`);
    }
    return out;
  }

  // The protocol lines' event references ({"e": [k, n]}) written out, so that every decision has
  // one item per line as decision.js reads them.
  function expandEvents(replay) {
    if (!replay.protocol) return replay;
    const isReference = x => x !== null && typeof x === "object" && !Array.isArray(x), events = Keys.replay.events;
    replay.protocol = replay.protocol.map((decisions, s) => decisions.map(([ply, ...items]) =>
      [ply, ...items.flatMap(x => (isReference(x) ? eventLines(replay, s + 1, x[events][0], x[events][1]) : [x]))]));
    return replay;
  }

  // A replay's JSON as the page reads it: its fields named (keys.js), its event references written out.
  function readReplay(json) { return expandEvents(Keys.named(json, Keys.replay)); }

  const openedReplay = { n: null, replay: null };  // the last one decoded: stepping reopens it

  // Whether the page embeds game n's replay or record.
  function holds(n) { return document.getElementById("replay-" + n) !== null; }

  // Game n's replay, or null: not embedded, or its record waits for the page's engine, which
  // then calls `reopen` (replayNote says which).
  function loadReplay(n, reopen) {
    if (openedReplay.n === n && openedReplay.replay) return openedReplay.replay;
    const node = document.getElementById("replay-" + n);
    if (!node) return null;
    let replay;
    if (node.type === "application/x-arena-record") {
      if (!pageEngine.instance) {
        if (!pageEngine.problem) startPageEngine().then(reopen);  // once started, or not
        return null;
      }
      try {
        replay = readReplay(JSON.parse(replayFromRecord(unpackReplay(node.textContent))));
      } catch (e) {
        pageEngine.failed.set(n, String(e));
        return null;
      }
    } else {
      replay = readReplay(JSON.parse(unpackReplay(node.textContent)));
    }
    Object.assign(openedReplay, { n, replay });
    return replay;
  }

  // Why game n shows no replay: "" when it is simply not embedded.
  function replayNote(n) {
    if (pageEngine.failed.has(n)) return `The page could not replay this game's record: ${pageEngine.failed.get(n)}`;
    const node = document.getElementById("replay-" + n);
    if (node && node.type === "application/x-arena-record") {
      return pageEngine.problem ? `The page's engine did not start: ${pageEngine.problem}` : "Loading the replay...";
    }
    return "";
  }

  // ---------------------------------------------------------------------------------------
  // The page's engine (bindings/page_engine/): a game embedded as its record is replayed here by
  // Arena's own engine compiled to WebAssembly, which writes the JSON a replay embedded as such
  // would hold. Started once: after the first paint (main, report.js), or sooner by the first
  // such game opened.

  const pageEngine = { instance: null, loading: null, problem: "", failed: new Map() };

  function startPageEngine() {
    if (!pageEngine.loading) {
      const bytes = lzmaDecode(fromBase85(document.getElementById("arena-engine").textContent.trim()));
      pageEngine.loading = WebAssembly.instantiate(bytes, { wasi_snapshot_preview1: engineSystem() })
        .then(({ instance }) => {
          pageEngine.instance = instance;
          instance.exports._initialize();
        })
        .catch(e => {
          pageEngine.instance = null;
          pageEngine.problem = String(e);
        });
    }
    return pageEngine.loading;
  }

  // The few system calls of a WASI program the engine's C library makes: it reads no file, no
  // clock and no environment that matters, and writes only what a failed check would print.
  function engineSystem() {
    const memory = () => new DataView(pageEngine.instance.exports.memory.buffer);
    return {
      environ_get: () => 0,
      environ_sizes_get: (count, size) => { memory().setUint32(count, 0, true); memory().setUint32(size, 0, true); return 0; },
      clock_time_get: (id, precision, at) => { memory().setBigUint64(at, 0n, true); return 0; },
      fd_close: () => 0,
      fd_seek: () => 0,
      fd_write: (fd, iovs, count, written) => {
        let bytes = 0;
        for (let i = 0; i < count; i++) bytes += memory().getUint32(iovs + 8 * i + 4, true);
        memory().setUint32(written, bytes, true);
        return 0;
      },
      proc_exit: code => { throw new Error(`the engine stopped with status ${code}`); },
    };
  }

  // The replay JSON of one game's PGN text (bindings/page_engine/page_engine.cpp).
  function replayFromRecord(pgn) {
    const e = pageEngine.instance.exports;
    const bytes = new TextEncoder().encode(pgn);
    const at = e.arena_input(bytes.length);  // first: it may grow the memory, detaching a view of it
    new Uint8Array(e.memory.buffer, at, bytes.length).set(bytes);
    const size = e.arena_replay();
    return new TextDecoder().decode(new Uint8Array(e.memory.buffer, e.arena_output(), size));
  }

  // A line written as word edits of a line of the previous decision (report/protocol_compact.h):
  // [k, op...], a positive op copies that many words, a negative one skips them, a string inserts.
  function editedLine(previous, [k, ...ops]) {
    const from = previous[k].split(" "), out = [];
    let i = 0;
    for (const op of ops) {
      if (typeof op === "string") out.push(op);
      else if (op > 0) { out.push(...from.slice(i, i + op)); i += op; }
      else i -= op;
    }
    return out.join(" ");
  }

  // The lines the referee sent `seat` for each of its decisions, by decision: replay.protocol holds them
  // compactly (report/protocol_compact.h): a number stands for the line of that index in the
  // seat's previous decision, an array for such a line edited word by word.
  function protocolLines(replay, seat) {
    replay.lines = replay.lines || {};
    if (replay.lines[seat]) return replay.lines[seat];
    const byDecision = new Map();
    let previous = [];
    for (const [k, ...items] of replay.protocol[seat - 1] || []) {
      const lines = items.map(x => typeof x === "number" ? previous[x] : typeof x === "string" ? x : editedLine(previous, x));
      byDecision.set(k, lines);
      previous = lines;
    }
    return (replay.lines[seat] = byDecision);
  }

  // A picture with its fields and its boards' named (keys.js).
  function namedPicture(picture) {
    const out = Keys.named(picture, Keys.picture);
    out.boards = (out.boards || []).map(b => Keys.named(b, Keys.board));
    return out;
  }

  // The pictures of one view, every ply, patches applied once, their fields named. A seat's patch
  // that is a number u is view u's patch at that ply (report/replay.h).
  function framesOf(replay, seat) {
    const stored = replay.views[seat] || replay.views[0];
    const frames = [stored[0]];
    for (let i = 1; i < stored.length; i++) {
      const patch = typeof stored[i] === "number" ? replay.views[stored[i]][i] : stored[i];
      frames.push(applyPatch(frames[i - 1], patch));
    }
    return frames.map(namedPicture);
  }

  return { holds, loadReplay, readReplay, replayNote, startPageEngine, framesOf, protocolLines, unpackReplay };
})();
