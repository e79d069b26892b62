// The one announcer: everything the page says to a screen reader goes through here, in one
// queue. What is said in one moment (a state message's moves and whose turn it is) is one
// utterance, the news in the order it came and the turn last; news arriving while the
// last utterance is fresh (bot moves 10-50 ms apart) waits and is gathered, so nothing
// cuts off or replaces what came before. An answer to the person (a key, a click) is
// said at once, with whatever news waits before it. Two
// live regions: polite, and assertive when anything in the utterance asks for it (your
// turn, a refusal). The same text said twice is still read twice: a no-break space is
// toggled at its end, as Lichess's blind mode does. Everything said is also kept in a log
// (role=log, aria-live=off) the player can read back at leisure, as soon as it is said.

import { h } from "./dom.js";
import { t } from "./i18n.js";

export class Announcer {
  constructor({ polite, assertive, log, limit = 200, hold = 400 }) {
    this.regions = { polite, assertive };
    this.log = log;
    this.limit = limit;
    this.hold = hold;     // ms an utterance is left alone before news replaces it
    this.flip = { polite: false, assertive: false };
    this.last = "";
    this.queue = [];
    this.timer = null;
    this.soon = false;     // a flush is due at the end of this task
    this.said = -Infinity;
  }

  // news: a sentence of the match (held while the last utterance is fresh); turn: it
  // says whose turn it is, and goes after the news said with it.
  say(text, { assertive = false, remember = true, turn = false, news = false } = {}) {
    if (!text) return;
    this.queue.push({ text, assertive, turn });
    if (remember && this.log) {  // the log keeps the order things were said in, at once
      this.log.append(h("li", { text }));
      while (this.log.children.length > this.limit) this.log.firstElementChild.remove();
    }
    const wait = news ? this.said + this.hold - performance.now() : 0;
    if (wait <= 0) {
      if (!this.soon) { this.soon = true; queueMicrotask(() => this.flush()); }
    } else if (this.timer === null) {
      this.timer = setTimeout(() => this.flush(), wait);
    }
  }

  flush() {
    clearTimeout(this.timer);
    this.timer = null;
    this.soon = false;
    if (!this.queue.length) return;
    const items = [...this.queue.filter((i) => !i.turn), ...this.queue.filter((i) => i.turn)];
    this.queue = [];
    const text = items.map((i) => i.text).join(" ");
    const kind = items.some((i) => i.assertive) ? "assertive" : "polite";
    this.flip[kind] = !this.flip[kind];
    this.regions[kind].textContent = text + (this.flip[kind] ? "\u00a0" : "");
    this.last = text;
    this.said = performance.now();
  }

  repeat() { this.say(this.last || t("Nothing was said yet."), { remember: false }); }

  clear() {
    // Hot-seat: nothing worded for the previous person may stay in the page.
    clearTimeout(this.timer);
    this.timer = null;
    this.queue = [];
    this.regions.polite.textContent = "";
    this.regions.assertive.textContent = "";
    this.last = "";
    if (this.log) this.log.replaceChildren();
  }
}
