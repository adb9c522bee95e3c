// Shows whether the page's WebSocket to the server is live (reconnects with backoff).
const status = document.getElementById("connection-status");

function setState(state, label) {
  if (!status) return;
  status.dataset.state = state;
  status.textContent = label;
}

function connect(attempt = 0) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(`${scheme}//${location.host}/ws/ping/`);
  socket.addEventListener("open", () => socket.send(JSON.stringify({ hello: true })));
  socket.addEventListener("message", () => setState("live", "Live"));
  socket.addEventListener("close", () => {
    setState("offline", "Offline — reconnecting");
    const delay = Math.min(10000, 500 * 2 ** attempt);
    setTimeout(() => connect(attempt + 1), delay);
  });
}

connect();
