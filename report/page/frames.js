// Replays as the report holds them, decoded for the viewer (report.js) and the live page
// (live.js): a replay is embedded deflated and in base64 (report/replay_pack.h) and inflated
// only when its game is opened; its pictures are the first in full and then patches
// (report/json_patch.h); its protocol lines refer to its actions for their events
// (report/protocol_compact.h). Nothing here knows a game or a picture's fields.
"use strict";

// ---------------------------------------------------------------------------------------
// Inflate (RFC 1951) of zlib's format (RFC 1950: a 2-byte header, deflate blocks, a checksum
// left unread), after puff.c: small rather than fast, as a replay is a few tens of kilobytes.

const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
                     131, 163, 195, 227, 258];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DISTANCE_BASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
                       2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577];
const DISTANCE_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
const CODE_LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

// A canonical Huffman code from its code lengths: how many codes of each length, and the
// symbols in code order.
function huffman(lengths) {
  const counts = new Uint16Array(16), offsets = new Uint16Array(16), symbols = new Uint16Array(lengths.length);
  for (const l of lengths) counts[l]++;
  counts[0] = 0;
  for (let l = 1; l < 16; l++) offsets[l] = offsets[l - 1] + counts[l - 1];
  lengths.forEach((l, s) => { if (l) symbols[offsets[l]++] = s; });
  return { counts, symbols };
}

const FIXED_LITERALS = huffman(Array.from({ length: 288 }, (_, s) => (s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8)));
const FIXED_DISTANCES = huffman(new Array(30).fill(5));

function inflateZlib(input) {
  let pos = 2, bit = 0, size = 0, out = new Uint8Array(input.length * 8 + 1024);
  const bits = n => {
    let v = 0;
    for (let i = 0; i < n; i++) {
      if (pos >= input.length) throw new Error("replay: the deflated data ends early");
      v |= ((input[pos] >> bit) & 1) << i;
      if (++bit === 8) { bit = 0; pos++; }
    }
    return v;
  };
  const symbol = h => {
    let code = 0, first = 0, index = 0;
    for (let len = 1; len < 16; len++) {
      code |= bits(1);
      const count = h.counts[len];
      if (code - first < count) return h.symbols[index + code - first];
      index += count;
      first = (first + count) << 1;
      code <<= 1;
    }
    throw new Error("replay: a bad Huffman code");
  };
  const room = n => {
    if (size + n <= out.length) return;
    const bigger = new Uint8Array(Math.max(out.length * 2, size + n));
    bigger.set(out.subarray(0, size));
    out = bigger;
  };
  const dynamicCodes = () => {
    const literals = bits(5) + 257, distances = bits(5) + 1, codeLengths = bits(4) + 4;
    const order = new Array(19).fill(0);
    for (let i = 0; i < codeLengths; i++) order[CODE_LENGTH_ORDER[i]] = bits(3);
    const lengthCode = huffman(order), lengths = [];
    while (lengths.length < literals + distances) {
      const s = symbol(lengthCode);
      if (s < 16) lengths.push(s);
      else if (s === 16) lengths.push(...new Array(bits(2) + 3).fill(lengths[lengths.length - 1]));
      else lengths.push(...new Array(s === 17 ? bits(3) + 3 : bits(7) + 11).fill(0));
    }
    return [huffman(lengths.slice(0, literals)), huffman(lengths.slice(literals))];
  };
  for (let last = 0; !last;) {
    last = bits(1);
    const type = bits(2);
    if (type === 0) {  // stored: byte-aligned LEN, NLEN, then the bytes
      if (bit) { bit = 0; pos++; }
      const n = input[pos] | (input[pos + 1] << 8);
      pos += 4;
      room(n);
      out.set(input.subarray(pos, pos + n), size);
      size += n;
      pos += n;
      continue;
    }
    const [lits, dists] = type === 1 ? [FIXED_LITERALS, FIXED_DISTANCES] : dynamicCodes();
    for (let s = symbol(lits); s !== 256; s = symbol(lits)) {
      if (s < 256) {
        room(1);
        out[size++] = s;
        continue;
      }
      const length = LENGTH_BASE[s - 257] + bits(LENGTH_EXTRA[s - 257]);
      const d = symbol(dists), distance = DISTANCE_BASE[d] + bits(DISTANCE_EXTRA[d]);
      room(length);
      for (let i = 0; i < length; i++, size++) out[size] = out[size - distance];
    }
  }
  return out.subarray(0, size);
}

// The JSON text of a replay as the page embeds it (report/replay_pack.h).
function inflateReplay(base64) {
  const binary = atob(base64.trim());
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new TextDecoder().decode(inflateZlib(bytes));
}

// ---------------------------------------------------------------------------------------
// Patches (report/json_patch.h).

function applyPatch(base, patch) {
  if (patch === null) return base;
  if (typeof patch !== "object" || Array.isArray(patch)) return patch;
  if ("=" in patch) return patch["="];
  if (Array.isArray(patch["@"])) return editArray(base, patch["@"]);
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

// The event lines `seat` was sent for actions k..k+n-1: as it saw them (replay.w), else as played.
function eventLines(replay, seat, k, n) {
  const seen = replay.w && replay.w[seat - 1], out = [];
  for (let i = k; i < k + n && i < replay.a.length; i++) {
    const [actor, text] = replay.a[i];
    out.push(`event ${actor || "chance"} ${seen && i < seen.length ? seen[i] : text}`);
  }
  return out;
}

// The protocol lines' event references ({"e": [k, n]}) written out, so that every decision has
// one item per line as report.js reads them.
function expandEvents(replay) {
  if (!replay.q) return replay;
  const isReference = x => x !== null && typeof x === "object" && !Array.isArray(x);
  replay.q = replay.q.map((decisions, s) => decisions.map(([ply, ...items]) =>
    [ply, ...items.flatMap(x => (isReference(x) ? eventLines(replay, s + 1, x.e[0], x.e[1]) : [x]))]));
  return replay;
}

const openedReplay = { n: null, replay: null };  // the last one inflated: stepping reopens it

function loadReplay(n) {
  if (openedReplay.n === n && openedReplay.replay) return openedReplay.replay;
  const node = document.getElementById("replay-" + n);
  if (!node && LIVE.replay) return LIVE.replay(n);
  if (!node) return null;
  const replay = expandEvents(JSON.parse(inflateReplay(node.textContent)));
  Object.assign(openedReplay, { n, replay });
  return replay;
}

// The pictures of one view, every ply, patches applied once. A seat's patch that is a number u
// is view u's patch at that ply (report/replay.h).
function framesOf(replay, seat) {
  const stored = replay.f[seat] || replay.f[0];
  const frames = [stored[0]];
  for (let i = 1; i < stored.length; i++) {
    const patch = typeof stored[i] === "number" ? replay.f[stored[i]][i] : stored[i];
    frames.push(applyPatch(frames[i - 1], patch));
  }
  return frames;
}
