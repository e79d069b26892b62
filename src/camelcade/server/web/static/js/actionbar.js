// The action bar: the seat's legal actions, kind first and detail second ("Bet on a leg",
// then "Blue 5"), as two small toolbars. The kinds and details are the server's words
// (each action's "kind" and "detail", from the game's layout): the bar groups by them and
// knows no rule. A kind with one action plays at once; an action the layout gives no kind
// stays in the legal-move list only.
//
// Keyboard: each toolbar is one tab stop (roving tabindex); the arrow keys, Home and End
// move along it; Enter or Space presses; Escape goes from the details back to the kinds.

import { h } from "./dom.js";
import { t } from "./i18n.js";

export function kindsOf(legal) {
  // [{ kind, actions: [...] }] in the order the server lists the actions.
  const kinds = new Map();
  for (const a of legal) {
    if (!a.kind) continue;
    if (!kinds.has(a.kind)) kinds.set(a.kind, []);
    kinds.get(a.kind).push(a);
  }
  return [...kinds].map(([kind, actions]) => ({ kind, actions }));
}

// One action's words for a button offering it among others: "Place your tile: Space 7,
// cheering side up", or its sentence when the layout gives it no kind.
export function choiceLabel(a) {
  if (!a.kind) return a.description;
  return a.kind === a.detail ? a.kind : t("{kind}: {detail}", { kind: a.kind, detail: a.detail });
}

export class ActionBar {
  constructor(host, { onPlay }) {
    this.host = host;
    this.onPlay = onPlay;
    this.kinds = [];
    this.open = null;     // the kind whose details are shown
    this.host.tabIndex = -1;  // focus rests here after a move when the bar is empty
  }

  update(legal) {
    const had = this.host.contains(document.activeElement);
    // A new position: the kinds again, none open (the same kind now holds other moves).
    this.kinds = kindsOf(legal);
    this.open = null;
    this.render();
    if (had) this.focus();
  }

  render() {
    this.kindBar = h("div", { role: "toolbar", class: "cc-bar-kinds", "aria-label": t("Kinds of move") },
      this.kinds.map(({ kind, actions }) => {
        const single = actions.length === 1;
        const button = h("button", { type: "button", class: "cc-bar-kind", tabindex: "-1",
          "data-kind": kind, "aria-expanded": single ? null : String(this.open === kind),
          "aria-controls": single ? null : "action-bar-details" },
        single ? choiceLabel(actions[0]) : kind);
        if (!single) button.append(h("span", { class: "cc-bar-more", "aria-hidden": "true", text: " ▸" }));
        button.addEventListener("click", () => (single ? this.onPlay(actions[0].action) : this.choose(kind)));
        return button;
      }));
    const parts = this.kinds.length ? [this.kindBar] : [];
    this.detailBar = null;
    const open = this.kinds.find((k) => k.kind === this.open);
    if (open) {
      this.detailBar = h("div", { role: "toolbar", id: "action-bar-details", class: "cc-bar-details",
        "aria-label": open.kind },
      open.actions.map((a) => h("button", { type: "button", class: "cc-bar-detail", tabindex: "-1",
        "data-action": a.action, title: a.description, onclick: () => this.onPlay(a.action) }, a.detail)));
      parts.push(this.detailBar);
    }
    this.host.replaceChildren(...parts);
    for (const bar of parts) {
      roving(bar);
      bar.addEventListener("keydown", (event) => this.key(event, bar));
    }
  }

  choose(kind) {
    this.open = this.open === kind ? null : kind;
    this.render();
    const target = this.detailBar ?? this.kindBar;
    const button = this.detailBar ? this.detailBar.querySelector("button")
      : this.kindBar.querySelector(`[data-kind="${CSS.escape(kind)}"]`);
    roving(target, button);
    button?.focus();
  }

  key(event, bar) {
    const buttons = [...bar.querySelectorAll("button")];
    const at = buttons.indexOf(document.activeElement);
    if (at < 0) return;
    const to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1,
      Home: 0, End: buttons.length - 1 }[event.key];
    if (to !== undefined) {
      event.preventDefault();
      const next = buttons[(to + buttons.length) % buttons.length];
      roving(bar, next);
      next.focus();
    } else if (event.key === "Escape" && bar === this.detailBar) {
      event.preventDefault();
      event.stopPropagation();
      const kind = this.open;
      this.open = null;
      this.render();
      const back = this.kindBar.querySelector(`[data-kind="${CSS.escape(kind)}"]`);
      roving(this.kindBar, back);
      back?.focus();
    }
  }

  focus() {
    // The open details, else the kinds' tab stop, else the bar itself (nothing to do now).
    const bar = this.detailBar ?? (this.kinds.length ? this.kindBar : null);
    const button = bar?.querySelector('button[tabindex="0"]');
    (button ?? this.host).focus();
  }
}

function roving(bar, current = null) {
  // One tab stop per toolbar: the current button, else the first.
  const buttons = [...bar.querySelectorAll("button")];
  const chosen = current ?? buttons.find((b) => b.tabIndex === 0) ?? buttons[0];
  for (const b of buttons) b.tabIndex = b === chosen ? 0 : -1;
}
