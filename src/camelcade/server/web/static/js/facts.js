// A seat's facts in its panel: the game's own words (view.facts, from its web layout, as
// this viewer may see them: another seat's hidden cards only as a count), laid out as a
// compact definition list. The panel is no live region: a screen reader reads it when it
// gets there, once, and hears nothing of it as the numbers change.

import { h } from "./dom.js";

export function factList(facts) {
  if (!facts?.length) return null;
  return h("dl", { class: "cc-facts" }, ...facts.map((fact) =>
    h("div", {}, h("dt", { text: fact.label }), h("dd", { text: fact.value }))));
}

// The turn clock on the panel of the seat to move: the time left, no sentence (the
// status bar says it in words, and it is said at 60 and 10 seconds).
export function clockFact(text) {
  return h("p", { class: "cc-seat-clock", text });
}
