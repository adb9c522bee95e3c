// The thread's event stream: one WebSocket, resumed with ?after=<last seq> after any drop,
// so the page sees every event exactly once and in order.
export class ThreadStream {
  constructor(threadId, { onEvent, onState }) {
    this.threadId = threadId;
    this.onEvent = onEvent;
    this.onState = onState || (() => {});
    this.lastSeq = 0;
    this.attempt = 0;
    this.queue = [];
    this.closed = false;
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const url = `${scheme}//${location.host}/ws/threads/${this.threadId}/?after=${this.lastSeq}`;
    this.onState(this.attempt === 0 ? "connecting" : "reconnecting");
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.attempt = 0;
      this.onState("live");
      for (const message of this.queue.splice(0)) socket.send(JSON.stringify(message));
    });
    socket.addEventListener("message", (event) => {
      let payload;
      try {
        payload = JSON.parse(event.data);
      } catch {
        return;
      }
      if (typeof payload.seq === "number") {
        if (payload.seq <= this.lastSeq) return; // already seen (replay overlap)
        this.lastSeq = payload.seq;
      }
      this.onEvent(payload);
    });
    socket.addEventListener("close", (event) => {
      if (this.closed) return;
      if (event.code === 4401 || event.code === 4403) {
        this.onState("forbidden");
        return;
      }
      this.onState("reconnecting");
      const delay = Math.min(8000, 250 * 2 ** this.attempt) * (0.75 + Math.random() / 2);
      this.attempt += 1;
      setTimeout(() => this.connect(), delay);
    });
  }

  send(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(message));
    } else {
      this.queue.push(message);
    }
  }

  close() {
    this.closed = true;
    if (this.socket) this.socket.close();
  }
}
