// Inviting a kept profile by its display name into an open seat (POST /api/me/invitations),
// where a match waits for players: the lobby's "Match created" and the match page. The
// form is made once and only its seat choices change, so a state message arriving while
// someone types never takes their focus or their words.

import { api, h } from "./dom.js";
import { t } from "./i18n.js";

export function inviteForm(matchId, seatName) {
  const name = h("input", { id: "invite-name", autocomplete: "off", spellcheck: "false", required: true, "aria-describedby": "invite-hint" });
  const seat = h("select", { id: "invite-seat" });
  const status = h("p", { id: "invite-status", role: "status" });
  const form = h("form", { id: "invite-form", "aria-labelledby": "invite-h" },
    h("h3", { id: "invite-h", text: t("Invite a player") }),
    h("p", { id: "invite-hint", class: "cc-help", text: t("Their display name, as their profile page shows it. They find the invitation in My games; the seat stays open to anyone until taken.") }),
    h("p", {}, h("label", { for: "invite-name", text: t("Player's name") }), " ", name),
    h("p", {}, h("label", { for: "invite-seat", text: t("Seat") }), " ", seat, " ", h("button", { type: "submit" }, t("Invite"))),
    status);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    status.textContent = "";
    try {
      const made = await api("/api/me/invitations", { method: "POST", body: { match_id: matchId, seat: Number(seat.value), name: name.value.trim() } });
      status.textContent = t("{name} is invited to play as {seat}.", { name: made.player, seat: seatName(made.seat) });
      name.value = "";
    } catch (error) {
      status.textContent = error.message;
      name.focus();
    }
  });
  // The open seats to choose from; the choice made stays while it is still open.
  form.seats = (open) => {
    const chosen = seat.value;
    const wanted = open.map(String);
    if ([...seat.options].map((o) => o.value).join() !== wanted.join()) {
      seat.replaceChildren(...open.map((s) => h("option", { value: s, text: seatName(s) })));
      if (wanted.includes(chosen)) seat.value = chosen;
    }
  };
  return form;
}
