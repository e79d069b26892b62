// "Notify me" on a match page: a push notification on this device and/or an e-mail when it
// is this seat's turn, the match ends or its clock runs out, sent by the server while no
// page of the seat is open (the service worker sw.js shows the push).

import { api, h } from "./dom.js";
import { t } from "./i18n.js";

export function pushSupported() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

function bytes(key) {
  const raw = atob(key.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - key.length % 4) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

export async function registerWorker() {
  if (!("serviceWorker" in navigator)) return null;
  return navigator.serviceWorker.register("/sw.js", { scope: "/" });
}

// This device's push subscription (asking for the permission first), as JSON for the server.
export async function devicePush() {
  if (Notification.permission === "default") await Notification.requestPermission();
  if (Notification.permission !== "granted") throw new Error(t("Notifications are blocked for this site in the browser's settings."));
  const registration = await registerWorker();
  await navigator.serviceWorker.ready;
  const { key } = await api("/api/web/push/key");
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes(key) });
  return subscription.toJSON();
}

async function subscribePush(matchId, token) {
  const subscription = await devicePush();
  await api(`/api/web/matches/${encodeURIComponent(matchId)}/push`, { method: "POST", body: { subscription }, token });
}

// The "Notify me" group for the settings panel (empty for a spectator or the host).
export function notifyMe(matchId, token, meta) {
  if (!token || meta?.seat == null || !meta.push) return "";
  const status = h("p", { id: "notify-status", role: "status" });
  const push = h("input", { id: "notify-push", type: "checkbox", disabled: !pushSupported() });
  const address = h("input", { id: "notify-address", type: "email", autocomplete: "email" });
  const save = h("button", { type: "button", id: "notify-save" }, t("Save the e-mail address"));
  const path = `/api/web/matches/${encodeURIComponent(matchId)}`;
  api(`${path}/notices`, { method: "POST", token }).then((c) => { push.checked = c.push; }).catch(() => {});
  push.addEventListener("change", async () => {
    try {
      if (push.checked) await subscribePush(matchId, token);
      else await api(`${path}/push`, { method: "POST", body: { subscription: null }, token });
      status.textContent = push.checked ? t("This device will show a notification on your turn.") : t("No more notifications on this device.");
    } catch (error) { push.checked = false; status.textContent = error.message; }
  });
  save.addEventListener("click", async () => {
    const email = address.value.trim();
    try {
      await api(`${path}/email`, { method: "POST", body: { email: email || null }, token });
      status.textContent = email ? t("An e-mail will come on your turn.") : t("No more e-mail; the address is deleted.");
    } catch (error) { status.textContent = error.message; }
  });
  const parts = [h("h3", { id: "notify-h", text: t("Notify me") }),
    h("p", {}, t("When it is your turn, the match ends or your time runs short, and no page of your seat is open.")),
    h("p", {}, push, " ", h("label", { for: "notify-push", text: pushSupported() ? t("A notification on this device") : t("A notification on this device (this browser cannot; install the page first)") }))];
  if (meta.email) parts.push(h("p", {}, h("label", { for: "notify-address", text: t("E-mail address") }), " ", address, " ", save));
  parts.push(status);
  return h("div", { id: "notify-me", role: "group", "aria-labelledby": "notify-h" }, ...parts);
}
