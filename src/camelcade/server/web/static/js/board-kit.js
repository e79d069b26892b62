// Helpers published for board authors (docs/web.md): SVG elements, text, a piece with its
// letter (colour is never alone), arrows. Boards import only this module.

const NS = "http://www.w3.org/2000/svg";

export function svgEl(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined && value !== false) el.setAttribute(key, String(value));
  }
  for (const child of children.flat()) if (child) el.append(child);
  return el;
}

export function label(text, x, y, attrs = {}) {
  const el = svgEl("text", { x, y, ...attrs });
  el.textContent = text;
  return el;
}

export function piece(cx, cy, letter, { r = 11, fill, ...attrs } = {}) {
  // A disc with a letter on it: the letter says what the colour says.
  const group = svgEl("g", { class: "cc-piece", ...attrs });
  group.append(svgEl("circle", { cx, cy, r, fill, stroke: "currentColor", "stroke-width": 1.5 }));
  group.append(label(letter, cx, cy, { "text-anchor": "middle", "dominant-baseline": "central",
    "font-size": r * 1.1, "font-weight": "bold", class: "cc-piece-letter" }));
  return group;
}

export function arrow(x1, y1, x2, y2, attrs = {}) {
  const id = "cc-arrowhead";
  const group = svgEl("g", { class: "cc-arrow", ...attrs });
  if (!document.getElementById(id)) {
    const defs = svgEl("defs", {}, svgEl("marker", { id, viewBox: "0 0 10 10", refX: 8, refY: 5,
      markerWidth: 6, markerHeight: 6, orient: "auto-start-reverse" },
    svgEl("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: "currentColor" })));
    group.append(defs);
  }
  group.append(svgEl("line", { x1, y1, x2, y2, stroke: "currentColor", "stroke-width": 2,
    "marker-end": `url(#${id})` }));
  return group;
}

export function cellsOf(view) {
  // Every cell of the layout by id: boards draw what the layout names.
  const out = new Map();
  for (const row of view.board?.rows ?? []) for (const cell of row.cells) out.set(cell.id, cell);
  return out;
}
