// Camel Drive's board: the lanes with each camel on its field (the first home lies on its
// side, out), each camel's deck face down with its top card face up and its interjection
// tokens, the betting board with a column per camel and the stones on it, and the points
// of every colour towards the target. Drawn from view.board.scene alone (web.py): every
// number and word comes from the server, the browser holds no rules. Every camel, deck,
// token row and betting column carries data-cell (the grid's ids); the shell handles
// clicks and marks. Colour is never alone: each camel carries its letter.
import { svgEl, label, piece, cellsOf } from "/static/js/board-kit.js";

const PAD = 8;
const WIDE = {
  // A lane on one line: badge, name and tokens, the track, the deck, the camel's points.
  W: 660, laneH: 52, midDy: 26, nameDy: 19, tokensDy: 36, trackX0: 182, trackX1: 500,
  numbers: true, deckX: 550, deckDy: 9, cardW: 23, cardH: 34, pointsX: 642, teamW: 170,
};
const NARROW = {
  // A phone: each lane on two lines, the name, tokens and deck above, the track below.
  W: 360, laneH: 72, midDy: 50, nameDy: 14, tokensDy: 14, trackX0: 28, trackX1: 306,
  numbers: false, deckX: 266, deckDy: 3, cardW: 19, cardH: 24, pointsX: 346, teamW: 0,
};
let g = WIDE;
const CAMEL_PATH = "M-15 5 C-17 -3 -12 -10 -6 -9 C-3 -17 5 -16 7 -7 L10 -9 L12 -17 "
  + "Q13 -20 17 -19 L21 -17 L21 -14 L16 -13 L14 -4 C14 3 10 6 6 6 L6 13 L3 13 L3 7 "
  + "L-8 7 L-8 13 L-11 13 L-11 6 Z";
const placed = new Map();   // camel id -> its last transform, for the move's animation

export function render(svg, view, ctx) {
  const scene = view.board?.scene;
  svg.replaceChildren();
  if (!scene) return;
  const cells = cellsOf(view);
  const room = svg.parentElement?.clientWidth || WIDE.W;
  g = room < 560 ? NARROW : WIDE;
  svg.classList.toggle("cd-animate", !ctx.reducedMotion);
  const parts = [];
  let y = PAD;
  y = header(parts, scene, y);
  y = lanes(parts, scene, cells, y);
  y = bettingBoard(parts, scene, cells, y + 10);
  y = points(parts, scene, y + 12);
  svg.setAttribute("viewBox", `0 0 ${g.W} ${y + PAD}`);
  svg.append(...parts);
  animate(svg, ctx);
}

// -- helpers ------------------------------------------------------------------------------

function wrap(text, width, size) {
  // Lines of at most the characters that fit ``width`` at ``size`` (text is the server's).
  const most = Math.max(8, Math.floor(width / (size * 0.56)));
  const lines = [];
  let line = "";
  for (const word of String(text).split(/\s+/)) {
    if (line && (line + " " + word).length > most) { lines.push(line); line = word; }
    else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function lines(x, y, text, width, size, attrs = {}) {
  const el = svgEl("text", { x, y, "font-size": size, ...attrs });
  wrap(text, width, size).forEach((line, i) => {
    const span = svgEl("tspan", { x, dy: i ? size * 1.25 : 0 });
    span.textContent = line;
    el.append(span);
  });
  return [el, wrap(text, width, size).length];
}

function cell(id, cells, hit, ...children) {
  // A clickable group: its first child is the outline the shell's marks stroke.
  const group = svgEl("g", { "data-cell": id, class: "cd-cell" }, hit, ...children);
  const title = svgEl("title");
  title.textContent = cells.get(id)?.text ?? "";
  group.append(title);
  return group;
}

function fieldX(scene, field) {
  const f = Math.max(0, Math.min(field, scene.length));
  return g.trackX0 + (f * (g.trackX1 - g.trackX0)) / scene.length;
}

function camelShape(camel, cx, cy, extra = "") {
  const group = svgEl("g", { class: `cd-camel cd-${camel.id}${extra}` });
  group.append(svgEl("path", { d: CAMEL_PATH, class: "cd-body" }));
  group.append(piece(-1, -2, camel.letter, { r: 7.5, class: "cd-letter" }));
  group.dataset.place = `translate(${cx}px, ${cy}px)${camel.out ? " rotate(90deg)" : ""}`;
  group.dataset.camel = camel.id;
  return group;
}

// -- the header ------------------------------------------------------------------------------

function header(parts, scene, y) {
  const [headline, count] = lines(PAD, y + 15, scene.texts.headline, g.W - 2 * PAD, 16,
    { class: "cd-headline" });
  parts.push(headline);
  y += 15 + (count - 1) * 20;
  if (scene.texts.status) {
    const [status, more] = lines(PAD, y + 19, scene.texts.status, g.W - 2 * PAD, 13,
      { class: "cd-status" });
    parts.push(status);
    y += 19 + (more - 1) * 16;
  }
  // The rule that makes this race what it is, by the finish.
  const rule = scene.texts.rule;
  const width = rule.length * 7.2 + 24;
  const right = g.W - PAD;
  parts.push(svgEl("rect", { x: right - width, y: y + 8, width, height: 21, rx: 10.5,
    class: "cd-rule" }));
  parts.push(label(rule, right - width / 2, y + 19, { "text-anchor": "middle",
    "dominant-baseline": "central", "font-size": 12, class: "cd-rule-text" }));
  return y + 34;
}

// -- the lanes ---------------------------------------------------------------------------------

function lanes(parts, scene, cells, y) {
  const byId = new Map(scene.camels.map((c) => [c.id, c]));
  const fx = fieldX(scene, scene.length);
  captions(parts, scene, y);
  y += 12;
  scene.lanes.forEach((id, index) => {
    const camel = byId.get(id);
    const row = y + index * g.laneH;
    const mid = row + g.midDy;   // the track's line of camels
    parts.push(svgEl("rect", { x: PAD, y: row + 2, width: g.W - 2 * PAD, height: g.laneH - 4,
      rx: 8, class: `cd-lane${index % 2 ? " cd-lane-alt" : ""}${camel.to_move ? " cd-lane-now" : ""}` }));
    const top = row + g.nameDy;
    parts.push(svgEl("circle", { cx: PAD + 14, cy: top, r: 9.5, class: "cd-lane-badge" }));
    parts.push(label(String(camel.lane), PAD + 14, top, { "text-anchor": "middle",
      "dominant-baseline": "central", "font-size": 12, class: "cd-lane-number" }));
    parts.push(label(camel.label, PAD + 30, top, { "font-size": 13,
      "dominant-baseline": "central", class: `cd-name${camel.mine ? " cd-mine" : ""}` }));
    parts.push(tokens(camel, cells, g === NARROW ? PAD + 30 + camel.label.length * 8.2 + 10
      : PAD + 30, row + g.tokensDy));
    parts.push(track(scene, row, mid, fx));
    // The camel: on its field, or lying on its side past the line when it came home first.
    const cx = camel.out ? fx + 24 : fieldX(scene, camel.field);
    const shape = camelShape(camel, cx, mid - 3,
      `${camel.racing ? "" : " cd-resting"}${camel.to_move ? " cd-now" : ""}`);
    shape.prepend(svgEl("rect", { x: -19, y: -21, width: 42, height: 37, rx: 6, class: "cd-hit" }));
    parts.push(cell(id, cells, shape));
    if (camel.out) {
      parts.push(label(scene.texts.out, fx + 24, mid - 21, { "text-anchor": "middle",
        "font-size": 10, class: "cd-out" }));
    }
    parts.push(deck(camel, cells, row + g.deckDy));
    parts.push(label(String(camel.points), g.pointsX, top, { "text-anchor": "middle",
      "dominant-baseline": "central", "font-size": 13, class: "cd-lane-points" }));
  });
  return y + scene.lanes.length * g.laneH;
}

function captions(parts, scene, y) {
  const at = (text, x, anchor = "middle") => parts.push(label(text, x, y + 6, {
    "text-anchor": anchor, "font-size": 9, class: "cd-caption" }));
  at(scene.texts.start, g.trackX0);
  if (g.numbers) at(scene.texts.finish, fieldX(scene, scene.length));
  at(scene.texts.points_short, g.W - PAD, "end");
  at(scene.texts.deck, g.deckX + 2 + g.cardW / 2);
  at(scene.texts.top, g.deckX + g.cardW * 1.5 + 8);
}

function tokens(camel, cells, x, cy) {
  // The camel's interjection tokens: one "!" per token left.
  const parts = [svgEl("rect", { x: x - 4, y: cy - 9, width: Math.max(30, camel.shouts * 14 + 8),
    height: 18, rx: 4, class: "cd-hit" })];
  for (let k = 0; k < camel.shouts; k++) {
    const tx = x + 6 + k * 14;
    parts.push(svgEl("circle", { cx: tx, cy, r: 6, class: "cd-token" }));
    parts.push(label("!", tx, cy, { "text-anchor": "middle", "dominant-baseline": "central",
      "font-size": 10, class: "cd-token-mark" }));
  }
  return cell(`${camel.id}-shouts`, cells, ...parts);
}

function track(scene, row, mid, fx) {
  // Fields from the start to the finish, every fifth numbered, the chequered post.
  const group = svgEl("g", { class: "cd-track" });
  const line = mid + 11;
  group.append(svgEl("line", { x1: g.trackX0, y1: line, x2: g.trackX1, y2: line,
    class: "cd-rail" }));
  for (let f = 0; f <= scene.length; f++) {
    const x = fieldX(scene, f);
    group.append(svgEl("line", { x1: x, y1: line - 3, x2: x, y2: line + 3,
      class: f % 5 === 0 ? "cd-tick cd-tick-5" : "cd-tick" }));
    if (g.numbers && f % 5 === 0 && f > 0 && f < scene.length) {
      group.append(label(String(f), x, line + 11, { "text-anchor": "middle", "font-size": 8,
        class: "cd-field-number" }));
    }
  }
  group.append(flag(fx, mid - 20, 34));
  return group;
}

function deck(camel, cells, y) {
  // The deck face down with its count, the top card face up.
  const { cardW: w, cardH: h } = g;
  const x = g.deckX;
  const parts = [svgEl("rect", { x: x - 3, y: y - 2, width: 2 * w + 14, height: h + 4, rx: 5,
    class: "cd-hit" })];
  parts.push(svgEl("rect", { x: x + 2, y, width: w, height: h, rx: 3,
    class: camel.deck ? "cd-card-back" : "cd-card-empty" }));
  parts.push(label(String(camel.deck), x + 2 + w / 2, y + h / 2, { "text-anchor": "middle",
    "dominant-baseline": "central", "font-size": 12, class: "cd-card-count" }));
  parts.push(svgEl("rect", { x: x + w + 8, y, width: w, height: h, rx: 3,
    class: camel.top === null ? "cd-card-empty" : "cd-card-face" }));
  if (camel.top !== null) {
    parts.push(label(String(camel.top), x + w * 1.5 + 8, y + h / 2, { "text-anchor": "middle",
      "dominant-baseline": "central", "font-size": h > 30 ? 17 : 14, class: "cd-card-value" }));
  }
  return cell(`${camel.id}-deck`, cells, ...parts);
}

function flag(x, y, height) {
  const group = svgEl("g", { class: "cd-flag" });
  group.append(svgEl("line", { x1: x, y1: y, x2: x, y2: y + height, class: "cd-post" }));
  for (let r = 0; r < 2; r++) {
    for (let c = 0; c < 3; c++) {
      group.append(svgEl("rect", { x: x + 1 + c * 4, y: y + r * 4, width: 4, height: 4,
        class: (r + c) % 2 ? "cd-check-light" : "cd-check-dark" }));
    }
  }
  return group;
}

// -- the betting board -----------------------------------------------------------------------

function bettingBoard(parts, scene, cells, y) {
  const [title, count] = lines(PAD, y + 12, scene.betting ? scene.texts.betting
    : scene.texts.betting_closed, g.W - 2 * PAD, 12.5, { class: "cd-section" });
  parts.push(title);
  y += 12 + (count - 1) * 16 + 8;
  const n = scene.camels.length;
  const left = PAD + 26;
  const width = (g.W - PAD - left) / n;
  const rowH = 18;
  const board = svgEl("g", { class: `cd-betting${scene.betting ? "" : " cd-closed"}` });
  board.append(svgEl("rect", { x: PAD, y, width: g.W - 2 * PAD, height: 30 + rowH * 3 + 6,
    rx: 8, class: "cd-board-bg" }));
  scene.payout.forEach((value, r) => {
    board.append(label(String(value), PAD + 13, y + 30 + r * rowH + rowH / 2 + 1,
      { "text-anchor": "middle", "dominant-baseline": "central", "font-size": 12,
        class: "cd-payout" }));
  });
  parts.push(board);
  scene.camels.forEach((camel, i) => {
    const x = left + i * width;
    const column = [svgEl("rect", { x: x + 2, y: y + 3, width: width - 4,
      height: 27 + rowH * 3, rx: 5, class: "cd-hit cd-column" })];
    column.push(piece(x + width / 2, y + 15, camel.letter, { r: 9,
      class: `cd-stone-head cd-${camel.id}` }));
    scene.payout.forEach((_, r) => {
      column.push(svgEl("rect", { x: x + 5, y: y + 30 + r * rowH + 1, width: width - 10,
        height: rowH - 2, rx: 3,
        class: camel.pays === r ? "cd-slot cd-slot-paid" : "cd-slot" }));
    });
    if (camel.pays !== null) {
      // The stones sit on the row they are paid from, each with its owner's letter.
      const rowY = y + 30 + camel.pays * rowH + rowH / 2;
      const step = Math.min(13, (width - 12) / Math.max(1, camel.stones.length));
      const byId = new Map(scene.camels.map((c) => [c.id, c]));
      camel.stones.forEach((owner, k) => {
        const sx = x + width / 2 + (k - (camel.stones.length - 1) / 2) * step;
        column.push(piece(sx, rowY, byId.get(owner).letter, { r: 6.5,
          class: `cd-stone cd-${owner}` }));
      });
    }
    if (camel.out) {
      column.push(svgEl("line", { x1: x + 6, y1: y + 32, x2: x + width - 6,
        y2: y + 26 + rowH * 3, class: "cd-crossed" }));
      column.push(label(scene.texts.out, x + width / 2, y + 32 + rowH * 1.5, {
        "text-anchor": "middle", "dominant-baseline": "central", "font-size": 10,
        class: "cd-out" }));
    }
    parts.push(cell(`${camel.id}-bets`, cells, ...column));
  });
  return y + 30 + rowH * 3 + 6;
}

// -- the points ------------------------------------------------------------------------------

function points(parts, scene, y) {
  parts.push(label(scene.texts.points, PAD, y + 11, { "font-size": 12.5, class: "cd-section" }));
  y += 20;
  const byId = new Map(scene.camels.map((c) => [c.id, c]));
  const x0 = PAD + 22;
  const teams = scene.seats.some((s) => s.camels.length > 1);
  const side = teams && g.teamW > 0;   // team totals beside the bars, or under them
  const x1 = g.W - PAD - (side ? g.teamW : 34);
  const rowH = 18;
  const target = scene.target;
  let row = 0;
  for (const seat of scene.seats) {
    const first = row;
    for (const id of seat.camels) {
      const camel = byId.get(id);
      const cy = y + row * rowH + rowH / 2;
      parts.push(piece(PAD + 9, cy, camel.letter, { r: 7.5, class: `cd-score-head cd-${id}` }));
      parts.push(svgEl("rect", { x: x0, y: cy - 5, width: x1 - x0, height: 10, rx: 5,
        class: "cd-bar-bg" }));
      const share = Math.min(camel.points, target) / target;
      if (share > 0) {
        parts.push(svgEl("rect", { x: x0, y: cy - 5, width: Math.max(10, (x1 - x0) * share),
          height: 10, rx: 5, class: `cd-bar cd-${id}` }));
      }
      parts.push(label(String(camel.points), x1 + 8, cy, { "dominant-baseline": "central",
        "font-size": 12, class: "cd-bar-value" }));
      row += 1;
    }
    if (teams) {
      const text = `${seat.name}: ${seat.points}`;
      const attrs = { "dominant-baseline": "central", "font-size": 12,
        class: `cd-team${seat.mine ? " cd-mine" : ""}` };
      if (side) parts.push(label(text, x1 + 34, y + ((first + row) / 2) * rowH, attrs));
      else { parts.push(label(text, x0, y + row * rowH + rowH / 2, attrs)); row += 1; }
    }
  }
  parts.push(svgEl("line", { x1: x1, y1: y - 3, x2: x1, y2: y + row * rowH + 3,
    class: "cd-goal" }));
  return y + row * rowH;
}

// -- moves animated ---------------------------------------------------------------------------

function animate(svg, ctx) {
  const moved = [];
  for (const el of svg.querySelectorAll("[data-camel]")) {
    const to = el.dataset.place;
    const from = placed.get(el.dataset.camel);
    placed.set(el.dataset.camel, to);
    if (ctx.reducedMotion || !from || from === to) { el.style.transform = to; continue; }
    el.style.transform = from;
    moved.push([el, to]);
  }
  if (!moved.length) return;
  svg.getBoundingClientRect();  // the old places are laid out before the new are set
  requestAnimationFrame(() => { for (const [el, to] of moved) el.style.transform = to; });
}
