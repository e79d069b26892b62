// One key table for the match page, as data: the help dialog lists it, the handler reads it.
// Answers are texts the server worded (state messages, or the ask call for scores, hand
// and advice); the browser computes no game fact. Each help is marked for the catalogue
// (N_) and said with translate() where it is shown.

import { N_ } from "./i18n.js";

export const KEYS = [
  { key: "?", name: "help", help: N_("show this list of keys") },
  { key: "l", name: "last", help: N_("last move") },
  { key: "w", name: "turn", help: N_("whose turn it is") },
  { key: "s", name: "scores", help: N_("scores"), server: true },
  { key: "h", name: "hand", help: N_("your hand and what only you know"), server: true },
  { key: "m", name: "moves", help: N_("your legal moves") },
  { key: "t", name: "time", help: N_("time left on the turn clock") },
  { key: "b", name: "board", help: N_("board summary: the whole position in words") },
  { key: "a", name: "advisor", help: N_("the advisor's tip (only in matches against bots alone)"), advisor: true },
  { key: "g", name: "grid", help: N_("go to the board") },
  { key: "x", name: "act", help: N_("go to the move box") },
  { key: "r", name: "repeat", help: N_("repeat what was said last") },
  { key: "v", name: "verbosity", help: N_("switch between brief and full announcements") },
  { key: "Escape", name: "cancel", help: N_("clear the selected piece") },
];

export function bindKeys(handlers, { enabled = () => true } = {}) {
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.altKey || event.metaKey || !enabled()) return;
    const target = event.target;
    const typing = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement ||
      target instanceof HTMLSelectElement || target?.isContentEditable;
    if (typing && event.key !== "Escape") return;
    // An open dialog has the keys to itself: Escape closes it (the browser's own cancel,
    // which a handled Escape here would prevent).
    if (document.querySelector("dialog[open]")) return;
    const entry = KEYS.find((k) => k.key === event.key);
    if (!entry || !handlers[entry.name]) return;
    event.preventDefault();
    handlers[entry.name]();
  });
}
