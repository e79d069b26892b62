// The websocket of one seat (or a spectator): hello, then state messages; reconnects with
// backoff and resynchronises by state_id, so a dropped connection never leaves a stale board.
// hello and resync name the last state shown, so the server tells the moves after it in
// words (view.events); a new page names 0 and gets every move of the match.

import { lang } from "./i18n.js";

export class MatchSocket {
  constructor(matchId, token, handlers) {
    this.matchId = matchId;
    this.token = token;
    this.handlers = handlers;
    this.attempt = 0;
    this.closedByUs = false;
    this.ws = null;
    this.stateId = -1;
    this.pingTimer = null;
  }

  open() {
    this.closedByUs = false;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/matches/${encodeURIComponent(this.matchId)}`);
    this.ws = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: "hello", token: this.token || null, protocol: 1,
        state_id: Math.max(0, this.stateId), lang }));
      this.pingTimer = setInterval(() => this.send({ type: "ping" }), 25000);
    };
    ws.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch { return; }
      if (message.type === "welcome") {
        const again = this.attempt > 0;
        this.attempt = 0;
        this.handlers.onWelcome?.(message, again);
      } else if (message.type === "state") {
        // An update older than the position shown cannot change it (a late duplicate).
        if (message.view && message.view.history_from > 0 && message.state_id < this.stateId) return;
        this.stateId = message.state_id;
        this.handlers.onState?.(message);
      } else if (message.type === "presence") this.handlers.onPresence?.(message);
      else if (message.type === "reaction") this.handlers.onReaction?.(message);
      else if (message.type === "error") this.handlers.onError?.(message);
    };
    ws.onclose = (event) => {
      clearInterval(this.pingTimer);
      if (this.closedByUs || this.ws !== ws) return;
      if ([4401, 4404, 4400].includes(event.code)) { this.handlers.onFatal?.(event.code); return; }
      const delay = Math.min(10000, 500 * 2 ** this.attempt) * (0.75 + Math.random() * 0.5);
      this.attempt += 1;
      this.handlers.onDown?.(delay);
      setTimeout(() => { if (!this.closedByUs) this.open(); }, delay);
    };
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  act(action, stateId) { return this.send({ type: "action", action, state_id: stateId }); }

  resync(stateId) { return this.send({ type: "resync", state_id: Math.max(0, stateId ?? 0) }); }

  close() {
    this.closedByUs = true;
    clearInterval(this.pingTimer);
    if (this.ws) this.ws.close();
    this.ws = null;
  }
}
