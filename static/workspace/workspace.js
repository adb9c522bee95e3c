// Entry point of the workspace page: the thread's stream, the conversation, the composer
// and the artifact panel.
import { ArtifactPanel } from "./artifacts.js";
import { Conversation } from "./conversation.js";

import { mountSurface } from "./surfaces.js";
import { ThreadStream } from "./stream.js";

const body = document.body;
const threadId = body.dataset.threadId;
const list = document.getElementById("conversation");
const composer = document.getElementById("composer");
const input = document.getElementById("composer-input");
const connection = document.getElementById("connection-status");
const emptyState = document.getElementById("conversation-empty");
const panel = new ArtifactPanel(document.getElementById("artifact-panel"));
const heading = document.querySelector(".topbar h1");
// The thread's own entry in the thread list (not the main navigation's current page).
const currentLink = document.querySelector("#thread-list a[aria-current=page]");
let untitled = !body.dataset.threadTitle;

// A new thread takes its first question as its title, as the server does.
function nameThread(text) {
  untitled = false;
  const title = text.length > 80 ? `${text.slice(0, 79).trimEnd()}…` : text;
  heading.textContent = title;
  if (currentLink) currentLink.textContent = title;
  document.title = `${title} · Tessera`;
}

const CONNECTION_LABELS = {
  connecting: "Connecting…",
  live: "Live",
  reconnecting: "Reconnecting…",
  forbidden: "No access to this thread",
};

const stream = new ThreadStream(threadId, {
  onEvent: (event) => {
    if (emptyState) emptyState.hidden = true;
    if (event.type === "TEXT_MESSAGE_CONTENT" && event.delta && untitled) nameThread(event.delta);
    conversation.handle(event);
  },
  onState: (state) => {
    connection.dataset.state = state === "live" ? "live" : state === "forbidden" ? "offline" : "connecting";
    connection.textContent = CONNECTION_LABELS[state] || state;
  },
});

const conversation = new Conversation(list, {
  onArtifact: (id) => panel.open(id),
  renderSurface: (host, content) =>
    mountSurface(host, content, {
      onAction: (action) => stream.send({ type: "action", action }),
      openArtifact: (id) => panel.open(id),
    }),
});

function submit() {
  const text = input.value.trim();
  if (!text) return;
  stream.send({ type: "message", text });
  input.value = "";
  input.style.height = "";
}

composer.addEventListener("submit", (event) => {
  event.preventDefault();
  submit();
});

input.addEventListener("keydown", (event) => {
  if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
    event.preventDefault();
    submit();
  }
});

for (const example of document.querySelectorAll("[data-example]")) {
  example.addEventListener("click", () => {
    input.value = example.dataset.example;
    input.focus();
  });
}

document.addEventListener("keydown", (event) => {
  if (event.key === "/" && document.activeElement === document.body) {
    event.preventDefault();
    input.focus();
  }
});

stream.connect();
input.focus();

