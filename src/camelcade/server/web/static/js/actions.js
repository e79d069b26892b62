// Three ways to act, all sending the action's text with the state_id it was chosen in:
// pick cells on the board (the cells each action involves come from the server), type the
// notation (completed from the legal actions' texts), or choose from the filterable list.

import { h } from "./dom.js";
import { t, tn } from "./i18n.js";

let uid = 0;

export class ActionChooser {
  constructor(host, { onPlay }) {
    this.host = host;
    this.onPlay = onPlay;
    this.legal = [];
    const id = ++uid;
    this.input = h("input", { id: `notation-${id}`, list: `legal-${id}`, autocomplete: "off",
      spellcheck: "false", "aria-describedby": `notation-help-${id}` });
    this.datalist = h("datalist", { id: `legal-${id}` });
    this.filter = h("input", { id: `filter-${id}`, type: "search", autocomplete: "off",
      "aria-controls": `moves-${id}` });
    // Said when the filter changes it; a new turn's count is said once, with the turn.
    this.count = h("p", { id: `count-${id}`, class: "cc-count", "aria-live": "off" });
    this.list = h("ul", { id: `moves-${id}`, class: "cc-moves", "aria-labelledby": `moves-h-${id}` });
    this.form = h("form", { class: "cc-notation", onsubmit: (event) => { event.preventDefault(); this.typed(); } },
      h("label", { for: `notation-${id}`, text: t("Type a move") }), " ", this.input, this.datalist, " ",
      h("button", { type: "submit", text: t("Play the move") }),
      h("p", { id: `notation-help-${id}`, class: "cc-help", text: t("The notation of the rules page; suggestions come from the legal moves.") }));
    this.waiting = h("p", { class: "cc-waiting" });
    host.replaceChildren(this.waiting, this.form,
      h("h3", { id: `moves-h-${id}`, text: t("Legal moves") }),
      h("p", {}, h("label", { for: `filter-${id}`, text: t("Filter moves") }), " ", this.filter),
      this.count, this.list);
    this.filter.addEventListener("input", () => { this.count.setAttribute("aria-live", "polite"); this.renderList(); });
  }

  update(legal, waitingText) {
    this.legal = legal;
    const mine = legal.length > 0;
    this.form.hidden = !mine;
    this.waiting.hidden = mine;
    this.waiting.textContent = waitingText || "";
    this.datalist.replaceChildren(...legal.map((a) => h("option", { value: a.action })));
    this.count.setAttribute("aria-live", "off");
    this.renderList();
  }

  renderList(only = null) {
    const words = this.filter.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
    const shown = (only || this.legal).filter((a) => {
      const text = `${a.action} ${a.description}`.toLowerCase();
      return words.every((w) => text.includes(w));
    });
    this.list.replaceChildren(...shown.map((a) => h("li", {},
      h("button", { type: "button", class: "cc-move", onclick: () => this.onPlay(a.action, { known: true }) },
        a.description, " ", h("span", { class: "cc-notation-text", text: `(${a.action})` })))));
    const total = (only || this.legal).length;
    this.count.textContent = !total ? "" : shown.length === total
      ? tn("{count} legal move.", "{count} legal moves.", total)
      : tn("{shown} of {count} move matches.", "{shown} of {count} moves match.", total, { shown: shown.length });
  }

  offer(actions) {
    // Several actions share the cells picked: show just those, first one focused.
    this.filter.value = "";
    this.renderList(actions);
    this.list.querySelector("button")?.focus();
  }

  typed() {
    const text = this.input.value.trim();
    if (!text) return;
    const exact = this.legal.find((a) => a.action === text) ||
      this.legal.find((a) => a.action.toLowerCase() === text.toLowerCase());
    // Not found locally is still sent: the server is the judge and says why it refuses.
    this.onPlay(exact ? exact.action : text, { known: Boolean(exact) });
    this.input.value = "";
  }

  focus() { (this.form.hidden ? this.filter : this.input).focus(); }
}

export class CellPicker {
  // Click a piece, then a highlighted target: the path of cells picked so far is matched
  // against each legal action's cells and its other paths ("also": the card in hand that
  // starts a camel's move), all from the server. No rule is known here.
  constructor({ onPlay, onOffer, onMarks, say, cellText }) {
    Object.assign(this, { onPlay, onOffer, onMarks, say, cellText });
    this.legal = [];
    this.path = [];
  }

  update(legal) {
    this.legal = legal.filter((a) => paths(a).length);
    this.reset(false);
  }

  reset(tell = true) {
    const had = this.path.length;
    this.path = [];
    this.onMarks(null, new Set());
    if (tell && had) this.say(t("Selection cleared."));
  }

  matching(path) {
    // [{ action, cells }]: each way of an action whose cells start with the path.
    const found = [];
    for (const action of this.legal) {
      for (const cells of paths(action)) {
        if (cells.length >= path.length && path.every((cell, i) => cells[i] === cell)) found.push({ action, cells });
      }
    }
    return found;
  }

  pick(cell) {
    if (!this.legal.length) { this.say(this.cellText(cell)); return; }
    if (this.path.length && this.path[this.path.length - 1] === cell) {
      // The selected cell again: the actions that end here (a pick-up where the camel
      // could also move), else the selection is cleared.
      const here = distinct(this.matching(this.path).filter((w) => w.cells.length === this.path.length));
      this.reset(!here.length);
      if (here.length === 1) this.onPlay(here[0].action);
      else if (here.length) this.onOffer(here);
      return;
    }
    let path = [...this.path, cell];
    let found = this.matching(path);
    if (!found.length && this.path.length) { path = [cell]; found = this.matching(path); }
    if (!found.length) {
      this.reset(false);
      this.say(t("No move with {cell}.", { cell: this.cellText(cell).replace(/\.$/, "") }), true);  // a cell's own full stop is not doubled
      return;
    }
    const exact = distinct(found.filter((w) => w.cells.length === path.length));
    if (found.every((w) => w.cells.length === path.length)) {
      this.reset(false);
      if (exact.length === 1) this.onPlay(exact[0].action);
      else this.onOffer(exact);
      return;
    }
    this.path = path;
    const targets = new Set(found.filter((w) => w.cells.length > path.length).map((w) => w.cells[path.length]));
    this.onMarks(cell, targets);
    const names = [...targets].map((target) => this.cellText(target).split(":")[0]);
    const name = this.cellText(cell).split(":")[0];
    const values = { name, targets: `${names.slice(0, 8).join(", ")}${names.length > 8 ? ", ..." : ""}` };
    this.say(exact.length
      ? tn("Selected {name}. {count} target: {targets}. Select {name} again for {moves}.",
        "Selected {name}. {count} targets: {targets}. Select {name} again for {moves}.",
        targets.size, { ...values, moves: orList(exact.map((a) => a.action)) })
      : tn("Selected {name}. {count} target: {targets}.", "Selected {name}. {count} targets: {targets}.",
        targets.size, values));
  }
}

// An action's click paths: its cells, then the layout's other ways to it.
function paths(a) {
  return [a.cells ?? [], ...(a.also ?? [])].filter((cells) => cells.length);
}

// The actions of some ways, each once, in order.
function distinct(ways) {
  const seen = new Set();
  return ways.map((w) => w.action).filter((a) => !seen.has(a.action) && seen.add(a.action));
}

// "a", "a or b", "a, b or c": the alternatives in the page's language.
function orList(items) {
  if (items.length < 2) return items.join("");
  return t("{list} or {last}", { list: items.slice(0, -1).join(", "), last: items[items.length - 1] });
}
