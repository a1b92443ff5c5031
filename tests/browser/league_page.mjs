// A league for the browser tests of its pages (report_test.mjs: `arena league report`;
// serve_test.mjs: `arena serve` on its folder), and what a page shows of it (report/page/league.js)
// held against `arena league table`.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

// A league of three bots in DIR, one a version of another (with an SPRT) and one, which writes
// `info data` figures, retired after GAMES games.
export function playLeague(arena, binDir, dir, games) {
  fs.rmSync(dir, { recursive: true, force: true });
  const run = args => execFileSync(arena, args, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  run(["league", "new", dir, "clump:size=6", "--tc", "5+0.05", "--sprt", "elo0=0,elo1=10,alpha=0.05,beta=0.05", "--seed", "3"]);
  run(["league", "add", dir, `v1=${path.join(binDir, "random_bot")}`]);
  run(["league", "add", dir, `talker=${path.join(binDir, "chatty_bot")}`]);
  run(["league", "add", dir, `v2=${path.join(binDir, "random_bot")}`, "--parent", "v1", "--note", "second try"]);
  run(["league", "run", dir, "--games", String(games), "--quiet"]);
  run(["league", "retire", dir, "talker"]);
}

// What a page shows of a league (report/page/league.js) against `arena league table`: one row per
// bot with its status, faults, time per move and `info data` means; the versions' SPRT state as
// the table's text says it; the table's text itself.
export async function leagueShown(arena, page, dir) {
  const json = JSON.parse(execFileSync(arena, ["league", "table", dir, "--json"], { encoding: "utf8" }));
  const text = execFileSync(arena, ["league", "table", dir], { encoding: "utf8" });
  const shown = await page.evaluate(() => ({
    bots: [...document.querySelectorAll("#league-bots tr[data-bot]")].map(tr => [tr.dataset.bot, ...[...tr.cells].slice(1).map(td => td.textContent)]),
    head: [...document.querySelectorAll("#league-bots tr:first-child th")].map(th => th.textContent),
    versions: [...document.querySelectorAll("#league-versions tr[data-version]")].map(tr => [tr.dataset.version, tr.querySelector(".sprt").textContent]),
    text: (document.getElementById("league-text") || { textContent: "" }).textContent }));
  const bad = [];
  if (shown.text !== text) bad.push(`the text differs from arena league table's:\n${shown.text}\n---\n${text}`);
  const at = name => shown.head.indexOf(name);
  const fixed = n => Number(n).toFixed(1);
  for (const b of json.bots) {
    const row = shown.bots.find(r => r[0] === b.name);
    if (!row) { bad.push(`no row for ${b.name}`); continue; }
    const status = b.suspended ? "suspended" : b.retired ? "retired" : "playing";
    const faults = Object.entries(b.faults).map(([k, n]) => `${k} ${n}`).join(", ") || "–";
    const want = { status, faults, "mean ms": fixed(b.mean_ms), "p99 ms": fixed(b.p99_ms), "worst ms": fixed(b.worst_ms) };
    for (const [key, value] of Object.entries(b.data)) want[key] = String(+Number(value).toPrecision(6));
    for (const [column, value] of Object.entries(want))
      if (!(row[at(column)] || "").startsWith(value)) bad.push(`${b.name}'s ${column} is ${row[at(column)]}, the table's ${value}`);
  }
  for (const v of json.versions) {
    const line = text.split("\n").find(l => l.trim().startsWith(`${v.version} vs ${v.parent}:`)) || "";
    const sprt = (line.match(/SPRT (.*)$/) || [])[1];
    const row = shown.versions.find(r => r[0] === v.version);
    if (!row || (sprt && row[1] !== sprt)) bad.push(`version ${v.version}: the page says ${row && row[1]}, the table ${line}`);
  }
  return { bad, json, shown, text };
}
