// The account page: who this browser plays as, keeping the profile by an e-mailed sign-in
// link (whose token arrives after # and is posted, never sent in an address), a password,
// passkeys, signing out here or everywhere, a token that signs a terminal in, downloading
// and deleting the profile.

import { $, api, h } from "./dom.js";
import { ready, t, tn } from "./i18n.js";
import { me, reload, signedInAs, syncSeats } from "./me.js";
import { devicePush, pushSupported } from "./notices.js";
import { addPasskey, conditionalAvailable, signInWithPasskey } from "./passkeys.js";

await ready;

function show(data) {
  if (!data) {
    $("#account-who").textContent = t("The server could not be reached; reload the page.");
    return;
  }
  const p = data.profile;
  $("#account-who").textContent = p.kept
    ? t("You play as {name}; your profile is kept by {email}.", { name: p.name, email: p.email })
    : t("You play as {name}, a guest: only this browser holds your profile. Add an e-mail address to keep it.", { name: p.name });
  $("#profile-name").value = p.name;
  $("#profile-page").href = `/player/${encodeURIComponent(p.id)}`;
  $("#password-form").hidden = !p.kept;
  $("#passkey-kept").hidden = !p.kept;
  if (p.kept) listPasskeys();
  if (!data.email) $("#link-status").textContent = t("This server sends no e-mail (its operator set no SMTP server).");
}

async function run(status, work) {
  const out = $(status);
  out.textContent = "";
  try { out.textContent = await work(); } catch (error) { out.textContent = error.message; }
}

async function signInWith(token) {
  history.replaceState(null, "", location.pathname + location.search);
  quiet();
  await me;
  await run("#signin-status", async () => {
    const data = await api("/api/me/signin", { method: "POST", body: { token } });
    signedInAs(data);
    show(data);
    await syncSeats();
    return t("This browser is signed in as {name}.", { name: data.profile.name });
  });
}

function on(selector, event, handler) {
  $(selector).addEventListener(event, (e) => { e.preventDefault(); handler(); });
}

on("#name-form", "submit", () => run("#name-status", async () => {
  const data = await api("/api/me", { method: "PATCH", body: { name: $("#profile-name").value } });
  show({ ...(await me), profile: data.profile });
  return t("Your name is now {name}.", { name: data.profile.name });
}));
on("#link-form", "submit", () => run("#link-status", async () =>
  (await api("/api/me/link", { method: "POST", body: { email: $("#link-email").value } })).message));
on("#password-form", "submit", () => run("#password-status", async () => {
  await api("/api/me/password", { method: "PUT", body: { password: $("#new-password").value } });
  $("#new-password").value = "";
  return t("Your password is saved.");
}));
async function signedIn(data) {
  quiet();
  signedInAs(data);
  show(data);
  await syncSeats();
  return t("This browser is signed in as {name}.", { name: data.profile.name });
}

on("#login-form", "submit", () => run("#login-status", async () => {
  const data = await api("/api/me/login", { method: "POST", body: { email: $("#login-email").value, password: $("#login-password").value } });
  $("#login-password").value = "";
  return signedIn(data);
}));

const when = (seconds) => new Date(seconds * 1000).toLocaleString(document.documentElement.lang);

function passkeyItem(key) {
  const used = key.used_at === null
    ? t("added {created}, never used yet", { created: when(key.created_at) })
    : t("added {created}, last used {used}", { created: when(key.created_at), used: when(key.used_at) });
  const remove = h("button", {
    type: "button",
    "aria-label": t("Remove the passkey {name}", { name: key.name }),
    onclick: () => run("#passkey-status", async () => {
      const left = await api(`/api/me/passkeys/${encodeURIComponent(key.id)}`, { method: "DELETE" });
      showPasskeys(left.passkeys);
      $("#passkey-name").focus();
      return t("The passkey {name} is removed; it no longer signs in.", { name: key.name });
    }),
  }, t("Remove"));
  return h("li", {}, h("strong", { text: key.name }), " ", used, " ", remove);
}

function showPasskeys(list) {
  $("#passkey-list").replaceChildren(...(list.length ? list.map(passkeyItem) : [h("li", { text: t("No passkey yet.") })]));
}

async function listPasskeys() {
  try { showPasskeys((await api("/api/me/passkeys")).passkeys); } catch (error) { $("#passkey-status").textContent = error.message; }
}

on("#passkey-form", "submit", () => run("#passkey-status", async () => {
  const name = $("#passkey-name").value;
  quiet();
  const made = await addPasskey(name);
  $("#passkey-name").value = "";
  await listPasskeys();
  return t("The passkey {name} is added: it signs this profile in on any browser that can use it.", { name: made.name });
}));

// Conditional UI: where the browser offers passkeys in the address field's autofill, a
// guest's page has a request waiting there from the start; the button asks at once, and
// any other sign-in or a new passkey ends the waiting one (a browser runs one at a time).
let waiting = null;

function quiet() {
  waiting?.abort();
  waiting = null;
}

async function offerInAutofill() {
  const data = await me;
  if (!data || data.profile.kept || data.passkeys !== location.hostname) return;
  if (!(await conditionalAvailable())) return;
  waiting = new AbortController();
  const signal = waiting.signal;
  try {
    const data = await signInWithPasskey({ conditional: true, signal });
    $("#passkey-signin-status").textContent = await signedIn(data);
  } catch (error) {
    // Quiet until someone picked a passkey: only the server's refusal of one is news (a
    // page opened at another address, or no passkey chosen, says nothing unasked).
    if (!signal.aborted && error.code) $("#passkey-signin-status").textContent = error.message;
  }
}

on("#passkey-signin", "click", () => run("#passkey-signin-status", async () => {
  quiet();
  return signedIn(await signInWithPasskey());
}));
on("#signout", "click", () => run("#data-status", async () => {
  await api("/api/me/signout", { method: "POST" });
  show(await reload());
  return t("You are signed out; this browser plays as a new guest.");
}));
on("#signout-all", "click", () => run("#data-status", async () => {
  await api("/api/me/signout-everywhere", { method: "POST" });
  show(await reload());
  return t("You are signed out on every browser.");
}));
on("#terminal-new", "click", () => run("#terminal-status", async () => {
  const made = await api("/api/me/terminal-token", { method: "POST" });
  $("#terminal-command").value = made.command;
  $("#terminal-token").value = made.token;
  $("#terminal-out").hidden = false;
  $("#terminal-token").focus();
  $("#terminal-token").select();
  return t("A terminal token is ready: run the command, then paste the token when it asks. It is shown only this once.");
}));
on("#terminal-copy", "click", () => run("#terminal-status", async () => {
  const box = $("#terminal-token");
  box.focus();
  box.select();
  if (navigator.clipboard) await navigator.clipboard.writeText(box.value);
  else document.execCommand("copy");
  return t("The token is copied.");
}));
on("#delete", "click", () => {
  if (!window.confirm(t("Delete your profile? Your name, address, password and sessions are deleted; your matches stay, showing you as a former player."))) return;
  run("#data-status", async () => {
    await api("/api/me", { method: "DELETE" });
    show(await reload());
    return t("Your profile is deleted.");
  });
});

function showVacation(v) {
  const date = v.away_until ? new Date(v.away_until * 1000).toLocaleDateString(document.documentElement.lang) : null;
  $("#vacation-end").hidden = !date;
  $("#vacation-form").hidden = !!date;
  const left = tn("{count} day of vacation is left this year.", "{count} days of vacation are left this year.", v.days_left);
  return date ? t("You are on vacation until {date}. {left}", { date, left }) : left;
}

on("#vacation-form", "submit", () => run("#vacation-status", async () =>
  showVacation(await api("/api/me/vacation", { method: "POST", body: { days: Number($("#vacation-days").value) } }))));
on("#vacation-end", "click", () => run("#vacation-status", async () =>
  showVacation(await api("/api/me/vacation", { method: "DELETE" }))));

// Notices for every seat of the profile: mail to its address, pushes to one device.
function showNotices(n) {
  const mail = $("#notices-email");
  mail.checked = n.email;
  mail.disabled = !n.address || !n.email_available;
  $("#notices-push").checked = n.push;
  $("#notices-push").disabled = !pushSupported();
  if (!n.email_available) return t("This server sends no e-mail (its operator set no SMTP server).");
  if (!n.address) return t("Keep your profile with an e-mail address to have notices mailed.");
  return n.email ? t("Notices are mailed to {address}.", { address: n.address }) : "";
}

$("#notices-email").addEventListener("change", () => run("#notices-status", async () =>
  showNotices(await api("/api/me/notices/email", { method: "PUT", body: { on: $("#notices-email").checked } }))));
$("#notices-push").addEventListener("change", () => run("#notices-status", async () => {
  const on = $("#notices-push").checked;
  try {
    const subscription = on ? await devicePush() : null;
    showNotices(await api("/api/me/notices/push", { method: "PUT", body: { subscription } }));
  } catch (error) {
    $("#notices-push").checked = !on;
    throw error;
  }
  return on ? t("This device will show a notification from any of your matches.") : t("No more notifications on this device.");
}));

// Quiet hours are in the browser's own time zone, which the page sends with them.
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

function showQuiet(q) {
  $("#quiet-off").hidden = !q.start;
  if (!q.start) return t("No quiet hours: notices come at any time.");
  $("#quiet-start").value = q.start;
  $("#quiet-end").value = q.end;
  return t("Quiet from {start} until {end} ({zone}).", { start: q.start, end: q.end, zone: q.zone });
}

on("#quiet-form", "submit", () => run("#quiet-status", async () => showQuiet(await api("/api/me/quiet-hours", {
  method: "PUT", body: { start: $("#quiet-start").value, end: $("#quiet-end").value, zone } }))));
on("#quiet-off", "click", () => run("#quiet-status", async () =>
  showQuiet(await api("/api/me/quiet-hours", { method: "DELETE" }))));

// The players this profile blocks, each with its Unblock button (blocking is on their page).
async function showBlocks(status = "") {
  const list = $("#blocks");
  let blocked = [];
  try { ({ blocked } = await api("/api/me/blocks")); } catch { /* not signed in: none */ }
  list.replaceChildren(...blocked.map((b) => h("li", {}, h("a", { href: `/player/${b.id}`, text: b.name }), " ",
    h("button", { type: "button", onclick: () => unblock(b) }, t("Unblock {name}", { name: b.name })))));
  if (!blocked.length) list.append(h("li", { text: t("Nobody is blocked.") }));
  $("#blocks-status").textContent = status;
}

async function unblock(b) {
  try {
    await api(`/api/me/blocks/${encodeURIComponent(b.id)}`, { method: "DELETE" });
    await showBlocks(t("{name} is unblocked.", { name: b.name }));
  } catch (error) { $("#blocks-status").textContent = error.message; }
  $("#blocks-h").focus();
}

// The link's token, at load or pasted into this very page's address (only the # changes).
async function fromAddress() {
  const found = location.hash.match(/^#signin=([\w.-]{1,128})$/);
  if (found) await signInWith(found[1]);
}

window.addEventListener("hashchange", fromAddress);
show(await me);
await fromAddress();  // a sign-in first: it may merge this guest into another profile
run("#vacation-status", async () => showVacation(await api("/api/me/vacation")));
run("#quiet-status", async () => showQuiet(await api("/api/me/quiet-hours")));
run("#notices-status", async () => showNotices(await api("/api/me/notices")));
showBlocks();
offerInAutofill();
