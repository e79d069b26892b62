// The replay viewer: positions computed by the server, stepped, jumped to, played.
// Every step says its move and shows the whole position in words.

import { $, api, h } from "./dom.js";
import { BoardGrid } from "./grid.js";
import { ready, t, tn } from "./i18n.js";

await ready;

const parts = location.pathname.split("/").filter(Boolean);
const replay = { data: null, index: 0, timer: null, board: null, names: [] };
const grid = new BoardGrid($("#board-grid"), { onActivate: () => {} });

async function open(data) {
  replay.data = data;
  replay.names = data.seat_names || [];
  replay.index = 0;
  const games = await api("/api/web/games");
  const game = games.find((g) => g.id === data.game);
  $("#replay-title").textContent = tn("Replay: {game}, {count} move", "Replay: {game}, {count} moves", data.steps.length - 1, { game: game?.title ?? data.game });
  if (game?.assets.stylesheet) document.head.append(h("link", { rel: "stylesheet", href: game.assets.stylesheet }));
  $("#board-svg").setAttribute("class", `cc-board cc-board-${data.game}`);
  if (game?.assets.board) {
    try { replay.board = await import(game.assets.board); } catch { replay.board = null; }
  }
  if (!replay.board) $("#board-host").hidden = true;
  $("#load").hidden = true;
  $("#viewer").hidden = false;
  const jump = $("#jump");
  jump.max = data.steps.length - 1;
  $("#moves").replaceChildren(...data.steps.slice(1).map((step) => h("li", {},
    h("button", { type: "button", class: "cc-link", onclick: () => show(step.index) }, step.sentence || ""))));
  show(0);
  $("#controls-h").focus?.();
}

function show(index) {
  const steps = replay.data.steps;
  replay.index = Math.max(0, Math.min(steps.length - 1, index));
  const step = steps[replay.index];
  $("#jump").value = replay.index;
  $("#jump").setAttribute("aria-valuetext", t("step {index} of {last}", { index: replay.index, last: steps.length - 1 }));
  $("#step").textContent = replay.index === 0 ? t("Start of the match, step 0 of {last}.", { last: steps.length - 1 })
    : t("Step {index} of {last}: {sentence}", { index: replay.index, last: steps.length - 1, sentence: step.sentence });
  if (replay.index === steps.length - 1 && replay.data.result) $("#step").textContent += ` ${replay.data.result}`;
  $("#position").replaceChildren(...step.description.split("\n").filter(Boolean).map((line) => h("p", { text: line })));
  grid.render(step.board);
  for (const [i, li] of [...$("#moves").children].entries()) {
    li.classList.toggle("cc-current", i + 1 === replay.index);
    li.firstElementChild.setAttribute("aria-current", i + 1 === replay.index ? "step" : "false");
  }
  if (replay.board) {
    try {
      replay.board.render($("#board-svg"), { ...step, seat: null, seats: replay.names.map((n, s) => ({ seat: s, label: n })), last_events: step.sentence ? [step.sentence] : [] },
        { seatName: (s) => replay.names[s] ?? t("Seat {seat}", { seat: s }), selected: null, targets: new Set(), reducedMotion: matchMedia("(prefers-reduced-motion: reduce)").matches, theme: matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light" });
    } catch (error) { console.error(error); }
  }
}

function togglePlay() {
  const button = $("#play");
  if (replay.timer) {
    clearInterval(replay.timer);
    replay.timer = null;
    button.textContent = t("Play");
    return;
  }
  button.textContent = t("Pause");
  replay.timer = setInterval(() => {
    if (replay.index >= replay.data.steps.length - 1) { togglePlay(); return; }
    show(replay.index + 1);
  }, 1200);
}

$("#first").addEventListener("click", () => show(0));
$("#prev").addEventListener("click", () => show(replay.index - 1));
$("#next").addEventListener("click", () => show(replay.index + 1));
$("#last").addEventListener("click", () => show(replay.data.steps.length - 1));
$("#play").addEventListener("click", togglePlay);
$("#jump").addEventListener("input", (event) => show(Number(event.target.value)));

// Arrow keys step the replay (Home and End: first and last step) wherever the focus is,
// except in a box that uses them itself (the step slider moves by them already).
document.addEventListener("keydown", (event) => {
  if (!replay.data || event.ctrlKey || event.altKey || event.metaKey) return;
  const target = event.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement ||
    target instanceof HTMLTextAreaElement || target?.closest?.("[role=grid], .cc-track")) return;
  const to = { ArrowRight: replay.index + 1, ArrowLeft: replay.index - 1, Home: 0,
    End: replay.data.steps.length - 1 }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  show(to);
});

$("#record-file").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  if (!file) return;
  const error = $("#replay-error");
  error.textContent = "";
  try {
    const record = JSON.parse(await file.text());
    await open(await api("/api/web/replay", { method: "POST", body: record }));
  } catch (failure) {
    error.textContent = failure instanceof SyntaxError ? t("This file is not JSON.") : failure.message;
  }
});

(async () => {
  if (parts.length > 1) {
    try { await open(await api(`/api/web/matches/${encodeURIComponent(parts[1])}/replay`)); }
    catch (failure) { $("#replay-error").textContent = failure.message; }
    return;
  }
  const { matches } = await api("/api/matches?status=finished&limit=50&expired=true");
  $("#finished").replaceChildren(...(matches.length ? matches.map((m) =>
    h("li", {}, h("a", { href: `/replay/${m.id}` }, t("{game}, {seats}", { game: m.game, seats: m.seats.map((s) => s.former ? t("a former player") : s.name || s.bot || t("player")).join(", ") }))))
    : [h("li", { text: t("No finished match yet.") })]));
})();
