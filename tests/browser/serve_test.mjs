// Browser test of `arena serve`'s live page (docs/serve.md), run by ctest as `browser_serve`:
// a tournament of Flume between a slow bot (200 ms a move) and a random bot runs in the background,
// `arena serve` serves its folder, and Debian's chromium (headless, playwright-core) opens the
// page, opens the game in play from the "In play" list and sees its move list grow as the game
// is played, then sees the finished games appear in the game list and opens one. Fails on any
// request that is not to the server, and on any breach of the page's Content-Security-Policy
// (its scripts run by their hashes). Then every event-stream slot is taken (64 streams held
// here): a new page is refused (503) and says so, and once the streams go it connects again
// by itself, with back-off. Every wait is for a condition with a generous timeout; each
// tournament starts once the page watching it is open, and the ended-games check (its own
// server and tournament) runs beside the rest, both mostly waiting for the slow bot.
//
// Screenshots of the page with a game in play land in WORK_DIR/screenshots/.
//
// Usage: node serve_test.mjs BIN_DIR WORK_DIR [--docs DOCS_DIR]
//   --docs: also take again the screenshots of docs/serve.md there (docs/serve/).
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { launchChromium } from "./chromium.mjs";
import { leagueShown, playLeague } from "./league_page.mjs";

const [binDir, workDir] = process.argv.slice(2, 4).map(p => path.resolve(p));
const arena = path.join(binDir, "arena");
const dir = path.join(workDir, "serve-t");
const shots = path.join(workDir, "screenshots");
const docsDir = process.argv.includes("--docs") ? process.argv[process.argv.indexOf("--docs") + 1] : null;

let failures = 0;
function check(ok, what) {
  if (!ok) {
    failures++;
    console.error("FAIL: " + what);
  }
}

// A background process; `exited` resolves with its status.
function start(args) {
  const child = spawn(arena, args, { stdio: ["ignore", "pipe", "inherit"] });
  child.output = "";
  child.stdout.on("data", d => { child.output += d; });
  child.exited = new Promise(resolve => child.on("exit", code => resolve(code)));
  return child;
}

async function until(what, done, seconds = 60) {
  const end = Date.now() + seconds * 1000;
  while (!(await done())) {
    if (Date.now() > end) throw new Error("timed out waiting for " + what);
    await new Promise(r => setTimeout(r, 20));
  }
}

// The address `arena serve` prints once it listens.
async function served(child) {
  await until("the server's address", () => /http:\/\/127\.0\.0\.1:\d+\//.test(child.output));
  return child.output.match(/http:\/\/127\.0\.0\.1:\d+\//)[0];
}

// Games that end while watched (issue 38): a tournament of two Flume games replaying one deal,
// one at a time. Game 1, watched, ends while game 2 is to play: the viewer says its record is
// held back until its table's other game ends. Game 2 is opened just as it ends: its replay's
// request is held (page.route) until the server no longer lists it in play, so the server
// answers 404, and the viewer must not stay on "Loading the replay...": it says the game is over,
// with the result and a link to its record once the pair is recorded. The time per move table
// fills as the games finish (the page opened with none).
async function checkEndedGames(browser) {
  const folder = path.join(workDir, "serve-ended");
  fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(folder, { recursive: true });
  const server2 = start(["serve", folder, "--port", "0"]);
  let run = null;
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await watchPolicy(page);
  try {
    const url = await served(server2);
    const inPlay = async id => JSON.parse(await (await fetch(url + "api/state")).text()).live.some(g => g.id === id);
    await page.goto(url + "#games");
    await page.waitForSelector("body[data-ready]");
    // The games start once the page watches: on a loaded machine game 1 cannot end unseen.
    run = start(["tournament", "flume:size=9", "--bot", `slow=${path.join(binDir, "deliberate_bot")}`,
                 "--bot", `r=${path.join(binDir, "random_bot")}`, "--games", "2", "--seed", "5",
                 "--concurrency", "1", "--quiet", "--out", folder]);
    await until("game 1 in play", () => inPlay("game-1"), 120);
    await page.evaluate(() => { location.hash = "#game=game-1"; });
    await until("game 1's moves", () => page.evaluate(() => document.querySelectorAll("#moves .move").length > 0), 60);
    // Game 1 ends; game 2, which replays its deal, is still to finish: held back.
    await until("game 1 over", async () => !(await inPlay("game-1")), 120);
    let held = "";
    await until("the viewer saying game 1 is over", async () => {
      held = await page.evaluate(() => [document.getElementById("viewer-head").dataset.ended || "", document.getElementById("viewer-head").textContent]);
      return held[0] === "held" || held[0] === "recorded";  // "pending" until the server read the record
    }, 30);
    check(held[0] === "held" && held[1].includes("held back until its table's other game ends"),
          `game 1 over while game 2 is to finish: the viewer says ${JSON.stringify(held)}`);
    // Game 2, opened with its replay's request held until it is over.
    await until("game 2 in play", () => inPlay("game-2"), 120);
    let release;
    const released = new Promise(r => { release = r; });
    await page.route(/\/api\/live\/game-2$/, async route => { await released; await route.continue(); });
    await page.evaluate(() => { location.hash = "#game=game-2"; });
    await until("game 2 over", async () => !(await inPlay("game-2")), 180);
    release();
    await until("game 2's end said in place of the loading note", () => page.evaluate(() => {
      const head = document.getElementById("viewer-head");
      return head.dataset.ended === "recorded" && !document.getElementById("drawing").textContent.includes("Loading the replay");
    }), 30);
    const head = await page.textContent("#viewer-head");
    check(head.startsWith("Game game-2 is over: ") && head.includes("Its record: game"), `game 2's end: ${head}`);
    await page.click("#ended-record");
    await until("game 2's record opened", () => page.evaluate(() => typeof Viewer.state().game === "number" && document.querySelectorAll("#moves .move").length > 0), 30);
    // Game 1 again: now recorded, with its link.
    await page.evaluate(() => { location.hash = "#game=game-1"; });
    await until("game 1's record linked", () => page.evaluate(() => document.getElementById("viewer-head").dataset.ended === "recorded"), 30);
    // The time per move table, filled by the data that came with the finished games.
    await page.evaluate(() => { location.hash = "#results"; });
    const times = await page.$$eval("#times-table tr[data-bot]", trs => trs.map(tr => tr.dataset.bot).sort());
    check(JSON.stringify(times) === JSON.stringify(["r", "slow"]), `the live page's time per move table lists ${JSON.stringify(times)}`);
    const breaches = await page.evaluate(() => window.policyBreaches);
    check(breaches.length === 0, "ended games: Content-Security-Policy breaches: " + breaches.join("; "));
  } catch (e) {
    failures++;
    console.error("FAIL: ended games: " + e.message);
  } finally {
    await page.close();
    if (run) run.kill("SIGTERM");
    server2.kill("SIGTERM");
    await Promise.all([run && run.exited, server2.exited]);
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

// `arena serve` on a league's folder: the page shows what `arena league table` shows, and again
// after more games are played while it is open (the table and the time per move table follow
// the data).
async function checkLeagueServe(browser) {
  const folder = path.join(workDir, "serve-league");
  playLeague(arena, binDir, folder, 6);
  const server3 = start(["serve", folder, "--port", "0"]);
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await watchPolicy(page);
  try {
    const url = await served(server3);
    await page.goto(url);
    await page.waitForSelector("body[data-ready]");
    const first = await leagueShown(arena, page, folder);
    check(first.bad.length === 0 && first.shown.bots.length === 3, `league served: ${first.bad.join("; ")}`);
    const moves = () => page.$$eval("#times-table tr[data-bot]", trs => trs.reduce((n, tr) => n + Number(tr.cells[1].textContent), 0));
    const before = await moves();
    // More games while the page is open (the retired bot plays no more).
    execFileSync(arena, ["league", "run", folder, "--games", "4", "--quiet"], { stdio: "ignore" });
    const games = JSON.parse(execFileSync(arena, ["league", "table", folder, "--json"], { encoding: "utf8" })).games;
    await until("the league's table after the new games", () => page.evaluate(n => Page.data.league && Page.data.league.games === n, games), 30);
    const again = await leagueShown(arena, page, folder);
    check(again.bad.length === 0, `league served, after more games: ${again.bad.join("; ")}`);
    check(await moves() > before, `the time per move table did not follow the new games (${before} moves)`);
    const breaches = await page.evaluate(() => window.policyBreaches);
    check(breaches.length === 0, "league served: Content-Security-Policy breaches: " + breaches.join("; "));
  } catch (e) {
    failures++;
    console.error("FAIL: league served: " + e.message);
  } finally {
    await page.close();
    server3.kill("SIGTERM");
    await server3.exited;
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

// An event stream held open: resolves once its answer's status line has come.
function holdStream(url) {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), "127.0.0.1", () =>
      socket.write("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"));
    let head = "";
    socket.on("data", d => {
      head += d;
      if (head.includes("\r\n")) resolve({ socket, ok: head.startsWith("HTTP/1.1 200") });
    });
    socket.on("error", reject);
  });
}

// Every breach of the page's Content-Security-Policy, as the browser reports it.
const watchPolicy = page => page.addInitScript(() => {
  window.policyBreaches = [];
  document.addEventListener("securitypolicyviolation", e =>
    window.policyBreaches.push(`${e.violatedDirective} ${e.blockedURI} line ${e.lineNumber}`));
});

fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
const server = start(["serve", dir, "--port", "0"]);
let browser, ended, tournament = null;
try {
  await until("the server's address", () => /http:\/\/127\.0\.0\.1:\d+\//.test(server.output));
  const url = server.output.match(/http:\/\/127\.0\.0\.1:\d+\//)[0];
  browser = await launchChromium();
  // Its own server and tournament, watched in a page of its own while this one plays: the two
  // mostly wait for bots, so they wait side by side.
  ended = checkEndedGames(browser);
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const foreign = [];
  await page.route(u => !u.href.startsWith(url), route => { foreign.push(route.request().url()); route.abort(); });
  const errors = [];
  page.on("pageerror", e => errors.push(String(e)));
  await watchPolicy(page);
  await page.goto(url + "#games");
  await page.waitForSelector("body[data-ready]");
  // The games start once the page watches (a loaded machine cannot finish them unseen).
  tournament = start(["tournament", "flume:size=9", "--bot", `slow=${path.join(binDir, "deliberate_bot")}`,
                      "--bot", `r=${path.join(binDir, "random_bot")}`, "--games", "2", "--seed", "3",
                      "--concurrency", "1", "--quiet", "--out", dir]);
  // A game in play, opened from the list: its moves arrive as they are played. Should the game
  // end before three move counts were seen (a loaded machine), the next game in play is opened.
  const watched = () => page.evaluate(() => ({
    game: Viewer.state().game, moves: document.querySelectorAll("#moves .move").length,
    inPlay: typeof Viewer.state().game === "string" &&
      document.querySelector(`#live-table tr[data-live="${CSS.escape(Viewer.state().game)}"]`) !== null }));
  const counts = new Map();  // game -> move counts seen
  await until("the move list of a game in play growing", async () => {
    const w = await watched();
    if (!w.inPlay) {
      const row = await page.$("#live-table tr[data-live]");
      if (row) await row.click().catch(() => {});
      return false;
    }
    if (!counts.has(w.game)) counts.set(w.game, new Set());
    if (w.moves > 0) counts.get(w.game).add(w.moves);
    return counts.get(w.game).size >= 3;
  }, 120);
  // The pictures of docs/serve.md: the game in play in the viewer, then the top of the page with
  // the games in play and the finished ones.
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, "serve-game.png") });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(shots, "serve-list.png") });
  check(await page.evaluate(() => document.getElementById("view-label").hidden), "a game in play offers seat views");
  check(await page.evaluate(() => document.querySelector("#moves .now") === document.querySelector("#moves div:last-child")),
        "the viewer does not follow the last move");
  check(await page.evaluate(() => document.querySelectorAll("#drawing g.cell").length > 0), "no board drawn");
  // The tournament ends: both games in the list, one opened from there.
  check((await tournament.exited) === 0, "the tournament failed");
  await until("the finished games in the list",
              () => page.evaluate(() => document.querySelectorAll("#games-table tr[data-game]").length === 2));
  await until("no game in play", () => page.evaluate(() => !document.querySelector("#live-table tr[data-live]")));
  await page.click("#games-table tr[data-game='1']");
  await until("the finished game's replay", () => page.evaluate(() => document.querySelectorAll("#moves .move").length > 0));
  check(await page.evaluate(() => document.getElementById("verdict").textContent.includes("ranks")), "no verdict");
  check(foreign.length === 0, "requests elsewhere than the server: " + foreign.join(", "));
  check(errors.length === 0, "page errors: " + errors.join("; "));
  const breaches = await page.evaluate(() => window.policyBreaches);
  check(breaches.length === 0, "Content-Security-Policy breaches: " + breaches.join("; "));

  // Every event-stream slot taken by streams that have not had their 10 s turn: a new page is
  // refused and says so; once they go, it connects by itself (its retries back off).
  const held = [];
  for (let i = 0; i < 64 && held.length < 64; i++) {
    const h = await holdStream(url);
    if (h.ok) held.push(h); else h.socket.destroy();  // a slot the first page still held
  }
  const refused = await browser.newPage();
  let refusals = 0;
  refused.on("response", r => { if (r.url().endsWith("/events") && r.status() === 503) refusals++; });
  await refused.goto(url);
  const liveStatus = () => refused.evaluate(() => document.getElementById("live-status").textContent);
  await until("the refused page saying so", async () => (await liveStatus()).startsWith("disconnected"), 30);
  // Refused again once it tried by itself: the streams go while it waits to retry.
  await until("the refused page trying again", () => refusals >= 2, 30);
  for (const h of held) h.socket.destroy();
  await until("the refused page connected again", async () => (await liveStatus()) === "live", 40);
  await ended;
  await checkLeagueServe(browser);
} catch (e) {
  failures++;
  console.error("FAIL: " + e.message);
} finally {
  await ended;  // it catches its own failures
  if (browser) await browser.close();
  if (tournament) tournament.kill("SIGTERM");
  server.kill("SIGTERM");
  await Promise.all([tournament && tournament.exited, server.exited]);
  fs.rmSync(dir, { recursive: true, force: true });
}
if (docsDir) {
  fs.mkdirSync(docsDir, { recursive: true });
  for (const f of ["serve-game.png", "serve-list.png"])
    if (fs.existsSync(path.join(shots, f))) fs.copyFileSync(path.join(shots, f), path.join(docsDir, f));
}
console.log(failures ? `browser_serve: ${failures} failure(s)` : "browser_serve: ok");
process.exit(failures ? 1 : 0);
