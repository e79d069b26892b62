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
import { inviteForm } from "./invite.js";

await ready;
await me; // a guest profile at the first visit: the seats taken here are the profile's

let games = [];
let myName = null;

function seatChoices(game) {
  const choices = [["me", t("me (this browser)")], ["open", t("open: someone joins with the link")],
    ["hotseat", t("hot-seat: another person at this device")]];
  for (const level of game.levels) {
    choices.push([`bot:${level.bot}`, level.description
      ? t("bot, {level}: {description}", { level: level.label ?? level.name, description: level.description })
      : t("bot, {level}", { level: level.label ?? level.name })]);
  }
  return choices;
}

function renderGames() {
  $("#games").replaceChildren(...games.map((g) => h("li", { class: "cc-game" },
    h("img", { src: g.assets.picture, alt: "", width: "96", height: "96" }),
    h("div", {}, h("h3", { text: g.title }), h("p", { text: g.summary || "" }),
      h("p", { class: "cc-help", text: g.min_players === g.max_players ? tn("{count} player", "{count} players", g.min_players)
        : t("{min} to {max} players", { min: g.min_players, max: g.max_players }) }),
      h("p", {}, g.learn ? [h("a", { href: g.learn }, t("Learn to play {game}", { game: g.title })), " · "] : null,
        h("a", { href: g.rules }, t("{game} rules", { game: g.title })), " · ",
        h("a", { href: `/leaderboard/${encodeURIComponent(g.id)}` }, t("{game} leaderboard", { game: g.title })), " · ",
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
  if (game.presets.length) {
    // The rulebook's named ways to play first; choosing one sets the controls below.
    const select = h("select", { id: "create-preset", name: "preset", "aria-describedby": "create-preset-help" },
      game.presets.map((preset, index) => h("option", { value: String(index), text: preset.name })));
    select.addEventListener("change", () => applyPreset(game));
    options.append(h("p", {}, h("label", { for: "create-preset", text: t("Way to play") }), " ", select, " ",
      h("span", { id: "create-preset-help", class: "cc-help" })));
  }
  if (!game.options.length) options.append(h("p", { text: t("This game has no options.") }));
  else options.append(h("details", { id: "more-options" }, h("summary", { text: t("More options") }),
    ...game.options.map((o) => optionControl(o))));
  applyPreset(game);
  renderSeats();
}

// The control of one option, labelled in players' words (the code's name never shows):
// a stepper within its bounds, a choice list, a checkbox, or one small stepper per number.
function optionControl(o) {
  const id = `opt-${o.name}`;
  const help = h("span", { id: `${id}-help`, class: "cc-help", text: o.explain });
  const c = o.control;
  if (c.kind === "numbers") {
    const steppers = [];
    for (let i = 0; i < c.length; i++) {
      const one = `${id}-${i}`;
      steppers.push(h("span", { class: "cc-stepper" }, h("label", { for: one, text: c.item.replace("{number}", String(i + 1)) }), " ",
        h("input", { id: one, type: "number", inputmode: "numeric", min: String(c.low), max: String(c.high), step: "1", size: "3", "data-option": o.name })), " ");
    }
    return h("fieldset", { id, class: "cc-numbers", "aria-describedby": `${id}-help` }, h("legend", { text: o.label }), h("p", {}, help), h("p", {}, ...steppers));
  }
  let input;
  if (c.kind === "choice" || o.values) {
    const choices = c.kind === "choice" ? c.choices : o.values.map((value) => ({ value, label: value }));
    input = h("select", { id, name: o.name, "aria-describedby": `${id}-help` },
      choices.map((choice) => h("option", { value: encoded(choice.value), text: choice.label })));
  } else if (c.kind === "flag") input = h("input", { id, type: "checkbox", name: o.name, "aria-describedby": `${id}-help` });
  else if (c.kind === "number") input = h("input", { id, type: "number", inputmode: "numeric", name: o.name, min: String(c.low), max: String(c.high), step: "1", "aria-describedby": `${id}-help` });
  else input = h("input", { id, name: o.name, "aria-describedby": `${id}-help` });
  return c.kind === "flag" ? h("p", {}, input, " ", h("label", { for: id, text: o.label }), " ", help)
    : h("p", {}, h("label", { for: id, text: o.label }), " ", input, " ", help);
}

// A choice's value in its <option>: a name as it is, any other value (2, true, null) as JSON.
function encoded(value) { return typeof value === "string" ? value : JSON.stringify(value); }

function choicesOf(o) {
  return o.control.kind === "choice" ? o.control.choices : (o.values || []).map((value) => ({ value, label: value }));
}

function setOption(o, value) {
  const id = `opt-${o.name}`;
  const c = o.control;
  if (c.kind === "numbers") {
    (value || []).forEach((number, i) => { const input = document.getElementById(`${id}-${i}`); if (input) input.value = String(number); });
    return;
  }
  const input = document.getElementById(id);
  if (!input) return;
  if (c.kind === "choice" || o.values) {
    input.value = encoded(value);
  } else if (c.kind === "flag") input.checked = Boolean(value);
  else input.value = value === null || value === undefined ? "" : String(value);
}

function applyPreset(game) {
  const select = $("#create-preset");
  const preset = select ? game.presets[Number(select.value)] : null;
  if (select) $("#create-preset-help").textContent = preset?.sentence ?? "";
  for (const o of game.options) setOption(o, preset && o.name in preset.options ? preset.options[o.name] : o.default);
}

// Each option's value as the control holds it; a number out of its bounds is said here,
// with the player's label, rather than by the server with the code's name.
function optionValue(o) {
  const id = `opt-${o.name}`;
  const c = o.control;
  const whole = (input, label) => {
    const number = Number(input.value);
    if (input.value.trim() === "" || !Number.isInteger(number) || number < c.low || number > c.high) {
      throw Object.assign(new Error(t("{label} must be a whole number from {low} to {high}.", { label, low: c.low, high: c.high })), { input });
    }
    return number;
  };
  if (c.kind === "numbers") {
    return Array.from({ length: c.length }, (_, i) => whole(document.getElementById(`${id}-${i}`), `${o.label}, ${c.item.replace("{number}", String(i + 1))}`));
  }
  const input = document.getElementById(id);
  if (c.kind === "choice" || o.values) {
    const chosen = choicesOf(o).find((choice) => encoded(choice.value) === input.value);
    return chosen ? chosen.value : input.value;  // a value forced in goes as it is: the server refuses it
  }
  if (c.kind === "flag") return input.checked;
  if (c.kind === "number") return whole(input, o.label);
  return input.value;
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
    seats.append(h("p", {}, h("label", { for: id, text: t("Player {number}", { number: seat + 1 }) }), " ", select));
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

function optionValues(game) {
  // Only what differs from the game's defaults is sent: a default the game works out
  // itself (a count that depends on the players) stays the game's to work out.
  const values = {};
  for (const o of game.options) {
    const value = optionValue(o);
    if (JSON.stringify(value) !== JSON.stringify(o.default)) values[o.name] = value;
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
  let options;
  try { options = optionValues(game); } catch (wrong) {
    error.textContent = wrong.message;
    $("#more-options").open = true;
    wrong.input?.focus();
    return;
  }
  const body = { game: game.id, options: { ...options, players: choices.length }, seats, auto_start: true,
    rated: $("#create-rated").checked };
  if (me >= 0) body.join = { seat: me, name: myName.name() };
  const timer = $("#create-timer").value;
  if (timer) {
    // More than an hour a move is a correspondence clock: only there does a bank mean something.
    const seconds = Number(timer);
    const kind = seconds > 3600 ? "correspondence" : "live";
    body.turn_timer = { seconds, kind, on_timeout: $("#create-on-timeout").value, bot: "random" };
    const bank = $("#create-bank").value;
    if (bank && kind === "correspondence") body.turn_timer.bank_seconds = Number(bank);
  }
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
    if (me >= 0) {  // seated here: invite people by name into the open seats
      const form = inviteForm(id, (seat) => t("Player {number}", { number: seat + 1 }));
      form.seats(choices.flatMap((c, seat) => c === "open" ? [seat] : []));
      box.append(form);
    }
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

// The form comes with its button disabled and marked busy: an Enter pressed before the
// games are here would otherwise submit it natively (a GET of the lobby, nothing created).
(async () => {
  myName = nameBox($("#create-name"), $("#create-name-hint"));
  try { games = await api("/api/web/games"); } catch (failure) {
    $("#create-error").textContent = t("The games could not be loaded ({reason}); reload the page.", { reason: failure.message });
    return;
  }
  renderGames();
  renderForm();
  $("#create-game").addEventListener("change", renderForm);
  $("#create-players").addEventListener("change", renderSeats);
  $("#create").addEventListener("submit", create);
  $("#refresh").addEventListener("click", loadMatches);
  $("#create-submit").disabled = false;
  $("#create").removeAttribute("aria-busy");
  await loadMatches();
  if (location.hash === "#create") $("#create-game").focus();
})();
