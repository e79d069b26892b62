// The match page: one seat's view of a live match (or a spectator's), hot-seat between
// the seats this browser holds, and everything said through one announcer.

import { $, api, duration, h } from "./dom.js";
import { N_, ready, t, tn, translate } from "./i18n.js";
import { Announcer } from "./announcer.js";
import { ActionChooser, CellPicker } from "./actions.js";
import { ActionBar } from "./actionbar.js";
import { ChoicePopup } from "./popup.js";
import { BoardGrid } from "./grid.js";
import { KEYS, bindKeys } from "./keys.js";
import { MatchSocket } from "./socket.js";
import { play as cue } from "./sound.js";
import { held, keep, saveSetting, settings } from "./store.js";
import { nameBox } from "./names.js";
import { shareLink, shareNote } from "./share.js";
import { clockFact, factList } from "./facts.js";
import { me, syncSeats } from "./me.js";
import { inviteForm } from "./invite.js";
import { notifyMe, registerWorker } from "./notices.js";

await ready;

const matchId = decodeURIComponent(location.pathname.split("/").pop());
await syncSeats(matchId); // the profile's seats here, taken on another browser too
const page = {
  meta: null, msg: null, view: null, history: [], seat: null, socket: null,
  active: null,          // the held seat shown now (hot-seat: one person at a time)
  passing: null,         // the seat the device is being passed to
  sentAt: null, lastCells: new Set(), warned: new Set(), board: null, settings: settings(),
  catchingUp: true,      // a whole view is due: after a hello or a resync
  connected: false,      // the socket is open: "Your turn" is never shown while it is not
  unsent: false,         // a move was not sent while offline: said first until reconnected
  update: false,         // the view shown continues the one before (its events are new)
};
window.__ccLatency = [];
page.profile = (await me)?.profile ?? null; // signed in (a guest too): may invite, play again

const announcer = new Announcer({
  polite: $("#announce-polite"), assertive: $("#announce-assertive"), log: $("#said"),
});
// -- the table ------------------------------------------------------------------------------
// The page is one document in reading order; the table layout only places its sections
// (app.css). The person may ask for the text view on screen, or for today's document
// layout ("screen reader layout"); both are remembered in this browser.

const PHONE = matchMedia("(max-width: 899px)");

function applyLayout() {
  const documentLayout = Boolean(page.settings.screenReader);
  $("#match").classList.toggle("cc-table", !documentLayout);
  document.body.classList.toggle("cc-show-text", Boolean(page.settings.textBoard));
  if (documentLayout) { $("#act-fold").open = true; $("#seats-fold").open = true; }
  else $("#seats-fold").open = !PHONE.matches || page.msg?.status === "open";
  // Back to the table with the focus in a side panel (the setting just unticked): that
  // panel's tab is chosen, so the focus is not left in a hidden panel.
  const panel = document.activeElement?.closest?.(".cc-panel");
  if (!documentLayout && panel) selectTab(`#tab-${panel.id.replace("panel-", "")}`);
  drawBoard();
}
PHONE.addEventListener("change", applyLayout);

function openMoves() { $("#act-fold").open = true; }

const TABS = ["#tab-log", "#tab-said", "#tab-settings"];
function selectTab(id, focus = false) {
  for (const tab of TABS.map((t) => $(t))) {
    const on = `#${tab.id}` === id;
    tab.setAttribute("aria-selected", String(on));
    tab.tabIndex = on ? 0 : -1;
    $(`#${tab.getAttribute("aria-controls")}`).classList.toggle("cc-active", on);
    if (on && focus) tab.focus();
  }
  for (const log of document.querySelectorAll(".cc-side .cc-log")) keepNewest(log);
}
for (const id of TABS) {
  const tab = $(id);
  tab.addEventListener("click", () => selectTab(id));
  tab.addEventListener("keydown", (event) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    const at = TABS.indexOf(id);
    const to = step ? TABS[(at + step + TABS.length) % TABS.length]
      : event.key === "Home" ? TABS[0] : event.key === "End" ? TABS[TABS.length - 1] : null;
    if (!to) return;
    event.preventDefault();
    selectTab(to, true);
  });
}

// The logs stay at their newest entry, unless the person scrolled back to read.
function keepNewest(log) {
  if (log.dataset.pinned !== "false") log.scrollTop = log.scrollHeight;
}
for (const log of document.querySelectorAll(".cc-log")) {
  log.addEventListener("scroll", () => {
    log.dataset.pinned = String(log.scrollTop + log.clientHeight >= log.scrollHeight - 8);
  });
  new MutationObserver(() => keepNewest(log)).observe(log, { childList: true, subtree: true });
}

// What went wrong, on screen by the board (it is also said): a refusal, a move not sent,
// the connection lost. Cleared by the next position shown or the connection back.
function notice(text) {
  const el = $("#notice");
  el.textContent = text || "";
  el.hidden = !text;
}

function showTurnInTab() {
  const msg = page.msg;
  const title = page.meta?.game?.title ?? t("Match");
  const mine = Boolean(msg) && page.connected && msg.status === "running" && msg.current_player === page.seat && page.seat !== null;
  const turn = t("Your turn — {game}", { game: title });  // outside the backticks: extracted
  document.title = mine ? `● ${turn}` : `${title} · camelcade`;
  const icon = document.querySelector('link[rel="icon"]');
  if (icon) icon.href = mine ? "/static/img/favicon-turn.svg" : "/static/img/favicon.svg";
}

const grid = new BoardGrid($("#board-grid"), { onActivate: (cell) => { page.anchor = grid.cellAt(...grid.focus); picker.pick(cell); } });
// After a move played from the list or typed, the focus goes to the action bar (else the
// grid), never the page body and not the move box, where one-key commands are not heard.
const afterPlay = () => (bar.kinds.length || $("#board-grid").hidden ? bar.focus() : grid.focusGrid());
const chooser = new ActionChooser($("#act"), { onPlay: (text, how) => { act(text); if (how?.known) afterPlay(); } });
const bar = new ActionBar($("#action-bar"), { onPlay: (text) => act(text) });
const popup = new ChoicePopup($("#board-grid").parentElement, { onPlay: (text) => act(text), fallback: () => { afterPlay(); return null; } });
$("#board-grid").parentElement.classList.add("cc-popup-host");
const picker = new CellPicker({
  onPlay: (text) => act(text),
  onOffer: (actions) => { say(tn("{count} move uses these cells; choose one.", "{count} moves use these cells; choose one.", actions.length)); popup.open(actions, page.anchor); },
  onMarks: (selected, targets) => mark(selected, targets),
  say: (text, refused) => { say(text, refused); if (refused) { notice(text); cue("refused", page.settings.sound); } },
  cellText: (id) => cellText(id),
});

function say(text, assertive = false) { announcer.say(text, { assertive }); }

function name(seat) {
  return page.meta?.seat_names?.[seat] ?? t("Player {number}", { number: seat + 1 });
}

// "Rouge : Lena": a name and what follows it, with the colon as the page's language
// writes it (French puts a space before it), the name kept as a node.
function labelled(node, text) {
  return translate(N_("{name}: {text}")).split(/(\{name\}|\{text\})/).filter(Boolean)
    .map((piece) => (piece === "{name}" ? node : piece === "{text}" ? text : piece));
}

function heldSeats() {
  return Object.entries(held(matchId).seats).map(([s, t]) => ({ seat: Number(s), token: t }));
}

function tokenOf(seat) { return held(matchId).seats[String(seat)] ?? null; }

function cellText(id) {
  for (const row of page.view?.board?.rows ?? []) {
    for (const cell of row.cells) if (cell.id === id) return cell.text;
  }
  return id;
}

// -- connecting -------------------------------------------------------------------------

async function connect(seat) {
  page.socket?.close();
  page.active = seat;
  const token = seat === null ? null : tokenOf(seat);
  page.meta = await api(`/api/web/matches/${encodeURIComponent(matchId)}`, { token: token ?? held(matchId).host });
  await loadBoard(page.meta.game);
  renderSettings();
  page.socket = new MatchSocket(matchId, token, {
    onWelcome: (message, again) => {
      page.seat = message.seat;
      page.catchingUp = true;
      page.connected = true;
      $("#match").classList.remove("cc-offline");
      page.unsent = false;
      notice("");
      if (again) say(t("Reconnected."));
    },
    onState: (message) => onState(message),
    onPresence: (message) => { if (page.msg) { page.msg.seats = message.seats; renderSeats(); } },
    onReaction: (message) => { const said = REACTED[message.reaction]; if (said) say(said(name(message.seat))); },
    onError: (message) => refused(message),
    onDown: (delay) => {
      const text = tn("Connection lost; trying again in {count} second.", "Connection lost; trying again in {count} seconds.", Math.ceil(delay / 1000));
      disconnected(text);
      say(text);
    },
    onFatal: () => {
      const text = t("This match cannot be opened: it does not exist or your seat token is not valid.");
      disconnected(text);
      say(text, true);
    },
  });
  page.socket.open();
}

function disconnected(text) {
  page.connected = false;
  $("#match").classList.add("cc-offline");
  // A move not sent stays on screen, first, while the socket keeps retrying.
  const unsent = t("Not connected; the move was not sent.");  // outside the backticks: extracted
  notice(page.unsent ? `${unsent} ${text}` : text);
  if (page.msg) renderStatus();
  showTurnInTab();
}

async function loadBoard(game) {
  if (page.board !== null) return;
  page.board = false;
  const svg = $("#board-svg");
  svg.setAttribute("class", `cc-board cc-board-${game.id}`);
  if (game.assets.stylesheet && !document.querySelector(`link[data-board="${game.id}"]`)) {
    document.head.append(h("link", { rel: "stylesheet", href: game.assets.stylesheet, "data-board": game.id }));
  }
  if (!game.assets.board) { $("#board-host").hidden = true; return; }
  try {
    page.board = await import(game.assets.board);
  } catch (error) {
    $("#board-host").hidden = true;
    console.error("board module failed to load", error);
  }
}

// -- state ------------------------------------------------------------------------------

function onState(message) {
  const ack = performance.now();
  const before = page.msg;
  const view = message.view;
  if (view && view.history_from > page.history.length) {
    // A gap: some update never arrived. Ask for the whole view (and the moves since the
    // position shown, in words) instead of guessing.
    page.catchingUp = true;
    page.socket?.resync(page.msg?.state_id ?? 0);
    return;
  }
  // An update continues the history this page holds. One sent before any move was made
  // also starts at 0, as a whole view does: the first state after a hello or a resync is
  // the whole view, the rest are updates.
  page.update = Boolean(view) && (view.history_from > 0
    || (!page.catchingUp && before !== null && page.history.length === 0));
  page.catchingUp = false;
  if (view) {
    if (view.history_from === 0) page.history = [...view.history];
    else page.history.splice(view.history_from, page.history.length, ...view.history);
  }
  page.msg = message;
  page.view = view;
  page.seat = message.seat;
  page.connected = true;
  if (before === null || before.state_id !== message.state_id) notice("");

  // Hot-seat: the turn passes to another person at this device.
  const mover = message.current_player;
  const heldHere = heldSeats().map((s) => s.seat);
  if (message.status === "running" && heldHere.length > 1 && heldHere.includes(mover) && mover !== page.active) {
    passDevice(mover);
    return;
  }
  render(before);
  announce(before, message);
  window.__ccStateId = message.state_id;
  const rendered = performance.now();
  const sent = page.sentAt;
  page.sentAt = null;
  // Painted: the frame after the render has been drawn (rAF, then the task after it).
  requestAnimationFrame(() => setTimeout(() => {
    const painted = performance.now();
    window.__ccLatency.push({ state_id: message.state_id, ack_to_paint_ms: painted - ack,
      render_ms: rendered - ack, send_to_ack_ms: sent === null ? null : ack - sent });
  }, 0));
}

function render(before) {
  const msg = page.msg;
  const view = page.view;
  const me = page.seat;
  const title = page.meta.game.title;
  $("#match-title").textContent = me === null ? t("{game}: watching", { game: title }) : t("{game}: you are {seat}", { game: title, seat: name(me) });
  renderStatus();
  renderSeats();
  renderJoin();
  renderInvite();
  renderReactions();
  const position = $("#position");
  position.replaceChildren(...(view ? view.description.split("\n").filter(Boolean).map((line) => h("p", { text: line })) : [h("p", { text: t("The match has not started.") })]));
  grid.render(view?.board ?? null);
  const legal = msg.legal_actions;
  popup.close(false);
  picker.update(legal);
  chooser.update(legal, waitingText());
  bar.update(legal);
  drawBoard();
  renderLog(before);
  renderResult();
  if (before === null || before.status !== msg.status) applyLayout();
}

function waitingText() {
  const msg = page.msg;
  if (msg.status === "open") return t("Waiting for every seat to be taken.");
  if (msg.status === "finished") return t("The match is over.");
  if (msg.status === "ended") return resultText(msg);
  if (page.seat === null) return t("You are watching. {turn}", { turn: whoseTurn() });
  return whoseTurn();
}

function whoseTurn() {
  const msg = page.msg;
  if (!msg || msg.status !== "running") return waitingText();
  const mover = msg.current_player;
  if (mover === page.seat) return t("Your turn.");
  if (mover === null || mover < 0) return t("Waiting for chance.");
  return t("{seat} to move.", { seat: name(mover) });
}

function renderStatus() {
  const msg = page.msg;
  let text = msg.status === "open" ? t("Waiting for players.") : msg.status === "finished" ? t("Finished.")
    : msg.status === "ended" ? resultText(msg) : whoseTurn();
  if (msg.status === "running" && msg.current_player === page.seat) text = t("Your turn, {seat}.", { seat: name(page.seat) });
  if (!page.connected) text = t("Not connected: the moves shown may be out of date.");
  $("#status").textContent = text;
  tickClock();
  showTurnInTab();
}

function renderSeats() {
  const msg = page.msg;
  const list = $("#seats");
  // One panel a seat: who sits there, whether they are here, whose turn (a mark and the
  // words, never the border alone), the clock of the seat to move, and the game's facts
  // of the seat (score or coins, what it holds as far as this viewer may see).
  list.replaceChildren(...msg.seats.map((s) => {
    const bot = String(s.name || "");
    const level = page.meta?.game?.levels?.find((l) => l.bot === bot)?.label ?? bot.slice(1);
    const who = s.kind === "bot" ? (bot.startsWith("@") ? t("bot level {level}", { level }) : t("bot {name}", { name: bot }))
      : s.former ? t("a former player") : s.taken ? (s.name || t("a player")) : t("open seat");
    // A player's own name is the panel's title already; say it once.
    const bits = who === name(s.seat) ? [] : [who];
    const here = s.kind === "bot" || (s.taken && s.connected);
    if (s.kind !== "bot" && s.taken) bits.push(s.connected ? t("connected") : t("away"));
    if (s.seat === page.seat) bits.push(t("you"));
    const moving = msg.status === "running" && msg.current_player === s.seat;
    if (moving) bits.push(t("to move"));
    const colour = page.view?.colours?.[s.seat];  // the game's word; its name says it too
    return h("li", { class: `cc-seat${colour ? ` cc-colour-${colour}` : ""}${moving ? " cc-to-move" : ""}`, "data-seat": s.seat },
      h("span", { class: `cc-dot ${here ? "cc-on" : "cc-off"}`, "aria-hidden": "true" }),
      // The colon is for the screen reader; the panel shows the name above its facts.
      ...labelled(h("strong", { class: "cc-seat-name", text: name(s.seat) }),
        h("span", { class: "cc-seat-facts", text: bits.join(", ") }))
        .map((piece) => (typeof piece === "string" ? h("span", { class: "cc-sr", text: piece }) : piece)),
      moving && clockText() ? clockFact(clockText()) : null,
      factList(page.view?.facts?.[s.seat]));
  }));
  if (msg.spectators) list.append(h("li", { class: "cc-seat", text: tn("{count} watching", "{count} watching", msg.spectators) }));
  const mover = msg.status === "running" ? msg.seats.find((s) => s.seat === msg.current_player) : null;
  const brief = $("#seats-brief") ?? h("span", { id: "seats-brief", class: "cc-help" });
  brief.textContent = mover ? t("{seat} to move", { seat: name(mover.seat) }) : "";
  $("#seats-summary").append(brief);
}

function renderJoin() {
  const host = $("#join");
  const msg = page.msg;
  const typed = $("#join-name")?.value ?? null;  // a state message redraws this: keep it
  host.replaceChildren();
  if (msg.status !== "open") return;
  const mine = heldSeats();
  const free = msg.seats.filter((s) => !s.taken);
  if (!mine.length && free.length) {
    const input = h("input", { id: "join-name", autocomplete: "nickname", "aria-describedby": "join-name-hint", value: typed });
    const hint = h("span", { id: "join-name-hint", class: "cc-help" });
    host.append(h("p", {}, h("label", { for: "join-name", text: t("Your name") }), " ", input, " ", hint));
    const box = nameBox(input, hint);
    for (const s of free) {
      host.append(h("button", { type: "button", onclick: () => join(s.seat, box) }, t("Play as {seat}", { seat: name(s.seat) })), " ");
    }
  }
  const token = held(matchId).host || mine[0]?.token;
  if (token && !free.length) {
    host.append(h("button", { type: "button", onclick: () => start(token) }, t("Start the match")));
  }
  if (free.length) {
    const link = shareLink(matchId);
    const note = shareNote();
    host.append(h("p", {}, t("Share this link for the open seats (it holds no token):"), " ",
      h("a", { href: link, id: "share-link", text: link })));
    if (note) host.append(h("p", { id: "share-note", class: "cc-note", text: note }));
  }
}

// Preset reactions at the table, told to every seat: no free text, so nothing to moderate.
// Each is a whole sentence, the reaction first (what matters), then who said it.
const REACTIONS = [["good_game", N_("Good game")], ["thanks", N_("Thanks")], ["oops", N_("Oops")]];
const REACTED = {
  good_game: (seat) => t("Good game, says {seat}.", { seat }),
  thanks: (seat) => t("Thanks, says {seat}.", { seat }),
  oops: (seat) => t("Oops, says {seat}.", { seat }),
};
let reacting = null;
function renderReactions() {
  if (!reacting) {
    reacting = h("p", { id: "reactions", role: "group", "aria-label": t("Reactions") },
      ...REACTIONS.flatMap(([reaction, words]) => [h("button", { type: "button", "data-reaction": reaction,
        onclick: () => page.socket?.send({ type: "react", reaction }) }, translate(words)), " "]));
    $(".cc-area-side").prepend(reacting);  // beside the table: the board's screen stays whole
  }
  reacting.hidden = page.seat === null || page.seat === undefined;
}

// Inviting into the open seats: for a signed-in player seated here, while the match waits.
let inviting = null;
function renderInvite() {
  const msg = page.msg;
  const free = msg.status === "open" ? msg.seats.filter((s) => !s.taken && s.kind !== "bot").map((s) => s.seat) : [];
  if (!inviting) {
    inviting = inviteForm(matchId, (seat) => name(seat));
    inviting.hidden = true;
    $("#join").after(inviting);
  }
  inviting.seats(free);
  inviting.hidden = !(free.length && heldSeats().length && page.profile);
}

async function join(seat, box) {
  const problem = box.problem();
  if (problem) { say(problem, true); $("#join-name").focus(); return; }
  try {
    const joined = await api(`/api/matches/${encodeURIComponent(matchId)}/seats/${seat}`, { method: "POST", body: { name: box.name() } });
    box.keep();
    keep(matchId, { game: page.meta.game.id, seat, token: joined.token });
    say(t("You took seat {seat}.", { seat: name(seat) }));
    await connect(seat);
  } catch (error) { say(error.message, true); }
}

async function start(token) {
  try { await api(`/api/matches/${encodeURIComponent(matchId)}/start`, { method: "POST", token }); }
  catch (error) { say(error.message, true); }
}

function renderLog(before) {
  // The moves in words, as the server told them to this seat: the whole match when the
  // events start at 0 (a new page, a hot-seat pass), else the moves after the last shown.
  const log = $("#events");
  const view = page.view;
  if (!view) { log.replaceChildren(); return; }
  const sentences = view.events.map((text) => h("li", { text }));
  if ((view.events_from ?? 0) === 0) log.replaceChildren(...sentences);
  else log.append(...sentences);
}

function renderResult() {
  const host = $("#result");
  host.replaceChildren();
  const msg = page.msg;
  if (msg.status === "ended") {
    // Ended by the server's host (camelcade admin end): the reason, and nothing to replay.
    host.append(h("p", { class: "cc-result", text: resultText(msg) }));
    return;
  }
  if (msg.status !== "finished" || !msg.result) return;
  host.append(h("p", { class: "cc-result", text: resultText(msg) }));
  // The final standings, best first; seats sharing a place share its number.
  const ranking = Array.isArray(msg.result.ranking) ? msg.result.ranking : [];
  if (ranking.length) {
    let place = 1;
    host.append(h("h3", { id: "standings-h", text: t("Final standings") }),
      h("ol", { class: "cc-standings", "aria-labelledby": "standings-h" }, ranking.map((group) => {
        const names = group.map((seat) => name(seat)).join(", ");
        const item = h("li", { value: place, text: group.length > 1 ? t("{seats} (a shared place)", { seats: names }) : names });
        place += group.length;
        return item;
      })));
  }
  // What comes next, in one row spaced apart: each a touch target of its own (axe: a link
  // on the button's line once left the button 11 px of its own on a phone).
  const tokens = [...heldSeats().map((s) => s.token), held(matchId).host].filter(Boolean);
  const next = h("p", { class: "cc-result-next" });
  if (msg.rematch_id || tokens.length) {
    next.append(h("button", { type: "button", onclick: () => rematch(tokens) }, msg.rematch_id ? t("Join the rematch") : t("Rematch")), " ");
  }
  if (heldSeats().length && page.profile) {
    next.append(h("button", { type: "button", id: "play-again", onclick: playAgain }, t("Play again with the same people")), " ");
  }
  next.append(h("a", { href: `/replay/${matchId}` }, t("Replay this match")), " ",
    h("a", { href: `/api/matches/${matchId}/record`, download: `${matchId}.json` }, t("Download the record")));
  host.append(next);
}

function resultText(msg) {
  // Worded by the server (camelcade.core.results), in this connection's language: a win,
  // a shared first place or a draw is told the same here as in the terminal.
  return msg.result_text || t("The match is over.");
}

async function rematch(tokens) {
  let first = null;
  for (const token of tokens) {
    try {
      const answer = await api(`/api/matches/${encodeURIComponent(matchId)}/rematch`, { method: "POST", token });
      const id = answer.match.id;
      if (answer.seat === null) keep(id, { game: answer.match.game, host: answer.token });
      else keep(id, { game: answer.match.game, seat: answer.seat, token: answer.token });
      first = first || id;
    } catch (error) { if (!first) say(error.message, true); }
  }
  if (first) location.assign(`/match/${first}`);
}

// A new match of the same game, options and seats: this profile in its seat, the other
// people invited into theirs (they answer in My games), the bots at their levels.
async function playAgain() {
  try {
    const made = await api("/api/me/play-again", { method: "POST", body: { match_id: matchId } });
    keep(made.match_id, { game: page.meta.game.id, seat: made.seat, token: made.token });
    location.assign(`/match/${made.match_id}`);
  } catch (error) { say(error.message, true); }
}

// -- the board --------------------------------------------------------------------------

function drawBoard() {
  if (!page.board || !page.view) return;
  const svg = $("#board-svg");
  const view = { ...page.view, seat: page.seat, current_player: page.msg.current_player,
    seats: page.msg.seats.map((s) => ({ ...s, label: name(s.seat) })),
    last_events: page.update ? page.view.events : page.view.events.slice(-1) };
  try {
    page.board.render(svg, view, {
      seatName: name, selected: page.marks?.selected ?? null, targets: page.marks?.targets ?? new Set(),
      reducedMotion: matchMedia("(prefers-reduced-motion: reduce)").matches,
      theme: matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light",
    });
  } catch (error) { console.error("board render failed", error); }
  markSvg();
  fitTouch(svg);
  boardFrame();
}

// A phone's finger needs 44 px: a board whose spaces (the typical clickable part: the
// median, so a small ticket or die does not decide) come out smaller at the screen's width
// is drawn wider (up to twice) and pans in its frame instead.
const TOUCH = 44;
function fitTouch(svg) {
  svg.style.width = "";
  if (!PHONE.matches || page.settings.screenReader) return;
  const sizes = [...svg.querySelectorAll("[data-cell]")].map((el) => {
    const box = el.getBoundingClientRect();
    return Math.min(box.width, box.height);
  }).filter((size) => size > 0).sort((a, b) => a - b);
  const typical = sizes[Math.floor(sizes.length / 2)];
  if (!typical || typical >= TOUCH) return;
  svg.style.width = `${Math.ceil(svg.getBoundingClientRect().width * Math.min(2, TOUCH / typical))}px`;
}

// On a phone the picture may be taller than its frame and scroll inside it: the frame is
// then a tab stop of its own (keys scroll it), named; otherwise it is no stop at all.
function boardFrame() {
  const host = $("#board-host");
  const scrolls = host.scrollHeight > host.clientHeight + 1 || host.scrollWidth > host.clientWidth + 1;
  if (scrolls === (host.getAttribute("tabindex") === "0")) return;
  if (scrolls) {
    host.setAttribute("tabindex", "0");
    host.setAttribute("role", "region");
    host.setAttribute("aria-label", t("The board's picture (scrolls)"));
  } else for (const name of ["tabindex", "role", "aria-label"]) host.removeAttribute(name);
}
if (typeof ResizeObserver !== "undefined") new ResizeObserver(boardFrame).observe($("#board-host"));

function mark(selected, targets) {
  page.marks = { selected, targets, last: page.lastCells };
  grid.mark(page.marks);
  markSvg();
}

function markSvg() {
  const marks = page.marks ?? { selected: null, targets: new Set() };
  for (const el of $("#board-svg").querySelectorAll("[data-cell]")) {
    const id = el.getAttribute("data-cell");
    el.classList.toggle("cc-selected", marks.selected === id);
    el.classList.toggle("cc-target", marks.targets.has(id));
    el.classList.toggle("cc-last", page.lastCells.has(id));
  }
}

$("#board-svg").addEventListener("click", (event) => {
  const el = event.target.closest("[data-cell]");
  page.anchor = { x: event.clientX, y: event.clientY };  // a choice opens where the click was
  if (el) picker.pick(el.getAttribute("data-cell"));
});

// -- acting and announcing -----------------------------------------------------------------

function act(text) {
  const msg = page.msg;
  if (!msg || !page.socket) return;
  const chosen = msg.legal_actions.find((a) => a.action === text);
  page.lastCells = new Set(chosen?.cells ?? []);
  page.sentAt = performance.now();
  if (!page.socket.act(text, msg.state_id)) {
    const problem = t("Not connected; the move was not sent.");
    page.unsent = true;
    notice(problem);
    say(problem, true);
  }
}

function refused(message) {
  window.__ccRefusals = (window.__ccRefusals || 0) + 1;
  cue("refused", page.settings.sound);
  const stale = message.code === "action/stale_state";
  const text = stale ? t("The position changed before your move arrived; here it is again.") : message.message;
  notice(text);
  say(text, true);
}

function announce(before, msg) {
  const brief = page.settings.verbosity === "brief";
  const view = msg.view;
  const parts = [];
  if (view && page.update) parts.push(...view.events);
  else if (before && !before.view && view?.events?.length) parts.push(...view.events);  // the start, not a return
  else if (before && before.seat !== msg.seat && before.state_id !== msg.state_id && view?.events?.length) {
    // A seat just taken while moves were made: news, not a return. The watching page told
    // the moves up to its last position; this first view of the seat tells the whole match
    // (its log is in the seat's words), so only the last moves, at most one per action.
    parts.push(...view.events.slice(-Math.min(3, Math.max(1, msg.state_id - before.state_id))));
  } else if (before && before.state_id !== msg.state_id && view?.events?.length) {
    const missed = view.events;  // the moves after the position shown before, in words
    parts.push(missed.length <= 3 ? t("Back in the match. {events}", { events: missed.join(" ") })
      : tn("Back in the match; {count} thing happened while you were away, the last: {last}",
        "Back in the match; {count} things happened while you were away, the last: {last}",
        missed.length, { last: missed[missed.length - 1] }));
  }
  const myTurn = msg.status === "running" && msg.current_player === page.seat;
  // A seat just taken counts as a new turn: the watcher was never told "your turn".
  const turnChanged = !before || before.seat !== msg.seat || before.current_player !== msg.current_player || before.status !== msg.status || before.state_id !== msg.state_id;
  if (msg.status === "finished" && before?.status !== "finished") {
    parts.push(t("Game over. {result}", { result: resultText(msg) }));
    cue("over", page.settings.sound);
  }
  if (msg.status === "ended" && before?.status !== "ended") {
    parts.push(resultText(msg));
    cue("over", page.settings.sound);
  }
  const news = (text) => announcer.say(text, { news: true });
  if (myTurn && turnChanged) {
    const n = msg.legal_actions.length;
    news(parts.join(" "));
    announcer.say(brief ? t("Your turn.") : tn("Your turn, {seat}. {count} legal move.", "Your turn, {seat}. {count} legal moves.", n, { seat: name(page.seat) }), { assertive: true, turn: true, news: true });
    cue("turn", page.settings.sound);
    notify();
    return;
  }
  if (view && page.update && view.events.length) cue("move", page.settings.sound);
  if (!brief && msg.status === "running" && turnChanged && parts.length) parts.push(whoseTurn());
  if (!before && !parts.length) parts.push(msg.status === "running" ? whoseTurn() : waitingText());
  news(parts.join(" "));
}

function notify() {
  if (!page.settings.notify || !document.hidden || !("Notification" in window)) return;
  if (Notification.permission !== "granted") return;
  new Notification(t("Your turn in {game}", { game: page.meta.game.title }), { body: page.view?.events?.slice(-1)[0] || t("It is your turn."), tag: matchId });
}

// -- hot-seat ---------------------------------------------------------------------------------

function passDevice(seat) {
  // Nothing of the previous person stays in the page: every region worded for their seat
  // is emptied before the screen asks for the next person.
  page.socket?.close();
  page.socket = null;
  page.passing = seat;
  for (const id of ["#position", "#events", "#seats", "#result", "#status", "#clock"]) $(id).replaceChildren();
  $("#board-svg").replaceChildren();
  grid.render(null);
  chooser.update([], "");
  bar.update([]);
  popup.close(false);
  announcer.clear();
  page.view = null;
  page.msg = null;
  page.history = [];
  $("#match").hidden = true;
  $("#match-title").textContent = t("{game}: pass the device", { game: page.meta.game.title });
  const pass = $("#pass");
  pass.hidden = false;
  $("#pass-h").textContent = t("Pass the device to {seat}", { seat: name(seat) });
  $("#pass-text").textContent = t("It is {seat}'s turn. Hand over the device, then press the button.", { seat: name(seat) });
  $("#pass-ready").textContent = t("I am {seat}: show my view", { seat: name(seat) });
  $("#pass-h").focus();
  say(t("Pass the device to {seat}.", { seat: name(seat) }), true);
}

$("#pass-ready").addEventListener("click", async () => {
  const seat = page.passing;
  page.passing = null;
  $("#pass").hidden = true;
  $("#match").hidden = false;
  await connect(seat);
  if (page.settings.screenReader) $("#act-h").scrollIntoView();
});

// -- clock ------------------------------------------------------------------------------------

// The time left of the seat to move ("4 minutes 10 seconds"), or "" without a clock.
function clockText() {
  const msg = page.msg;
  if (!msg || !msg.deadline || msg.status !== "running") return "";
  return duration(msg.deadline - Date.now() / 1000);
}

function tickClock() {
  const msg = page.msg;
  const clock = $("#clock");
  clock.hidden = !clockText();
  const onPanel = $(".cc-seat-clock");
  if (onPanel) onPanel.textContent = clockText();
  if (clock.hidden) { clock.textContent = ""; return; }
  const left = msg.deadline - Date.now() / 1000;
  clock.textContent = msg.current_player === page.seat ? t("Time left for you: {time}.", { time: duration(left) })
    : t("Time left for {seat}: {time}.", { seat: name(msg.current_player), time: duration(left) });
  if (msg.current_player !== page.seat) return;
  for (const mark of [60, 10]) {
    const key = `${msg.state_id}:${mark}`;
    if (left <= mark && left > mark - 5 && !page.warned.has(key)) {
      page.warned.add(key);
      say(t("{time} left on your clock.", { time: duration(left) }), true);
    }
  }
}
setInterval(tickClock, 1000);

// -- keys and settings ------------------------------------------------------------------------

async function ask(command) {
  const token = page.active === null ? held(matchId).host : tokenOf(page.active);
  try {
    const answer = await api(`/api/web/matches/${encodeURIComponent(matchId)}/ask`, { method: "POST", body: { command }, token });
    say(answer.text);
  } catch (error) { say(error.message, true); }
}

const handlers = {
  help: () => $("#help").showModal(),
  last: () => {
    const events = $("#events").lastElementChild;
    say(events ? events.textContent : t("No move yet."));
  },
  turn: () => say(!page.msg || !page.connected ? $("#status").textContent || t("Not connected.")
    : page.msg.status === "running" ? whoseTurn() : waitingText()),
  scores: () => ask("scores"),
  hand: () => ask("hand"),
  moves: () => {
    const legal = page.msg?.legal_actions ?? [];
    if (!legal.length) { say(t("No moves for you now. {turn}", { turn: whoseTurn() })); return; }
    const brief = page.settings.verbosity === "brief";
    const moves = legal.slice(0, brief ? 5 : 12).map((a) => a.description).join("; ");
    say(legal.length > (brief ? 5 : 12)
      ? tn("{count} move: {moves}; and more in the move list.", "{count} moves: {moves}; and more in the move list.", legal.length, { moves })
      : tn("{count} move: {moves}.", "{count} moves: {moves}.", legal.length, { moves }));
  },
  time: () => say($("#clock").textContent || t("This match has no turn clock.")),
  board: () => say(page.view?.description ?? t("The match has not started.")),
  advisor: () => {
    const advice = page.meta?.commands?.find((c) => c.advisor);
    if (!advice) say(t("No advisor here: it helps only in matches against bots alone."));
    else ask(advice.name);
  },
  grid: () => { if ($("#board-grid").hidden) say(t("This game has no board grid; the position is in words.")); else grid.focusGrid(); },
  act: () => { openMoves(); chooser.focus(); },
  repeat: () => announcer.repeat(),
  verbosity: () => { page.settings = saveSetting("verbosity", page.settings.verbosity === "brief" ? "full" : "brief"); renderSettings(); say(page.settings.verbosity === "brief" ? t("Announcements: brief.") : t("Announcements: full.")); },
  cancel: () => { popup.close(true); picker.reset(); },
};
bindKeys(handlers, { enabled: () => page.passing === null });
$("#help-open").addEventListener("click", handlers.help);

function renderHelp() {
  const rows = KEYS.filter((k) => !k.advisor || page.meta?.advisor).map((k) =>
    h("tr", {}, h("th", { scope: "row" }, h("kbd", { text: k.key })), h("td", { text: translate(k.help) })));
  $("#help-keys").replaceChildren(h("table", {}, h("caption", { text: t("One-key commands (not while typing in a box)") }),
    h("thead", {}, h("tr", {}, h("th", { scope: "col", text: t("Key") }), h("th", { scope: "col", text: t("Says") }))),
    h("tbody", {}, rows)));
}

function renderSettings() {
  renderHelp();
  const host = $("#settings");
  const s = page.settings;
  const verbosity = h("select", { id: "set-verbosity" },
    h("option", { value: "full", text: t("full: moves, whose turn, counts"), selected: s.verbosity === "full" }),
    h("option", { value: "brief", text: t("brief: moves and your turn"), selected: s.verbosity === "brief" }));
  verbosity.addEventListener("change", () => { page.settings = saveSetting("verbosity", verbosity.value); });
  const sound = h("input", { id: "set-sound", type: "checkbox", checked: s.sound });
  sound.addEventListener("change", () => { page.settings = saveSetting("sound", sound.checked); });
  const textBoard = h("input", { id: "set-text-board", type: "checkbox", checked: s.textBoard });
  textBoard.addEventListener("change", () => { page.settings = saveSetting("textBoard", textBoard.checked); applyLayout(); });
  const reader = h("input", { id: "set-reader", type: "checkbox", checked: s.screenReader });
  reader.addEventListener("change", () => { page.settings = saveSetting("screenReader", reader.checked); applyLayout(); });
  const notifyBox = h("input", { id: "set-notify", type: "checkbox", checked: s.notify });
  notifyBox.addEventListener("change", async () => {
    if (notifyBox.checked && "Notification" in window && Notification.permission === "default") await Notification.requestPermission();
    page.settings = saveSetting("notify", notifyBox.checked);
  });
  const commands = (page.meta?.commands ?? []).map((c) =>
    h("button", { type: "button", onclick: () => ask(c.name) }, t("{command}: {help}", { command: c.label ?? c.name, help: c.help })));
  host.replaceChildren(
    h("p", {}, h("label", { for: "set-verbosity", text: t("Announcements") }), " ", verbosity),
    h("p", {}, sound, " ", h("label", { for: "set-sound", text: t("Sounds (a move, your turn, a refusal, the game's end)") })),
    h("p", {}, textBoard, " ", h("label", { for: "set-text-board", text: t("Show the board as text") })),
    h("p", {}, reader, " ", h("label", { for: "set-reader", text: t("Screen reader layout: the page as one document, in reading order") })),
    h("p", {}, notifyBox, " ", h("label", { for: "set-notify", text: t("Notify me when it is my turn and this tab is in the background") })),
    notifyMe(matchId, page.active === null || page.active === undefined ? null : tokenOf(page.active), page.meta),
    commands.length ? h("p", {}, t("Game commands:"), " ", ...commands) : "",
    h("p", {}, h("a", { href: `/rules/${page.meta?.game?.id}` }, t("Rules and notation")), " · ", h("a", { href: "/my" }, t("My games"))));
}

// -- start ------------------------------------------------------------------------------------

selectTab(TABS[0]);
applyLayout();
registerWorker().catch(() => {}); // the page is installable, and push can be chosen

(async () => {
  const mine = heldSeats();
  let seat = mine.length ? mine[0].seat : null;
  try {
    const info = await api(`/api/matches/${encodeURIComponent(matchId)}`);
    if (mine.length > 1 && info.status === "running") {
      // Which person is at the device is not known: start with the pass screen.
      page.meta = await api(`/api/web/matches/${encodeURIComponent(matchId)}`, { token: mine[0].token });
      const now = await api("/api/web/mine", { method: "POST", body: { seats: [{ match_id: matchId, token: mine[0].token }] } });
      const toMove = now.matches[0]?.current_player;
      if (mine.some((s) => s.seat === toMove)) { passDevice(toMove); return; }
    }
    if (mine.length > 1 && info.status === "open") seat = mine[0].seat;
  } catch (error) {
    $("#match-title").textContent = t("No such match");
    say(error.message, true);
    return;
  }
  await connect(seat);
})();
