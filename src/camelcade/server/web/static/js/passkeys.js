// Passkeys (WebAuthn) in the browser: the server's options come as JSON with binary fields in
// base64url, and the authenticator's answer goes back the same way; the server checks all of
// it (py_webauthn). This module only converts, asks the browser, and says in the player's
// words why a passkey cannot be used here.

import { api } from "./dom.js";
import { t } from "./i18n.js";

const bytes = (text) => {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
};
const text = (buffer) => btoa(String.fromCharCode(...new Uint8Array(buffer)))
  .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const descriptors = (list) => (list || []).map((d) => ({ ...d, id: bytes(d.id) }));

export function supported() {
  return typeof window.PublicKeyCredential === "function" && !!navigator.credentials;
}

// A browser makes passkeys only for the page's own host name, and never for an IP address:
// the server's options name the host (its public address) the page must be opened at.
function usable(rpId) {
  if (!supported()) throw new Error(t("This browser cannot use passkeys; sign in with an e-mail link or a password."));
  if (location.hostname !== rpId && !location.hostname.endsWith(`.${rpId}`)) {
    const port = location.port ? `:${location.port}` : "";
    throw new Error(t("Passkeys work on this site at {address}; open this page there to use them.", { address: `${location.protocol}//${rpId}${port}/account` }));
  }
}

// The browser's own refusals (the person cancelled, no passkey on the device, time ran out)
// come as DOMExceptions whose messages are English and technical.
function said(error) {
  if (error?.name === "NotAllowedError" || error?.name === "AbortError") {
    return new Error(t("No passkey was used: it was cancelled, or none on this device is for this site."));
  }
  if (error?.name === "InvalidStateError") return new Error(t("This device has a passkey for this profile already."));
  return error;
}

export async function addPasskey(name) {
  const options = await api("/api/me/passkeys/options", { method: "POST" });
  usable(options.rp.id);
  const publicKey = {
    ...options,
    challenge: bytes(options.challenge),
    user: { ...options.user, id: bytes(options.user.id) },
    excludeCredentials: descriptors(options.excludeCredentials),
  };
  let made;
  try {
    made = await navigator.credentials.create({ publicKey });
  } catch (error) {
    throw said(error);
  }
  const credential = {
    id: made.id, rawId: text(made.rawId), type: made.type,
    clientExtensionResults: made.getClientExtensionResults(),
    authenticatorAttachment: made.authenticatorAttachment ?? undefined,
    response: {
      clientDataJSON: text(made.response.clientDataJSON),
      attestationObject: text(made.response.attestationObject),
      transports: made.response.getTransports ? made.response.getTransports() : [],
    },
  };
  return api("/api/me/passkeys", { method: "POST", body: { name, credential } });
}

// Sign in: `conditional` waits quietly for the person to pick a passkey in the address
// field's autofill (where the browser offers it); otherwise the browser asks at once.
export async function signInWithPasskey({ conditional = false, signal } = {}) {
  const options = await api("/api/me/passkeys/signin/options", { method: "POST" });
  usable(options.rpId);
  const publicKey = { ...options, challenge: bytes(options.challenge), allowCredentials: descriptors(options.allowCredentials) };
  let used;
  try {
    used = await navigator.credentials.get({ publicKey, signal, ...(conditional ? { mediation: "conditional" } : {}) });
  } catch (error) {
    throw said(error);
  }
  const credential = {
    id: used.id, rawId: text(used.rawId), type: used.type,
    clientExtensionResults: used.getClientExtensionResults(),
    authenticatorAttachment: used.authenticatorAttachment ?? undefined,
    response: {
      clientDataJSON: text(used.response.clientDataJSON),
      authenticatorData: text(used.response.authenticatorData),
      signature: text(used.response.signature),
      userHandle: used.response.userHandle ? text(used.response.userHandle) : undefined,
    },
  };
  return api("/api/me/passkeys/signin", { method: "POST", body: { credential } });
}

export async function conditionalAvailable() {
  return supported() && typeof PublicKeyCredential.isConditionalMediationAvailable === "function"
    && PublicKeyCredential.isConditionalMediationAvailable().catch(() => false);
}
