// This browser's profile: the first visit makes a guest one (the server sets its session
// cookie, which scripts never see), and the answer gives the CSRF token every write sends.
// Seats the profile holds on other browsers come here as seat tokens (GET /api/me/matches)
// and are kept like the seats this browser took itself.

import { api, useCsrf } from "./dom.js";
import { keep } from "./store.js";

async function fetchMe() {
  try {
    const data = await api("/api/me");
    useCsrf(data.csrf);
    return data;
  } catch {
    return null; // the page still works with seat tokens alone
  }
}

export let me = fetchMe();

export function reload() {
  me = fetchMe();
  return me;
}

export function signedInAs(data) {
  useCsrf(data.csrf);
  me = Promise.resolve(data);
}

export async function syncSeats(matchId = null) {
  if (!(await me)) return [];
  try {
    const query = matchId ? `?match_id=${encodeURIComponent(matchId)}` : "";
    const { matches } = await api(`/api/me/matches${query}`);
    for (const m of matches) keep(m.match_id, { game: m.game, seat: m.seat, token: m.token });
    return matches;
  } catch {
    return [];
  }
}
