// A league's table on the results page (docs/report.md, "A league's report"; docs/serve.md):
// what `arena league table` shows, from DATA.league (cli/league_page.h: that command's JSON and
// its text): each bot with its status (playing, retired, suspended), its rating, faults, time
// per move and `info data` figures; each version against its parent with its SPRT state; and
// the table's text as the command prints it. Drawn on the page's "results" event (page.js): with
// the results, and again whenever the live page's data changes (live.js). It exports nothing.
"use strict";

(() => {
  const { $, el, fmt, data: DATA } = Page;

  // A bot's status as the league's table says it. Suspended bots (a bot that cannot start is
  // suspended at once, until `arena league resume`: issue 38) are read from the table's JSON as
  // `suspended`, the reason ("" when not suspended); a table without that field (an Arena before
  // suspensions) shows retired and playing bots only.
  function leagueBotStatus(b) {
    if (b.suspended) return `suspended: ${b.suspended === true ? "cannot start" : b.suspended} (arena league resume DIR ${b.name} once it starts)`;
    return b.retired ? "retired" : "playing";
  }

  function leagueFaults(b) {
    const parts = Object.entries(b.faults || {}).map(([reason, n]) => `${reason} ${n}`);
    return parts.length ? parts.join(", ") : "–";
  }

  // "Elo +12.3 ± 40.1", as the table's version lines and ratings give it (null: not finite).
  function eloText(elo, error) {
    if (elo === null || elo === undefined) return "–";
    return `${elo >= 0 ? "+" : ""}${fmt(elo, 1)}${error === null || error === undefined ? "" : ` ± ${fmt(error, 1)}`}`;
  }

  function leagueBotsTable(league) {
    const ratings = new Map(((league.ratings || {}).bots || []).map(r => [r.name, r]));
    const keys = [...new Set(league.bots.flatMap(b => Object.keys(b.data || {})))].sort();
    const table = el("table", { id: "league-bots" });
    const head = el("tr");
    for (const [text, cls] of [["bot", "name"], ["status", "name"], ["Elo", ""], ["games", ""], ["faults", "name"], ["mean ms", ""],
                               ["p99 ms", ""], ["worst ms", ""], ...keys.map(k => [k, ""]), ["version of, note", "name"]])
      head.append(el("th", cls ? { class: cls } : {}, text));
    table.append(head);
    for (const b of league.bots) {
      const r = ratings.get(b.name) || {};
      const tr = el("tr", { "data-bot": b.name, "data-status": leagueBotStatus(b).split(":")[0] });
      const cells = [[b.name, "name"], [leagueBotStatus(b), "name status"], [eloText(r.elo, r.error), ""], [r.games ?? 0, ""],
                     [leagueFaults(b), "name"], [fmt(b.mean_ms, 1), ""], [fmt(b.p99_ms, 1), ""], [fmt(b.worst_ms, 1), ""],
                     ...keys.map(k => [k in (b.data || {}) ? String(+Number(b.data[k]).toPrecision(6)) : "-", ""]),
                     [[b.parent ? `version of ${b.parent}` : "", b.note].filter(Boolean).join("; ") || "–", "name"]];
      for (const [text, cls] of cells) tr.append(el("td", cls ? { class: cls } : {}, String(text)));
      table.append(tr);
    }
    return table;
  }

  function leagueVersionsTable(league) {
    const table = el("table", { id: "league-versions" });
    table.innerHTML = "<tr><th class=name>version</th><th class=name>parent</th><th>games</th><th>Elo</th><th class=name>SPRT</th></tr>";
    for (const v of league.versions) {
      const s = v.sprt;
      const sprt = s ? `LLR ${fmt(s.llr, 2)} (${fmt(s.lower, 2)}, ${fmt(s.upper, 2)}) [${s.elo0}, ${s.elo1}]: ${s.decision}` : v.games ? "–" : "no games yet";
      const tr = el("tr", { "data-version": v.version });
      for (const [text, cls] of [[v.version, "name"], [v.parent, "name"], [v.games ?? 0, ""], [eloText(v.elo, v.error), ""], [sprt, "name sprt"]])
        tr.append(el("td", cls ? { class: cls } : {}, String(text)));
      table.append(tr);
    }
    return table;
  }

  function drawLeague() {
    const box = $("league"), league = DATA.league;
    box.textContent = "";
    if (!league) return;
    // Games a bot never started are kept but not rated (`unrated_games`, where the table has it).
    const unrated = league.unrated_games ? `; ${league.unrated_games} more kept but not rated (a bot never started)` : "";
    box.append(el("h2", {}, `League: ${league.games} games${unrated ? " rated" + unrated : ""}`));
    box.append(el("p", { class: "note" }, "As arena league table shows it: every bot with its status, rating, faults, time per move and own figures (info data)."));
    box.append(leagueBotsTable(league));
    if (league.versions && league.versions.length) {
      box.append(el("h2", {}, "Versions against their parents"));
      box.append(leagueVersionsTable(league));
    }
    const text = el("details", { id: "league-text-box" });
    text.append(el("summary", {}, "the table as text (arena league table)"), el("pre", { id: "league-text" }, league.text || ""));
    box.append(text);
  }

  Page.on("results", drawLeague);
})();
