// Camel Drive's board: the lanes with each camel on its field (the first home lies on its
// side, out), each camel's deck face down with its top card face up and its interjection
// tokens, the betting board with a column per camel and the stones on it, and the points
// of every colour towards the target. Drawn from view.board.scene alone (web.py): every
// number and word comes from the server, the browser holds no rules. Every camel, deck,
// token row and betting column carries data-cell (the grid's ids); the shell handles
// clicks and marks. Colour is never alone: each camel carries its letter.
import { svgEl, label, piece, cellsOf } from "/static/js/board-kit.js";

const W = 520;
const PAD = 8;
const LANE_H = 46;
const TRACK_X0 = 100;   // the start field's centre
const TRACK_X1 = 410;   // the finish field's centre
const DECK_X = 432;
const CAMEL_PATH = "M-15 5 C-17 -3 -12 -10 -6 -9 C-3 -17 5 -16 7 -7 L10 -9 L12 -17 "
  + "Q13 -20 17 -19 L21 -17 L21 -14 L16 -13 L14 -4 C14 3 10 6 6 6 L6 13 L3 13 L3 7 "
  + "L-8 7 L-8 13 L-11 13 L-11 6 Z";
const placed = new Map();   // camel id -> its last transform, for the move's animation

export function render(svg, view, ctx) {
  const scene = view.board?.scene;
  svg.replaceChildren();
  if (!scene) return;
  const cells = cellsOf(view);
  svg.classList.toggle("cd-animate", !ctx.reducedMotion);
  const parts = [];
  let y = PAD;
  y = header(parts, scene, y);
  y = lanes(parts, scene, cells, y);
  y = bettingBoard(parts, scene, cells, y + 10);
  y = points(parts, scene, y + 12);
  svg.setAttribute("viewBox", `0 0 ${W} ${y + PAD}`);
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
  return TRACK_X0 + (f * (TRACK_X1 - TRACK_X0)) / scene.length;
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
  const [headline, count] = lines(PAD, y + 14, scene.texts.headline, W - 2 * PAD, 15,
    { class: "cd-headline" });
  parts.push(headline);
  y += 14 + (count - 1) * 19;
  if (scene.texts.status) {
    const [status, more] = lines(PAD, y + 18, scene.texts.status, W - 2 * PAD, 12.5,
      { class: "cd-status" });
    parts.push(status);
    y += 18 + (more - 1) * 16;
  }
  return y + 8;
}

// -- the lanes ---------------------------------------------------------------------------------

function lanes(parts, scene, cells, y) {
  const byId = new Map(scene.camels.map((c) => [c.id, c]));
  const top = y;
  // The finish: a chequered post, and the rule that makes this race what it is.
  const fx = fieldX(scene, scene.length);
  const badge = svgEl("g", { class: "cd-rule" });
  badge.append(svgEl("rect", { x: fx - 118, y, width: 170, height: 20, rx: 10 }));
  badge.append(label(scene.texts.rule, fx - 33, y + 14, { "text-anchor": "middle",
    "font-size": 11.5, class: "cd-rule-text" }));
  parts.push(badge);
  y += 26;
  scene.lanes.forEach((id, index) => {
    const camel = byId.get(id);
    const row = y + index * LANE_H;
    const mid = row + LANE_H / 2;
    const stripe = svgEl("rect", { x: PAD, y: row + 2, width: W - 2 * PAD, height: LANE_H - 4,
      rx: 8, class: `cd-lane${index % 2 ? " cd-lane-alt" : ""}${camel.to_move ? " cd-lane-now" : ""}` });
    parts.push(stripe);
    parts.push(svgEl("circle", { cx: PAD + 13, cy: row + 15, r: 9, class: "cd-lane-badge" }));
    parts.push(label(String(camel.lane), PAD + 13, row + 15, { "text-anchor": "middle",
      "dominant-baseline": "central", "font-size": 11, class: "cd-lane-number" }));
    parts.push(label(camel.label, PAD + 27, row + 16, { "font-size": 11.5,
      class: `cd-name${camel.mine ? " cd-mine" : ""}` }));
    // Interjection tokens: one "!" per token left.
    const tokens = [svgEl("rect", { x: PAD + 25, y: row + 22, width: 66, height: 18, rx: 4,
      class: "cd-hit" })];
    for (let k = 0; k < camel.shouts; k++) {
      const tx = PAD + 34 + k * 13;
      tokens.push(svgEl("circle", { cx: tx, cy: row + 31, r: 5.5, class: "cd-token" }));
      tokens.push(label("!", tx, row + 31, { "text-anchor": "middle",
        "dominant-baseline": "central", "font-size": 9, class: "cd-token-mark" }));
    }
    parts.push(cell(`${id}-shouts`, cells, ...tokens));
    // The track: fields 0 to the finish, every fifth numbered.
    const track = svgEl("g", { class: "cd-track" });
    track.append(svgEl("line", { x1: TRACK_X0, y1: mid + 10, x2: TRACK_X1, y2: mid + 10,
      class: "cd-rail" }));
    for (let f = 0; f <= scene.length; f++) {
      const x = fieldX(scene, f);
      track.append(svgEl("line", { x1: x, y1: mid + 7, x2: x, y2: mid + 13,
        class: f % 5 === 0 ? "cd-tick cd-tick-5" : "cd-tick" }));
      if (f % 5 === 0 && f < scene.length) {
        track.append(label(String(f), x, mid + 21, { "text-anchor": "middle", "font-size": 7.5,
          class: "cd-field-number" }));
      }
    }
    track.append(flag(fx, row + 6, LANE_H - 12));
    parts.push(track);
    // The camel: on its field, or lying on its side past the line when it came home first.
    const cx = camel.out ? fx + 10 : fieldX(scene, camel.field);
    const shape = camelShape(camel, cx, mid - 2,
      `${camel.racing ? "" : " cd-resting"}${camel.to_move ? " cd-now" : ""}`);
    const hit = svgEl("rect", { x: -19, y: -20, width: 42, height: 36, rx: 6, class: "cd-hit" });
    shape.prepend(hit);
    const group = cell(id, cells, shape);
    parts.push(group);
    if (camel.out) {
      parts.push(label(scene.texts.out, fx + 10, row + 11, { "text-anchor": "middle",
        "font-size": 9.5, class: "cd-out" }));
    }
    // The deck face down with its count, the top card face up.
    const deck = [svgEl("rect", { x: DECK_X - 3, y: row + 5, width: 78, height: LANE_H - 10,
      rx: 5, class: "cd-hit" })];
    deck.push(svgEl("rect", { x: DECK_X + 2, y: row + 8, width: 22, height: 30, rx: 3,
      class: camel.deck ? "cd-card-back" : "cd-card-empty" }));
    deck.push(label(String(camel.deck), DECK_X + 13, row + 23, { "text-anchor": "middle",
      "dominant-baseline": "central", "font-size": 11, class: "cd-card-count" }));
    if (camel.top === null) {
      deck.push(svgEl("rect", { x: DECK_X + 32, y: row + 8, width: 22, height: 30, rx: 3,
        class: "cd-card-empty" }));
    } else {
      deck.push(svgEl("rect", { x: DECK_X + 32, y: row + 8, width: 22, height: 30, rx: 3,
        class: "cd-card-face" }));
      deck.push(label(String(camel.top), DECK_X + 43, row + 23, { "text-anchor": "middle",
        "dominant-baseline": "central", "font-size": 15, class: "cd-card-value" }));
    }
    parts.push(cell(`${id}-deck`, cells, ...deck));
    parts.push(label(String(camel.points), W - PAD - 10, mid, { "text-anchor": "middle",
      "dominant-baseline": "central", "font-size": 12, class: "cd-lane-points" }));
  });
  parts.push(label(scene.texts.deck, DECK_X + 13, top + 20, { "text-anchor": "middle",
    "font-size": 9, class: "cd-caption" }));
  parts.push(label(scene.texts.top, DECK_X + 43, top + 20, { "text-anchor": "middle",
    "font-size": 9, class: "cd-caption" }));
  parts.push(label(scene.texts.start, TRACK_X0, top + 20, { "text-anchor": "middle",
    "font-size": 9, class: "cd-caption" }));
  return y + scene.lanes.length * LANE_H;
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
    : scene.texts.betting_closed, W - 2 * PAD, 11.5, { class: "cd-section" });
  parts.push(title);
  y += 12 + (count - 1) * 15 + 8;
  const n = scene.camels.length;
  const left = PAD + 26;
  const width = (W - PAD - left) / n;
  const rowH = 18;
  const board = svgEl("g", { class: `cd-betting${scene.betting ? "" : " cd-closed"}` });
  board.append(svgEl("rect", { x: PAD, y, width: W - 2 * PAD, height: 30 + rowH * 3 + 6,
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
  parts.push(label(scene.texts.points, PAD, y + 11, { "font-size": 11.5, class: "cd-section" }));
  y += 20;
  const byId = new Map(scene.camels.map((c) => [c.id, c]));
  const x0 = PAD + 22;
  const teams = scene.seats.some((s) => s.camels.length > 1);
  const x1 = W - PAD - (teams ? 150 : 34);
  const rowH = 17;
  const target = scene.target;
  let row = 0;
  for (const seat of scene.seats) {
    const first = row;
    for (const id of seat.camels) {
      const camel = byId.get(id);
      const cy = y + row * rowH + rowH / 2;
      parts.push(piece(PAD + 9, cy, camel.letter, { r: 7, class: `cd-score-head cd-${id}` }));
      parts.push(svgEl("rect", { x: x0, y: cy - 5, width: x1 - x0, height: 10, rx: 5,
        class: "cd-bar-bg" }));
      const share = Math.min(camel.points, target) / target;
      if (share > 0) {
        parts.push(svgEl("rect", { x: x0, y: cy - 5, width: Math.max(10, (x1 - x0) * share),
          height: 10, rx: 5, class: `cd-bar cd-${id}` }));
      }
      parts.push(label(String(camel.points), x1 + 8, cy, { "dominant-baseline": "central",
        "font-size": 11, class: "cd-bar-value" }));
      row += 1;
    }
    if (teams) {
      const cy = y + (first + row) / 2 * rowH;
      parts.push(label(`${seat.name}: ${seat.points}`, x1 + 30, cy, {
        "dominant-baseline": "central", "font-size": 11,
        class: `cd-team${seat.mine ? " cd-mine" : ""}` }));
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
