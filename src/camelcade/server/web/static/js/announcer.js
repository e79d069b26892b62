// The one announcer: everything the page says to a screen reader goes through here.
// Two live regions (polite for others' moves and answers, assertive for your own turn and
// refusals). The same text said twice is still read twice: a no-break space is toggled at
// its end, as Lichess's blind mode does. Everything said is also kept in a log (role=log,
// aria-live=off) the player can read back at leisure.

import { h } from "./dom.js";
import { t } from "./i18n.js";

export class Announcer {
  constructor({ polite, assertive, log, limit = 200 }) {
    this.regions = { polite, assertive };
    this.log = log;
    this.limit = limit;
    this.flip = { polite: false, assertive: false };
    this.last = "";
  }

  say(text, { assertive = false, remember = true } = {}) {
    if (!text) return;
    const kind = assertive ? "assertive" : "polite";
    this.flip[kind] = !this.flip[kind];
    this.regions[kind].textContent = text + (this.flip[kind] ? "\u00a0" : "");
    this.last = text;
    if (remember && this.log) {
      this.log.append(h("li", { text }));
      while (this.log.children.length > this.limit) this.log.firstElementChild.remove();
    }
  }

  repeat() { this.say(this.last || t("Nothing was said yet."), { remember: false }); }

  clear() {
    // Hot-seat: nothing worded for the previous person may stay in the page.
    this.regions.polite.textContent = "";
    this.regions.assertive.textContent = "";
    this.last = "";
    if (this.log) this.log.replaceChildren();
  }
}
