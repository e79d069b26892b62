// The accessible board, built from view.board (the game's layout, worded on the server):
// an ARIA grid (rows x columns) or a list (a track), with one tab stop (roving tabindex),
// arrow keys, Home/End (Ctrl+Home/End: first and last cell), Enter or Space to choose.
// Each cell is read as its text, then "(selected)" or "(target)" when it is one (the mark
// is read, not hidden: an arrowed-to target says so). The SVG board says the same things
// for sighted players.

import { h } from "./dom.js";
import { t } from "./i18n.js";

export class BoardGrid {
  constructor(host, { onActivate }) {
    this.host = host;
    this.onActivate = onActivate;
    this.cells = [];      // [[element, ...], ...] by row
    this.focus = [0, 0];
    this.marks = { selected: null, targets: new Set(), last: new Set() };
  }

  render(board) {
    const hadFocus = this.host.contains(document.activeElement);
    const focusedId = this.cellAt(...this.focus)?.dataset.cell;
    this.host.replaceChildren();
    this.cells = [];
    if (!board || !board.rows || !board.rows.length) {
      this.host.hidden = true;
      return;
    }
    this.host.hidden = false;
    this.kind = board.kind === "list" ? "list" : "grid";
    if (this.kind === "list") this.renderList(board); else this.renderGrid(board);
    const all = this.cells.flat();
    const keep = all.find((el) => el.dataset.cell === focusedId);
    let position = [0, 0];
    if (keep) position = this.positionOf(keep);
    this.setFocus(...position, hadFocus);
    this.applyMarks();
  }

  renderList(board) {
    const list = h("ul", { class: "cc-track", "aria-label": board.label || t("Board") });
    const row = [];
    board.rows.forEach((r) => r.cells.forEach((cell) => {
      const button = h("button", { type: "button", class: "cc-cell", tabindex: "-1",
        "data-cell": cell.id }, h("span", { class: "cc-cell-text", text: cell.text }),
        h("span", { class: "cc-mark" }));
      row.push(button);
      list.append(h("li", {}, button));
    }));
    this.cells = [row];
    list.addEventListener("keydown", (event) => this.key(event));
    list.addEventListener("click", (event) => this.click(event));
    this.host.append(list);
  }

  renderGrid(board) {
    const grid = h("div", { role: "grid", class: "cc-grid", "aria-label": board.label || t("Board") });
    if (board.columns && board.columns.length) {
      const header = h("div", { role: "row", class: "cc-grid-row" },
        h("span", { role: "columnheader", class: "cc-corner" }, h("span", { class: "cc-sr", text: t("rank") })),
        board.columns.map((c) => h("span", { role: "columnheader", text: c })));
      grid.append(header);
    }
    for (const r of board.rows) {
      const row = [];
      const el = h("div", { role: "row", class: "cc-grid-row" });
      if (r.label !== undefined && board.columns) el.append(h("span", { role: "rowheader", text: r.label }));
      for (const cell of r.cells) {
        const gc = h("div", { role: "gridcell", class: "cc-cell", tabindex: "-1", "data-cell": cell.id,
          "aria-selected": "false" }, h("span", { class: "cc-cell-text", text: cell.text }),
          h("span", { class: "cc-mark" }));
        row.push(gc);
        el.append(gc);
      }
      this.cells.push(row);
      grid.append(el);
    }
    grid.addEventListener("keydown", (event) => this.key(event));
    grid.addEventListener("click", (event) => this.click(event));
    this.host.append(grid);
  }

  cellAt(r, c) { return this.cells[r]?.[c] ?? null; }

  positionOf(el) {
    for (let r = 0; r < this.cells.length; r++) {
      const c = this.cells[r].indexOf(el);
      if (c >= 0) return [r, c];
    }
    return [0, 0];
  }

  setFocus(r, c, move = true) {
    r = Math.max(0, Math.min(this.cells.length - 1, r));
    c = Math.max(0, Math.min((this.cells[r]?.length ?? 1) - 1, c));
    const old = this.cellAt(...this.focus);
    if (old) old.tabIndex = -1;
    this.focus = [r, c];
    const el = this.cellAt(r, c);
    if (!el) return;
    el.tabIndex = 0;
    if (move) el.focus();
  }

  focusGrid() { this.setFocus(...this.focus, true); }

  key(event) {
    const [r, c] = this.focus;
    const last = (row) => (this.cells[row]?.length ?? 1) - 1;
    const flat = this.kind === "list";
    const moves = {
      ArrowRight: [r, c + 1], ArrowLeft: [r, c - 1],
      ArrowDown: flat ? [r, c + 1] : [r + 1, c], ArrowUp: flat ? [r, c - 1] : [r - 1, c],
      Home: event.ctrlKey ? [0, 0] : [r, 0],
      End: event.ctrlKey ? [this.cells.length - 1, last(this.cells.length - 1)] : [r, last(r)],
    };
    if (moves[event.key]) {
      event.preventDefault();
      this.setFocus(...moves[event.key]);
    } else if ((event.key === "Enter" || event.key === " ") && this.kind === "grid") {
      event.preventDefault();
      this.onActivate(this.cellAt(r, c).dataset.cell);
    }
  }

  click(event) {
    const el = event.target.closest("[data-cell]");
    if (!el) return;
    this.setFocus(...this.positionOf(el), false);
    this.onActivate(el.dataset.cell);
  }

  mark(marks) {
    this.marks = marks;
    this.applyMarks();
  }

  applyMarks() {
    for (const el of this.cells.flat()) {
      const id = el.dataset.cell;
      const selected = this.marks.selected === id;
      const target = this.marks.targets.has(id);
      el.classList.toggle("cc-selected", selected);
      el.classList.toggle("cc-target", target);
      el.classList.toggle("cc-last", this.marks.last.has(id));
      if (this.kind === "grid") el.setAttribute("aria-selected", String(selected));
      else el.setAttribute("aria-pressed", String(selected));
      // In words too, not in colour alone: "selected", "target".
      el.querySelector(".cc-mark").textContent = selected ? " " + t("(selected)") : target ? " " + t("(target)") : "";
    }
  }
}
