// Tessera's A2UI renderer (v0.9, v0.9.1 and v1.0, chosen by each message's `version`): builds
// surfaces from the catalog only, never from HTML.
//
//   const renderer = createRenderer(container, {
//     onAction(message, { dataModel }) {},   // A2UI `action` message → send it over the WebSocket
//     onError(message) {},                   // A2UI `error` message (VALIDATION_FAILED, …)
//     tableSource: async (artifactId) => ({ columns: [{ name, type }], rows: [[…]], truncated, row_count }),
//     chartRenderer: async (element, { artifactId, title, height }) => {},
//     openArtifact: (artifactId, kind) => {},
//     urlPolicy: (url, kind) => url | null,  // which image/media/link URLs may load
//     locale: "en-US",
//   });
//   renderer.process(messageOrArrayOrJsonString);
import { BASIC_COMPONENTS, TESSERA_COMPONENTS } from "./components/index.js";
import { inspect } from "./guard.js";
import {
  BASIC_CATALOG_ID, BASIC_CATALOG_ID_V1, CAPABILITIES, CATALOG_ID, CATALOG_ID_V1, CATALOG_LINES, LIMITS, VERSION,
  VERSION_LINES,
} from "./limits.js";
import { PointerError, parse } from "./pointer.js";
import { Surface } from "./surface.js";

const KINDS = ["createSurface", "updateComponents", "updateDataModel", "deleteSurface"];
// v1.0 also lets the agent call renderer functions and answer the renderer's calls.
const FUNCTION_KINDS = ["callRendererFunction", "agentFunctionResponse"];
const SURFACE_ID = /^[A-Za-z0-9_.:-]{1,128}$/;
const ARTIFACT_PREFIXES = ["/artifacts/"];

const IMPLEMENTATIONS = new Map([
  [CATALOG_ID, TESSERA_COMPONENTS],
  [BASIC_CATALOG_ID, BASIC_COMPONENTS],
  [CATALOG_ID_V1, TESSERA_COMPONENTS],
  [BASIC_CATALOG_ID_V1, BASIC_COMPONENTS],
]);

function sameOriginArtifact(url, prefixes) {
  return (
    url.startsWith("/") && !url.startsWith("//") && prefixes.some((prefix) => url.startsWith(prefix)) &&
    !/[\\\s]/.test(url) && !/(^|\/)\.\.?(\/|$)/.test(url)
  );
}

// Images, video and audio load only from Tessera's own artifact paths (the page's CSP allows
// no other origin); links open only for https: and those paths.
export function defaultUrlPolicy(url, kind, prefixes = ARTIFACT_PREFIXES) {
  if (typeof url !== "string" || !url || url.length > 2048) return null;
  if (sameOriginArtifact(url, prefixes)) return url;
  if (kind === "link") {
    try {
      const parsed = new URL(url);
      return parsed.protocol === "https:" && !parsed.username && !parsed.password ? parsed.href : null;
    } catch {
      return null;
    }
  }
  return null;
}

export class Renderer {
  constructor(container, options = {}) {
    if (!(container instanceof Element)) throw new TypeError("createRenderer needs a container element");
    this.container = container;
    this.options = options;
    this.locale = options.locale || document.documentElement.lang || "en-US";
    this.surfaces = new Map();
    container.classList.add("a2ui-root");
  }

  implementationFor(catalogId, name) {
    const catalog = IMPLEMENTATIONS.get(catalogId);
    return typeof name === "string" ? catalog?.get(name) ?? null : null;
  }

  allowUrl(url, kind) {
    const policy = this.options.urlPolicy;
    const allowed = policy ? policy(url, kind) : defaultUrlPolicy(url, kind, this.options.artifactPrefixes || ARTIFACT_PREFIXES);
    return typeof allowed === "string" && allowed ? allowed : null;
  }

  openUrl(url) {
    const allowed = this.allowUrl(url, "link");
    if (!allowed) {
      this.reportError({ code: "unsafe_url", surfaceId: "", path: "", message: "a link with a disallowed URL was not opened" });
      return;
    }
    window.open(allowed, "_blank", "noopener,noreferrer");
  }

  // What this renderer renders, in the shape A2UI clients declare it to agents
  // (a2uiClientCapabilities for v0.9, a2uiRendererCapabilities for v1.0), keyed by version.
  capabilities() {
    return structuredClone(CAPABILITIES);
  }

  reportError({ code, surfaceId, path = "", message, version }) {
    const payload = {
      version: version || this.surfaces.get(surfaceId)?.version || VERSION,
      error: { code: code === "VALIDATION_FAILED" ? code : String(code), surfaceId: surfaceId || "", path, message: String(message).slice(0, 500) },
    };
    if (this.options.onError) {
      try {
        this.options.onError(payload);
      } catch {
        // the page's handler failing must not stop rendering
      }
    } else {
      console.warn("A2UI:", payload.error.code, payload.error.message);
    }
    this.lastErrors?.push(payload.error);
  }

  emitAction(message, surface) {
    const extra = surface.sendDataModel ? { dataModel: surface.model.snapshot() } : {};
    this.options.onAction?.(message, extra);
  }

  // Processes one message, an array of messages or their JSON text; repaints once at the end.
  // Returns the problems found (also reported through onError).
  process(input) {
    this.lastErrors = [];
    let messages = input;
    if (typeof input === "string") {
      if (input.length > LIMITS.maxMessageBytes) {
        this.reportError({ code: "VALIDATION_FAILED", surfaceId: "", message: "the payload is too large" });
        return this.lastErrors;
      }
      try {
        messages = JSON.parse(input);
      } catch {
        this.reportError({ code: "VALIDATION_FAILED", surfaceId: "", message: "the payload is not JSON" });
        return this.lastErrors;
      }
    }
    const list = Array.isArray(messages) ? messages : [messages];
    const touched = new Set();
    for (const [index, message] of list.slice(0, 1000).entries()) {
      try {
        const surface = this.apply(message, Array.isArray(messages) ? `/${index}` : "");
        if (surface) touched.add(surface);
      } catch (error) {
        this.reportError({ code: "VALIDATION_FAILED", surfaceId: "", message: `message could not be processed: ${error.message}` });
      }
    }
    for (const surface of touched) if (this.surfaces.get(surface.id) === surface) surface.render();
    return this.lastErrors;
  }

  apply(message, prefix) {
    const problems = inspect(message);
    const surfaceIdOf = () => {
      for (const kind of KINDS) {
        const id = message?.[kind]?.surfaceId;
        if (typeof id === "string") return id.slice(0, 128);
      }
      return "";
    };
    const fail = (path, text) => {
      this.reportError({ code: "VALIDATION_FAILED", surfaceId: surfaceIdOf(), path: prefix + path, message: text });
      return null;
    };
    if (problems.length) return fail(problems[0].path, problems[0].message);
    const line = Object.prototype.hasOwnProperty.call(VERSION_LINES, message.version) ? VERSION_LINES[message.version] : null;
    if (!line) return fail("/version", `version must be one of ${Object.keys(VERSION_LINES).join(", ")}`);
    const known = line === "v1_0" ? [...KINDS, ...FUNCTION_KINDS] : KINDS;
    const kinds = known.filter((kind) => Object.prototype.hasOwnProperty.call(message, kind));
    if (kinds.length !== 1) return fail("", `a message holds exactly one of ${known.join(", ")}`);
    const kind = kinds[0];
    if (FUNCTION_KINDS.includes(kind)) {
      // Tessera's catalogs offer no function the agent may call (allowedCallers), and this
      // renderer never calls the agent's functions, so neither message has anything to do.
      return fail(`/${kind}`, kind === "callRendererFunction"
        ? "no function of this renderer's catalogs may be called by the agent"
        : "no call to an agent function is pending");
    }
    const body = message[kind];
    if (!body || typeof body !== "object" || Array.isArray(body)) return fail(`/${kind}`, `${kind} must be an object`);
    const id = body.surfaceId;
    if (typeof id !== "string" || !SURFACE_ID.test(id)) return fail(`/${kind}/surfaceId`, "invalid surfaceId");

    if (kind === "createSurface") {
      if (this.surfaces.has(id)) return fail(`/${kind}/surfaceId`, `surface ${id} already exists`);
      // v1.0 may leave out the surface's catalog; each component then names its own.
      const optional = line === "v1_0" && body.catalogId === undefined;
      if (!optional && CATALOG_LINES[body.catalogId] !== line) return fail(`/${kind}/catalogId`, "unsupported catalog");
      const surface = new Surface(this, id, optional ? null : body.catalogId, {
        sendDataModel: body.sendDataModel, theme: body.theme, version: message.version,
      });
      this.surfaces.set(id, surface);
      this.container.append(surface.element);
      if (line === "v1_0" && body.components !== undefined) this.acceptComponents(surface, body.components, `/${kind}/components`, fail);
      if (line === "v1_0" && body.dataModel !== undefined) {
        if (!body.dataModel || typeof body.dataModel !== "object" || Array.isArray(body.dataModel)) {
          return fail(`/${kind}/dataModel`, "dataModel must be an object");
        }
        surface.setData([], structuredClone(body.dataModel));
      }
      return surface;
    }
    const surface = this.surfaces.get(id);
    if (!surface) return fail(`/${kind}/surfaceId`, `surface ${id} does not exist`);
    if (surface.line !== line) return fail("/version", `surface ${id} speaks ${surface.version}`);
    if (kind === "deleteSurface") {
      surface.destroy();
      this.surfaces.delete(id);
      return null;
    }
    if (kind === "updateComponents") {
      this.acceptComponents(surface, body.components, `/${kind}/components`, fail);
      return surface;
    }
    // updateDataModel
    let segments;
    try {
      segments = parse(body.path === undefined ? "/" : body.path);
    } catch (error) {
      return fail(`/${kind}/path`, error instanceof PointerError ? error.message : "invalid path");
    }
    if (typeof body.path === "string" && body.path !== "" && !body.path.startsWith("/")) {
      return fail(`/${kind}/path`, "data model paths must be absolute");
    }
    const hasValue = Object.prototype.hasOwnProperty.call(body, "value");
    // v0.9 removes the key when `value` is left out; v1.0 requires it and removes on null.
    if (line === "v1_0" && !hasValue) return fail(`/${kind}/value`, "updateDataModel needs a value (null removes the key)");
    const removes = line === "v1_0" ? body.value === null : !hasValue;
    try {
      surface.setData(segments, removes ? undefined : structuredClone(body.value));
    } catch (error) {
      return fail(`/${kind}/path`, error.message);
    }
    return surface;
  }

  acceptComponents(surface, components, path, fail) {
    if (!Array.isArray(components)) return fail(path, "components must be an array");
    const accepted = [];
    components.forEach((component, index) => {
      if (!component || typeof component !== "object" || Array.isArray(component)) {
        fail(`${path}/${index}`, "a component must be an object");
      } else if (typeof component.id !== "string" || !component.id || component.id.length > 256) {
        fail(`${path}/${index}/id`, "a component needs a string id");
      } else if (typeof component.component !== "string") {
        fail(`${path}/${index}/component`, "a component needs a type");
      } else {
        accepted.push(component);
      }
    });
    surface.setComponents(accepted);
    return surface;
  }

  getDataModel(surfaceId) {
    return this.surfaces.get(surfaceId)?.model.snapshot();
  }

  // The a2uiClientDataModel metadata for surfaces created with sendDataModel.
  getClientDataModel() {
    const surfaces = {};
    for (const [id, surface] of this.surfaces) if (surface.sendDataModel) surfaces[id] = surface.model.snapshot();
    return Object.keys(surfaces).length ? { version: VERSION, surfaces } : undefined;
  }

  destroy() {
    for (const surface of this.surfaces.values()) surface.destroy();
    this.surfaces.clear();
    this.container.classList.remove("a2ui-root");
  }
}

export function createRenderer(container, options = {}) {
  return new Renderer(container, options);
}
