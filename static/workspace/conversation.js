// The conversation: user and assistant messages, tool activity, inline A2UI surfaces and
// artifact links, built from AG-UI events. Agent text is always set as text.
import { h } from "/static/a2ui/dom.js";

// A link the page itself makes (never from agent text): the allow-list has no href.
function link(href, text) {
  const anchor = h("a", {}, text);
  anchor.href = href;
  return anchor;
}

const TOOL_LABELS = {
  run_sql: ["Running query…", "Query ran"],
  make_chart: ["Drawing chart…", "Chart ready"],
  show_form: ["Preparing a form…", "Form ready"],
  update_ui: ["Changing the interface…", "Interface updated"],
  ui_history: ["Going through your interface history…", "Interface updated"],
  ask_ui_choice: ["Preparing choices…", "Choices ready"],
  read_ui_preferences: ["Reading your interface settings…", "Settings ready"],
  erp_lookup: ["Reading your departments and people…", "Names read"],
  erp_reading: ["Writing the answer…", "Answer ready"],
  move_candidate: ["Updating candidate…", "Candidate updated"],
};

export class Conversation {
  constructor(list, { onArtifact, renderSurface }) {
    this.list = list;
    this.onArtifact = onArtifact;
    this.renderSurface = renderSurface;
    this.messages = new Map();
    this.tools = new Map();
    this.surfaces = new Map(); // host → { renderer, version } of each mounted surface
    this.status = null;
  }

  handle(event) {
    const handler = this[`on_${event.type}`];
    if (handler) handler.call(this, event);
  }

  append(node) {
    this.list.append(node);
    node.scrollIntoView({ block: "nearest" });
  }

  setStatus(text) {
    if (!this.status) {
      this.status = h("li", { class: "run-status", role: "status" }, h("span", { class: "spinner", "aria-hidden": "true" }), h("span", { class: "run-status-text" }));
      this.append(this.status);
    }
    this.status.querySelector(".run-status-text").textContent = text;
    this.list.append(this.status);
  }

  clearStatus() {
    if (this.status) this.status.remove();
    this.status = null;
  }

  on_RUN_STARTED() {
    this.setStatus("Thinking…");
  }

  on_RUN_FINISHED(event) {
    this.clearStatus();
    if (event.runId) {
      this.append(h("li", { class: "run-meta" }, link(`/runs/${event.runId}/`, "How this was answered")));
    }
  }

  on_RUN_ERROR(event) {
    this.clearStatus();
    this.append(h("li", { class: "message message-error", role: "alert" }, h("strong", {}, "The request failed. "), event.message || "Unknown error", event.code ? ` (${event.code})` : ""));
  }

  // A request the server refused before any run started (invalid, over a limit, the thread
  // still answering): unnumbered, not part of the conversation's history.
  on_REQUEST_REFUSED(event) {
    this.append(h("li", { class: "message message-error", role: "alert" }, h("strong", {}, "Not sent. "), event.message || "The request was refused.", event.code ? ` (${event.code})` : ""));
  }

  // Step names ("model-2", "tools-2") are the run record's, not words for people: a model
  // step reads "Thinking…" again; a tool step's line comes with its TOOL_CALL_START.
  on_STEP_STARTED(event) {
    if (this.status && (event.stepName || "").startsWith("model-")) this.setStatus("Thinking…");
  }

  on_TEXT_MESSAGE_START(event) {
    const role = event.role || "assistant";
    const text = h("div", { class: "message-text" });
    const item = h("li", { class: `message message-${role}` }, h("span", { class: "message-role visually-hidden" }, role === "user" ? "You" : "Tessera"), text);
    this.messages.set(event.messageId, text);
    this.append(item);
  }

  on_TEXT_MESSAGE_CONTENT(event) {
    const text = this.messages.get(event.messageId);
    if (text) text.append(document.createTextNode(event.delta || ""));
  }

  on_TOOL_CALL_START(event) {
    const [running] = TOOL_LABELS[event.toolCallName] || [`Running ${event.toolCallName}…`];
    const line = h("li", { class: "tool-call", "data-state": "running" }, h("span", { class: "tool-dot", "aria-hidden": "true" }), h("span", { class: "tool-label" }, running));
    this.tools.set(event.toolCallId, { line, name: event.toolCallName });
    this.append(line);
    this.setStatus(running);
  }

  on_TOOL_CALL_RESULT(event) {
    const entry = this.tools.get(event.toolCallId);
    if (!entry) return;
    let failed = false;
    try {
      const content = JSON.parse(event.content);
      failed = Boolean(content && (content.error || content.ok === false));
    } catch {
      failed = false;
    }
    const [, done] = TOOL_LABELS[entry.name] || [null, `${entry.name} finished`];
    entry.line.dataset.state = failed ? "failed" : "done";
    entry.line.querySelector(".tool-label").textContent = failed ? `${done.replace(/ready|ran|updated|finished/, "failed")} — retrying with a fix` : done;
  }

  on_ACTIVITY_SNAPSHOT(event) {
    if (event.activityType !== "a2ui-surface") return;
    const host = h("li", { class: "surface-host", "data-surface-id": event.content.surfaceId || "" });
    this.append(host);
    const renderer = this.renderSurface(host, event.content);
    const [first] = event.content.a2ui_operations || [];
    // kept to write back what a submission chose when the form is shown answered
    if (renderer) this.surfaces.set(host, { renderer, version: first && first.version });
  }

  on_CUSTOM(event) {
    if (event.name === "artifact") this.onArtifactEvent(event.value);
    else if (event.name === "progress" && event.value && event.value.label) this.setStatus(event.value.label);
    else if (event.name === "form_answered") this.onFormAnswered(event.value);
  }

  // A form a run answered (submitted, or answered by a typed message) no longer runs: it is
  // shown disabled, with what was chosen. The first answer counts (a form is answered once).
  onFormAnswered(answered) {
    if (!answered || typeof answered.surfaceId !== "string") return;
    const host = this.list.querySelector(`.surface-host[data-surface-id="${CSS.escape(answered.surfaceId)}"]`);
    if (!host || host.dataset.answered) return;
    host.dataset.answered = answered.by === "typed" ? "typed" : "submit";
    this.showChosen(host, answered);
    for (const control of host.querySelectorAll("button, input, select, textarea")) control.disabled = true;
    host.inert = true;
    const said = answered.by === "typed" ? `Answered in the conversation: “${answered.answer || ""}”` : `Answered — ${answered.answer || "submitted"}`;
    host.append(h("p", { class: "form-answer" }, said));
  }

  // The values a submission wrote, written into the form again: after a reload the surface is
  // rebuilt from its first snapshot, with nothing chosen, and the chosen option must show.
  showChosen(host, answered) {
    const mounted = this.surfaces.get(host);
    const values = answered.values;
    if (!mounted || !values || typeof values !== "object") return;
    const surfaceId = answered.surfaceId;
    const updates = Object.entries(values).map(([path, value]) => ({
      ...(mounted.version ? { version: mounted.version } : {}),
      updateDataModel: { surfaceId, path, value },
    }));
    try {
      mounted.renderer.process(updates);
    } catch {
      // a value the form no longer takes: it stays as rebuilt, still shown answered below
    }
  }

  onArtifactEvent(artifact) {
    if (!artifact || !artifact.id) return;
    if (artifact.kind === "sql_result") {
      const button = h(
        "button",
        { type: "button", class: "artifact-chip" },
        h("span", { class: "artifact-kind" }, "Table"),
        h("span", {}, artifact.title || "Query result"),
        artifact.summary ? h("span", { class: "muted" }, artifact.summary) : null,
      );
      button.addEventListener("click", () => this.onArtifact(artifact.id));
      this.append(h("li", { class: "artifact-line" }, button));
      this.onArtifact(artifact.id);
    }
  }
}
