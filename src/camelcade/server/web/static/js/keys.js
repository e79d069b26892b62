// One key table for the match page, as data: the help dialog lists it, the handler reads it.
// Answers are texts the server worded (state messages, or the ask call for scores, hand
// and advice); the browser computes no game fact.

export const KEYS = [
  { key: "?", name: "help", help: "show this list of keys" },
  { key: "l", name: "last", help: "last move" },
  { key: "w", name: "turn", help: "whose turn it is" },
  { key: "s", name: "scores", help: "scores", server: true },
  { key: "h", name: "hand", help: "your hand and what only you know", server: true },
  { key: "m", name: "moves", help: "your legal moves" },
  { key: "t", name: "time", help: "time left on the turn clock" },
  { key: "b", name: "board", help: "board summary: the whole position in words" },
  { key: "a", name: "advisor", help: "the advisor's tip (only in matches against bots alone)", advisor: true },
  { key: "g", name: "grid", help: "go to the board" },
  { key: "x", name: "act", help: "go to the move box" },
  { key: "r", name: "repeat", help: "repeat what was said last" },
  { key: "v", name: "verbosity", help: "switch between brief and full announcements" },
  { key: "Escape", name: "cancel", help: "clear the selected piece" },
];

export function bindKeys(handlers, { enabled = () => true } = {}) {
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.altKey || event.metaKey || !enabled()) return;
    const target = event.target;
    const typing = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement ||
      target instanceof HTMLSelectElement || target?.isContentEditable;
    if (typing && event.key !== "Escape") return;
    if (document.querySelector("dialog[open]") && event.key !== "Escape") return;
    const entry = KEYS.find((k) => k.key === event.key);
    if (!entry || !handlers[entry.name]) return;
    event.preventDefault();
    handlers[entry.name]();
  });
}
