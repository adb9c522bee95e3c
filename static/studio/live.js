// Live UI preferences (issue 8): one WebSocket per page to /ws/studio/. The server sends the
// person's preferences on connect and after every accepted change (from any tab, any run, or a
// new tenant default); apply.js applies them. Reconnects with backoff; a page that was offline
// catches up with the message sent on connect.
const root = document.documentElement;

function connect(attempt = 0) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(`${scheme}//${location.host}/ws/studio/`);
  socket.addEventListener("open", () => {
    attempt = 0;
    root.dataset.studioLive = "open";
  });
  socket.addEventListener("message", (event) => {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    if (window.TesseraStudio) window.TesseraStudio.apply(message);
  });
  socket.addEventListener("close", (event) => {
    root.dataset.studioLive = "closed";
    if (event.code === 4401 || event.code === 4403) return; // signed out: nothing to follow
    const delay = Math.min(10000, 500 * 2 ** attempt) * (0.75 + Math.random() / 2);
    setTimeout(() => connect(attempt + 1), delay);
  });
}

connect();
