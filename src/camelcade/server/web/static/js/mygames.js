// My games: every match this browser holds a seat in (tokens from this browser's storage,
// sent in a request body, never in a URL), those where it is your turn first. The seats
// of the signed-in profile, taken on any browser, are fetched into that storage first.
// Invitations to the profile come first of all (on every browser: they are the profile's),
// and the profile's own invitations, with their answers, after the matches.

import { $, api, duration, h } from "./dom.js";
import { forget, heldMatches, keep } from "./store.js";
import { ready, t, tn } from "./i18n.js";
import { me, syncSeats } from "./me.js";

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

const FATE = { pending: () => t("waiting for an answer"), accepted: () => t("accepted"), declined: () => t("declined"), expired: () => t("expired: the match started or the seat was taken") };

function invitation(i) {
  const id = `invite-${i.id}`;
  return h("li", {}, h("span", { id, text: t("{name} invites you to {game}, as {seat}.", { name: i.player, game: i.title, seat: i.seat_name }) }), " ",
    h("button", { type: "button", "aria-describedby": id, onclick: () => accept(i) }, t("Accept")), " ",
    h("button", { type: "button", "aria-describedby": id, onclick: () => decline(i) }, t("Decline")));
}

async function accept(i) {
  try {
    const taken = await api(`/api/me/invitations/${encodeURIComponent(i.id)}/accept`, { method: "POST" });
    keep(taken.match_id, { game: i.game, seat: taken.seat, token: taken.token });
    location.assign(`/match/${taken.match_id}`);
  } catch (error) { $("#invites-status").textContent = error.message; loadInvitations(); }
}

async function decline(i) {
  try {
    await api(`/api/me/invitations/${encodeURIComponent(i.id)}/decline`, { method: "POST" });
    $("#invites-status").textContent = t("You declined the invitation of {name}.", { name: i.player });
  } catch (error) { $("#invites-status").textContent = error.message; }
  await loadInvitations();
  $("#invites-h").focus();  // the buttons pressed are gone: the section's heading keeps the place
}

async function loadInvitations() {
  const received = $("#my-invites");
  const sent = $("#my-sent");
  let found = { received: [], sent: [] };
  if (await me) {
    try { found = await api("/api/me/invitations"); } catch { /* the matches still show */ }
  }
  received.replaceChildren(...found.received.map(invitation));
  if (!received.children.length) received.append(h("li", { text: t("No invitations.") }));
  sent.replaceChildren(...found.sent.map((i) => h("li", { text: t("{name}, to {game} as {seat}: {fate}", { name: i.player, game: i.title, seat: i.seat_name, fate: (FATE[i.status] ?? FATE.pending)() }) })));
  if (!sent.children.length) sent.append(h("li", { text: t("None.") }));
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
  await loadInvitations();
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
