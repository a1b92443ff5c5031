// A picture (engine/core/picture.h, as report/picture_json.h writes it) drawn as SVG: one
// drawing function per board shape (`boardDrawers`) plus the generic card table (drawZones).
// It knows no game's rules, no page and no viewer: each function returns the elements it made
// from the picture alone (the viewer, viewer.js, places them), whose fields are named as keys.js
// names them (Frames.framesOf). A new board shape needs one more entry in `boardDrawers`; a new
// game with an existing shape needs none. It uses no other script of the page and keeps no state.
"use strict";

const Picture = (() => {
  const SEAT_COLOURS = ["#9e9e9e", "#e53935", "#1e88e5", "#43a047", "#fb8c00", "#8e24aa", "#00897b"];
  const SVG_NS = "http://www.w3.org/2000/svg";

  function svg(tag, attrs, text) {
    const e = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function seatColour(seat) { return SEAT_COLOURS[seat] || "#616161"; }

  // The last action is shown by what it changed, which needs no rules: the cells whose stone or
  // tile differs from the picture before (both cells of a swap, a placed stone or tile) and the
  // face-up cards new in their zone (a card played, dealt or discarded). `before` is the same
  // board, or all zones, in the picture one action earlier (none at the start).
  function changedCells(board, before) {
    if (!before) return new Set();
    const old = new Map(before.cells.map(c => [c[2], c]));
    const same = (a, b) => a[3] === b[3] && (a[4] || "") === (b[4] || "") && (a[5] || 0) === (b[5] || 0);
    return new Set(board.cells.filter(c => old.has(c[2]) && !same(c, old.get(c[2]))).map(c => c[2]));
  }

  // Per card of `zone`, whether it is new there: the zone holds more of that card than before.
  function newCards(zone, zonesBefore) {
    if (!zonesBefore) return zone[2].map(() => false);
    const before = zonesBefore.find(z => z[0] === zone[0] && z[1] === zone[1]);
    const held = new Map();
    for (const c of before ? before[2] : []) held.set(c, (held.get(c) || 0) + 1);
    return zone[2].map(c => {
      const n = held.get(c) || 0;
      held.set(c, n - 1);
      return n <= 0;
    });
  }

  function drawSquareBoard(board, picture, before) {
    // Walls (picture.h) take a ring of cells around the board, inside the margin.
    const C = 34, ring = board.walls ? C : 0, M = 24 + ring, W = board.width * C + 2 * M, H = board.height * C + 2 * M;
    const out = svg("svg", { width: W, height: H, class: "board square", "data-shape": "square" });
    const edges = board.edges || [];
    // Edge seats: [0] joins bottom and top, [1] left and right (picture.h).
    if (edges[0]) for (const y of [M - ring - 6, H - M + ring + 2]) out.append(svg("rect", { x: M, y, width: board.width * C, height: 4, fill: seatColour(edges[0]) }));
    if (edges[1]) for (const x of [M - ring - 6, W - M + ring + 2]) out.append(svg("rect", { x, y: M, width: 4, height: board.height * C, fill: seatColour(edges[1]) }));
    if (board.walls)
      for (let y = -1; y <= board.height; y++)
        for (let x = -1; x <= board.width; x++) {
          if (x >= 0 && x < board.width && y >= 0 && y < board.height) continue;
          const px = M + x * C, py = M + (board.height - 1 - y) * C;
          const g = svg("g", { class: "wall" });
          g.append(svg("rect", { x: px, y: py, width: C, height: C, fill: "#dcd3b6", stroke: "#c8bd9b" }));
          g.append(svg("circle", { cx: px + C / 2, cy: py + C / 2, r: C * 0.38, fill: "#aed581", stroke: "#689f38" }));
          out.append(g);
        }
    const changed = changedCells(board, before);
    for (const [x, y, name, stone] of board.cells) {
      const px = M + x * C, py = M + (board.height - 1 - y) * C;
      const g = svg("g", { class: changed.has(name) ? "cell last" : "cell", "data-cell": name, "data-stone": stone });
      g.append(svg("rect", { x: px, y: py, width: C, height: C, fill: (x + y) % 2 ? "#f5f0e1" : "#ebe3cc", stroke: "#c8bd9b" }));
      if (stone) g.append(svg("circle", { cx: px + C / 2, cy: py + C / 2, r: C * 0.38, class: "stone seat" + stone, stroke: "#333" }));
      if (changed.has(name)) g.append(svg("rect", { x: px + 2, y: py + 2, width: C - 4, height: C - 4, class: "last-mark" }));
      out.append(g);
    }
    for (let x = 0; x < board.width; x++)
      out.append(svg("text", { x: M + x * C + C / 2, y: H - 4, "text-anchor": "middle" }, String.fromCharCode(97 + x)));
    for (let y = 0; y < board.height; y++)
      out.append(svg("text", { x: 4, y: M + (board.height - 1 - y) * C + C / 2 + 4 }, String(y + 1)));
    return out;
  }

  // The six corners of a hexagonal board of pointy-top cells (centres given, cell width w and
  // radius R), clockwise from the north-west, `pad` pixels outside the cells.
  function hexOutline(centres, w, R, pad) {
    const ys = centres.map(([, y]) => y), top = Math.min(...ys), bottom = Math.max(...ys);
    const row = y => centres.filter(([, cy]) => Math.abs(cy - y) < 1).map(([x]) => x);
    const xs = centres.map(([x]) => x), middle = (top + bottom) / 2;
    const [topRow, bottomRow] = [row(top), row(bottom)];
    return [
      [Math.min(...topRow) - w / 2 - pad / 2, top - R - pad], [Math.max(...topRow) + w / 2 + pad / 2, top - R - pad],
      [Math.max(...xs) + w / 2 + pad, middle],
      [Math.max(...bottomRow) + w / 2 + pad / 2, bottom + R + pad], [Math.min(...bottomRow) - w / 2 - pad / 2, bottom + R + pad],
      [Math.min(...xs) - w / 2 - pad, middle],
    ];
  }

  // Pointy-top hexes; sides numbered clockwise from north-east (0 NE, 1 E, ... 5 NW).
  function drawHexBoard(board, picture, before) {
    const R = 26, w = Math.sqrt(3) * R, M = 30;
    const W = board.width * w / 2 + w / 2 + 2 * M, H = board.height * 1.5 * R + R / 2 + 2 * M;
    const out = svg("svg", { width: W, height: H, class: "board hex", "data-shape": "hex" });
    const centre = (x, y) => [M + (x + 1) * w / 2, M + R + y * 1.5 * R];
    const corner = (cx, cy, i, r) => { const a = Math.PI / 180 * (60 * i - 90); return [cx + r * Math.cos(a), cy + r * Math.sin(a)]; };
    const sideMid = (cx, cy, s) => { const a = Math.PI / 180 * (60 * s - 60); return [cx + R * 0.866 * Math.cos(a), cy + R * 0.866 * Math.sin(a)]; };
    // The six board sides in their seats' colours, clockwise from the north, along the outline
    // of the cells themselves: the top and bottom rows give the flat edges, the widest row the
    // east and west corners.
    const corners = hexOutline(board.cells.map(([x, y]) => centre(x, y)), w, R, 5);
    (board.edges || []).forEach((seat, k) => {
      const [x1, y1] = corners[k], [x2, y2] = corners[(k + 1) % 6];
      out.append(svg("line", { x1, y1, x2, y2, stroke: seatColour(seat), "stroke-width": seat ? 6 : 2, "data-side": k, "data-seat": seat }));
    });
    const changed = changedCells(board, before);
    for (const [x, y, name, stone, tile, rotation, links] of board.cells) {
      const [cx, cy] = centre(x, y);
      const g = svg("g", { class: changed.has(name) ? "cell last" : "cell", "data-cell": name, "data-tile": tile || "", "data-rot": tile ? rotation : "" });
      const points = [0, 1, 2, 3, 4, 5].map(i => corner(cx, cy, i, R - 1).join(",")).join(" ");
      g.append(svg("polygon", { points, fill: tile ? "#fffde7" : "#eceff1", stroke: "#90a4ae" }));
      if (tile) {
        g.setAttribute("data-links", links.map(([a, b, s]) => `${a}-${b}:${s}`).join(" "));
        // The tile's name and rotation, small, in the north corner and under the paths: the paths
        // cross near the centre and stay in view.
        g.append(svg("text", { x: cx, y: cy - R / 2, "text-anchor": "middle", fill: "#8d8d8d", class: "tile-label" }, `${tile}:${rotation}`));
        for (const [a, b, s] of links) {
          const [ax, ay] = sideMid(cx, cy, a), [bx2, by2] = sideMid(cx, cy, b);
          g.append(svg("path", { d: `M${ax},${ay} Q${cx},${cy} ${bx2},${by2}`, fill: "none", stroke: seatColour(s), "stroke-width": s ? 5 : 3 }));
        }
      } else {
        g.append(svg("text", { x: cx, y: cy + 4, "text-anchor": "middle", fill: "#90a4ae" }, name));
      }
      if (stone) g.append(svg("circle", { cx, cy, r: R * 0.4, class: "stone seat" + stone }));
      if (changed.has(name)) g.append(svg("polygon", { points, class: "last-mark" }));
      out.append(g);
    }
    return out;
  }

  const boardDrawers = { square: drawSquareBoard, hex: drawHexBoard };

  // The four suits of the French deck (picture.h): symbol and colour.
  const SUITS = { S: ["\u2660", "#212121"], H: ["\u2665", "#d32f2f"], D: ["\u2666", "#d32f2f"], C: ["\u2663", "#212121"] };

  // Text squeezed into `width` when it would not fit (about 0.6 em a character).
  function fitted(attrs, text, size, width) {
    const style = `font-size: ${size}px`;
    return text.length * size * 0.6 > width ? { ...attrs, style, textLength: width, lengthAdjust: "spacingAndGlyphs" } : { ...attrs, style };
  }

  // The inside of a face-up card at (x, y), CW by CH. With a face (picture.h): a suited card has
  // its rank in the corner and its suit's symbol in the middle, hearts and diamonds red; a card
  // without a suit has its rank in the middle; the note goes at the foot, and the game's special
  // cards are written in purple. Without a face: the notation.
  function cardFace(x, y, CW, CH, text, face) {
    const mid = x + CW / 2;
    if (!face) return [svg("text", fitted({ x: mid, y: y + CH / 2 + 4, "text-anchor": "middle" }, text, 11, CW - 4), text)];
    const [rank, suit, note, special] = face;
    const [symbol, colour] = SUITS[suit] || ["", special ? "#6a1b9a" : "#212121"];
    const parts = [];
    if (symbol) {
      parts.push(svg("text", fitted({ x: x + 3, y: y + 12, fill: colour, "font-weight": "bold", class: "rank" }, rank, 11, CW - 6), rank));
      parts.push(svg("text", { x: mid, y: y + CH / 2 + 9, fill: colour, "text-anchor": "middle", class: "suit", style: "font-size: 22px" }, symbol));
    } else {
      const size = rank.length <= 2 ? 17 : 10;
      parts.push(svg("text", fitted({ x: mid, y: y + CH / 2 + size / 3, fill: colour, "font-weight": "bold", "text-anchor": "middle", class: "rank" },
                                    rank, size, CW - 4), rank));
    }
    if (note) parts.push(svg("text", fitted({ x: mid, y: y + CH - 4, fill: colour, "text-anchor": "middle", class: "note" }, note, 8, CW - 4), note));
    return parts;
  }

  // One zone's cards from (x0, y) in a block `width` wide: its name, then its cards in rows. Returns
  // the zone's group and the y under it.
  function drawZone(zone, x0, y, width, before) {
    const CW = 34, CH = 46, LABEL = 74;
    const [name, seat, cards, by, hidden, faces] = zone;
    const g = svg("g", { class: "zone", "data-zone": name, "data-seat": seat, "data-hidden": hidden, "data-count": cards.length });
    g.append(svg("text", fitted({ x: x0 + 4, y: y + CH / 2 + 4 }, name, 11, LABEL - 6), name));
    let x = x0 + LABEL;
    const place = () => { if (x + CW > x0 + width) { x = x0 + LABEL; y += CH + 4; } const at = x; x += CW + 3; return at; };
    const fresh = newCards(zone, before && before.zones);
    cards.forEach((c, i) => {
      const at = place();
      const face = faces && faces[i];
      const card = svg("g", { class: ["card", fresh[i] && "last", face && face[3] && "special"].filter(Boolean).join(" "), "data-card": c });
      const frame = by.length ? { stroke: seatColour(by[i]), "stroke-width": 2 } : { stroke: "#555" };
      card.append(svg("rect", { x: at, y, width: CW, height: CH, rx: 3, ...frame }), ...cardFace(at, y, CW, CH, c, face));
      g.append(card);
    });
    for (let i = 0; i < Math.min(hidden, 12); i++) {
      const at = place();
      const card = svg("g", { class: "card down" });
      card.append(svg("rect", { x: at, y, width: CW, height: CH, rx: 3, stroke: "#555" }));
      g.append(card);
    }
    if (hidden > 12) g.append(svg("text", { x: x + 4, y: y + CH / 2 + 4 }, `+${hidden - 12}`));
    if (!cards.length && !hidden) g.append(svg("text", { x: x0 + LABEL, y: y + CH / 2 + 4, fill: "#999" }, "—"));
    return [g, y + CH + 6];
  }

  // Card zones: the table's zones across the top, then one block per seat (its name, values and
  // zones) in columns, so that five or six seats fit the viewer's box once scaled (fitDrawing).
  function drawZones(picture, players, before) {
    const zones = picture.zones, values = picture.values;
    if (!zones.length) return null;
    const seats = [];
    for (let seat = 1; seat <= picture.players; seat++) {
      const mine = zones.filter(z => z[1] === seat);
      const facts = values.filter(v => v[2] === seat).map(v => `${v[0]} ${v[1]}`).join(", ");
      if (mine.length || facts) seats.push({ seat, mine, facts });
    }
    const columns = seats.length > 4 ? 3 : seats.length > 1 ? 2 : 1, BLOCK = 360, W = columns * BLOCK;
    const out = svg("svg", { width: W, height: 10, class: "table" });
    let y = 4;
    const table = zones.filter(z => z[1] === 0);
    if (table.length) {
      out.append(svg("text", { x: 4, y: y + 14, fill: seatColour(0), "font-weight": "bold", class: "seat-title", "data-seat": 0 }, "table"));
      y += 20;
      for (const z of table) { const [g, below] = drawZone(z, 0, y, W, before); out.append(g); y = below; }
    }
    // Seat blocks row by row; each row as tall as its tallest block.
    for (let i = 0; i < seats.length; i += columns) {
      let bottom = y;
      seats.slice(i, i + columns).forEach(({ seat, mine, facts }, k) => {
        const x0 = k * BLOCK, block = svg("g", { class: "seat-block", "data-seat": seat });
        const title = `seat ${seat}${players[seat - 1] ? " · " + players[seat - 1] : ""}`;
        block.append(svg("text", fitted({ x: x0 + 4, y: y + 14, fill: seatColour(seat), "font-weight": "bold", class: "seat-title" }, title, 11, BLOCK - 8), title));
        let at = y + 18;
        if (facts) {
          block.append(svg("text", fitted({ x: x0 + 4, y: at + 11, fill: seatColour(seat), class: "seat-facts" }, facts, 10, BLOCK - 8), facts));
          at += 15;
        }
        for (const z of mine) { const [g, below] = drawZone(z, x0, at, BLOCK - 6, before); block.append(g); at = below; }
        out.append(block);
        bottom = Math.max(bottom, at);
      });
      y = bottom + 4;
    }
    out.setAttribute("height", y + 4);
    return out;
  }

  // What the game highlights in the drawing under `root` (picture.h, PictureHighlight: the picture's highlights), found among what
  // was drawn by the name it carries: the winning chain, route or stones at the end, each cell
  // framed in the winner's colour; the card that won a trick, framed again around its own frame
  // and starred in the winner's colour. A cell on two winners' routes gets both frames, the
  // second dashed over the first.
  function drawHighlights(root, picture) {
    for (const [kind, seat, target, zone, zoneSeat] of picture.highlights || []) {
      const name = CSS.escape(target), colour = seatColour(seat);
      const node = zone === undefined ? root.querySelector(`g.cell[data-cell="${name}"]`)
        : root.querySelector(`g.zone[data-zone="${CSS.escape(zone)}"][data-seat="${zoneSeat}"] g.card[data-card="${name}"]`);
      if (!node) continue;
      const earlier = [...node.querySelectorAll(".highlight")];
      if (earlier.some(h => h.dataset.kind === kind && Number(h.dataset.seat) === seat)) continue;
      node.classList.add("highlighted");
      let frame;
      if (zone === undefined) {
        frame = node.firstElementChild.cloneNode(false);  // the cell's own square or hexagon
        frame.setAttribute("class", "highlight");
        frame.setAttribute("fill", "none");
        frame.setAttribute("stroke", colour);
      } else {
        const b = node.firstElementChild.getBBox();
        frame = svg("rect", { x: b.x - 3, y: b.y - 3, width: b.width + 6, height: b.height + 6, rx: 5, class: "highlight", stroke: colour });
        if (!earlier.length)
          node.append(svg("text", { x: b.x + b.width - 1, y: b.y + 9, "text-anchor": "middle", fill: colour, class: "highlight-star" }, "\u2605"));
      }
      frame.dataset.kind = kind;
      frame.dataset.seat = seat;
      if (earlier.length) frame.setAttribute("stroke-dasharray", "6 6");
      node.append(frame);
    }
  }

  return { SEAT_COLOURS, svg, seatColour, boardDrawers, drawZones, drawHighlights };
})();
