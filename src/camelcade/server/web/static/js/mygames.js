// My games: every match this browser holds a seat in (tokens from this browser's storage,
// sent in a request body, never in a URL), those where it is your turn first. The seats
// of the signed-in profile, taken on any browser, are fetched into that storage first.

import { $, api, duration, h } from "./dom.js";
import { forget, heldMatches } from "./store.js";
import { ready, t, tn } from "./i18n.js";
import { syncSeats } from "./me.js";

await ready;

function item(m) {
  if (m.gone) return h("li", {}, t("Match {id} is gone.", { id: m.match_id }), " ", h("button", { type: "button", onclick: () => { forget(m.match_id); load(); } }, t("Forget it")));
  // The server counts the time left, so a device whose own clock is wrong shows it right.
  const left = m.time_left != null ? duration(m.time_left) : null;
  const away = m.current_player != null ? m.away_until?.[m.current_player] : null;
  const state = m.status === "finished" || m.status === "ended" ? m.result : m.status === "open" ? t("waiting for players.")
    : away ? t("{seat} is on vacation until {date}.", { seat: m.to_move, date: new Date(away * 1000).toLocaleDateString(document.documentElement.lang) })
      : m.your_turn ? (left ? t("your turn. {time} left.", { time: left }) : t("your turn."))
        : left ? t("{seat} to move. {time} left.", { seat: m.to_move, time: left }) : t("{seat} to move.", { seat: m.to_move });
  const link = h("a", { href: `/match/${m.match_id}` }, m.seat_name == null ? t("{game}, as host", { game: m.title })
    : t("{game}, as {seat}", { game: m.title, seat: m.seat_name }));
  return h("li", {}, link, t(": {state}", { state }));
}

async function subscribe(entries) {
  const address = $("#mail-address").value.trim();
  const status = $("#mail-status");
  let done = 0;
  for (const [id, token] of entries) {
    try { await api(`/api/web/matches/${encodeURIComponent(id)}/email`, { method: "POST", body: { email: address || null }, token }); done += 1; }
    catch (error) { status.textContent = error.message; return; }
  }
  status.textContent = address ? tn("E-mail on your turn set for {count} seat.", "E-mail on your turn set for {count} seats.", done)
    : tn("E-mail stopped for {count} seat.", "E-mail stopped for {count} seats.", done);
}

async function load() {
  await syncSeats();
  const all = heldMatches();
  const seats = [];
  for (const [matchId, entry] of Object.entries(all)) {
    for (const token of Object.values(entry.seats)) seats.push({ match_id: matchId, token });
  }
  const lists = { turn: $("#my-turn"), wait: $("#my-wait"), done: $("#my-done") };
  for (const list of Object.values(lists)) list.replaceChildren();
  const { matches } = seats.length ? await api("/api/web/mine", { method: "POST", body: { seats: seats.slice(0, 100) } }) : { matches: [] };
  for (const m of matches) (m.your_turn ? lists.turn : m.status === "finished" || m.status === "ended" ? lists.done : lists.wait).append(item(m));
  for (const [name, list] of Object.entries(lists)) if (!list.children.length) list.append(h("li", { text: name === "turn" ? t("It is your turn nowhere.") : t("None.") }));
  const running = seats.filter((s) => matches.find((m) => m.match_id === s.match_id && m.status !== "finished" && m.status !== "ended"));
  $("#mail").replaceChildren(
    h("p", { text: t("The server sends one short e-mail when it becomes your turn and no page of your seat is open. The address is kept until you unsubscribe, and deleted a week after the match ends.") }),
    h("p", {}, h("label", { for: "mail-address", text: t("E-mail address") }), " ", h("input", { id: "mail-address", type: "email", autocomplete: "email" }), " ",
      h("button", { type: "button", onclick: () => subscribe(running.map((s) => [s.match_id, s.token])) }, t("Save for my running games"))),
    h("p", { id: "mail-status", role: "status" }));
}

load();
