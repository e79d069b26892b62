// Small DOM helpers: every text from the server or a person goes in as text, never HTML.

import { lang, t, tn } from "./i18n.js";

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "text") el.textContent = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export const $ = (selector, root = document) => root.querySelector(selector);

// The CSRF token of this browser's session (me.js sets it from GET /api/me): every write
// carries it, so the server knows the request comes from its own page.
let csrf = null;
export function useCsrf(value) { csrf = value || null; }

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (csrf && method !== "GET") headers["X-CSRF-Token"] = csrf;
  // The server words its answers and refusals in the page's language, whatever chose it.
  const url = new URL(path, window.location.href);
  url.searchParams.set("lang", lang);
  const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = new Error(data?.error?.message || t("{method} {path} failed ({status})", { method, path, status: response.status }));
    error.code = data?.error?.code;
    throw error;
  }
  return data;
}

export function duration(seconds) {
  // "2 days 3 hours", "4 minutes 10 seconds", "9 seconds": what a clock says in words.
  const s = Math.max(0, Math.round(seconds));
  const parts = [
    [86400, (n) => tn("{count} day", "{count} days", n)],
    [3600, (n) => tn("{count} hour", "{count} hours", n)],
    [60, (n) => tn("{count} minute", "{count} minutes", n)],
    [1, (n) => tn("{count} second", "{count} seconds", n)],
  ];
  const words = [];
  let rest = s;
  for (const [size, say] of parts) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n) words.push(say(n));
    if (words.length === 2) break;
  }
  return words.length ? words.join(" ") : tn("{count} second", "{count} seconds", 0);
}
