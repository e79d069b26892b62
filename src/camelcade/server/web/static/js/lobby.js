// The lobby: the games, a match to create (options, seats: me / open / bot level / hot-seat),
// the share link for open seats, and the open and running matches to join or watch.
// A match with a "me" seat is created and joined in one request: a refused name leaves
// no match behind.

import { $, api, h } from "./dom.js";
import { heldMatches, keep } from "./store.js";
import { ready, t, tn } from "./i18n.js";
import { nameBox } from "./names.js";
import { shareLink, shareNote } from "./share.js";
import { me } from "./me.js";

await ready;
await me; // a guest profile at the first visit: the seats taken here are the profile's

let games = [];
let myName = null;

function seatChoices(game) {
  const choices = [["me", t("me (this browser)")], ["open", t("open: someone joins with the link")],
    ["hotseat", t("hot-seat: another person at this device")]];
  for (const level of game.levels) {
    choices.push([`bot:${level.bot}`, level.description
      ? t("bot, {level}: {description}", { level: level.name, description: level.description })
      : t("bot, {level}", { level: level.name })]);
  }
  return choices;
}

function renderGames() {
  $("#games").replaceChildren(...games.map((g) => h("li", { class: "cc-game" },
    h("img", { src: g.assets.picture, alt: "", width: "96", height: "96" }),
    h("div", {}, h("h3", { text: g.title }), h("p", { text: g.summary || "" }),
      h("p", { class: "cc-help", text: g.min_players === g.max_players ? tn("{count} player", "{count} players", g.min_players)
        : t("{min} to {max} players", { min: g.min_players, max: g.max_players }) }),
      h("p", {}, h("a", { href: g.rules }, t("{game} rules", { game: g.title })), " · ",
        h("button", { type: "button", onclick: () => choose(g.id) }, t("New {game} match", { game: g.title })))))));
  $("#create-game").replaceChildren(...games.map((g) => h("option", { value: g.id, text: g.title })));
}

function choose(id) {
  $("#create-game").value = id;
  renderForm();
  $("#create-game").focus();
}

function current() { return games.find((g) => g.id === $("#create-game").value) || games[0]; }

function renderForm() {
  const game = current();
  if (!game) return;
  const players = $("#create-players");
  players.min = game.min_players;
  players.max = game.max_players;
  if (!players.value || players.value < game.min_players || players.value > game.max_players || players.dataset.game !== game.id) players.value = game.default_players;
  players.dataset.game = game.id;
  const options = $("#create-options");
  options.replaceChildren(h("legend", { text: t("Options of {game}", { game: game.title }) }));
  if (!game.options.length) options.append(h("p", { text: t("This game has no options.") }));
  for (const o of game.options) {
    const id = `opt-${o.name}`;
    const help = t("{help}. Default {default}; allowed: {allowed}.", { help: o.help, default: JSON.stringify(o.default), allowed: o.allowed });
    // An option that picks named data (a map) is a list of the names the server offers.
    const input = o.values
      ? h("select", { id, name: o.name, "aria-describedby": `${id}-help` },
        o.values.map((value) => h("option", { value, text: value, selected: value === o.default })))
      : typeof o.default === "boolean"
        ? h("input", { id, type: "checkbox", name: o.name, checked: o.default, "aria-describedby": `${id}-help` })
        : h("input", { id, name: o.name, value: shown(o.default), "aria-describedby": `${id}-help` });
    input.dataset.kind = typeof o.default;
    options.append(h("p", {}, h("label", { for: id, text: o.name }), " ", input,
      h("span", { id: `${id}-help`, class: "cc-help", text: ` ${help}` })));
  }
  renderSeats();
}

function renderSeats() {
  const game = current();
  const count = Number($("#create-players").value) || game.default_players;
  const seats = $("#create-seats");
  const previous = [...seats.querySelectorAll("select")].map((s) => s.value);
  seats.replaceChildren(h("legend", { text: t("Seats") }));
  for (let seat = 0; seat < count; seat++) {
    const id = `seat-${seat}`;
    const select = h("select", { id, name: id }, seatChoices(game).map(([value, text]) => h("option", { value, text })));
    select.value = previous[seat] && [...select.options].some((o) => o.value === previous[seat])
      ? previous[seat] : seat === 0 ? "me" : `bot:${game.levels[0]?.bot ?? "random"}`;
    seats.append(h("p", {}, h("label", { for: id, text: t("Seat {number}", { number: seat + 1 }) }), " ", select));
  }
}

// A match's status (data: open, running, finished, ended) as the page's language says it.
function statusWord(status) {
  if (status === "open") return t("open");
  if (status === "running") return t("running");
  if (status === "finished") return t("finished");
  if (status === "ended") return t("ended by the host");
  return status;
}

function shown(value) {
  if (value === null || value === undefined) return "";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

function parsed(text) {
  // A list option is typed as JSON ([1, 2, 3]); anything else goes as typed and the
  // server says what it allows.
  try { return JSON.parse(text); } catch { return text; }
}

function optionValues(game) {
  const values = {};
  for (const o of game.options) {
    const input = $(`#opt-${CSS.escape(o.name)}`);
    if (input.dataset.kind === "boolean") values[o.name] = input.checked;
    else if (input.dataset.kind === "number" && input.value.trim() !== "" && !Number.isNaN(Number(input.value))) values[o.name] = Number(input.value);
    else if (input.value !== shown(o.default)) values[o.name] = input.dataset.kind === "object" ? parsed(input.value) : input.value;
  }
  return values;
}

async function create(event) {
  event.preventDefault();
  const game = current();
  const error = $("#create-error");
  error.textContent = "";
  const choices = [...$("#create-seats").querySelectorAll("select")].map((s) => s.value);
  if (choices.filter((c) => c === "me").length > 1) {
    error.textContent = t("Only one seat can be 'me'; give the other people at this device hot-seat seats.");
    return;
  }
  const me = choices.indexOf("me");
  const problem = me >= 0 ? myName.problem() : "";
  if (problem) {
    error.textContent = problem;
    $("#create-name").focus();
    return;
  }
  const seats = choices.map((c) => c === "me" || c === "open" ? { kind: "open" }
    : c === "hotseat" ? { kind: "hotseat" } : { kind: "bot", bot: c.slice(4) });
  const body = { game: game.id, options: { ...optionValues(game), players: choices.length }, seats, auto_start: true };
  if (me >= 0) body.join = { seat: me, name: myName.name() };
  const timer = $("#create-timer").value;
  if (timer) body.turn_timer = { seconds: Number(timer), on_timeout: "bot", bot: "random" };
  try {
    const created = await api("/api/matches", { method: "POST", body });
    const id = created.match.id;
    keep(id, { game: game.id, host: created.host_token });
    for (const [seat, token] of Object.entries(created.seat_tokens)) keep(id, { seat: Number(seat), token });
    if (me >= 0) {
      keep(id, { seat: created.seat, token: created.token });
      myName.keep();
    }
    if (!choices.includes("open")) { location.assign(`/match/${id}`); return; }
    const link = shareLink(id);
    const note = shareNote();
    const box = $("#created");
    box.hidden = false;
    box.replaceChildren(h("h3", { tabindex: "-1", id: "created-h", text: t("Match created") }),
      h("p", {}, t("Send this link to the players of the open seats (it holds no token):"), " ",
        h("a", { href: link, id: "share-link", text: link })),
      note ? h("p", { id: "share-note", class: "cc-note", text: note }) : null,
      h("p", {}, h("button", { type: "button", onclick: () => navigator.clipboard?.writeText(link) }, t("Copy the link")), " ",
        h("a", { href: `/match/${id}` }, t("Go to the match"))));
    $("#created-h").focus();
    loadMatches();
  } catch (failure) {
    error.textContent = failure.message;
  }
}

async function loadMatches() {
  const host = $("#matches");
  try {
    const { matches } = await api("/api/matches");
    const mine = heldMatches();
    if (!matches.length) { host.replaceChildren(h("p", { text: t("No open or running match.") })); return; }
    const title = (id) => games.find((g) => g.id === id)?.title ?? id;
    host.replaceChildren(h("table", { class: "cc-table" },
      h("caption", { text: t("Newest first") }),
      h("thead", {}, h("tr", {}, [t("Game"), t("Status"), t("Seats"), t("Actions")].map((text) => h("th", { scope: "col", text })))),
      h("tbody", {}, matches.map((m) => {
        const open = m.seats.filter((s) => !s.taken).length;
        const seats = m.seats.map((s) => s.kind === "bot" ? t("bot {name}", { name: String(s.bot || "").replace(/^@/, "") }) : s.former ? t("a former player") : s.taken ? (s.name || t("player")) : t("open")).join(", ");
        const link = mine[m.id] ? t("Open (your seat)") : m.status === "open" && open ? tn("Join ({count} open)", "Join ({count} open)", open) : t("Watch");
        return h("tr", {}, h("td", { text: title(m.game) }), h("td", { text: statusWord(m.status) }), h("td", { text: seats }),
          h("td", {}, h("a", { href: `/match/${m.id}`, "aria-label": t("{link}: {game}, {seats}", { link, game: title(m.game), seats }) }, link)));
      }))));
  } catch (error) { host.replaceChildren(h("p", { text: error.message })); }
}

(async () => {
  myName = nameBox($("#create-name"), $("#create-name-hint"));
  games = await api("/api/web/games");
  renderGames();
  renderForm();
  $("#create-game").addEventListener("change", renderForm);
  $("#create-players").addEventListener("change", renderSeats);
  $("#create").addEventListener("submit", create);
  $("#refresh").addEventListener("click", loadMatches);
  await loadMatches();
  if (location.hash === "#create") $("#create-game").focus();
})();
