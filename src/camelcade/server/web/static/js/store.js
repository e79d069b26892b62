// What this browser keeps: its seat tokens per match and its settings, in localStorage.
// Tokens never go into a URL: the share link of a match carries none.

const SEATS = "camelcade.seats.v1";
const SETTINGS = "camelcade.settings.v1";

function read(key, fallback) {
  try { return JSON.parse(localStorage.getItem(key)) ?? fallback; } catch { return fallback; }
}

// What is stored may come from an older page or be edited by hand: an entry of another
// shape is left out, never allowed to stop a page from opening.
function wellFormed(entry) {
  return entry !== null && typeof entry === "object" && entry.seats !== null &&
    typeof entry.seats === "object" && !Array.isArray(entry.seats);
}

export function heldMatches() {
  const all = read(SEATS, {});
  if (all === null || typeof all !== "object" || Array.isArray(all)) return {};
  return Object.fromEntries(Object.entries(all).filter(([, entry]) => wellFormed(entry)));
}

export function held(matchId) {
  return heldMatches()[matchId] ?? { seats: {}, host: null, game: null };
}

export function keep(matchId, { game, seat, token, host }) {
  const all = heldMatches();
  const entry = all[matchId] ?? { seats: {}, host: null, game: null, since: Date.now() };
  if (game) entry.game = game;
  if (host) entry.host = host;
  if (seat !== undefined && seat !== null && token) entry.seats[String(seat)] = token;
  all[matchId] = entry;
  localStorage.setItem(SEATS, JSON.stringify(all));
  return entry;
}

export function forget(matchId) {
  const all = heldMatches();
  delete all[matchId];
  localStorage.setItem(SEATS, JSON.stringify(all));
}

// Sounds are off until the person switches them on (one switch for every cue); the
// screen reader layout and the board as text are asked for, never guessed.
export const DEFAULT_SETTINGS = { verbosity: "full", sound: false, notify: false,
  screenReader: false, textBoard: false };

export function settings() { return { ...DEFAULT_SETTINGS, ...read(SETTINGS, {}) }; }

export function saveSetting(name, value) {
  const all = settings();
  all[name] = value;
  localStorage.setItem(SETTINGS, JSON.stringify(all));
  return all;
}
