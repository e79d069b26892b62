// The choice popup: where one click on the board means several moves (a Camel Up space:
// cheer or boo), a small non-modal dialog opens where the click was and offers just those.
// The first choice takes the focus; Escape, a click elsewhere or a new position closes it,
// and the focus goes back where it was (the grid cell pressed), else to `fallback`.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { choiceLabel } from "./actionbar.js";

export class ChoicePopup {
  constructor(host, { onPlay, fallback }) {
    this.host = host;          // the positioned element the popup is placed in
    this.onPlay = onPlay;
    this.fallback = fallback;  // () => the element to focus when nothing had the focus
    this.el = null;
    this.back = null;
    document.addEventListener("pointerdown", (event) => {
      if (this.el && !this.el.contains(event.target)) this.close(false);
    }, true);
  }

  get isOpen() { return this.el !== null; }

  open(actions, anchor) {
    // anchor: { x, y } in viewport pixels (the click), or the element activated.
    this.close(false);
    const active = document.activeElement;
    this.back = active && active !== document.body ? active : null;
    const list = h("ul", { class: "cc-popup-list" }, actions.map((a) => h("li", {},
      h("button", { type: "button", class: "cc-popup-choice", onclick: () => { this.close(true); this.onPlay(a.action); } },
        choiceLabel(a), " ", h("span", { class: "cc-notation-text", text: `(${a.action})` })))));
    this.el = h("div", { role: "dialog", id: "choice-popup", class: "cc-popup", "aria-labelledby": "choice-popup-h" },
      h("p", { id: "choice-popup-h", class: "cc-popup-h", text: t("Choose a move") }), list,
      h("button", { type: "button", class: "cc-popup-close", onclick: () => this.close(true) }, t("Cancel")));
    this.el.addEventListener("keydown", (event) => this.key(event));
    this.host.append(this.el);
    this.place(anchor);
    this.el.querySelector("button").focus({ preventScroll: true });
  }

  place(anchor) {
    const point = anchor instanceof Element
      ? (({ left, bottom }) => ({ x: left, y: bottom }))(anchor.getBoundingClientRect())
      : anchor ?? { x: 0, y: 0 };
    const frame = this.host.getBoundingClientRect();
    const box = this.el.getBoundingClientRect();
    // Inside the window: shifted left or above the point when it would overflow.
    const x = Math.max(4, Math.min(point.x, window.innerWidth - box.width - 4));
    const y = point.y + box.height + 4 > window.innerHeight ? Math.max(4, point.y - box.height - 4) : point.y + 4;
    this.el.style.left = `${x - frame.left}px`;
    this.el.style.top = `${y - frame.top}px`;
  }

  key(event) {
    const buttons = [...this.el.querySelectorAll("button")];
    const at = buttons.indexOf(document.activeElement);
    const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: buttons.length - 1 }[event.key];
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      this.close(true);
    } else if (to !== undefined) {
      event.preventDefault();
      buttons[(to + buttons.length) % buttons.length].focus();
    }
  }

  close(refocus) {
    if (!this.el) return;
    const had = this.el.contains(document.activeElement);
    this.el.remove();
    this.el = null;
    if (refocus || had) {
      const back = this.back && this.back.isConnected ? this.back : this.fallback();
      back?.focus({ preventScroll: true });
    }
    this.back = null;
  }
}
