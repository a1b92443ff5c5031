// The report page's engine (bindings/page_engine/) against `arena report` itself: for every game
// and player count (`arena games --json`), a small tournament of random bots, its report (each
// game embedded as its record) and the same report written with --frames (each replay's JSON,
// computed by the `arena` binary: report/page_replay.h). The JSON the page's engine writes from
// each record must be that JSON, byte for byte. Runs the page's own decoding and engine code
// (report/page/frames.js) in node.
//   node page_engine_test.mjs BIN_DIR WORK_DIR
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";

const [binDir, workDir] = process.argv.slice(2);
const arena = path.join(binDir, "arena");
fs.mkdirSync(workDir, { recursive: true });

// The page's scripts and data elements, by id or by order.
function elements(html) {
  const out = new Map();
  for (const m of html.matchAll(/<script type="([^"]+)" id="([^"]+)">([^<]*)<\/script>/g))
    out.set(m[2], { type: m[1], textContent: m[3] });
  return out;
}
function inlineScripts(html) {
  return [...html.matchAll(/<script>\n([\s\S]*?)<\/script>/g)].map(m => m[1]);
}

// Every replay of one report, from the page's engine and from the --frames report; problems found.
async function compareReport(name, recordsHtml, framesHtml) {
  const recordNodes = elements(recordsHtml), frameNodes = elements(framesHtml);
  const context = vm.createContext({
    document: { getElementById: id => recordNodes.get(id) || null },
    TextDecoder, TextEncoder, WebAssembly, console,
  });
  // keys.js and frames.js, found by the one name each defines (report/page/scripts.txt gives the
  // page's order): frames.js uses no other script of the page.
  const scripts = inlineScripts(recordsHtml);
  for (const name of ["Keys", "Frames"]) vm.runInContext(scripts.find(s => s.includes(`const ${name} = (() => {`)), context);
  vm.runInContext("this.api = Frames;", context);
  const api = context.api;
  const problems = [];
  let records = 0;
  for (const [id, node] of recordNodes) {
    if (!id.startsWith("replay-")) continue;
    const n = Number(id.slice("replay-".length));
    if (node.type === "application/x-arena-record") {
      records++;
      await api.startPageEngine();
    }
    const fromPage = api.loadReplay(n, () => {});
    const other = frameNodes.get(id);
    // replayNote says why: the engine did not start, or could not replay this record.
    if (!fromPage) problems.push(`${name}, game ${n}: ${api.replayNote(n) || "no replay"}`);
    else if (!other || other.type !== "application/x-arena-replay") problems.push(`${name}, game ${n}: not in the --frames report`);
    else if (JSON.stringify(fromPage) !== JSON.stringify(api.readReplay(JSON.parse(api.unpackReplay(other.textContent)))))
      problems.push(`${name}, game ${n}: the page's engine wrote another replay than arena report`);
  }
  if (records === 0) problems.push(`${name}: no game was embedded as its record`);
  return problems;
}

const games = JSON.parse(execFileSync(arena, ["games", "--json"], { encoding: "utf8" })).games;
const problems = [];
let reports = 0;
for (const c of games.flatMap(g => g.player_counts)) {
  const name = c.spec.replace(/[^a-z0-9]+/gi, "_");
  const out = path.join(workDir, name);
  fs.rmSync(out, { recursive: true, force: true });
  const args = ["tournament", c.quick_spec, "--games", c.players === 2 ? "2" : "1", "--seed", "11", "--out", out,
                "--quiet", "--max-tables", "2"];
  for (let b = 1; b <= 2; b++) args.push("--bot", `random${b}=${path.join(binDir, "random_bot")}`);
  execFileSync(arena, args, { stdio: ["ignore", "ignore", "inherit"] });
  execFileSync(arena, ["report", out, "--frames", "--out", path.join(out, "frames.html")], { stdio: "ignore" });
  problems.push(...await compareReport(c.quick_spec, fs.readFileSync(path.join(out, "report.html"), "utf8"),
                                       fs.readFileSync(path.join(out, "frames.html"), "utf8")));
  reports++;
}
fs.rmSync(workDir, { recursive: true, force: true });
console.log(`${reports} reports compared`);
if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
