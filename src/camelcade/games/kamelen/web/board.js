// Kamelen's board: a desert of sand squares in two shades, grey rocks, the two green home
// fields with their palms, and the animals as little side-view figures — a camel with two
// humps, a dromedary with one — each carrying its letter (C/D for South, c/d for North).
// South's animals are light and face right, North's are dark and face left: side is told
// by brightness, letter case and facing, never by colour alone.
//
// Drawn from the view only (view.board: the rows in drawing order, already turned for
// North, and board.scene: each square's piece, colour and home field, the last move, the
// animals that can move, captions and legend, all worded on the server). Every square, and
// every animal on it, carries data-cell; the shell handles clicks and toggles cc-selected,
// cc-target and cc-last. The last move (anyone's) is drawn here: both squares tinted and an
// arrow. A new move slides in from its square unless the person prefers reduced motion.
import { svgEl, label, arrow } from "/static/js/board-kit.js";

const S = 40;             // one square
const LEFT = 24;          // rank numbers
const RIGHT = 8;
const TOP = 22;           // the top caption
const FILES_H = 18;       // file letters under the board
const CAPTION_H = 22;
const LEGEND_ROW = 22;
const LEGEND_COLUMNS = 2;

const CAMEL = "M-15 6L-15 0C-15-4-13-6-10-6C-9-13-4-13-3-7C-2-13 3-13 4-6L7-6C9-6 10-9 11-12"
  + "L12-14Q13-16 16-15L18-13Q18.5-11 17-11L14-11C13-8 12-3 11 1L11 6L9 6L9 11L7 11L7 6"
  + "L-10 6L-10 11L-12 11L-12 6Z";
const DROMEDARY = "M-15 6L-15 0C-15-4-13-6-10-6C-8-16 2-16 4-6L7-6C9-6 10-9 11-12"
  + "L12-14Q13-16 16-15L18-13Q18.5-11 17-11L14-11C13-8 12-3 11 1L11 6L9 6L9 11L7 11L7 6"
  + "L-10 6L-10 11L-12 11L-12 6Z";
const ROCK = "M-13 8L-15 0L-9-9L0-12L10-9L15-2L13 8L3 12L-7 12Z";

export function render(svg, view, ctx) {
  const board = view.board;
  const scene = board?.scene;
  const before = svg.__kamelen ?? null;
  svg.replaceChildren();
  if (!board || !scene) return;
  const columns = board.columns;
  const rows = board.rows;
  const width = LEFT + columns.length * S + RIGHT;
  const boardBottom = TOP + rows.length * S;
  const legendRows = Math.ceil(scene.legend.length / LEGEND_COLUMNS);
  const height = boardBottom + FILES_H + CAPTION_H + legendRows * LEGEND_ROW + 6;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);

  const at = new Map();   // cell id -> top-left corner of its square
  rows.forEach((row, r) => row.cells.forEach((cell, c) => {
    at.set(cell.id, { x: LEFT + c * S, y: TOP + r * S });
  }));
  const last = new Set(scene.last);
  const movable = new Set(scene.movable);

  const squares = svgEl("g", { class: "km-squares" });
  const pieces = svgEl("g", { class: "km-pieces" });
  const marks = svgEl("g", { class: "km-marks" });
  svg.append(svgEl("rect", { class: "km-frame", x: LEFT - 4, y: TOP - 4, width: columns.length * S + 8,
    height: rows.length * S + 8, rx: 6 }));
  for (const [id, corner] of at) {
    const square = scene.squares[id];
    const classes = ["km-square", square.dark ? "km-dark" : "km-light"];
    if (square.home !== null) classes.push("km-home");
    if (last.has(id)) classes.push("km-last");
    if (scene.won === id) classes.push("km-won");
    if (square.side !== null) classes.push("km-occupied");
    if (movable.has(id)) classes.push("km-movable");
    const group = svgEl("g", { "data-cell": id, class: classes.join(" ") });
    group.append(svgEl("rect", { class: "km-ground", x: corner.x, y: corner.y, width: S, height: S }));
    if (square.home !== null) group.append(palm(corner.x + S / 2, corner.y + S / 2));
    if (last.has(id)) group.append(svgEl("rect", { class: "km-last-tint", x: corner.x, y: corner.y, width: S, height: S }));
    if (square.piece === "#") group.append(svgEl("path", { class: "km-rock", d: ROCK,
      transform: `translate(${corner.x + S / 2} ${corner.y + S / 2})` }));
    group.append(svgEl("rect", { class: "km-outline", x: corner.x + 1.5, y: corner.y + 1.5, width: S - 3, height: S - 3, rx: 3 }));
    if (scene.won === id) group.append(svgEl("circle", { class: "km-won-ring", cx: corner.x + S / 2, cy: corner.y + S / 2, r: S / 2 - 2 }));
    squares.append(group);
    if (square.side !== null) {
      pieces.append(animal(id, corner.x + S / 2, corner.y + S / 2 + 1, square, movable.has(id)));
    }
    const mark = svgEl("g", { "data-cell": id, class: `km-mark${square.side !== null ? " km-occupied" : ""}` });
    mark.append(svgEl("circle", { class: "km-dot", cx: corner.x + S / 2, cy: corner.y + S / 2, r: 6 }));
    mark.append(svgEl("path", { class: "km-corners", d: corners(corner.x, corner.y) }));
    marks.append(mark);
  }
  svg.append(squares);
  if (scene.last.length === 2) {
    const [from, to] = scene.last.map((id) => at.get(id));
    // From the old square's middle to just short of the animal, so the head shows.
    const dx = to.x - from.x, dy = to.y - from.y, length = Math.hypot(dx, dy);
    const stop = (length - 15) / length;
    svg.append(arrow(from.x + S / 2, from.y + S / 2, from.x + S / 2 + dx * stop,
      from.y + S / 2 + dy * stop, { class: "km-arrow" }));
  }
  svg.append(pieces, marks);
  coordinates(svg, rows, columns, boardBottom);
  svg.append(label(scene.captions.top, width / 2, TOP - 8, { class: "km-caption", "text-anchor": "middle" }));
  svg.append(label(scene.captions.bottom, width / 2, boardBottom + FILES_H + 15,
    { class: "km-caption", "text-anchor": "middle" }));
  legend(svg, scene.legend, width, boardBottom + FILES_H + CAPTION_H + 4);

  svg.__kamelen = { ply: scene.ply, squares: scene.squares };
  if (!ctx.reducedMotion && before && before.ply === scene.ply - 1 && scene.last.length === 2) {
    slide(pieces, scene, before, at);
  }
}

function animal(id, cx, cy, square, canMove) {
  // A side-view figure: two humps for a camel, one for a dromedary; South's face right.
  const side = square.side === 0 ? "km-south" : "km-north";
  // The outer group is what slides (a CSS transform); the inner one places the figure.
  const group = svgEl("g", { "data-cell": id, class: `km-animal ${side}${canMove ? " km-movable" : ""}` });
  const placed = svgEl("g", { transform: `translate(${cx} ${cy})` });
  const body = svgEl("g", { class: "km-body", transform: square.side === 0 ? null : "scale(-1 1)" });
  body.append(svgEl("path", { class: "km-figure", d: square.animal === "camel" ? CAMEL : DROMEDARY }));
  placed.append(body, label(square.piece, square.side === 0 ? -3 : 3, 0.5, { class: "km-letter",
    "text-anchor": "middle", "dominant-baseline": "central" }));
  group.append(placed);
  return group;
}

function palm(cx, cy) {
  // The oasis of a home field: a pool and a palm, drawn behind whatever stands there.
  return svgEl("g", { class: "km-oasis", transform: `translate(${cx} ${cy})` },
    svgEl("ellipse", { class: "km-pool", cx: 0, cy: 12, rx: 13, ry: 4 }),
    svgEl("path", { class: "km-trunk", d: "M2 11Q4 0-1-9" }),
    svgEl("path", { class: "km-frond", d: "M-1-9Q-9-13-15-7Q-8-10-1-9Q-4-16-10-17Q-3-15-1-9"
      + "Q2-17 9-16Q3-13-1-9Q7-12 14-6Q6-8-1-9Z" }));
}

function corners(x, y) {
  // Four corner brackets: how a capture target is marked around the animal standing there.
  const a = 3, b = 11, e = S - 3;
  return `M${x + a} ${y + b}V${y + a}H${x + b}M${x + e - 8} ${y + a}H${x + e}V${y + b}`
    + `M${x + e} ${y + e - 8}V${y + e}H${x + e - 8}M${x + b} ${y + e}H${x + a}V${y + e - 8}`;
}

function coordinates(svg, rows, columns, boardBottom) {
  rows.forEach((row, r) => svg.append(label(row.label, LEFT - 8, TOP + r * S + S / 2,
    { class: "km-coord", "text-anchor": "end", "dominant-baseline": "central" })));
  columns.forEach((file, c) => svg.append(label(file, LEFT + c * S + S / 2, boardBottom + 13,
    { class: "km-coord", "text-anchor": "middle" })));
}

function legend(svg, items, width, top) {
  const group = svgEl("g", { class: "km-legend" });
  const column = (width - LEFT) / LEGEND_COLUMNS;
  items.forEach((item, index) => {
    const x = LEFT + (index % LEGEND_COLUMNS) * column;
    const y = top + Math.floor(index / LEGEND_COLUMNS) * LEGEND_ROW + 10;
    group.append(legendMark(item.mark, x + 9, y));
    group.append(label(item.text, x + 22, y, { class: "km-legend-text", "dominant-baseline": "central" }));
  });
  svg.append(group);
}

function legendMark(kind, x, y) {
  const small = (content) => svgEl("g", { transform: `translate(${x} ${y}) scale(0.55)` }, content);
  switch (kind) {
    case "camel": return small(svgEl("path", { class: "km-figure km-legend-figure", d: CAMEL }));
    case "dromedary": return small(svgEl("path", { class: "km-figure km-legend-figure", d: DROMEDARY }));
    case "sides": return svgEl("g", {},
      svgEl("circle", { class: "km-side-swatch km-south", cx: x - 4, cy: y, r: 5 }),
      svgEl("circle", { class: "km-side-swatch km-north", cx: x + 6, cy: y, r: 5 }));
    case "rock": return small(svgEl("path", { class: "km-rock", d: ROCK }));
    case "home": return svgEl("rect", { class: "km-legend-home", x: x - 8, y: y - 8, width: 16, height: 16, rx: 2 });
    case "last": return svgEl("rect", { class: "km-legend-last", x: x - 8, y: y - 8, width: 16, height: 16, rx: 2 });
    default: return svgEl("g");
  }
}

function slide(pieces, scene, before, at) {
  // The animal that just moved glides from its old square; a captured one fades away.
  const [fromId, toId] = scene.last;
  const moved = [...pieces.children].find((el) => el.getAttribute("data-cell") === toId);
  const from = at.get(fromId);
  const to = at.get(toId);
  if (!moved || !from || !to || before.squares[fromId]?.piece !== scene.squares[toId].piece) return;
  const victim = before.squares[toId];
  if (victim && victim.side !== null && victim.side !== scene.squares[toId].side) {
    const ghost = animal(`${toId}-taken`, to.x + S / 2, to.y + S / 2 + 1, victim, false);
    ghost.removeAttribute("data-cell");
    ghost.classList.add("km-taken");
    pieces.insertBefore(ghost, moved);
  }
  const shift = `translate(${from.x - to.x}px, ${from.y - to.y}px)`;
  moved.style.transform = shift;
  moved.getBoundingClientRect();  // lay the start out before the transition begins
  requestAnimationFrame(() => {
    moved.classList.add("km-sliding");
    moved.style.transform = "translate(0px, 0px)";
  });
}
