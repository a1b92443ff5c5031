// Browser test of the HTML report (docs/report.md), run by ctest as `browser_report`:
// plays small real tournaments of every game and player count through build/bin/arena (which
// writes report.html into each output folder), opens each report from disk in Debian's
// chromium (headless, driven by playwright-core; no browser download), fails on any network
// request, opens deep links, steps through a game, switches seat views, and checks that the
// cells, tiles and cards drawn in the page equal the engine's pictures
// (`arena report --dump-pictures`). A screenshot per game lands in WORK/screenshots/.
//
// Usage: node report_test.mjs BIN_DIR WORK_DIR [--docs DOCS_DIR] [--only NAME,...]
//   --docs: also take again the screenshots of docs/report.md there; --only: run these cases only.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { launchChromium } from "./chromium.mjs";
import { leagueShown, playLeague } from "./league_page.mjs";

const [binDir, workDir] = process.argv.slice(2, 4).map(p => path.resolve(p));
const docsDir = process.argv.includes("--docs") ? process.argv[process.argv.indexOf("--docs") + 1] : null;
const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1].split(",") : null;
const arena = path.join(binDir, "arena");
const shots = path.join(workDir, "screenshots");

// Every game and player count, as the registry lists them (`arena games --json`,
// docs/rules/README.md), small and quick: each game's quick spec (one deal, a low target, a
// small board), random bots, one or two games each; the first game's case also checks the
// results tables.
const GAMES = JSON.parse(execFileSync(arena, ["games", "--json"], { encoding: "utf8" })).games;
const CASES = [
  ...GAMES.flatMap(g => g.player_counts.map(c => ({
    name: g.min_players === g.max_players ? g.id : `${g.id}-${c.players}`,
    spec: c.quick_spec, bots: 2, games: c.players === 2 ? 2 : 1 }))),
  // A head-to-head with a bot that answers illegal moves: faults, verdict details, filters.
  { name: "faults", spec: GAMES.flatMap(g => g.player_counts).find(c => c.players === 2).quick_spec, bots: 2, games: 4,
    second: "illegal_bot" },
];
// Bots that say what they think (tests/bots/chatty_bot): the console, the value chart, marks.
CASES.push({ name: "botlines", spec: GAMES.find(g => g.id === "clump").player_counts[0].quick_spec, bots: 2, games: 2,
             program: "chatty_bot" });
CASES[0].results = true;
// Six seats: six bars of seat shares (two bots in six seats leave nothing to rate, so the
// charts only).
CASES.find(c => c.name === "flush-6").charts = true;

let failures = 0;
function check(ok, what) {
  if (!ok) {
    failures++;
    console.error("FAIL: " + what);
  }
}

function play(c) {
  const out = path.join(workDir, c.name);
  fs.rmSync(out, { recursive: true, force: true });
  const args = ["tournament", c.spec, "--games", String(c.games), "--seed", "7", "--out", out, "--quiet",
                "--concurrency", "2", "--max-tables", "1"];
  for (let b = 1; b <= c.bots; b++) {
    const program = b === 2 && c.second ? c.second : c.program || "random_bot";
    args.push("--bot", `${b === 2 && c.second ? "illegal" : "random" + b}=${path.join(binDir, program)}`);
  }
  execFileSync(arena, args, { stdio: ["ignore", "ignore", "inherit"] });
  return out;
}

// What the page drew, read back from the DOM.
async function drawn(page) {
  return page.evaluate(() => {
    const cells = [...document.querySelectorAll("#drawing g.cell")].map(g => ({
      name: g.dataset.cell, stone: Number(g.dataset.stone || 0), tile: g.dataset.tile || "",
      rot: g.dataset.tile ? Number(g.dataset.rot) : 0, links: g.dataset.links || "",
      last: g.classList.contains("last") && g.querySelector(".last-mark") !== null }));
    // A card's face as drawn: rank, suit symbol, whether written in red, note, special tint.
    const face = c => {
      const rank = c.querySelector(".rank");
      if (!rank) return null;
      const [r, g] = getComputedStyle(rank).fill.match(/\d+/g).map(Number);
      const text = sel => (c.querySelector(sel) || { textContent: "" }).textContent;
      return { rank: rank.textContent, suit: text(".suit"), red: r > 150 && g < 100, note: text(".note"),
               special: c.classList.contains("special") };
    };
    const zones = [...document.querySelectorAll("#drawing g.zone")].map(g => ({
      name: g.dataset.zone, seat: Number(g.dataset.seat), hidden: Number(g.dataset.hidden),
      cards: [...g.querySelectorAll("g.card[data-card]")].map(c => c.dataset.card),
      last: [...g.querySelectorAll("g.card[data-card]")].map(c => c.classList.contains("last")),
      faces: [...g.querySelectorAll("g.card[data-card]")].map(face) }));
    return { cells, zones, caption: document.getElementById("caption").textContent,
             ply: Number(document.getElementById("slider").value) };
  });
}

// The same shape from the engine's picture. The last action is marked by what it changed since
// `before`, the picture one action earlier: cells whose stone or tile differs, and face-up cards
// a zone holds more of than it did.
function expected(picture, before) {
  const cells = [];
  picture.b.forEach((b, i) => {
    const old = new Map(before ? before.b[i].k.map(k => [k[2], k]) : []);
    for (const [, , name, stone, tile, rot, links] of b.k) {
      const o = old.get(name);
      const last = o !== undefined && (o[3] !== stone || (o[4] || "") !== (tile || "") || (o[5] || 0) !== (rot || 0));
      cells.push({ name, stone, tile: tile || "", rot: tile ? rot : 0,
                   links: tile ? links.map(([a, b2, s]) => `${a}-${b2}:${s}`).join(" ") : "", last });
    }
  });
  // The page groups zones by seat, the table first (a stable sort keeps each seat's order).
  // Card faces (picture.h): suits drawn as symbols, hearts and diamonds in red.
  const SYMBOLS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663", "": "" };
  const zones = picture.z.map(([name, seat, cards, , hidden, faces]) => {
    const was = before && before.z.find(z => z[0] === name && z[1] === seat);
    const left = was ? [...was[2]] : [];
    const last = cards.map(c => {
      const at = left.indexOf(c);
      if (at >= 0) left.splice(at, 1);
      return before !== undefined && at < 0;
    });
    const drawnFaces = cards.map((_, i) => faces ? { rank: faces[i][0], suit: SYMBOLS[faces[i][1]],
      red: faces[i][1] === "H" || faces[i][1] === "D", note: faces[i][2], special: faces[i][3] === 1 } : null);
    return { name, seat, hidden, cards, last, faces: drawnFaces };
  }).sort((a, b) => a.seat - b.seat);
  return { cells, zones, caption: picture.c };
}

async function compareAt(page, dump, game, ply, seat, label) {
  await page.evaluate(h => { location.hash = h; }, `#game=${game}&ply=${ply}${seat ? "&seat=" + seat : ""}`);
  await page.waitForFunction(p => Number(document.getElementById("slider").value) === p, ply);
  const got = await drawn(page);
  const want = expected(dump.f[seat][ply], dump.f[seat][ply - 1]);
  const same = JSON.stringify([got.cells, got.zones, got.caption]) === JSON.stringify([want.cells, want.zones, want.caption]);
  check(same, `${label}: game ${game} ply ${ply} seat ${seat}: the page draws\n${JSON.stringify(got).slice(0, 600)}\n` +
              `but the engine's picture is\n${JSON.stringify(want).slice(0, 600)}`);
  return got;
}

// The colour a seat is drawn in, as the browser computes it from the page's own table.
async function seatColours(page) {
  return page.evaluate(() => Picture.SEAT_COLOURS.map(c => {
    const probe = document.createElement("span");
    probe.style.color = c;
    document.body.append(probe);
    const rgb = getComputedStyle(probe).color;
    probe.remove();
    return rgb;
  }));
}

// Cards on the pile or in the trick are framed in the colour of the seat that played them: the
// first ply of game 1 with such cards, each card's frame as the browser paints it.
async function checkCardFrames(page, dump, c) {
  const ply = dump.f[0].findIndex(p => p.z.some(z => z[3].length > 0));
  if (ply < 0) return;
  await page.evaluate(h => { location.hash = h; }, `#game=1&ply=${ply}`);
  await page.waitForFunction(p => Number(document.getElementById("slider").value) === p, ply);
  const colours = await seatColours(page);
  for (const [name, seat, cards, by] of dump.f[0][ply].z.filter(z => z[3].length > 0)) {
    const strokes = await page.$$eval(`#drawing g.zone[data-zone="${name}"][data-seat="${seat}"] g.card[data-card] rect`,
                                      rs => rs.map(r => getComputedStyle(r).stroke));
    const want = by.map(s => colours[s]);
    check(JSON.stringify(strokes) === JSON.stringify(want),
          `${c.name}: ply ${ply}: the ${name} cards ${cards.join(" ")} are framed ${strokes.join(" ")}, ` +
          `not in the colours of the seats that played them (${want.join(" ")})`);
  }
}

// A flow is one colour from end to end: at the last ply of game 1, every path drawn in a tile
// has the colour of the path it joins in the neighbouring tile. Hex cells (x in half cells, y in
// rows) neighbour across sides 0 NE, 1 E, 2 SE, 3 SW, 4 W, 5 NW (engine/core/picture.h).
async function checkFlowColours(page, dump, c) {
  const last = dump.f[0].length - 1, board = dump.f[0][last].b.find(b => b.h === "hex");
  if (!board) return;
  await page.evaluate(h => { location.hash = h; }, `#game=1&ply=${last}`);
  await page.waitForFunction(p => Number(document.getElementById("slider").value) === p, last);
  // Per cell: its sides joined by each path, and the colour the browser paints that path.
  const paths = new Map(await page.$$eval("#drawing g.cell[data-links]", gs => gs.map(g => {
    const strokes = [...g.querySelectorAll("path")].map(p => getComputedStyle(p).stroke);
    return [g.dataset.cell, g.dataset.links.split(" ").map((l, i) => ({ sides: l.split(":")[0].split("-").map(Number), stroke: strokes[i] }))];
  })));
  const at = new Map(board.k.map(([x, y, name]) => [`${x},${y}`, name]));
  const step = [[1, -1], [2, 0], [1, 1], [-1, 1], [-2, 0], [-1, -1]];
  let joins = 0, bad = [];
  for (const [x, y, name] of board.k)
    for (const { sides, stroke } of paths.get(name) || [])
      for (const side of sides) {
        const next = paths.get(at.get(`${x + step[side][0]},${y + step[side][1]}`));
        const mate = next && next.find(p => p.sides.includes((side + 3) % 6));
        if (!mate) continue;
        joins++;
        if (mate.stroke !== stroke) bad.push(`${name} side ${side} ${stroke} / ${mate.stroke}`);
      }
  check(joins > 0 && bad.length === 0, `${c.name}: flows change colour from tile to tile (${joins} joins): ${bad.slice(0, 6).join(", ")}`);
}

// Tile labels leave the path crossings visible: the label of every placed tile lies under its
// paths (drawn before them) and away from the tile's centre, where the paths cross.
async function checkTileLabels(page, c) {
  const bad = await page.$$eval("#drawing g.cell[data-links]", gs => gs.flatMap(g => {
    const hex = g.querySelector("polygon").getBBox(), label = g.querySelector("text");
    const [cx, cy] = [hex.x + hex.width / 2, hex.y + hex.height / 2], box = label.getBBox();
    const under = [...g.querySelectorAll("path")].every(p => label.compareDocumentPosition(p) & Node.DOCUMENT_POSITION_FOLLOWING);
    const clear = cx < box.x || cx > box.x + box.width || cy < box.y || cy > box.y + box.height;
    return under && clear ? [] : [`${g.dataset.cell} (${under ? "" : "over the paths, "}${clear ? "" : "on the centre"})`];
  }));
  check(bad.length === 0, `${c.name}: tile labels cover the path crossings: ${bad.slice(0, 6).join(", ")}`);
}

// A board with walls (Flume's ring of neutral border stones, picture.h) is drawn with them: one
// wall stone in every cell of the ring around the board.
async function checkWalls(page, dump, c) {
  const board = dump.f[0][0].b.find(b => b.r);
  if (!board) return;
  const walls = await page.locator("#drawing .wall").count();
  check(walls === 2 * (board.w + board.t) + 4, `${c.name}: ${walls} wall stones around a ${board.w}x${board.t} board`);
}

// A deep link to a game the report does not hold says so and shows no game; the next link to a
// real game opens it again.
async function checkMissingGame(page, dump, c) {
  await page.evaluate(() => new Promise(done => {
    window.addEventListener("hashchange", () => setTimeout(done, 50), { once: true });
    location.hash = "#game=999";
  }));
  const left = await page.locator("#drawing g.cell, #drawing g.zone, #moves .move").count();
  const said = await page.textContent("#viewer");
  check(left === 0 && said.includes("no game 999"), `${c.name}: #game=999 shows ${left} cells, zones and moves of another game: ${said.slice(0, 200)}`);
  await compareAt(page, dump, 1, 0, 0, c.name + " after #game=999");
}

// The last action is highlighted: a swap marks both its cells (on a board full from the start,
// where actions can only swap), a placement its stone or tile (the first one of the game), and
// the first card played is marked on the pile or trick.
async function checkLastMove(page, dump, c) {
  const frames = dump.f[0], board = frames[0].b[0];
  const pieces = p => p.b[0].k.filter(k => k[3] || k[4]).length;
  let ply = -1, want = 0;
  if (board && pieces(frames[0]) === board.k.length) [ply, want] = [Math.max(1, Math.floor(frames.length / 2)), 2];
  else if (board) [ply, want] = [frames.findIndex((p, i) => i > 0 && pieces(p) > pieces(frames[i - 1])), 1];
  if (ply > 0 && ply < frames.length) {
    const got = await compareAt(page, dump, 1, ply, 0, c.name + " last move");
    const marked = got.cells.filter(k => k.last);
    check(marked.length === want, `${c.name}: ply ${ply} marks ${marked.length} cells, not ${want}: ${marked.map(k => k.name).join(" ")}`);
  }
  const played = frames.findIndex(p => p.z.some(z => z[3].length > 0));
  if (played > 0) {
    const got = await compareAt(page, dump, 1, played, 0, c.name + " last card");
    const zone = got.zones.find(z => frames[played].z.some(w => w[0] === z.name && w[1] === z.seat && w[3].length > 0));
    check(zone && zone.last[zone.last.length - 1], `${c.name}: ply ${played}: the card played is not marked: ${JSON.stringify(zone)}`);
  }
}

// Beside the drawing, the lines the seat asked at a ply (or the seat viewed) was sent for that
// decision: exactly what `arena repro --print-lines --ply` regenerates from the record, which
// the repro test holds equal to what the referee sent.
async function checkProtocol(page, dir, c, seat) {
  const pgn = path.join(dir, "games.pgn");
  await page.evaluate(h => { location.hash = h; }, `#game=1&ply=0${seat ? "&seat=" + seat : ""}`);
  await page.waitForFunction(s => Viewer.state().replay && Viewer.state().game === 1 && Viewer.state().seat === s && Viewer.state().ply === 0, seat);
  // A decision from the middle of the game on (its lines mostly written as edits of the one
  // before), of the seat viewed or, in the full view, of the seat asked there.
  const ply = await page.evaluate(s => {
    const a = Viewer.state().replay.actions;
    for (let i = 0; i < a.length; i++) {
      const p = (Math.floor(a.length / 2) + i) % a.length, seat = s || a[p][0];
      if (seat && Frames.protocolLines(Viewer.state().replay, seat).has(p)) return p;
    }
    return -1;
  }, seat);
  check(ply >= 0, `${c.name}: no protocol lines embedded${seat ? " for seat " + seat : ""}`);
  if (ply < 0) return;
  await page.evaluate(h => { location.hash = h; }, `#game=1&ply=${ply}${seat ? "&seat=" + seat : ""}`);
  await page.waitForFunction(p => Number(document.getElementById("slider").value) === p, ply);
  const shown = await page.$eval("#protocol", p => {
    const pre = p.querySelector("#protocol-lines");
    return pre ? { seat: Number(pre.dataset.seat), ply: Number(pre.dataset.ply), text: pre.textContent } : null;
  });
  check(shown && shown.ply === ply, `${c.name}: no protocol lines shown at ply ${ply}`);
  if (!shown) return;
  const want = execFileSync(arena, ["repro", pgn, "--game", "1", "--seat", String(shown.seat), "--ply", String(ply),
                                    "--print-lines"], { encoding: "utf8" });
  check(shown.text + "\n" === want, `${c.name}: the protocol lines of seat ${shown.seat} at ply ${ply} differ from arena repro's:\n${shown.text}\n---\n${want}`);
  check(!seat || shown.seat === seat, `${c.name}: the view of seat ${seat} shows the lines of seat ${shown.seat}`);
  check(/(^|\n)go [-\d]+ [-\d]+ [-\d]+$/.test(shown.text), `${c.name}: the protocol lines do not end in go: ${shown.text.slice(-80)}`);
  // The seat's clock beside the board at its decision: the clock its go line gave it.
  const remaining = Number(want.trim().split("\n").pop().split(" ")[1]);
  if (remaining >= 0) {
    const clock = await page.$eval(`#clocks .clock[data-seat="${shown.seat}"]`, e => ({ ms: Number(e.dataset.ms), toMove: e.classList.contains("to-move") }))
      .catch(() => null);
    check(clock && clock.ms === remaining && clock.toMove,
          `${c.name}: seat ${shown.seat}'s clock at ply ${ply} shows ${JSON.stringify(clock)}, its go line says ${remaining} ms`);
  }
}

// The viewer's tools: a seat's own decisions one after the other ("]" and the buttons), the
// playback speed, "go to game N", a game list sorted by a column, and a bot's row of the
// ratings table showing that bot's games.
async function checkViewerTools(page, c) {
  // Seat 1's view where the game has seat views, else the full view, whose "own" seat is the
  // one to move at the ply shown.
  const seatViews = await page.locator('#view option[value="1"]').count() > 0;
  await page.evaluate(h => { location.hash = h; }, seatViews ? "#game=1&ply=0&seat=1" : "#game=1&ply=0");
  await page.waitForFunction(s => Viewer.state().replay && Viewer.state().game === 1 && Viewer.state().seat === s && Viewer.state().ply === 0, seatViews ? 1 : 0);
  const want = await page.evaluate(() => {
    const a = Viewer.state().replay.actions, seat = Viewer.state().seat || (a[0] ? a[0][0] : 0), own = [];
    for (let p = 1; seat && p < a.length && own.length < 2; p++) if (a[p][0] === seat) own.push(p);
    return own;
  });
  await page.keyboard.press("]");
  if (want.length) check((await drawn(page)).ply === want[0], `${c.name}: "]" went to ply ${(await drawn(page)).ply}, not the seat's next decision ${want[0]}`);
  await page.click("#b-own-next");
  if (want.length > 1) check((await drawn(page)).ply === want[1], `${c.name}: "own >" did not reach the seat's decision at ply ${want[1]}`);
  await page.click("#b-own-prev");
  if (want.length > 1) check((await drawn(page)).ply === want[0], `${c.name}: "< own" did not go back to ply ${want[0]}`);
  await page.selectOption("#speed", "4");
  check(await page.evaluate(() => Viewer.state().stepMs) === 100, `${c.name}: speed 4x does not step every 100 ms`);
  await page.selectOption("#speed", "1");
  const games = await page.evaluate(() => Page.data.games.length);
  if (games > 1) {
    await page.evaluate(() => { location.hash = "#games"; });
    await page.fill("#goto", "2");
    await page.press("#goto", "Enter");
    await page.waitForFunction(() => Viewer.state().game === 2);
    await page.click('#games-table th[data-sort="length"]');
    await page.click('#games-table th[data-sort="length"]');
    const lengths = await page.$$eval("#games-table tr[data-game]", trs => trs.map(tr => Number(tr.cells[4].textContent)));
    check(lengths.every((l, i) => i === 0 || lengths[i - 1] >= l), `${c.name}: the game list sorted by length, longest first, reads ${lengths.slice(0, 12)}`);
  }
  if (c.results) {
    await page.evaluate(() => { location.hash = "#results"; });
    const bot = await page.$eval("#ratings-table tr[data-bot]", tr => tr.dataset.bot);
    await page.click(`#ratings-table tr[data-bot="${bot}"]`);
    await page.waitForFunction(() => !document.getElementById("games").hidden);
    const players = await page.$$eval("#games-table tr[data-game]", trs => trs.map(tr => tr.cells[2].textContent));
    check(players.length > 0 && players.every(p => p.includes(bot)), `${c.name}: clicking ${bot} in the ratings table lists games without it`);
    await page.selectOption("#f-bot", "");
  }
}

// Jumps to where the game's hands and tricks start (the pictures' parts, picture.h: a number
// that changes and is not 0), by keys (h, t; with Shift back) and buttons; the jump buttons of a
// part the game lacks are hidden. The card games with hands and tricks must have them. Faults:
// f goes to this game's fault, then to the next faulted game's, Shift+F back.
async function checkJumps(page, dump, c) {
  const frames = dump.f[0], number = (p, kind) => (frames[p].p && frames[p].p[kind]) || 0;
  const starts = kind => frames.map((_, p) => p).filter(p => p > 0 && number(p, kind) && number(p, kind) !== number(p - 1, kind));
  const want = { hand: starts("hand"), trick: starts("trick") };
  if (c.name.startsWith("flume-cards")) check(want.hand.length > 0 && want.trick.length >= 6, `${c.name}: the pictures mark no hands and tricks: ${JSON.stringify(want)}`);
  if (c.name.startsWith("flush")) check(want.hand.length > 0, `${c.name}: the pictures mark no hands (rounds)`);
  await page.evaluate(() => { location.hash = "#game=1&ply=0"; });
  await page.waitForFunction(() => Viewer.state().replay && Viewer.state().game === 1 && Viewer.state().seat === 0 && Viewer.state().ply === 0);
  const ply = async () => (await drawn(page)).ply;
  for (const [kind, key] of [["hand", "h"], ["trick", "t"]]) {
    const hidden = await page.$eval(`#controls .jumps[data-jump="${kind}"]`, b => b.hidden);
    check(hidden === (want[kind].length === 0), `${c.name}: the ${kind} jumps are ${hidden ? "hidden" : "shown"} for ${want[kind].length} starts`);
    if (!want[kind].length) continue;
    await page.evaluate(() => Viewer.showPly(0));
    await page.keyboard.press(key);
    check(await ply() === want[kind][0], `${c.name}: "${key}" went to ply ${await ply()}, not the first ${kind}'s start ${want[kind][0]}`);
    if (want[kind].length < 2) continue;
    await page.click(`#b-${kind}-next`);
    check(await ply() === want[kind][1], `${c.name}: "${kind} >" went to ply ${await ply()}, not ${want[kind][1]}`);
    await page.keyboard.press("Shift+" + key.toUpperCase());
    check(await ply() === want[kind][0], `${c.name}: Shift+${key.toUpperCase()} went to ply ${await ply()}, not ${want[kind][0]}`);
    await page.focus("#slider");
    await page.keyboard.press(key);
    check(await ply() === want[kind][1], `${c.name}: "${key}" on the focused slider went to ply ${await ply()}`);
    await page.click(`#b-${kind}-prev`);
    check(await ply() === want[kind][0], `${c.name}: "< ${kind}" went to ply ${await ply()}, not ${want[kind][0]}`);
  }
  const faulted = await page.evaluate(() => Page.data.games.filter(g => g.faultSeat).map(g => [g.number, g.length]));
  const faultsShown = !(await page.$eval('#controls .jumps[data-jump="fault"]', b => b.hidden));
  check(faultsShown === faulted.length > 0, `${c.name}: the fault jumps are ${faultsShown ? "shown" : "hidden"} for ${faulted.length} faulted games`);
  if (c.name !== "faults") return;
  check(faulted.length >= 2 && faulted[0][0] === 1, `${c.name}: games ending in a fault: ${JSON.stringify(faulted)}`);
  const where = () => page.evaluate(() => [Viewer.state().game, Viewer.state().ply]);
  await page.keyboard.press("f");
  check(JSON.stringify(await where()) === JSON.stringify(faulted[0]), `${c.name}: "f" went to ${await where()}, not game 1's fault ${faulted[0]}`);
  await page.keyboard.press("f");
  await page.waitForFunction(n => Viewer.state().game === n && Viewer.state().replay, faulted[1][0]);
  check(JSON.stringify(await where()) === JSON.stringify(faulted[1]), `${c.name}: "f" went to ${await where()}, not the next fault ${faulted[1]}`);
  await page.click("#b-fault-prev");
  await page.waitForFunction(n => Viewer.state().game === n && Viewer.state().replay, faulted[0][0]);
  check(JSON.stringify(await where()) === JSON.stringify(faulted[0]), `${c.name}: "< fault" went to ${await where()}, not ${faulted[0]}`);
  await page.click("#b-fault-next");
  await page.waitForFunction(n => Viewer.state().game === n && Viewer.state().replay, faulted[1][0]);
  await page.keyboard.press("Shift+F");
  await page.waitForFunction(n => Viewer.state().game === n && Viewer.state().replay, faulted[0][0]);
  check(JSON.stringify(await where()) === JSON.stringify(faulted[0]), `${c.name}: Shift+F went to ${await where()}, not ${faulted[0]}`);
}

// The viewer's layout at 1280x720: a game opened by a deep link shows every seat's block and
// zone and every cell of the board inside the window (at the first, middle and last plies, and
// in a seat view), and stepping through the whole game (keys, buttons, the slider, the jumps,
// playback) never scrolls the window, also when it was scrolled down to the bots' lines.
async function checkLayout(browser, c, dir, dump) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.route(/^(?!file:).*/, route => route.abort());
  const last = dump.f[0].length - 1, seatViews = dump.f.length > 1;
  await page.goto("file://" + path.join(dir, "report.html") + "#game=1&ply=0");
  await page.waitForSelector("body[data-ready]");
  const outside = () => page.evaluate(() => [...document.querySelectorAll("#drawing g.zone, #drawing g.seat-block, #drawing g.cell")]
    .filter(e => { const r = e.getBoundingClientRect();
                   return r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5 || r.width === 0; })
    .map(e => `${e.dataset.zone || e.dataset.cell || "seat block"} of seat ${e.dataset.seat || "-"}`));
  for (const seat of seatViews ? [0, dump.f.length - 1] : [0])
    for (const ply of [0, Math.floor(last / 2), last]) {
      await page.evaluate(h => { location.hash = h; }, `#game=1&ply=${ply}${seat ? "&seat=" + seat : ""}`);
      await page.waitForFunction(([p, s]) => Viewer.state().ply === p && Viewer.state().seat === s && Number(document.getElementById("slider").value) === p, [ply, seat]);
      const out = await outside();
      check(out.length === 0, `${c.name}: at 1280x720, ply ${ply}, view ${seat}: outside the window: ${out.slice(0, 8).join(", ")}`);
    }
  // The pictures of docs/report.md: the viewer as a 1280x720 window shows it, at the end when the
  // game highlights what won, else a few cards into the first trick that has one before it, else
  // in the middle; a seat view at the same ply.
  const trickPly = dump.f[0].findIndex(p => p.z.some(z => z[0] === "last trick"));
  const shotPly = dump.f[0][last].h ? last : trickPly > 0 ? Math.min(last, trickPly + 3) : Math.floor(last / 2);
  for (const seat of seatViews ? [0, dump.f.length - 1] : [0]) {
    await page.evaluate(h => { location.hash = h; }, `#game=1&ply=${shotPly}${seat ? "&seat=" + seat : ""}`);
    await page.waitForFunction(([p, s]) => Viewer.state().ply === p && Viewer.state().seat === s, [shotPly, seat]);
    await page.screenshot({ path: path.join(shots, `${c.name}${seat ? "-seat" + seat : ""}.png`) });
  }
  // Stepping never scrolls: from the viewer's own place, then scrolled down to the bots' lines.
  for (const down of [0, 400]) {
    await page.evaluate(() => { location.hash = "#game=1&ply=0"; });
    await page.waitForFunction(() => Viewer.state().ply === 0 && Viewer.state().seat === 0);
    await page.evaluate(d => window.scrollBy(0, d), down);
    const before = await page.evaluate(() => { window.scrollMoved = []; addEventListener("scroll", () => window.scrollMoved.push(scrollY)); return scrollY; });
    // One action at a time, then (scrolled down) ten at a time: the whole game either way.
    for (let p = 0; p < last; p += down ? 10 : 1) await page.keyboard.press(down ? "ArrowDown" : "ArrowRight");
    // Buttons clicked in the page (a click by the driver would scroll them into view itself).
    for (const id of ["#b-first", "#b-next", "#b-own-next", "#b-last", "#b-prev", "#b-hand-prev", "#b-trick-prev"])
      await page.$eval(id, b => b.click());
    await page.keyboard.press("Home");
    await page.evaluate(n => { const s = document.getElementById("slider"); for (let p = 0; p <= n; p++) { s.value = p; s.dispatchEvent(new Event("input")); } }, last);
    await page.selectOption("#speed", "10");
    await page.evaluate(n => Viewer.showPly(n), Math.max(0, last - 12));
    await page.$eval("#b-play", b => b.click());
    await page.waitForFunction(() => !Viewer.state().playing, null, { timeout: 120000 });
    await page.selectOption("#speed", "1");
    const moved = await page.evaluate(() => window.scrollMoved);
    const after = await page.evaluate(() => scrollY);
    check(after === before && moved.every(y => y === before), `${c.name}: stepping through the game scrolled the window from ${before} to ${[...new Set(moved)].slice(0, 8).join(", ")}`);
  }
  await page.close();
}

// What the game highlights (the pictures' "h", picture.h): at the end the winning structure, each
// cell framed in the winner's colour (Clump: the winner's stones joining its two sides; Flume: the
// majority's stones; Flows: the tiles of the winning route); in flume-cards the card that won each
// trick shown, framed and starred in the winner's colour. Read back from the DOM and its computed
// styles at the last ply and at the first complete trick.
async function checkHighlights(page, dump, c) {
  const frames = dump.f[0], last = frames.length - 1, final = frames[last];
  const colours = await seatColours(page);
  // Every complete trick shown (a game that shows a last trick) has its winner highlighted.
  const trickPly = frames.findIndex(p => p.z.some(z => z[0] === "last trick"));
  const bare = frames.map((p, i) => [p, i]).filter(([p]) => p.z.some(z => z[0] === "last trick") && !(p.h || []).some(h => h[0] === "trick"));
  check(bare.length === 0, `${c.name}: complete tricks without their winner highlighted at plies ${bare.map(([, i]) => i).slice(0, 8)}`);
  // A board game someone won (not all ranked first) highlights what won, unless it was won by
  // no structure at all (a tile that fits nowhere, no legal swap left).
  // A game a fault ended was won by no structure either: only the rules' own ends are checked.
  const [ranks, ending] = await page.evaluate(() => [Page.data.games[0].ranks, Page.data.games[0].termination]), board = final.b[0];
  if (board && ending === "normal" && ranks.some(k => k !== 1) && !/unplayable|no legal swap/.test(final.c))
    check((final.h || []).some(h => h[0] === "win"), `${c.name}: the end (${final.c}) highlights no winning structure`);
  for (const ply of [last, trickPly].filter(p => p > 0)) {
    await page.evaluate(h => { location.hash = h; }, `#game=1&ply=${ply}`);
    await page.waitForFunction(p => Viewer.state().ply === p && Viewer.state().seat === 0, ply);
    // Each frame drawn, with the cell or card it frames.
    const shown = await page.$$eval("#drawing .highlight", fs => fs.map(frame => {
      const n = frame.parentNode, zone = n.closest("g.zone"), kind = frame.dataset.kind, seat = Number(frame.dataset.seat);
      return { key: JSON.stringify(zone ? [kind, seat, n.dataset.card, zone.dataset.zone, Number(zone.dataset.seat)] : [kind, seat, n.dataset.cell]),
               stroke: getComputedStyle(frame).stroke, width: parseFloat(getComputedStyle(frame).strokeWidth),
               star: zone ? !!n.querySelector(".highlight-star") : true, seat };
    }));
    const want = [...new Set((frames[ply].h || []).map(h => JSON.stringify(h)))].sort();
    check(JSON.stringify(shown.map(x => x.key).sort()) === JSON.stringify(want), `${c.name}: ply ${ply} highlights ${shown.map(x => x.key).join(" ")}, the picture ${want.join(" ")}`);
    const off = shown.filter(x => x.stroke !== colours[x.seat] || !(x.width >= 3) || !x.star);
    check(off.length === 0, `${c.name}: ply ${ply}: highlights not framed in their seat's colour: ${JSON.stringify(off.slice(0, 3))}`);
  }
  // The winning structure checked apart from the engine, from the board's own shape: on a
  // square board whose edges the winner owns, a chain of its stones joining them; on a square
  // board without such edges, the majority: every stone of the winner; on a hex board of tiles,
  // a route over tiles only.
  const win = (final.h || []).filter(h => h[0] === "win");
  if (!board || !win.length) return;
  const cells = new Map(board.k.map(k => [k[2], k])), seat = win[0][1], marked = win.map(h => cells.get(h[2]));
  const edges = board.e || [], names = win.map(h => h[2]).join(" ");
  if (board.h === "hex") {
    check(marked.every(k => k[4]), `${c.name}: the winning route crosses cells without tiles: ${names}`);
  } else if (edges.includes(seat)) {
    const along = edges[0] === seat ? k => k[1] : k => k[0], span = edges[0] === seat ? board.t : board.w;
    check(marked.every(k => k[3] === seat) && marked.some(k => along(k) === 0) && marked.some(k => along(k) === span - 1),
          `${c.name}: the winning chain of seat ${seat} does not join its edges: ${names}`);
  } else {
    check(win.length === board.k.filter(k => k[3] === seat).length && marked.every(k => k[3] === seat),
          `${c.name}: the majority of seat ${seat} is not every stone of it: ${win.length} highlighted`);
  }
}

// Each script of the page is a module (report/page/page.js, tests/check_page_scripts.py): the page
// puts nothing on its window that a blank page from disk has not, and its scripts' namespaces are there.
// The blank page's names are the browser's own: read once a run.
let blankNames = null;
async function checkModules(browser, page, name) {
  if (!blankNames) {
    const blank = await browser.newPage(), file = path.join(workDir, "blank.html");
    fs.writeFileSync(file, "<!DOCTYPE html><title>blank</title>");
    await blank.goto("file://" + file);
    blankNames = await blank.evaluate(() => Object.getOwnPropertyNames(window));
    await blank.close();
  }
  const base = new Set(blankNames);
  const added = (await page.evaluate(() => Object.getOwnPropertyNames(window))).filter(n => !base.has(n));
  check(added.length === 0, `${name}: the page's scripts put ${added.length} names on the window: ${added.slice(0, 12).join(", ")}`);
  const namespaces = await page.evaluate(() => [typeof Keys, typeof Page, typeof Picture, typeof Frames, typeof Results,
                                                typeof GameList, typeof Viewer]);
  check(namespaces.every(t => t === "object"), `${name}: the page's namespaces are ${namespaces}`);
}

// The engine's pictures of game 1 of a folder (`arena report --dump-pictures`), made once a
// folder: checkReport and checkBothForms compare the same game.
const dumps = new Map();
function dumpPictures(dir) {
  if (!dumps.has(dir))
    dumps.set(dir, JSON.parse(execFileSync(arena, ["report", dir, "--dump-pictures", "1"], { maxBuffer: 1 << 30 }).toString()));
  return dumps.get(dir);
}

async function checkReport(browser, c, dir) {
  const file = path.join(dir, "report.html");
  check(fs.existsSync(file), `${c.name}: arena tournament wrote no report.html`);
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const requests = [];
  page.on("request", r => { if (!r.url().startsWith("file:")) requests.push(r.url()); });
  await page.route(/^(?!file:).*/, route => route.abort());
  const errors = [];
  page.on("pageerror", e => errors.push(String(e)));
  const dump = dumpPictures(dir);
  const last = dump.f[0].length - 1;
  // A deep link straight to the middle of the first game.
  const mid = Math.floor(last / 2);
  await page.goto("file://" + file + `#game=1&ply=${mid}`);
  await page.waitForSelector("body[data-ready]");
  await checkModules(browser, page, c.name);
  await compareAt(page, dump, 1, mid, 0, c.name + " deep link");
  // Stepping: keys, buttons, the slider.
  await page.keyboard.press("ArrowRight");
  check((await drawn(page)).ply === Math.min(mid + 1, last), `${c.name}: ArrowRight did not step`);
  await page.click("#b-prev");
  check((await drawn(page)).ply === mid, `${c.name}: the back button did not step`);
  await page.click("#b-last");
  check((await drawn(page)).ply === last, `${c.name}: the last button did not reach the end`);
  check((await page.textContent("#verdict")).startsWith("Verdict"), `${c.name}: no verdict at the end`);
  // Space plays and pauses, also while the slider has the focus (after dragging it).
  await page.focus("#slider");
  await page.keyboard.press(" ");
  check(await page.textContent("#b-play") === "pause", `${c.name}: Space on the focused slider did not play`);
  await page.keyboard.press(" ");
  check(await page.textContent("#b-play") === "play", `${c.name}: Space on the focused slider did not pause`);
  const paused = (await drawn(page)).ply;
  await page.keyboard.press("ArrowRight");
  check((await drawn(page)).ply === Math.min(paused + 1, last), `${c.name}: ArrowRight on the focused slider did not step once`);
  for (const ply of new Set([0, 1, Math.floor(last / 3), mid, last].filter(p => p <= last)))
    await compareAt(page, dump, 1, ply, 0, c.name);
  // Every position draws something, the first one too (flume-cards before its deal).
  await compareAt(page, dump, 1, 0, 0, c.name);
  const shown = await page.locator("#drawing g.cell, #drawing g.zone").count();
  check(shown > 0, `${c.name}: ply 0 draws an empty panel`);
  await checkCardFrames(page, dump, c);
  await checkLastMove(page, dump, c);
  await checkFlowColours(page, dump, c);
  await checkTileLabels(page, c);
  await checkWalls(page, dump, c);
  await page.screenshot({ path: path.join(shots, `${c.name}-page.png`), fullPage: true });
  // Seat views: what each seat was shown, through the view switch.
  for (let seat = 1; seat < dump.f.length; seat++) {
    await page.selectOption("#view", String(seat));
    await page.waitForFunction(s => location.hash.includes("seat=" + s), seat);
    await compareAt(page, dump, 1, mid, seat, c.name + " seat view");
  }
  if (dump.f.length > 1) await page.screenshot({ path: path.join(shots, `${c.name}-page-seat${dump.f.length - 1}.png`), fullPage: true });
  await checkProtocol(page, dir, c, 0);
  if (dump.f.length > 1) await checkProtocol(page, dir, c, 1);
  await checkViewerTools(page, c);
  await checkJumps(page, dump, c);
  await checkHighlights(page, dump, c);
  await checkLayout(browser, c, dir, dump);
  await checkMissingGame(page, dump, c);
  check(requests.length === 0, `${c.name}: the page made network requests: ${requests.join(", ")}`);
  check(errors.length === 0, `${c.name}: script errors: ${errors.join("; ")}`);
  await page.close();
}

// The same game embedded both ways (report/embedded_replay.h): as its record, which the page's
// WebAssembly engine replays (the tournament's report.html), and as its pictures
// (`arena report --frames`). Both draw the engine's picture, in the full table and a seat's view.
async function checkBothForms(browser, c, dir) {
  const frames = path.join(dir, "frames.html");
  execFileSync(arena, ["report", dir, "--frames", "--out", frames], { stdio: "ignore" });
  const dump = dumpPictures(dir);
  const mid = Math.floor((dump.f[0].length - 1) / 2), seat = dump.f.length > 1 ? 1 : 0;
  for (const [file, type] of [[path.join(dir, "report.html"), "record"], [frames, "replay"]]) {
    const html = fs.readFileSync(file, "utf8");
    if (type === "record" && !html.includes("application/x-arena-engine")) continue;  // a build without the engine
    check(html.includes(`<script type="application/x-arena-${type}" id="replay-1">`),
          `${c.name}: ${path.basename(file)} does not hold game 1 as its ${type}`);
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const errors = [];
    page.on("pageerror", e => errors.push(String(e)));
    await page.goto("file://" + file + `#game=1&ply=${mid}&seat=${seat}`);
    await page.waitForSelector("body[data-ready]");
    await compareAt(page, dump, 1, mid, seat, `${c.name} as its ${type}`);
    await compareAt(page, dump, 1, mid, 0, `${c.name} as its ${type}`);
    check(errors.length === 0, `${c.name} as its ${type}: script errors: ${errors.join("; ")}`);
    await page.close();
  }
}

// Every label of the bar charts (seat shares, game length) lies inside its chart and clear of
// the others: no "seat 1seat 2", no value cut off above the tallest bar.
async function checkCharts(page, c) {
  const bad = await page.$$eval("#seats svg, #lengths svg", charts => charts.flatMap(chart => {
    const frame = chart.getBoundingClientRect(), out = [];
    const boxes = [...chart.querySelectorAll("text")].map(t => [t.textContent, t.getBoundingClientRect()]);
    for (const [text, r] of boxes)
      if (r.left < frame.left - 0.5 || r.right > frame.right + 0.5 || r.top < frame.top - 0.5 || r.bottom > frame.bottom + 0.5)
        out.push(`"${text}" is clipped`);
    boxes.forEach(([a, r], i) => boxes.slice(i + 1).forEach(([b, q]) => {
      if (r.left < q.right && q.left < r.right && r.top < q.bottom && q.top < r.bottom) out.push(`"${a}" overlaps "${b}"`);
    }));
    return out;
  }));
  check(bad.length === 0, `${c.name}: chart labels: ${bad.slice(0, 6).join(", ")}`);
}

// The head-to-head Elo lines give every number: an interval that reaches a score of 0 or 1
// has an infinite bound, which reads "∞", never the page's "–" for a missing number.
async function checkHeadToHead(page, c) {
  const lines = await page.$$eval("#h2h-lines li", ls => ls.map(l => l.textContent).filter(l => /Elo/.test(l)));
  check(lines.length > 0 && lines.every(l => !l.includes("–")), `${c.name}: head-to-head Elo lines with a missing number: ${lines.join(" | ")}`);
}

// The results view of one report: the charts; for `results`, ratings with interval bars and
// the crosstable too.
async function checkResults(browser, c, dir) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.route(/^(?!file:).*/, route => route.abort());
  await page.goto("file://" + path.join(dir, "report.html"));
  await page.waitForSelector("body[data-ready]");
  check(await page.locator("#lengths svg").count() === 1, `${c.name}: no length histogram`);
  await checkCharts(page, c);
  if (c.results) {
    const rows = await page.locator("#ratings-table tr[data-bot]").count();
    check(rows === c.bots, `${c.name}: ${rows} rows in the ratings table, not ${c.bots}`);
    check(await page.locator("#crosstable-table").count() === 1, `${c.name}: no crosstable`);
    await checkHeadToHead(page, c);
    await checkTimes(page, c);
  }
  await page.screenshot({ path: path.join(shots, `${c.name}-results.png`), fullPage: true });
  await page.close();
}

// The time per move table: a row per bot of the games, each with moves, and mean <= worst.
async function checkTimes(page, c) {
  const rows = await page.$$eval("#times-table tr[data-bot]", trs => trs.map(tr => [...tr.cells].map(td => td.textContent)));
  check(rows.length === c.bots, `${c.name}: ${rows.length} rows in the time per move table, not ${c.bots}`);
  const players = await page.evaluate(() => [...new Set(Page.data.games.flatMap(g => g.players))]);
  for (const [bot, count, mean, , worst] of rows) {
    check(players.includes(bot) && Number(count) > 0, `${c.name}: time per move of ${bot}: ${count} moves`);
    check(Number(mean) <= Number(worst), `${c.name}: ${bot}: mean ${mean} ms above the worst ${worst} ms`);
  }
}

// The faults case: the head-to-head lines, the faults table, the filters of the game list, the
// verdict of a faulted game with its detail, and the per-move times of the move list.
async function checkFaults(browser, c, dir) {
  const journal = fs.readFileSync(path.join(dir, "journal.jsonl"), "utf8").trim().split("\n").map(l => JSON.parse(l));
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.route(/^(?!file:).*/, route => route.abort());
  await page.goto("file://" + path.join(dir, "report.html"));
  await page.waitForSelector("body[data-ready]");
  const h2h = await page.textContent("#h2h");
  check(/W\/L\/D \d+\/\d+\/\d+/.test(h2h) && h2h.includes("pentanomial") && h2h.includes("LOS"),
        `${c.name}: no head-to-head W/L/D, pentanomial and LOS: ${h2h}`);
  await checkHeadToHead(page, c);
  // The illegal bot lost every game: the ratings table marks both Elos as `arena ratings` does
  // ("~" held finite by the prior, "+" won / "-" lost every game), with the legend the
  // warning refers to.
  const elos = await page.$$eval("#ratings-table tr[data-bot]", rs => rs.map(r => [r.dataset.bot, r.children[2].textContent]));
  check(elos.length === 2 && elos.every(([bot, elo]) => new RegExp(`^~-?\\d+${bot === "illegal" ? "-" : "\\+"}$`).test(elo)),
        `${c.name}: the ratings table lacks the ~ + - marks: ${JSON.stringify(elos)}`);
  const marks = await page.locator("#ratings").textContent();
  check(marks.includes("~ held finite by the prior") && marks.includes("won every game"),
        `${c.name}: the ratings table does not explain its marks: ${marks}`);
  const faults = await page.textContent("#faults-table");
  check(faults.includes("illegal") && /illegal[^:]*: \d/.test(faults), `${c.name}: the faults table lacks the illegal bot's reason: ${faults}`);
  // The referee's own latency per decision, from the records' RefereeLatency tags.
  const latency = (await page.textContent("#referee-latency")) || "";
  check(/^Referee latency per decision .*: p50 \d+ µs \(median game\), p99 \d+ µs, max \d+ µs \(worst game\), over 4 game\(s\)\.$/.test(latency),
        `${c.name}: no referee latency under the faults table: ${latency}`);
  // Filters: termination, then bot and result.
  await page.click("#tab-games");
  const terms = await page.$$eval("#f-term option", os => os.map(o => o.value).filter(v => v));
  check(terms.length > 0, `${c.name}: no terminations to filter by`);
  for (const t of terms) {
    await page.selectOption("#f-term", t);
    const shown = await page.$$eval("#games-table tr[data-game]", rs => rs.map(r => r.children[3].textContent));
    const want = journal.filter(j => (j.termination || j.reason || "").startsWith(t)).length;
    check(shown.length > 0 && shown.every(x => x.startsWith(t)), `${c.name}: filter termination=${t} shows ${shown.join(" | ")}`);
    if (want) check(shown.length === want, `${c.name}: filter termination=${t} shows ${shown.length} games, the journal has ${want}`);
  }
  await page.selectOption("#f-term", "");
  await page.selectOption("#f-bot", "illegal");
  await page.selectOption("#f-result", "win");
  const illegalWins = await page.$$eval("#games-table tr[data-game]", rs => rs.length);
  check(illegalWins === 0, `${c.name}: the illegal bot is shown winning ${illegalWins} games`);
  await page.selectOption("#f-result", "loss");
  const losses = await page.$$eval("#games-table tr[data-game]", rs => rs.map(r => r.children[2].textContent));
  check(losses.length === c.games && losses.every(r => r.includes("illegal")), `${c.name}: the illegal bot's losses: ${losses.join(" | ")}`);
  // A faulted game at its end: the verdict names the seat and says why; moves carry times.
  await page.goto("file://" + path.join(dir, "report.html") + "#game=1&ply=9999");
  await page.waitForSelector("body[data-ready]");
  await page.click("#b-last");
  const verdict = await page.textContent("#verdict");
  check(verdict.includes("by seat") && (await page.locator("#verdict .detail").count()) === 1,
        `${c.name}: the verdict of a faulted game has no seat or detail: ${verdict}`);
  const times = await page.$$eval("#moves .move .t", ts => ts.map(t => t.textContent));
  check(times.length > 0 && times.every(t => / ms$/.test(t)), `${c.name}: the move list shows no per-move times`);
  await page.screenshot({ path: path.join(shots, `${c.name}-verdict.png`), fullPage: true });
  await page.close();
}

// The bots' own lines (docs/report.md): at the deep link of position K, each seat's console shows
// decision K's lines highlighted (the record's comments numbered K+1: docs/records.md,
// "Positions and decisions"); the mark of the seat deciding is drawn around its cell in its
// colour with its note; the value chart has a point per `info value` line at its decision, and a
// click on a point goes there; the filter keeps only matching lines.
async function checkBotLines(browser, c, dir) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.route(/^(?!file:).*/, route => route.abort());
  const errors = [];
  page.on("pageerror", e => errors.push(String(e)));
  // The record's actions and bot lines (chatty_bot's are short: one comment each, no escapes).
  const pgn = fs.readFileSync(path.join(dir, "games.pgn"), "utf8").split(/\n\n(?=\[)/)[0];
  const dump = { a: [...pgn.matchAll(/\{(\d+)\. s(\d+) (\S+)/g)].map(m => [Number(m[2]), m[3]]),
                 i: [...pgn.matchAll(/\{(\d+): s(\d+) (info|stderr) ([^}]*)\}/g)].map(m => [Number(m[1]), Number(m[2]), m[3] === "info" ? 0 : 1, m[4]]) };
  check(dump.i.length > 0 && dump.a.length > 0, `${c.name}: the record holds no bot lines`);
  // chatty_bot's lines of seat s's d-th turn, decision K (tests/bots/chatty_bot.cpp): its answer
  // is the record's action K+1.
  const K = Math.min(5, dump.a.length - 1), [seat, move] = dump.a[K];
  const d = dump.a.slice(0, K + 1).filter(a => a[0] === seat).length;
  const value = String((seat === 1 ? 1 : -1) * d / 10), cell = move.split("-")[0];
  await page.goto("file://" + path.join(dir, "report.html") + `#game=1&ply=${K}`);
  await page.waitForSelector("body[data-ready]");
  const now = await page.$$eval(`.console[data-seat="${seat}"] .bl.now`, ls => ls.map(l =>
    ({ text: l.textContent, bg: getComputedStyle(l).backgroundColor, shown: (() => {
      // Visible, and scrolled into its console's own box.
      const r = l.getBoundingClientRect(), box = l.parentElement.getBoundingClientRect();
      return l.offsetParent !== null && r.top >= box.top - 1 && r.bottom <= box.bottom + 1; })() })));
  const texts = now.map(l => l.text).join(" | ");
  check(now.length === 4 && now.every(l => l.shown && l.bg === "rgb(255, 224, 130)"),
        `${c.name}: decision ${K}'s lines are not all shown highlighted: ${JSON.stringify(now)}`);
  check(texts.includes(`info value ${value}`) && texts.includes(`chatty: seat ${seat} turn ${d} obs ply ${K}`) &&
        texts.includes(`info data nodes ${d * 100}`), `${c.name}: decision ${K}'s console lines: ${texts}`);
  const other = await page.$$eval(`.console:not([data-seat="${seat}"]) .bl.now`, ls => ls.length);
  check(other === 0, `${c.name}: another seat's console highlights ${other} lines at ply ${K}`);
  // The mark: a frame in the seat's colour around the named cell, and its note.
  const mark = await page.$$eval(`#drawing g.bot-mark[data-seat="${seat}"]`, ms => ms.map(m => ({
    target: m.dataset.target, stroke: getComputedStyle(m.querySelector("rect")).stroke,
    note: (m.querySelector("text") || { textContent: "" }).textContent,
    inside: (() => { const r = m.querySelector("rect").getBoundingClientRect();
                     const cellBox = document.querySelector(`#drawing g.cell[data-cell="${m.dataset.target}"]`).getBoundingClientRect();
                     return r.left <= cellBox.left && r.right >= cellBox.right && r.top <= cellBox.top && r.bottom >= cellBox.bottom; })() })));
  const colour = (await seatColours(page))[seat];
  check(mark.length === 1 && mark[0].target === cell && mark[0].note === `zebra-${d}` && mark[0].inside &&
        (!colour || mark[0].stroke === colour), `${c.name}: the mark at ply ${K}: ${JSON.stringify(mark)} (seat colour ${colour})`);
  // The value chart: one point per value line, in the seat's colour; a click goes to its ply.
  const values = dump.i.filter(([, , kind, text]) => kind === 0 && text.startsWith("value "));
  const points = await page.$$eval("#value-svg circle.value-point", ps => ps.map(p => [Number(p.dataset.ply), Number(p.dataset.seat), Number(p.dataset.value)]));
  check(points.length === values.length && values.every(([p, s, , t]) => points.some(q => q[0] === p - 1 && q[1] === s && q[2] === Number(t.slice(6)))),
        `${c.name}: the value chart has ${points.length} points for ${values.length} value lines`);
  const target = values[Math.floor(values.length / 2)], at = target[0] - 1;
  await page.click(`#value-svg circle.value-point[data-ply="${at}"][data-seat="${target[1]}"]`);
  await page.waitForFunction(p => location.hash.endsWith(`ply=${p}`), at);
  const label = await page.textContent("#ply-label");
  check(label.startsWith(`position ${at} `), `${c.name}: a click on the value chart's point of decision ${at} shows ${label}`);
  const after = await page.$$eval(`.console[data-seat="${target[1]}"] .bl.now`, ls => ls.map(l => l.textContent).join(" | "));
  check(after.includes(target[3]), `${c.name}: after the chart's click the console shows ${after}`);
  // The filter keeps the matching lines only.
  await page.fill("#bl-filter", "zebra-3");
  const visible = await page.$$eval("#consoles .bl", ls => ls.filter(l => !l.hidden).map(l => l.textContent));
  check(visible.length === 2 && visible.every(t => t.includes("zebra-3")), `${c.name}: the filter shows ${visible.join(" | ")}`);
  await page.fill("#bl-filter", "");
  await page.locator("#botlines").screenshot({ path: path.join(shots, `${c.name}-console.png`) });
  // A game whose lines the per-game cap cut: the page says at which ply, as the record does.
  const cutPgn = path.join(dir, "cut.pgn"), cutHtml = path.join(dir, "cut.html");
  fs.rmSync(cutPgn, { force: true });
  execFileSync(arena, ["match", c.spec, "--games", "1", "--seed", "3", "--bot-lines-cap", "300", "--out", cutPgn, "--quiet",
                       "--bot", `a=${path.join(binDir, "chatty_bot")}`, "--bot", `b=${path.join(binDir, "chatty_bot")}`], { stdio: "ignore" });
  execFileSync(arena, ["report", cutPgn, "--out", cutHtml], { stdio: "ignore" });
  const cutAt = (fs.readFileSync(cutPgn, "utf8").match(/\[BotLinesCut "(\d+) \d+"\]/) || [])[1];
  await page.goto("file://" + cutHtml + "#game=1&ply=1");
  await page.waitForSelector("body[data-ready]");
  const said = await page.textContent("#bl-cut");
  const marked = await page.$$eval("#consoles .bl.cut", ls => ls.map(l => l.dataset.ply));
  const cutDecision = String(cutAt - 1);  // the record numbers the cut as its lines: decision + 1
  check(cutAt && said.includes(`cut at decision ${cutDecision} `) && marked.length === 2 && marked.every(p => p === cutDecision),
        `${c.name}: the cap cut at the lines numbered ${cutAt}, the page says "${said}" and marks decisions ${marked.join(",")}`);
  check(errors.length === 0, `${c.name}: script errors: ${errors.join("; ")}`);
  await page.close();
}

// One decision, one number (docs/records.md, "Positions and decisions"): at every position K of
// game 1 of chatty bots (which write the `obs ply` they were sent), the viewer's unit, its
// consoles, its protocol lines, its move list and its repro command all name decision K, and
// agree with the record, with the bot's `obs ply K`, with `arena repro --ply K` (the lines it
// regenerates, and the bot rerun by the unit's own command, pasted) and `arena show --ply K`.
async function checkDecisions(browser, c, dir) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.route(/^(?!file:).*/, route => route.abort());
  const errors = [];
  page.on("pageerror", e => errors.push(String(e)));
  const pgn = path.join(dir, "games.pgn");
  const record = fs.readFileSync(pgn, "utf8").split(/\n\n(?=\[)/)[0];
  const actions = [...record.matchAll(/\{(\d+)\. s(\d+) (\S+)/g)].map(m => [Number(m[2]), m[3]]);
  const players = [1, 2].map(s => record.match(new RegExp(`\\[Seat${s} "([^"]*)"\\]`))[1]);
  await page.goto("file://" + path.join(dir, "report.html") + "#game=1&ply=0");
  await page.waitForSelector("body[data-ready]");
  for (let k = 0; k <= actions.length; k++) {
    await page.evaluate(h => { location.hash = h; }, `#game=1&ply=${k}`);
    await page.waitForFunction(p => Viewer.state().ply === p && Viewer.state().game === 1, k);
    const shown = await page.evaluate(() => {
      const text = sel => [...document.querySelectorAll(sel)].map(e => e.textContent);
      const pre = document.getElementById("protocol-lines"), unit = document.getElementById("decision");
      const now = document.querySelector("#moves .now");
      return { decision: Number(unit.dataset.decision), seat: Number(unit.dataset.seat), head: text("#decision-head")[0] || "",
               wrote: text("#decision-lines .bl"), repro: text("#decision-repro")[0] || "",
               sent: pre ? { ply: Number(pre.dataset.ply), seat: Number(pre.dataset.seat), text: pre.textContent } : null,
               consoles: [...document.querySelectorAll("#consoles .bl.now")].map(l => [Number(l.dataset.seat), l.querySelector(".bl-ply").textContent, l.textContent]),
               row: now ? [Number(now.dataset.ply), now.textContent] : null, label: text("#ply-label")[0] };
    });
    const where = `${c.name}: position ${k}`;
    check(shown.decision === k && shown.label.startsWith(`position ${k} of `) && shown.row && shown.row[0] === k &&
          shown.row[1].startsWith(`${k}. `), `${where}: the unit, the label and the move list say ${JSON.stringify([shown.decision, shown.label, shown.row])}`);
    if (k === actions.length) {
      check(shown.head.startsWith(`position ${k}: the game is over`), `${where}: at the end the unit says ${shown.head}`);
      continue;
    }
    const [seat, move] = actions[k];
    check(shown.seat === seat && shown.head.startsWith(`decision ${k}: seat ${seat} (${players[seat - 1]}) answered ${move} in `),
          `${where}: the unit's head is "${shown.head}", the record's action ${k + 1} is seat ${seat}'s ${move}`);
    check(shown.row[1].startsWith(`${k}. ${seat}:${players[seat - 1]} ${move}`), `${where}: the move list's row reads ${shown.row[1]}`);
    // What it wrote: the bot's own obs ply is K, in the unit and in its console, labelled K.
    const own = `obs ply ${k}`;
    check(shown.wrote.some(t => t.includes(`chatty: seat ${seat} turn `) && t.endsWith(own)), `${where}: the unit's lines ${JSON.stringify(shown.wrote)} lack "${own}"`);
    const consoleLines = shown.consoles.filter(([s]) => s === seat);
    check(consoleLines.length === 4 && consoleLines.every(([, label]) => label === String(k)) && consoleLines.some(([, , t]) => t.endsWith(own)),
          `${where}: the console highlights ${JSON.stringify(shown.consoles)}`);
    // The lines sent: those of arena repro --ply K, with obs ply K.
    const sent = execFileSync(arena, ["repro", pgn, "--game", "1", "--seat", String(seat), "--ply", String(k), "--print-lines"], { encoding: "utf8" });
    check(shown.sent && shown.sent.ply === k && shown.sent.seat === seat && shown.sent.text + "\n" === sent && sent.includes(`\n${own}\n`),
          `${where}: the protocol lines shown ${JSON.stringify(shown.sent).slice(0, 200)} are not arena repro's for decision ${k}`);
    // The unit's repro command, pasted with the bot's command: the same decision, SAME as recorded,
    // at the position arena show --ply K draws.
    check(shown.repro.endsWith(` --seat ${seat} --ply ${k} --bot COMMAND`), `${where}: the repro command is ${shown.repro}`);
    const command = shown.repro.replace(/^arena /, "").replace(/ COMMAND$/, ` ${path.join(binDir, "chatty_bot")} --runs 1`);
    const rerun = execFileSync("/bin/sh", ["-c", `${arena} ${command}`], { encoding: "utf8" });
    const position = execFileSync(arena, ["show", pgn, "--game", "1", "--ply", String(k)], { encoding: "utf8" });
    check(rerun.includes(`decision ${k} (`) && rerun.includes("SAME as recorded") && rerun.includes(position) && rerun.includes(`${own}\n`),
          `${where}: the unit's repro command gave\n${rerun.slice(0, 600)}`);
  }
  check(errors.length === 0, `${c.name}: script errors: ${errors.join("; ")}`);
  await page.close();
}

// Marks at every decision of the chatty game: no mark's text covers a stone, a wall stone or the
// last-move frame, and each lies inside the drawing (computed layout). On a Clump board full of
// stones from the start this puts the text in the margin.
async function checkMarkLabels(browser, c, dir) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.route(/^(?!file:).*/, route => route.abort());
  await page.goto("file://" + path.join(dir, "report.html") + "#game=1&ply=0");
  await page.waitForSelector("body[data-ready]");
  const last = await page.evaluate(() => Viewer.state().last);
  let labels = 0;
  for (let k = 0; k < last; k++) {
    await page.evaluate(h => { location.hash = h; }, `#game=1&ply=${k}`);
    await page.waitForFunction(p => Viewer.state().ply === p, k);
    const found = await page.evaluate(() => {
      const box = e => e.getBoundingClientRect(), drawing = box(document.getElementById("drawing"));
      const hits = (r, q) => r.left < q.right - 0.5 && q.left < r.right - 0.5 && r.top < q.bottom - 0.5 && q.top < r.bottom - 0.5;
      const blocks = [...document.querySelectorAll("#drawing circle.stone, #drawing .wall circle, #drawing .last-mark")].map(e => [e.closest("[data-cell]") ? e.closest("[data-cell]").dataset.cell : "wall", e.getAttribute("class") || "wall", box(e)]);
      return [...document.querySelectorAll("#drawing .bot-mark-text")].map(t => {
        const r = box(t);
        return { text: t.textContent, inside: r.left >= drawing.left && r.right <= drawing.right && r.top >= drawing.top && r.bottom <= drawing.bottom,
                 covers: blocks.filter(([, , q]) => hits(r, q)).map(([cell, what]) => `${what} of ${cell}`) };
      });
    });
    labels += found.length;
    for (const f of found)
      check(f.inside && f.covers.length === 0, `${c.name}: at position ${k} the mark text "${f.text}" ${f.inside ? "" : "is outside the drawing and "}covers ${f.covers.join(", ")}`);
  }
  check(labels >= last - 1, `${c.name}: ${labels} mark texts drawn over ${last} decisions`);
  await page.close();
}

// The viewer at a laptop's size, 1280x800: the current decision's unit and the lines its bot
// wrote lie inside the window and inside the side column's visible part, without scrolling, at
// the start, the middle and the end of game 1 (a game of bots that write nothing: the unit's head).
async function checkLaptopViewer(browser, c, dir) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.route(/^(?!file:).*/, route => route.abort());
  await page.goto("file://" + path.join(dir, "report.html") + "#game=1&ply=0");
  await page.waitForSelector("body[data-ready]");
  const last = await page.evaluate(() => Viewer.state().last);
  for (const k of [...new Set([0, Math.floor(last / 2), Math.max(0, last - 1)])]) {
    await page.evaluate(h => { location.hash = h; }, `#game=1&ply=${k}`);
    await page.waitForFunction(p => Viewer.state().ply === p, k);
    const out = await page.evaluate(() => {
      const side = document.getElementById("side").getBoundingClientRect();
      const parts = [...document.querySelectorAll("#decision-head, #decision-lines .bl")];
      return { count: parts.length, lines: document.querySelectorAll("#decision-lines .bl").length,
               outside: parts.filter(e => {
                 const r = e.getBoundingClientRect(), own = e.closest("#decision-lines");
                 const box = own ? own.getBoundingClientRect() : side;
                 return r.height === 0 || r.top < 0 || r.bottom > innerHeight || r.top < side.top || r.bottom > side.bottom ||
                        r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5;
               }).map(e => e.textContent.slice(0, 60)) };
    });
    check(out.count > 0 && out.outside.length === 0, `${c.name}: at 1280x800, position ${k}: not in view: ${JSON.stringify(out)}`);
    if (c.name === "botlines") check(out.lines >= 4, `${c.name}: position ${k}: ${out.lines} lines in the unit`);
  }
  await page.screenshot({ path: path.join(shots, `${c.name}-1280x800.png`) });
  await page.close();
}

// The game list at 1280x800 over a report of 40 games: newest first, tall (more than half the
// window, over 20 rows in view), and searchable: a game's number, a bot's name, nothing.
async function checkGameList(browser) {
  const pgn = path.join(workDir, "list.pgn"), html = path.join(workDir, "list.html");
  fs.rmSync(pgn, { force: true });
  const spec = GAMES.find(g => g.id === "clump").player_counts[0].quick_spec;
  execFileSync(arena, ["match", spec, "--games", "40", "--seed", "2", "--quiet", "--out", pgn, "--bot", `alpha=${path.join(binDir, "random_bot")}`,
                       "--bot", `beta=${path.join(binDir, "random_bot")}`], { stdio: "ignore" });
  execFileSync(arena, ["report", pgn, "--out", html], { stdio: "ignore" });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.route(/^(?!file:).*/, route => route.abort());
  await page.goto("file://" + html + "#games");
  await page.waitForSelector("body[data-ready]");
  const rows = () => page.$$eval("#games-table tr[data-game]", trs => trs.map(tr => Number(tr.dataset.game)));
  const order = await rows();
  check(order.length === 40 && order.every((n, i) => n === 40 - i), `list: the game list is not newest first: ${order.slice(0, 8)}`);
  const size = await page.evaluate(() => {
    const list = document.getElementById("game-list").getBoundingClientRect();
    const inView = [...document.querySelectorAll("#games-table tr[data-game]")].filter(tr => {
      const r = tr.getBoundingClientRect();
      return r.top >= list.top && r.bottom <= list.bottom + 0.5 && r.bottom <= innerHeight;
    }).length;
    return { height: list.height, inView };
  });
  check(size.height > 400 && size.inView > 20, `list: the game list at 1280x800 is ${size.height} px tall with ${size.inView} rows in view`);
  for (const [query, want] of [["#17", [17]], ["beta", order], ["no-such-thing", []]]) {
    await page.fill("#f-text", query);
    const got = await rows();
    check(JSON.stringify(got) === JSON.stringify(want), `list: searching "${query}" lists games ${got.slice(0, 10)}`);
  }
  await page.close();
}

// `arena league report`: the league's page shows what `arena league table` shows.
async function checkLeagueReport(browser) {
  const dir = path.join(workDir, "league");
  playLeague(arena, binDir, dir, 12);
  execFileSync(arena, ["league", "report", dir], { stdio: "ignore" });
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.route(/^(?!file:).*/, route => route.abort());
  await page.goto("file://" + path.join(dir, "report.html"));
  await page.waitForSelector("body[data-ready]");
  const { bad, json, shown } = await leagueShown(arena, page, dir);
  check(bad.length === 0, `league report: ${bad.join("; ")}`);
  check(json.bots.length === 3 && shown.bots.some(r => r[0] === "talker" && r[1] === "retired") && json.versions.length === 1 &&
        shown.head.includes("nodes"), `league report: bots ${JSON.stringify(shown.bots)}, columns ${shown.head}`);
  await page.locator("#league").screenshot({ path: path.join(shots, "league.png") });
  await page.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

async function main() {
  fs.mkdirSync(shots, { recursive: true });
  const browser = await launchChromium();
  try {
    if (!only || only.includes("list")) await checkGameList(browser);
    if (!only || only.includes("league")) await checkLeagueReport(browser);
    for (const c of CASES.filter(c => !only || only.includes(c.name))) {
      const started = Date.now();
      const dir = play(c);
      await checkReport(browser, c, dir);
      if (c.results || c.charts) await checkResults(browser, c, dir);
      if (c.name === "faults") await checkFaults(browser, c, dir);
      if (c.charts) await checkBothForms(browser, c, dir);
      if (c.name === "botlines") await checkBotLines(browser, c, dir);
      if (c.name === "botlines") await checkDecisions(browser, c, dir);
      if (c.name === "botlines") await checkMarkLabels(browser, c, dir);
      if (c.name === "botlines" || c.results || c.name.startsWith("flume-cards")) await checkLaptopViewer(browser, c, dir);
      dumps.delete(dir);
      console.log(`${c.name}: ${Date.now() - started} ms`);
    }
  } finally {
    await browser.close();
  }
  // The pictures docs/report.md shows: every screenshot already in DOCS_DIR, taken again.
  if (docsDir)
    for (const f of fs.readdirSync(docsDir).filter(f => f.endsWith(".png") && fs.existsSync(path.join(shots, f))))
      fs.copyFileSync(path.join(shots, f), path.join(docsDir, f));
  console.log(failures ? `${failures} failure(s)` : `browser report test passed; screenshots in ${shots}`);
  process.exit(failures ? 1 : 0);
}

main().catch(e => { console.error(e); process.exit(1); });
