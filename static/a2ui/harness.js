// Development and test harness: renders pushed A2UI payloads and records what happened.
import { createRenderer } from "./renderer.js";

const host = document.getElementById("surfaces");
const log = document.getElementById("log");
const state = { actions: [], errors: [], violations: [], tables: {}, clientDataModels: [] };
let renderer = null;

document.addEventListener("securitypolicyviolation", (event) => {
  state.violations.push({ directive: event.violatedDirective, blocked: event.blockedURI, sample: event.sample });
});

function note(kind, value) {
  const item = document.createElement("li");
  item.textContent = `${kind}: ${JSON.stringify(value).slice(0, 400)}`;
  log.append(item);
}

function reset() {
  renderer?.destroy();
  host.replaceChildren();
  log.replaceChildren();
  state.actions.length = 0;
  state.errors.length = 0;
  state.violations.length = 0;
  state.clientDataModels.length = 0;
  renderer = createRenderer(host, {
    onAction(message, extra) {
      state.actions.push(message);
      if (extra.dataModel) state.clientDataModels.push(extra.dataModel);
      note("action", message.action);
    },
    onError(message) {
      state.errors.push(message.error);
      note("error", message.error);
    },
    async tableSource(artifactId) {
      if (!Object.prototype.hasOwnProperty.call(state.tables, artifactId)) throw new Error(`no artifact ${artifactId}`);
      return state.tables[artifactId];
    },
    openArtifact(artifactId, kind) {
      note("open", { artifactId, kind });
    },
  });
}

reset();

window.a2uiHarness = {
  state,
  reset,
  process(payload) {
    return renderer.process(payload);
  },
  dataModel(surfaceId) {
    return renderer.getDataModel(surfaceId);
  },
  capabilities() {
    return renderer.capabilities();
  },
  setTable(artifactId, payload) {
    state.tables[artifactId] = payload;
  },
};
