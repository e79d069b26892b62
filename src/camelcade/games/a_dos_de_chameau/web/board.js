// A dos de Chameau's board: the caravan road from the walled town up to the oasis, six
// spaces a row, the oasis the green top row with its points as dots (as on the tactile
// Accessijeux board); below, each player's hand, pile and discard pile.
//
// Drawn from the view only (observation, board cells, board.drawing): no rule is known
// here. Every clickable element carries data-cell with the layout's ids (town, s1..s36,
// hand1..hand3, seat0..seat3); the shell handles the clicks and the marks. Colour is never
// alone: each camel carries its owner's letter, each card its kind in words.
import { svgEl, label, piece } from "/static/js/board-kit.js";

const W = 720;
const TILE = 88;
const STEP = 100;            // tile plus gap, along a row
const ROW = 118;             // from one row to the next
const X0 = (W - (5 * STEP + TILE)) / 2;
const TOP = 70;
const TOWN_Y = TOP + 6 * ROW - 4;
const TOWN_H = 96;
const TRACK_H = TOWN_Y + TOWN_H + 16;
const BOX_W = 346;
const BOX_H = 164;
const CARD_W = 54;
const CARD_H = 74;
const WIDE = 900;            // from this many pixels across, the players sit beside the path

let previous = null;         // the camels last drawn, to animate the one that moved
let drawn = null;            // {svg, view, ctx, wide}: to redraw when the width crosses WIDE
let watcher = null;

function isWide(svg) {
  return (svg.parentElement?.clientWidth ?? 0) >= WIDE;
}

function boxOrigin(index, wide) {
  // Players: a column beside the path on a wide screen, else two columns under the town.
  if (wide) return [W + 8, 16 + index * (BOX_H + 12)];
  return [10 + (index % 2) * (BOX_W + 8), TRACK_H + 14 + Math.floor(index / 2) * (BOX_H + 12)];
}

function corner(space) {
  // Top-left corner of a space's tile: rows of six, alternating direction, 1 at bottom left.
  const i = space - 1;
  const row = Math.floor(i / 6);
  const col = row % 2 === 0 ? i % 6 : 5 - (i % 6);
  return [X0 + col * STEP, TOP + (5 - row) * ROW];
}

function centre(space) {
  const [x, y] = corner(space);
  return [x + TILE / 2, y + TILE / 2];
}

function townSlot(index) {
  return [X0 + 30 + index * 50, TOWN_Y + TOWN_H / 2 + 10];
}

function roadPath() {
  // The road through every space's centre, turning in a half circle at each row's end.
  const [sx] = centre(1);
  let d = `M ${sx} ${TOWN_Y + 30} L ${centre(1).join(" ")}`;
  for (let space = 2; space <= 36; space++) {
    const [x, y] = centre(space);
    if ((space - 1) % 6 === 0) {
      const rightEnd = Math.floor((space - 2) / 6) % 2 === 0;
      d += ` A ${ROW / 2} ${ROW / 2} 0 0 ${rightEnd ? 0 : 1} ${x} ${y}`;
    } else {
      d += ` L ${x} ${y}`;
    }
  }
  return d;
}

function camel(x, y, seat, drawing, scale = 1) {
  // A dromedary in its owner's colour with the owner's letter on a disc beside it.
  const letter = drawing.seats[seat]?.letter ?? "?";
  const group = svgEl("g", { class: `adc-camel adc-seat-${seat}`,
    transform: `translate(${x} ${y}) scale(${scale})` });
  const move = svgEl("g", { class: "adc-camel-move" });
  const body = svgEl("g", { class: "adc-camel-body" });
  body.append(svgEl("path", { class: "adc-camel-shape", d:
    "M -24 6 C -27 -3 -22 -9 -15 -10 C -12 -24 6 -26 9 -11 C 13 -9 15 -11 17 -15 L 21 -25 " +
    "C 23 -30 31 -30 34 -25 L 35 -21 C 32 -19 28 -20 27 -19 L 22 -5 C 22 4 18 8 14 9 " +
    "L 14 22 L 9 22 L 9 10 L -12 10 L -12 22 L -17 22 L -17 9 C -22 9 -24 8 -24 6 Z" }));
  move.append(body, piece(-4, -1, letter, { r: 10.5, class: "adc-camel-letter" }));
  group.append(move);
  return group;
}

function dots(x, y, count) {
  const group = svgEl("g", { class: "adc-dots" });
  if (count > 6) return group;
  const start = x - ((count - 1) * 11) / 2;
  for (let n = 0; n < count; n++) group.append(svgEl("circle", { cx: start + n * 11, cy: y, r: 3.6 }));
  return group;
}

function tile(space, owner, drawing, text) {
  const [x, y] = corner(space);
  const oasis = space >= 31;
  const group = svgEl("g", { "data-cell": `s${space}`, class: `adc-space${oasis ? " adc-oasis-space" : ""}` });
  group.append(svgEl("rect", { x, y, width: TILE, height: TILE, rx: 14, class: "adc-tile" }));
  group.append(svgEl("title", {}, text));
  group.append(label(String(space), x + 9, y + 20, { class: "adc-number" }));
  if (oasis) {
    const points = drawing.points[`s${space}`];
    group.append(label(`+${points}`, x + TILE - 9, y + 20, { class: "adc-points", "text-anchor": "end" }));
    group.append(dots(x + TILE / 2, y + TILE - 11, points));
  }
  if (owner !== undefined) group.append(camel(x + TILE / 2 - 4, y + TILE / 2 + 10, owner, drawing, 1.25));
  return group;
}

function palm(x, y, size = 1) {
  const group = svgEl("g", { class: "adc-palm", transform: `translate(${x} ${y}) scale(${size})` });
  group.append(svgEl("path", { class: "adc-trunk", d: "M 0 0 C 2 -14 4 -26 2 -40" }));
  for (const d of ["M 2 -40 C -10 -48 -20 -44 -26 -34", "M 2 -40 C 14 -50 24 -46 30 -36",
    "M 2 -40 C -4 -56 -16 -58 -22 -54", "M 2 -40 C 10 -58 22 -58 26 -52", "M 2 -40 C 2 -52 4 -60 8 -62"]) {
    group.append(svgEl("path", { class: "adc-leaf", d }));
  }
  return group;
}

function scenery(drawing) {
  const group = svgEl("g", { class: "adc-scenery" });
  const [, y5] = corner(31);
  group.append(svgEl("rect", { x: 8, y: y5 - 34, width: W - 16, height: TILE + 52, rx: 30, class: "adc-oasis-band" }));
  group.append(svgEl("ellipse", { cx: W / 2, cy: y5 - 18, rx: 120, ry: 12, class: "adc-pond" }));
  group.append(label(drawing.labels.oasis, W / 2, y5 - 13, { class: "adc-oasis-label", "text-anchor": "middle" }));
  group.append(palm(32, y5 + 78, 0.9), palm(W - 30, y5 + 80, 0.9), palm(60, y5 - 2, 0.55), palm(W - 62, y5, 0.55));
  for (const [x, y, r] of [[40, 300, 38], [W - 44, 480, 44], [36, 610, 30], [W - 36, 200, 30]]) {
    group.append(svgEl("ellipse", { cx: x, cy: y, rx: r, ry: r / 3, class: "adc-dune" }));
  }
  group.append(svgEl("path", { d: roadPath(), class: "adc-road" }));
  group.append(svgEl("path", { d: roadPath(), class: "adc-road-line" }));
  return group;
}

function town(counts, drawing, text) {
  const group = svgEl("g", { "data-cell": "town", class: "adc-town" });
  const x = X0 - 20;
  const width = W - 2 * x;
  group.append(svgEl("rect", { x, y: TOWN_Y, width, height: TOWN_H, rx: 10, class: "adc-town-wall" }));
  group.append(svgEl("title", {}, text));
  const merlons = svgEl("g", { class: "adc-merlons" });
  for (let mx = x + 8; mx < x + width - 16; mx += 26) {
    merlons.append(svgEl("rect", { x: mx, y: TOWN_Y - 10, width: 14, height: 12, rx: 2 }));
  }
  group.append(merlons);
  group.append(svgEl("path", { class: "adc-dome", d: `M ${W - x - 150} ${TOWN_Y + TOWN_H - 10} l 0 -34 a 22 22 0 0 1 44 0 l 0 34 z` }));
  group.append(svgEl("path", { class: "adc-dome", d: `M ${W - x - 96} ${TOWN_Y + TOWN_H - 10} l 0 -46 a 16 16 0 0 1 32 0 l 0 46 z` }));
  group.append(svgEl("path", { class: "adc-dome", d: `M ${W - x - 56} ${TOWN_Y + TOWN_H - 10} l 0 -30 a 18 18 0 0 1 36 0 l 0 30 z` }));
  group.append(label(drawing.labels.town, x + 14, TOWN_Y + 24, { class: "adc-town-label" }));
  let slot = 0;
  counts.forEach((count, seat) => {
    for (let n = 0; n < count; n++) {
      const [cx, cy] = townSlot(slot++);
      group.append(camel(cx, cy + 6, seat, drawing, 0.8));
    }
  });
  return group;
}

function cardFace(x, y, card, drawing, cell) {
  const info = drawing.cards[card] ?? { kind: card, palms: 0 };
  const kind = card.replace(/\d+$/, "");
  const group = svgEl("g", { class: `adc-card adc-card-${kind}`, "data-cell": cell ?? null });
  group.append(svgEl("rect", { x, y, width: CARD_W, height: CARD_H, rx: 6, class: "adc-card-face" }));
  group.append(label(info.kind, x + CARD_W / 2, y + 14, { class: "adc-card-kind", "text-anchor": "middle" }));
  const mid = x + CARD_W / 2;
  if (info.palms) {
    group.append(label(String(info.palms), mid, y + 47, { class: "adc-card-palms", "text-anchor": "middle" }));
    group.append(svgEl("path", { class: "adc-card-icon", d: kind === "mirage"
      ? `M ${mid - 15} ${y + 62} q 7.5 -6 15 0 t 15 0`
      : `M ${mid} ${y + 66} l 0 -8 c -6 -4 -10 -2 -12 1 m 12 -1 c 6 -4 10 -2 12 1` }));
  } else if (kind === "leader") {
    group.append(svgEl("path", { class: "adc-card-icon", d: `M ${mid - 7} ${y + 62} l 0 -34 l 18 7 l -18 7` }));
  } else {
    group.append(svgEl("path", { class: "adc-card-icon", d:
      `M ${mid} ${y + 44} m -3 0 a 3 3 0 1 1 6 0 a 7 7 0 1 1 -14 0 a 11 11 0 1 1 22 0 a 15 15 0 1 1 -30 0` }));
  }
  return group;
}

function cardBack(x, y, seat, text) {
  const group = svgEl("g", { class: `adc-card adc-back adc-seat-${seat}` });
  group.append(svgEl("rect", { x, y, width: CARD_W, height: CARD_H, rx: 6, class: "adc-card-back" }));
  group.append(svgEl("rect", { x: x + 5, y: y + 5, width: CARD_W - 10, height: CARD_H - 10, rx: 4, class: "adc-card-inlay" }));
  if (text !== undefined) group.append(label(text, x + CARD_W / 2, y + CARD_H / 2 + 6, { class: "adc-card-count", "text-anchor": "middle" }));
  return group;
}

function playerBox(seat, index, seen, view, drawing, cellText, wide) {
  const me = view.seat === seat;
  const [x, y] = boxOrigin(index, wide);
  const toMove = view.current_player === seat && seen.end === null;
  const group = svgEl("g", { class: `adc-player${toMove ? " adc-to-move" : ""}${me ? " adc-me" : ""}` });
  const info = svgEl("g", { "data-cell": `seat${seat}` });
  info.append(svgEl("rect", { x, y, width: BOX_W, height: BOX_H, rx: 12, class: "adc-box" }));
  info.append(svgEl("title", {}, cellText(`seat${seat}`)));
  info.append(piece(x + 20, y + 20, drawing.seats[seat].letter, { r: 11, class: `adc-seat-${seat} adc-badge` }));
  const name = view.seats?.[seat]?.label ?? drawing.seats[seat].name;
  info.append(label(me ? `${name} (${drawing.seats[seat].name})` : name, x + 38, y + 26, { class: "adc-name" }));
  if (toMove) info.append(label("▶", x + BOX_W - 14, y + 26, { class: "adc-turn", "text-anchor": "end" }));
  group.append(info);
  const cy = y + 42;
  // The hand: yours face up (each card a cell), another's face down, counted.
  const hand = me ? seen.hand : null;
  const size = seen.hand_sizes[seat];
  for (let n = 0; n < 3; n++) {
    const cx = x + 12 + n * (CARD_W + 5);
    if (hand && n < hand.length) group.append(cardFace(cx, cy, hand[n], drawing, `hand${n + 1}`));
    else if (!hand && n < size) group.append(cardBack(cx, cy, seat));
    else group.append(svgEl("rect", { x: cx, y: cy, width: CARD_W, height: CARD_H, rx: 6, class: "adc-slot",
      "data-cell": me ? `hand${n + 1}` : null }));
  }
  group.append(label(drawing.labels.hand, x + 12 + (3 * CARD_W + 10) / 2, cy + CARD_H + 20, { class: "adc-zone", "text-anchor": "middle" }));
  // The pile: a stack of backs with how many are left.
  const px = x + 202;
  const pile = seen.pile_sizes[seat];
  if (pile) {
    for (const offset of [6, 3]) if (pile > offset / 3) group.append(cardBack(px + offset, cy - offset, seat));
    group.append(cardBack(px, cy, seat, String(pile)));
  } else {
    group.append(svgEl("rect", { x: px, y: cy, width: CARD_W, height: CARD_H, rx: 6, class: "adc-slot" }));
  }
  group.append(label(drawing.labels.pile, px + CARD_W / 2, cy + CARD_H + 20, { class: "adc-zone", "text-anchor": "middle" }));
  // The discard pile: the top card face up, how many lie there.
  const dx = x + BOX_W - CARD_W - 14;
  const played = seen.discards[seat];
  if (played.length) {
    if (played.length > 1) group.append(svgEl("rect", { x: dx + 4, y: cy - 4, width: CARD_W, height: CARD_H, rx: 6, class: "adc-under" }));
    group.append(cardFace(dx, cy, played[played.length - 1], drawing));
  } else {
    group.append(svgEl("rect", { x: dx, y: cy, width: CARD_W, height: CARD_H, rx: 6, class: "adc-slot" }));
  }
  group.append(label(`${drawing.labels.played} ${played.length}`, dx + CARD_W / 2, cy + CARD_H + 20,
    { class: "adc-zone", "text-anchor": "middle" }));
  return group;
}

function moved(before, after) {
  // The camels that changed place, per seat: [seat, from, to] when exactly one moved.
  const out = [];
  if (!before) return out;
  after.forEach((spaces, seat) => {
    const gone = [...(before[seat] ?? [])];
    const come = [];
    for (const space of spaces) {
      const at = gone.indexOf(space);
      if (at >= 0) gone.splice(at, 1); else come.push(space);
    }
    if (gone.length === 1 && come.length === 1) out.push([seat, gone[0], come[0]]);
  });
  return out;
}

function animate(svg, changes) {
  // Each camel that moved slides from where it stood (CSS transitions; not under reduced motion).
  for (const [, from, to] of changes) {
    if (to === 0) continue;
    const inner = svg.querySelector(`[data-cell="s${to}"] .adc-camel-move`);
    if (!inner) continue;
    const [fx, fy] = from === 0 ? townSlot(0) : centre(from);
    const [tx, ty] = centre(to);
    inner.style.transition = "none";
    inner.style.transform = `translate(${fx - tx}px, ${fy - ty}px)`;
    inner.getBoundingClientRect();
    requestAnimationFrame(() => {
      inner.style.transition = "transform 450ms ease-in-out";
      inner.style.transform = "";
    });
  }
}

function draw(svg, view, ctx, wide) {
  const seen = view.observation;
  const board = view.board;
  if (!seen || !board) { svg.replaceChildren(); return; }
  const drawing = board.drawing;
  const texts = new Map();
  for (const row of board.rows) for (const cell of row.cells) texts.set(cell.id, cell.text);
  const cellText = (id) => texts.get(id) ?? id;
  const players = seen.camels.length;
  const width = wide ? W + BOX_W + 16 : W;
  const height = wide ? Math.max(TRACK_H, 16 + players * (BOX_H + 12))
    : TRACK_H + 14 + Math.ceil(players / 2) * (BOX_H + 12);
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.replaceChildren();
  svg.append(svgEl("rect", { x: 0, y: 0, width, height, class: "adc-sand" }));
  svg.append(scenery(drawing));
  const owners = new Map();
  seen.camels.forEach((spaces, seat) => spaces.forEach((space) => { if (space) owners.set(space, seat); }));
  for (let space = 1; space <= 36; space++) svg.append(tile(space, owners.get(space), drawing, cellText(`s${space}`)));
  svg.append(town(seen.camels.map((spaces) => spaces.filter((s) => s === 0).length), drawing, cellText("town")));
  // Yours first, then the others in seat order.
  const order = [...Array(players).keys()].sort((a, b) => (b === view.seat) - (a === view.seat));
  order.forEach((seat, index) => svg.append(playerBox(seat, index, seen, view, drawing, cellText, wide)));
}

function redrawIfCrossed() {
  // The width crossed WIDE: the same view drawn the other way, the shell's marks kept.
  if (!drawn || isWide(drawn.svg) === drawn.wide) return;
  const marks = new Map([...drawn.svg.querySelectorAll("[data-cell]")].map(
    (el) => [el.getAttribute("data-cell"), ["cc-selected", "cc-target", "cc-last"].filter((c) => el.classList.contains(c))]));
  drawn.wide = !drawn.wide;
  draw(drawn.svg, drawn.view, drawn.ctx, drawn.wide);
  for (const el of drawn.svg.querySelectorAll("[data-cell]")) el.classList.add(...(marks.get(el.getAttribute("data-cell")) ?? []));
}

export function render(svg, view, ctx) {
  const wide = isWide(svg);
  drawn = { svg, view, ctx, wide };
  draw(svg, view, ctx, wide);
  if (!watcher && svg.parentElement && "ResizeObserver" in window) {
    watcher = new ResizeObserver(redrawIfCrossed);
    watcher.observe(svg.parentElement);
  }
  const seen = view.observation;
  if (!seen) return;
  const changes = moved(previous, seen.camels);
  previous = seen.camels.map((spaces) => [...spaces]);
  if (!ctx.reducedMotion) animate(svg, changes);
}
