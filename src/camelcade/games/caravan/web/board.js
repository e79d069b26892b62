// Caravan's map: 7 by 7 squares of sand, the eight cities as houses with the good they want,
// the numbered goods spaces with their good (a cube with its first two letters) and demand
// markers (a number in a diamond), and every camel as a disc with its owner's letter, its
// load written beside it (underlined when stolen). Drawn from the view only: the squares'
// contents come from view.board.scene, the words from the layout; the shell handles clicks.
import { svgEl, label, piece } from "/static/js/board-kit.js";

const CELL = 64;
const PAD = 22;
const SIZE = 7;
const FILES = "abcdefg";

export function render(svg, view, ctx) {
  const scene = view.board?.scene;
  svg.replaceChildren();
  if (!scene) return;
  const width = PAD + SIZE * CELL + 6;
  const height = PAD + SIZE * CELL + 46;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.append(svgEl("rect", { x: 0, y: 0, width, height, rx: 10, class: "cv-frame" }));
  for (let file = 0; file < SIZE; file += 1) {
    svg.append(label(FILES[file], PAD + file * CELL + CELL / 2, PAD + SIZE * CELL + 14,
      { class: "cv-coord", "text-anchor": "middle" }));
  }
  (view.board.rows ?? []).forEach((row, r) => {
    svg.append(label(row.label, PAD / 2, PAD + r * CELL + CELL / 2,
      { class: "cv-coord", "text-anchor": "middle", "dominant-baseline": "central" }));
    row.cells.forEach((cell, file) => {
      svg.append(square(cell.id, scene.squares[cell.id] ?? {}, PAD + file * CELL, PAD + r * CELL,
        ctx));
    });
  });
  svg.append(seatsLine(scene, width, PAD + SIZE * CELL + 30));
}

function square(id, data, x, y, ctx) {
  const kind = data.city ? "cv-city" : data.space ? "cv-space" : "cv-plain";
  const group = svgEl("g", { "data-cell": id, class: `cv-square ${kind}` });
  group.append(svgEl("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 5,
    class: "cv-ground" }));
  if (data.city) group.append(city(data.city, data.cityName ?? data.city, x, y));
  if (data.space) {
    group.append(svgEl("circle", { cx: x + 11, cy: y + 11, r: 8, class: "cv-space-disc" }));
    group.append(label(String(data.space), x + 11, y + 11, { class: "cv-space-number",
      "text-anchor": "middle", "dominant-baseline": "central" }));
    if (data.good) group.append(cube(data.good, data.goodShort ?? short(data.good), x + CELL - 24, y + 4));
    if (data.markers) group.append(markers(data.markers, x + CELL - 13, y + CELL - 13));
  }
  (data.camels ?? []).forEach((camel, index) => group.append(camelMark(camel, index,
    (data.camels ?? []).length, x, y, ctx)));
  return group;
}

function city(good, name, x, y) {
  // A little house, its roof the good's colour, the good's name (in the page's language) under it.
  const group = svgEl("g", { class: `cv-house cv-good-${good}` });
  group.append(svgEl("path", { d: `M ${x + 6} ${y + 22} L ${x + 16} ${y + 10} L ${x + 26} ${y + 22} Z`,
    class: "cv-roof" }));
  group.append(svgEl("rect", { x: x + 9, y: y + 22, width: 14, height: 10, class: "cv-wall" }));
  group.append(label(name, x + CELL / 2, y + CELL - 6, { class: "cv-city-name",
    "text-anchor": "middle" }));
  return group;
}

function cube(good, letters, x, y) {
  const group = svgEl("g", { class: `cv-cube cv-good-${good}` });
  group.append(svgEl("rect", { x, y, width: 20, height: 16, rx: 3, class: "cv-cube-face" }));
  group.append(label(letters, x + 10, y + 8, { class: "cv-cube-letters",
    "text-anchor": "middle", "dominant-baseline": "central" }));
  return group;
}

function markers(count, cx, cy) {
  const group = svgEl("g", { class: "cv-markers" });
  group.append(svgEl("path", { d: `M ${cx} ${cy - 9} L ${cx + 9} ${cy} L ${cx} ${cy + 9} L ${cx - 9} ${cy} Z`,
    class: "cv-diamond" }));
  group.append(label(String(count), cx, cy, { class: "cv-markers-number", "text-anchor": "middle",
    "dominant-baseline": "central" }));
  return group;
}

function camelMark(camel, index, count, x, y, ctx) {
  // Up to four camels side by side in the lower half; more wrap to a second line.
  const perRow = Math.min(count, 3);
  const col = index % 3;
  const row = Math.floor(index / 3);
  const step = (CELL - 12) / perRow;
  const cx = x + 6 + step * col + step / 2;
  const cy = y + 36 + row * 16 - (count > 3 ? 8 : 0);
  const group = svgEl("g", { class: `cv-camel cv-seat-${camel.seat}${ctx.reducedMotion ? "" : " cv-animate"}` });
  group.append(piece(cx, cy, camel.letter, { r: 9, class: "cv-camel-disc" }));
  if (camel.good) {
    group.append(label(camel.short ?? short(camel.good), cx, cy + 15, { class: `cv-load cv-good-text-${camel.good}${camel.under ? " cv-under" : ""}`,
      "text-anchor": "middle", "text-decoration": camel.under ? "underline" : null }));
  }
  return group;
}

function seatsLine(scene, width, y) {
  const group = svgEl("g", { class: "cv-seats" });
  const each = (width - 2 * PAD) / Math.max(1, scene.seats.length);
  scene.seats.forEach((seat, index) => {
    const x = PAD + index * each;
    group.append(piece(x + 9, y - 4, seat.letter, { r: 8, class: `cv-camel-disc cv-seat-${seat.seat}` }));
    group.append(label(seat.caption, x + 22, y, { class: `cv-caption${scene.turn === seat.seat ? " cv-to-move" : ""}` }));
  });
  return group;
}

function short(good) {
  return good.slice(0, 2).replace(/^./, (c) => c.toUpperCase());
}
