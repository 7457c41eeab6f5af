// One table's WebSocket (docs/protocol.md): join, act, and rejoin after a dropped connection.

const RETRY_SECONDS = [0.5, 1, 2, 3, 5];

/**
 * A connection to one table. `handlers` receive the frames: joined, state, game_over, error, ack,
 * presence, chat, and status(text) when the connection drops or comes back.
 */
export class TableConnection {
  constructor(tableId, handlers) {
    this.tableId = tableId;
    this.handlers = handlers;
    this.socket = null;
    this.tries = 0;
    this.closed = false;
    this.counter = 0;
    this.pending = new Map();
    this.open();
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}/ws`);
    this.socket = socket;
    socket.addEventListener("message", (event) => this.receive(event.data));
    socket.addEventListener("close", () => {
      if (this.socket !== socket || this.closed) return;
      const wait = RETRY_SECONDS[Math.min(this.tries, RETRY_SECONDS.length - 1)];
      this.tries += 1;
      this.handlers.status?.(`Connection lost; trying again in ${wait} s…`);
      setTimeout(() => { if (!this.closed) this.open(); }, wait * 1000);
    });
  }

  receive(text) {
    let frame;
    try { frame = JSON.parse(text); } catch { return; }
    if (frame.type === "hello") {
      // A browser that opened its invitation holds the seat's token in a cookie: no token is sent.
      this.send({ type: "join", protocol: 1, table: this.tableId });
      return;
    }
    if (frame.type === "joined") {
      if (this.tries) this.handlers.status?.("");
      this.tries = 0;
    }
    if (frame.ref !== undefined && frame.ref !== null && this.pending.has(frame.ref)) {
      const action = this.pending.get(frame.ref);
      this.pending.delete(frame.ref);
      if (frame.type === "error") frame.action = action;
    }
    this.handlers[frame.type]?.(frame);
  }

  send(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  /** Send an action in the game's notation, for the version it was chosen at; returns its ref. */
  act(text, version) {
    this.counter += 1;
    const ref = `a${this.counter}`;
    this.pending.set(ref, text);
    if (!this.send({ type: "action", action: text, version, ref })) {
      this.pending.delete(ref);
      return null;
    }
    return ref;
  }

  chat(text) {
    return this.send({ type: "chat", text });
  }

  close() {
    this.closed = true;
    this.socket?.close();
  }
}
