// The account page: who this browser plays as, keeping the profile by an e-mailed sign-in
// link (whose token arrives after # and is posted, never sent in an address), a password,
// signing out here or everywhere, a token that signs a terminal in, downloading and
// deleting the profile.

import { $, api, h } from "./dom.js";
import { ready, t, tn } from "./i18n.js";
import { me, reload, signedInAs, syncSeats } from "./me.js";

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
  $("#password-form").hidden = !p.kept;
  if (!data.email) $("#link-status").textContent = t("This server sends no e-mail (its operator set no SMTP server).");
}

async function run(status, work) {
  const out = $(status);
  out.textContent = "";
  try { out.textContent = await work(); } catch (error) { out.textContent = error.message; }
}

async function signInWith(token) {
  history.replaceState(null, "", location.pathname + location.search);
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
on("#login-form", "submit", () => run("#login-status", async () => {
  const data = await api("/api/me/login", { method: "POST", body: { email: $("#login-email").value, password: $("#login-password").value } });
  $("#login-password").value = "";
  signedInAs(data);
  show(data);
  await syncSeats();
  return t("This browser is signed in as {name}.", { name: data.profile.name });
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
run("#vacation-status", async () => showVacation(await api("/api/me/vacation")));
showBlocks();
await fromAddress();
