// The toy's board: a row of numbered spaces with the total's marker (a circle with "T").
// Drawn from the view only; every space carries data-cell, the shell handles clicks.
import { svgEl, label, piece } from "/static/js/board-kit.js";

export function render(svg, view, ctx) {
  const cells = view.board ? view.board.rows[0].cells : [];
  const size = 40;
  svg.setAttribute("viewBox", `0 0 ${cells.length * size + 8} ${size + 8}`);
  svg.replaceChildren();
  const total = view.observation.total;
  cells.forEach((cell, index) => {
    const x = 4 + index * size;
    const group = svgEl("g", { "data-cell": cell.id, class: "toy-space" });
    group.append(svgEl("rect", { x, y: 4, width: size - 4, height: size - 4, rx: 4 }));
    group.append(label(String(index), x + 6, 18, { class: "toy-number" }));
    if (index === total) group.append(piece(x + size / 2 - 2, 28, "T", { class: "toy-marker" }));
    svg.append(group);
  });
}
