// One decision as one unit (docs/report.md, "One decision"). At position K (after K actions,
// the viewer's ply K) the viewer shows decision K, the one taken there (docs/records.md,
// "Positions and decisions"): who decided, its answer and its time, what the bot wrote for it
// (its `info` and stderr lines; botlines.js draws the marks), the lines the referee sent it,
// word for word what `arena repro --print-lines` regenerates, and the `arena repro` command that
// reruns exactly that decision. It follows the viewer (viewer.js) by the page's "position" event
// (page.js), and exports nothing. The consoles, the value chart, `arena show --ply K` and
// `arena repro --ply K` all number it K.
"use strict";

(() => {
  const { $, el, fmt, data: DATA } = Page, { seatColour } = Picture;

  // What happened in position K: {seat, answer, micros} of the action taken there, chance's
  // outcome (seat 0), or at the end the seat whose answer ended the game (records/decisions.h).
  function decisionAt(replay, game, k) {
    const a = replay.actions[k];
    if (a) return { k, seat: a[0], answer: a[1], micros: a[2], chance: !a[0] };
    const atDecision = ["illegal move", "unparseable move", "time forfeit", "resign"].includes(game.termination);
    return { k, seat: atDecision ? game.faultSeat : 0, end: true };
  }

  // `text` quoted for a POSIX shell when it holds anything but [A-Za-z0-9_./:=+,@%-]
  // (records/repro_command.h, shell_quoted).
  function shellQuoted(text) {
    return text !== "" && /^[A-Za-z0-9_./:=+,@%-]+$/.test(text) ? text : `'${text.replace(/'/g, "'\\''")}'`;
  }

  // The report's one records file, given from the report's folder ("games.pgn"): made whole from
  // the page's own address when it is a file, so the command runs from any folder.
  function recordsFile() {
    if (location.protocol !== "file:") return DATA.recordsFile;
    return decodeURIComponent(new URL(DATA.recordsFile, location.href).pathname);
  }

  // The `arena repro` command of decision K of `seat`: the game by its number in the report's one
  // records file, else by its round (the page then names no file); the bot's command to fill in.
  function reproCommand(game, seat, k) {
    const which = DATA.recordsFile ? String(game.number) : game.round || String(game.number);
    return `arena repro ${DATA.recordsFile ? shellQuoted(recordsFile()) : "FILE.pgn"} --game ${shellQuoted(which)} --seat ${seat} --ply ${k} --bot COMMAND`;
  }

  function secondsText(micros) { return micros >= 0 ? ` in ${fmt(micros / 1000, 1)} ms` : ""; }

  // The unit's first line, as `arena show` says it ("next: decision 15: ...").
  function decisionHead(d, game, seat) {
    const who = s => `seat ${s} (${game.players[s - 1]})`;
    // In a seat's view chance's outcome (a deal) may be hidden from it: the move list says it.
    if (d.chance) return `position ${d.k}: chance ${seat ? "acts" : d.answer} (no decision)`;
    if (seat && d.seat !== seat) return `decision ${d.k} is not seat ${seat}'s` + (d.end ? ": the game is over" : "");
    if (!d.end) return `decision ${d.k}: ${who(d.seat)} answered ${d.answer}${secondsText(d.micros)}`;
    if (d.seat && game.termination === "resign") return `decision ${d.k}: ${who(d.seat)} resigned`;
    if (d.seat) return `decision ${d.k}: ${who(d.seat)} answered with a fault: ${game.termination}${game.detail ? ` (${game.detail})` : ""}`;
    if (game.termination === "in play") return `position ${d.k}: decision ${d.k} is being taken (the game is in play)`;
    return `position ${d.k}: the game is over` + (game.termination === "over" ? "" : ` (${game.termination})`);  // "over": live.js, its result to come
  }

  // What the bots wrote for decision K (replay.botLines, numbered by decision), the deciding seat's
  // lines first; the same lines the consoles highlight.
  function writtenLines(replay, k, seat) {
    const lines = (replay.botLines || []).filter(([d]) => d === k);
    return [...lines.filter(l => l[1] === seat), ...lines.filter(l => l[1] !== seat)];
  }

  // The lines the seat was sent for decision K (the decision's protocol lines), under the unit.
  function drawSentLines(box, replay, game, seat, k) {
    if (!replay.protocol || !seat) return;
    const byDecision = Frames.protocolLines(replay, seat), lines = byDecision.get(k);
    box.append(el("div", { class: "note" }, lines
      ? `sent to seat ${seat} (${game.players[seat - 1]}) for decision ${k}:`
      : `seat ${seat} (${game.players[seat - 1]}) did not take decision ${k}`));
    const next = [...byDecision.keys()].find(p => p > k);
    if (!lines && next !== undefined) {
      const link = el("a", { href: "#", id: "protocol-next" }, `its next decision: ${next}`);
      link.addEventListener("click", e => { e.preventDefault(); Viewer.showPly(next); });
      box.append(link);
    }
    if (lines) box.append(el("pre", { id: "protocol-lines", "data-seat": seat, "data-ply": k }, lines.join("\n")));
  }

  // The unit at position K: decision K of the seat viewed (a seat view), else of the seat to act.
  function drawDecision(replay, game, k, viewSeat) {
    const box = $("decision"), sent = $("protocol");
    box.textContent = "";
    sent.textContent = "";
    if (!replay) return;
    const d = decisionAt(replay, game, k), seat = viewSeat || d.seat;
    Object.assign(box.dataset, { decision: k, seat: d.seat || 0 });
    const head = el("div", { id: "decision-head" }, decisionHead(d, game, viewSeat));
    if (d.seat) head.style.borderColor = seatColour(d.seat);
    box.append(head);
    drawSentLines(sent, replay, game, seat, k);
    // A game in play (the live page) has no record yet: nothing to rerun, no bot's line shown.
    if (!d.seat || (viewSeat && d.seat !== viewSeat) || typeof game.number === "string") return;
    const wrote = writtenLines(replay, k, d.seat);
    const list = el("div", { id: "decision-lines" });
    for (const [, s, kind, text] of wrote) {
      const line = el("div", { class: kind ? "bl stderr" : "bl info", "data-seat": s }, (kind ? "" : "info ") + text);
      if (s !== d.seat) line.prepend(el("span", { class: "bl-seat" }, `seat ${s}: `));
      list.append(line);
    }
    if (!wrote.length) list.append(el("div", { class: "note" }, replay.botLines || replay.botLinesCut ? "it wrote nothing for this decision" : "no bot lines in this record"));
    if (replay.botLinesCut && k >= replay.botLinesCut[0]) list.append(el("div", { class: "bl cut" }, "— cut by the per-game cap: this decision's lines are not in the record —"));
    const repro = el("div", { class: "repro", id: "decision-repro", title: "rerun this decision: arena repro (docs/bots.md)" },
                     reproCommand(game, d.seat, k));
    box.append(list, repro);
  }

  Page.on("position", ({ replay, game, ply, seat }) => drawDecision(replay, game, ply, seat));
})();
