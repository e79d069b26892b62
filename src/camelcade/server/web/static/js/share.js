// The share link of a match's open seats, built from the server's public address when its
// operator set one (--public-url): the address this page was opened at may be one only
// this computer reaches (http://127.0.0.1:8000). When no friend could follow the link,
// the note next to it says so and how to serve others.

import { t } from "./i18n.js";

const meta = (name) => document.querySelector(`meta[name="${name}"]`)?.content ?? "";
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

export function shareLink(matchId) {
  return `${meta("camelcade-public-url") || location.origin}/match/${encodeURIComponent(matchId)}`;
}

// Why friends may not reach the link, or "" when they can.
export function shareNote() {
  if (meta("camelcade-public-url")) return "";
  if (meta("camelcade-listens") === "loopback") {
    return t("This server listens on this computer only, so no one else can open this link. To play with others, start it with 'camelcade serve --host 0.0.0.0 --public-url' followed by the address they reach this computer at.");
  }
  if (LOOPBACK.test(location.hostname)) {
    return t("This link names this computer's own address ({host}), which only this computer reaches. Send others the address they reach it at, or start the server with --public-url.", { host: location.host });
  }
  return "";
}
