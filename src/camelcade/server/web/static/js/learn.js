// The lessons of one game (/learn/<game>): the lesson's text is the page's main content and
// is said by the live region; the board, the move box and the list of moves are the match
// page's own (grid.js, actions.js), so whatever works there works here: type the move,
// choose it from the list, or pick its cells on the grid or the picture. The server judges
// every move (the browser holds no rules): right, legal but weaker and why, or illegal and
// the game's reason. After the last lesson a first real game against bots starts.

import { $, api, h } from "./dom.js";
import { ActionChooser, CellPicker } from "./actions.js";
import { Announcer } from "./announcer.js";
import { BoardGrid } from "./grid.js";
import { ready, t } from "./i18n.js";
import { keep } from "./store.js";

await ready;

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] ?? "");
const page = { course: null, index: 0, board: null, marks: { selected: null, targets: new Set() } };
const announcer = new Announcer({ polite: $("#announce-polite"), assertive: $("#announce-assertive"), log: null });
const say = (text, assertive = false) => announcer.say(text, { assertive });
const grid = new BoardGrid($("#board-grid"), { onActivate: (cell) => picker.pick(cell) });
const chooser = new ActionChooser($("#act"), { onPlay: (text) => judge(text) });
const picker = new CellPicker({
  onPlay: (text) => judge(text),
  onOffer: (actions) => chooser.offer(actions),
  onMarks: (selected, targets) => mark(selected, targets),
  say: (text, refused) => say(text, refused),
  cellText: (id) => cellText(id),
});

function lesson() { return page.course.lessons[page.index]; }

function cellText(id) {
  for (const row of lesson()?.board?.rows ?? []) {
    for (const cell of row.cells) if (cell.id === id) return cell.text;
  }
  return id;
}

function mark(selected, targets) {
  page.marks = { selected, targets };
  grid.mark({ selected, targets, last: new Set() });
  for (const el of $("#board-svg").querySelectorAll("[data-cell]")) {
    const id = el.getAttribute("data-cell");
    el.classList.toggle("cc-selected", selected === id);
    el.classList.toggle("cc-target", targets.has(id));
  }
}

function drawBoard(now) {
  if (!page.board) return;
  const names = now.seats.map((s) => s.label);
  try {
    page.board.render($("#board-svg"), { ...now, last_events: [] }, {
      seatName: (s) => names[s] ?? t("Player {number}", { number: s + 1 }), selected: null, targets: new Set(),
      reducedMotion: matchMedia("(prefers-reduced-motion: reduce)").matches,
      theme: matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light",
    });
  } catch (error) { console.error("board render failed", error); }
}

function heading(now) {
  return t("Lesson {number} of {count}: {title}", { number: now.number, count: now.count, title: now.title });
}

function show(index) {
  page.index = index;
  const now = lesson();
  $("#lesson").hidden = false;
  $("#first").hidden = true;
  $("#lesson-h").textContent = heading(now);
  $("#lesson-rule").textContent = t("Rule: {rule}.", { rule: now.rule });
  $("#lesson-goal").textContent = now.goal;
  $("#lesson-hint-text").hidden = true;
  $("#lesson-hint-text").textContent = now.hint;
  $("#verdict").textContent = "";
  $("#lesson-next").hidden = true;
  $("#lesson-next").textContent = index + 1 < page.course.lessons.length ? t("Next lesson") : t("On to your first game");
  $("#position").replaceChildren(...now.description.split("\n").filter(Boolean).map((line) => h("p", { text: line })));
  grid.render(now.board);
  picker.update(now.legal);
  chooser.update(now.legal, "");
  drawBoard(now);
  const head = heading(now);
  say(`${head}${/[.!?]$/.test(head) ? "" : "."} ${t("Rule: {rule}.", { rule: now.rule })} ${now.goal}`);
  chooser.focus();
}

async function judge(text) {
  const now = lesson();
  let verdict;
  try {
    verdict = await api(`/api/web/learn/${encodeURIComponent(gameId)}/${encodeURIComponent(now.id)}`,
      { method: "POST", body: { move: text } });
  } catch (failure) {
    say(failure.message, true);
    $("#verdict").textContent = failure.message;
    return;
  }
  $("#verdict").textContent = verdict.text;
  $("#verdict").className = `cc-verdict cc-verdict-${verdict.kind}`;
  say(verdict.text, verdict.kind === "illegal");
  if (verdict.kind === "right") {
    picker.update([]);
    chooser.update([], t("Lesson done."));
    $("#lesson-next").hidden = false;
    $("#lesson-next").focus();
  } else {
    chooser.focus();
  }
}

function next() {
  if (page.index + 1 < page.course.lessons.length) show(page.index + 1);
  else showFirst();
}

function showFirst() {
  const first = page.course.first_game;
  $("#lesson").hidden = true;
  $("#first").hidden = false;
  $("#first-h").textContent = first.title;
  $("#first-goal").textContent = first.goal;
  grid.render(null);
  $("#board-svg").replaceChildren();
  $("#position").replaceChildren();
  say(`${first.title}. ${first.goal}`);
  $("#first-start").focus();
}

async function startFirst() {
  const first = page.course.first_game;
  const seats = Array.from({ length: first.players }, (_, seat) => seat === 0 ? { kind: "open" }
    : { kind: "bot", bot: `@${first.level}` });
  const body = { game: gameId, options: { ...first.options, players: first.players }, seats,
    auto_start: true, join: { seat: 0, name: t("Learner") } };
  try {
    const created = await api("/api/matches", { method: "POST", body });
    const id = created.match.id;
    keep(id, { game: gameId, host: created.host_token });
    keep(id, { seat: created.seat, token: created.token });
    location.assign(`/match/${id}`);
  } catch (failure) {
    $("#first-error").textContent = failure.message;
  }
}

$("#lesson-hint").addEventListener("click", () => {
  $("#lesson-hint-text").hidden = false;
  say(lesson().hint);
});
$("#lesson-skip").addEventListener("click", () => next());
$("#lesson-next").addEventListener("click", () => next());
$("#first-start").addEventListener("click", () => startFirst());
$("#board-svg").addEventListener("click", (event) => {
  const el = event.target.closest("[data-cell]");
  if (el) picker.pick(el.getAttribute("data-cell"));
});

try {
  page.course = await api(`/api/web/learn/${encodeURIComponent(gameId)}`);
  const games = await api("/api/web/games");
  const game = games.find((g) => g.id === gameId);
  $("#learn-title").textContent = t("Learn to play {game}", { game: page.course.title });
  document.title = `${t("Learn to play {game}", { game: page.course.title })} · camelcade`;
  if (game?.assets.stylesheet) document.head.append(h("link", { rel: "stylesheet", href: game.assets.stylesheet }));
  $("#board-svg").setAttribute("class", `cc-board cc-board-${gameId}`);
  if (game?.assets.board) {
    try { page.board = await import(game.assets.board); } catch { page.board = null; }
  }
  if (!page.board) $("#board-host").hidden = true;
  show(0);
} catch (failure) {
  $("#learn-error").textContent = failure.message;
}
