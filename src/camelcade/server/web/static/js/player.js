// A public profile page: a kept, signed-in visitor may block the player (their invitations
// are then refused, and they are not told) or unblock them. Nothing shows for anyone else.

import { $, api, h } from "./dom.js";
import { ready, t } from "./i18n.js";
import { me } from "./me.js";

await ready;

const profileId = decodeURIComponent(location.pathname.split("/").pop());
const host = $("#block");
const signed = await me;

async function show(status = "") {
  const { blocked } = await api(`/api/me/blocks/${encodeURIComponent(profileId)}`);
  const button = h("button", { type: "button", id: "block-button", onclick: () => toggle(blocked) },
    blocked ? t("Unblock this player") : t("Block this player"));
  host.replaceChildren(h("h2", { id: "block-h", text: t("Invitations") }),
    h("p", { id: "block-hint", text: blocked ? t("You block this player: their invitations are refused.")
      : t("Blocking refuses this player's invitations; they are not told.") }),
    h("p", {}, button), h("p", { id: "block-status", role: "status", text: status }));
}

async function toggle(blocked) {
  try {
    await api(`/api/me/blocks/${encodeURIComponent(profileId)}`, { method: blocked ? "DELETE" : "PUT" });
    await show(blocked ? t("Unblocked: this player's invitations reach you again.") : t("Blocked: this player's invitations are refused."));
    $("#block-button").focus();
  } catch (error) { $("#block-status").textContent = error.message; }
}

if (signed?.profile?.kept && signed.profile.id !== profileId) show().catch(() => {});
