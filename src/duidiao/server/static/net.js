// The WebSocket connection to `duidiao serve` (docs/server.md): numbered requests, replies
// matched by their echoed id, and a reconnect with back-off after a dropped connection.

import { t } from "./i18n.js";

const MAX_DELAY_MS = 8000;
const REQUEST_TIMEOUT_MS = 60000;
// What the connection is doing; the page says each as "conn.<status>".
export const STATUSES = ["connecting", "connected", "reconnecting", "closed"];

export class Connection {
  // handlers: open() after every (re)connection, message(msg) for every message that is not
  // the reply to a request(), error(error) for errors nobody awaits, status(status, seconds):
  // one of STATUSES, and the seconds until the next try when reconnecting.
  constructor(url, handlers) {
    this.url = url;
    this.handlers = handlers;
    this.ws = null;
    this.nextId = 1;
    this.pending = new Map();
    this.failures = 0;
    this.stopped = false;
    this.timer = null;
  }

  get isOpen() {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  open() {
    this.stopped = false;
    this.handlers.status("connecting");
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.failures = 0;
      this.handlers.status("connected");
      this.handlers.open();
    });
    ws.addEventListener("message", (event) => this.receive(event.data));
    ws.addEventListener("close", () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.failPending({ code: "disconnected" });
      if (this.stopped) {
        this.handlers.status("closed");
        return;
      }
      // Back off 0.5 s, 1 s, 2 s ... up to 8 s, so a restarting server is not hammered.
      const delay = Math.min(MAX_DELAY_MS, 500 * 2 ** this.failures);
      this.failures += 1;
      this.handlers.status("reconnecting", Math.round(delay / 100) / 10);
      this.timer = setTimeout(() => this.open(), delay);
    });
  }

  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close();
  }

  // Drop the connection as a network failure would (the reconnect follows); for tests.
  drop() {
    if (this.ws) this.ws.close(4000, "dropped by the page");
  }

  receive(data) {
    let msg;
    try {
      msg = JSON.parse(data);
    } catch (err) {
      this.handlers.error({ code: "bad_json", message: t("net.frame_not_json") });
      return;
    }
    if (msg === null || typeof msg !== "object") {
      this.handlers.error({ code: "bad_json", message: t("net.frame_not_object") });
      return;
    }
    let waiting = msg.id !== undefined ? this.pending.get(msg.id) : undefined;
    if (msg.type === "state") {
      // A watch is answered by a state: with the echoed id, or else the room's first state.
      if (!waiting) waiting = this.waitingForRoom(msg.room);
      if (waiting && waiting.acceptState) {
        this.settle(waiting.id);
        waiting.resolve(msg);
      }
      this.handlers.message(msg);
      return;
    }
    if (waiting && msg.type === "error") {
      this.settle(msg.id);
      waiting.reject(msg.error || {});
      return;
    }
    if (waiting) {
      this.settle(msg.id);
      waiting.resolve(msg);
      return;
    }
    if (msg.type === "error") {
      this.handlers.error(msg.error || {});
      return;
    }
    this.handlers.message(msg);
  }

  waitingForRoom(room) {
    for (const waiting of this.pending.values()) {
      if (waiting.acceptState && waiting.room === room) return waiting;
    }
    return undefined;
  }

  settle(id) {
    const waiting = this.pending.get(id);
    if (waiting) clearTimeout(waiting.timer);
    this.pending.delete(id);
  }

  failPending(error) {
    for (const [id, waiting] of this.pending) {
      clearTimeout(waiting.timer);
      waiting.reject(error);
      this.pending.delete(id);
    }
  }

  // Send a message and wait for its reply: the message with the same id (a state only when
  // acceptState is set, as for "watch"); an error with that id rejects.
  request(msg, acceptState = false) {
    if (!this.isOpen) {
      return Promise.reject({ code: "not_connected" });
    }
    const id = this.nextId;
    this.nextId += 1;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject({ code: "timeout", message: t("net.no_reply", { type: msg.type, seconds: REQUEST_TIMEOUT_MS / 1000 }) });
      }, REQUEST_TIMEOUT_MS);
      this.pending.set(id, { id, resolve, reject, timer, acceptState, room: msg.room });
      this.ws.send(JSON.stringify({ ...msg, id }));
    });
  }

  // Send a message whose answer is the next state; an error comes back to handlers.error.
  send(msg) {
    if (!this.isOpen) {
      this.handlers.error({ code: "not_connected" });
      return false;
    }
    const id = this.nextId;
    this.nextId += 1;
    this.ws.send(JSON.stringify({ ...msg, id }));
    return true;
  }
}

export function socketUrl() {
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${window.location.host}/ws`;
}

// REST: POST a JSON body; resolves with the reply, rejects with the server's error object.
export async function postJson(path, body) {
  let response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (err) {
    throw { code: "network", message: String(err) }; // the browser's own words
  }
  return readReply(response);
}

export async function getJson(path) {
  let response;
  try {
    response = await fetch(path);
  } catch (err) {
    throw { code: "network", message: String(err) };
  }
  return readReply(response);
}

async function readReply(response) {
  let data;
  try {
    data = await response.json();
  } catch (err) {
    throw { code: "bad_reply", message: `HTTP ${response.status}` };
  }
  if (!response.ok || (data && data.ok === false)) {
    throw (data && data.error) || { code: `http_${response.status}`, message: response.statusText };
  }
  return data;
}
