// One A2UI surface: its components, data model, rendered tree, checks and actions.
import { h, uid } from "./dom.js";
import { Evaluator, failedCheck, isBinding, toBoolean, toText } from "./functions.js";
import { CATALOG_LINES, LIMITS, VERSION, VERSION_LINES } from "./limits.js";
import { FORBIDDEN_SEGMENTS, format } from "./pointer.js";
import { DataModel, Owner, overlapping, untracked } from "./reactive.js";

const TEMPLATE_NOTE = "more items not shown";

// What a component implementation gets: its definition, its place in the data model and helpers
// that tie DOM updates to the data they read.
export class Context {
  constructor(surface, def, id, scope, owner, depth, ancestors) {
    this.surface = surface;
    this.def = def;
    this.id = id;
    this.scope = scope;
    this.owner = owner;
    this.depth = depth;
    this.ancestors = ancestors;
    this.key = `${format(scope)}#${id}`;
    this.primary = null;
  }

  get evaluator() {
    return this.surface.evaluator;
  }

  renderer() {
    return this.surface.renderer;
  }

  value(dynamic) {
    return this.surface.evaluator.value(dynamic, this.scope);
  }

  peek(dynamic) {
    return this.surface.evaluator.value(dynamic, this.scope, { track: false });
  }

  text(dynamic) {
    return toText(this.value(dynamic));
  }

  effect(fn) {
    this.owner.add(this.surface.model.effect(fn));
  }

  listen(target, type, handler, options) {
    target.addEventListener(type, handler, options);
    this.owner.add(() => target.removeEventListener(type, handler, options));
  }

  part(name) {
    return `${this.key}:${name}`;
  }

  // Absolute segments of a {path} binding, or null.
  segments(dynamic) {
    return isBinding(dynamic) ? this.surface.evaluator.segments(dynamic.path, this.scope) : null;
  }

  // A function that writes the person's input to the bound path (two-way binding), or one that
  // keeps it locally when the property is not bound.
  writer(dynamic) {
    const segments = this.segments(dynamic);
    if (!segments) return () => {};
    return (value) => this.surface.model.set(segments, value);
  }

  ui(name, fallback) {
    const state = this.surface.uiState.get(this.part(name));
    return state === undefined ? fallback : state;
  }

  setUi(name, value) {
    this.surface.uiState.set(this.part(name), value);
  }

  child(id, owner = this.owner.child()) {
    return this.surface.build(id, this.scope, owner, this.depth + 1, this.ancestors.concat(this.id));
  }

  // Static children (array of ids) or a template over a data-model array.
  children(list, container, wrap = (node) => node) {
    if (Array.isArray(list)) {
      for (const id of list.slice(0, LIMITS.maxTemplateItems)) container.append(wrap(this.child(id)));
      return;
    }
    if (!list || typeof list !== "object" || typeof list.componentId !== "string" || typeof list.path !== "string") {
      return;
    }
    const segments = this.surface.evaluator.segments(list.path, this.scope);
    if (!segments) return;
    const owner = this.owner.child();
    let lastItems;
    let lastLength = -1;
    this.effect(() => {
      const items = this.surface.model.get(segments);
      const length = Array.isArray(items) ? items.length : 0;
      if (items === lastItems && length === lastLength) return;
      lastItems = items;
      lastLength = length;
      untracked(() => {
        this.surface.keepFocus(() => {
          for (const child of [...owner.children]) child.dispose();
          container.replaceChildren();
          const shown = Math.min(length, LIMITS.maxTemplateItems);
          for (let index = 0; index < shown; index += 1) {
            const node = this.surface.build(
              list.componentId,
              [...segments, String(index)],
              owner.child(),
              this.depth + 1,
              this.ancestors.concat(this.id),
            );
            container.append(wrap(node));
          }
          if (length > shown) {
            container.append(h("p", { class: "a2ui-caption" }, `${length - shown} ${TEMPLATE_NOTE}`));
          }
        });
      });
    });
  }

  // Registers an input's checks: the first failing message is shown next to the field once it
  // was touched or a submit was attempted, and blocks actions that send the field's value.
  checkable({ control, error, valueDynamic, extra = () => null }) {
    const record = {
      key: this.key,
      control,
      error: null,
      touched: false,
      valueSegments: [],
      isShown: () => control.isConnected && !control.closest("[data-a2ui-hidden]"),
      focus: () => control.focus(),
      render: () => {
        const shown = Boolean(record.error) && (record.touched || this.surface.showErrors);
        error.textContent = shown ? record.error : "";
        error.hidden = !shown;
        if (shown) {
          control.setAttribute("aria-invalid", "true");
          control.setAttribute("aria-describedby", error.id);
        } else {
          control.removeAttribute("aria-invalid");
          control.removeAttribute("aria-describedby");
        }
      },
    };
    const segments = this.segments(valueDynamic);
    if (segments) record.valueSegments.push(segments);
    const checks = Array.isArray(this.def.checks) ? this.def.checks : [];
    this.effect(() => {
      let message = null;
      for (const rule of checks) {
        if (!rule || typeof rule !== "object") continue;
        const failed = failedCheck(this.value(rule.condition), rule);
        if (failed) {
          message = failed;
          break;
        }
      }
      record.error = message || extra();
      record.render();
    });
    const touch = () => {
      record.touched = true;
      record.render();
    };
    this.listen(control, "blur", touch);
    this.listen(control, "change", touch);
    this.surface.checkables.add(record);
    this.owner.add(() => this.surface.checkables.delete(record));
    return record;
  }
}

export class Surface {
  constructor(renderer, id, catalogId, { sendDataModel = false, theme = null, version = VERSION } = {}) {
    this.renderer = renderer;
    this.id = id;
    this.catalogId = catalogId;
    this.version = version;
    this.line = VERSION_LINES[version];
    this.sendDataModel = sendDataModel === true;
    this.theme = theme && typeof theme === "object" ? theme : null;
    this.components = new Map();
    this.uiState = new Map();
    this.checkables = new Set();
    this.showErrors = false;
    this.dirty = true;
    this.rendered = 0;
    this.model = new DataModel((error) => this.report("render_error", error.message));
    this.evaluator = new Evaluator(this.model, {
      locale: renderer.locale,
      report: (code, message) => this.report(code, message),
      indexFunction: this.line === "v1_0",
    });
    this.owner = new Owner();
    this.body = h("div", { class: "a2ui-surface-body" });
    this.element = h("section", { class: "a2ui-surface", "data-surface-id": id }, this.body);
  }

  report(code, message, path = "") {
    this.renderer.reportError({ code, surfaceId: this.id, path, message });
  }

  setComponents(list) {
    for (const def of list) {
      const previous = this.components.get(def.id);
      if (!previous && this.components.size >= LIMITS.maxComponents) {
        this.report("too_many_components", `surface holds more than ${LIMITS.maxComponents} components`);
        break;
      }
      this.components.set(def.id, def);
    }
    this.dirty = true;
  }

  setData(segments, value) {
    this.model.set(segments, value);
  }

  // Rebuilds the tree when components changed; data changes update the DOM through effects.
  render() {
    if (!this.dirty) return;
    this.dirty = false;
    this.keepFocus(() => {
      this.owner.dispose();
      this.owner = new Owner();
      this.checkables.clear();
      this.rendered = 0;
      if (!this.components.has("root")) {
        this.body.replaceChildren(skeleton());
        return;
      }
      const root = this.build("root", [], this.owner.child(), 1, []);
      this.body.replaceChildren(root);
    });
  }

  // Runs a DOM rebuild and puts focus (and the text selection) back on the same control.
  keepFocus(fn) {
    const active = document.activeElement;
    const key = active && this.element.contains(active) ? active.getAttribute("data-a2ui-key") : null;
    let selection = null;
    if (key && typeof active.selectionStart === "number") {
      try {
        selection = [active.selectionStart, active.selectionEnd];
      } catch {
        selection = null;
      }
    }
    fn();
    if (!key) return;
    const again = [...this.element.querySelectorAll("[data-a2ui-key]")].find(
      (node) => node.getAttribute("data-a2ui-key") === key,
    );
    if (again && again !== document.activeElement) {
      again.focus({ preventScroll: true });
      if (selection) {
        try {
          again.setSelectionRange(...selection);
        } catch {
          // not a text control
        }
      }
    }
  }

  build(id, scope, owner, depth, ancestors) {
    if (typeof id !== "string") return errorNode("invalid child reference");
    if (depth > LIMITS.maxTreeDepth) {
      this.report("too_deep", `components nest deeper than ${LIMITS.maxTreeDepth} levels at '${id.slice(0, 60)}'`);
      return errorNode("nested too deeply");
    }
    if (ancestors.includes(id)) {
      this.report("cycle", `component '${id.slice(0, 60)}' contains itself`);
      return errorNode("refers to itself");
    }
    this.rendered += 1;
    if (this.rendered > LIMITS.maxRenderedNodes) {
      if (this.rendered === LIMITS.maxRenderedNodes + 1) this.report("too_many_components", "too many rendered components");
      return errorNode("too many components");
    }
    const def = this.components.get(id);
    if (!def) return h("div", { class: "a2ui-placeholder", "data-missing": id.slice(0, 128), "aria-hidden": "true" });
    const implementation = this.renderer.implementationFor(this.catalogOf(def), def.component);
    if (!implementation) {
      this.report("unknown_component", `'${String(def.component).slice(0, 60)}' is not in the catalog`);
      return h("div", { class: "a2ui-unsupported" }, "This part of the answer cannot be shown.");
    }
    const context = new Context(this, def, id, scope, owner, depth, ancestors);
    let element;
    try {
      element = untracked(() => implementation(context));
    } catch (error) {
      this.report("render_error", `${def.component} '${id.slice(0, 60)}': ${error.message}`);
      element = errorNode("could not be shown");
    }
    this.decorate(context, element);
    return element;
  }

  // v1.0 components may come from another catalog of the same version than the surface's.
  catalogOf(def) {
    if (this.line !== "v1_0" || def.catalogId === undefined) return this.catalogId;
    return CATALOG_LINES[def.catalogId] === this.line ? def.catalogId : null;
  }

  decorate(context, element) {
    const { def } = context;
    element.classList.add("a2ui-c");
    element.setAttribute("data-a2ui-component", String(def.component));
    const weight = Number(def.weight);
    if (def.weight !== undefined && Number.isFinite(weight) && weight >= 0 && weight <= 1000) {
      element.classList.add("a2ui-weighted");
      element.style.flexGrow = String(weight);
    }
    if (def.visible !== undefined) {
      context.effect(() => {
        const visible = toBoolean(context.value(def.visible));
        element.hidden = !visible;
        if (visible) element.removeAttribute("data-a2ui-hidden");
        else element.setAttribute("data-a2ui-hidden", "");
      });
    }
    const accessibility = def.accessibility && typeof def.accessibility === "object" ? def.accessibility : null;
    const target = context.primary || element;
    if (accessibility?.label !== undefined) {
      context.effect(() => {
        const label = context.text(accessibility.label);
        if (label) target.setAttribute("aria-label", label);
      });
    }
    // v1.0: `live` announces changes (aria-live), `hidden` hides from assistive technologies.
    if (LIVE_VALUES.has(accessibility?.live)) element.setAttribute("aria-live", accessibility.live);
    if (accessibility?.hidden !== undefined) {
      context.effect(() => {
        if (toBoolean(context.value(accessibility.hidden))) element.setAttribute("aria-hidden", "true");
        else element.removeAttribute("aria-hidden");
      });
    }
    if (accessibility?.description !== undefined && !(element instanceof HTMLInputElement)) {
      const note = h("span", { class: "a2ui-visually-hidden", id: uid("a2ui-desc") });
      element.append(note);
      const described = target.getAttribute("aria-describedby");
      target.setAttribute("aria-describedby", described ? `${described} ${note.id}` : note.id);
      context.effect(() => {
        note.textContent = context.text(accessibility.description);
      });
    }
  }

  // A Button was used: run its local function, or send its event with the resolved context.
  dispatch(context, action, button) {
    if (!action || typeof action !== "object") return;
    if (action.functionCall && typeof action.functionCall === "object") {
      const call = action.functionCall;
      if (call.call === "openUrl") {
        const url = context.peek(call.args?.url);
        this.renderer.openUrl(toText(url));
      } else {
        context.peek(call);
      }
      return;
    }
    const event = action.event;
    if (!event || typeof event !== "object" || typeof event.name !== "string") return;
    if (button.error) {
      button.say(button.error);
      return;
    }
    const contextDef = event.context && typeof event.context === "object" && !Array.isArray(event.context) ? event.context : {};
    const sent = this.evaluator.pathsOf(Object.values(contextDef), context.scope);
    const blocking = [...this.checkables].filter(
      (record) =>
        record.error &&
        record.isShown() &&
        record.valueSegments.some((segments) => sent.some((path) => overlapping(path, segments))),
    );
    if (blocking.length) {
      for (const record of blocking) {
        record.touched = true;
        record.render();
      }
      blocking[0].focus();
      button.say(
        blocking.length === 1 ? "Check the highlighted field." : `Check the ${blocking.length} highlighted fields.`,
      );
      return;
    }
    button.say("");
    const resolved = {};
    for (const [name, value] of Object.entries(contextDef)) {
      if (FORBIDDEN_SEGMENTS.has(name)) continue;
      const result = context.peek(value);
      Object.defineProperty(resolved, name, {
        value: result === undefined ? null : structuredClone(result),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    const message = {
      version: this.version,
      action: {
        name: event.name,
        surfaceId: this.id,
        sourceComponentId: context.id,
        timestamp: new Date().toISOString(),
        context: resolved,
      },
    };
    if (this.line === "v1_0" && event.userMessage !== undefined) {
      const said = toText(context.peek(event.userMessage));
      if (said) message.action.userMessage = said.slice(0, 2000);
    }
    this.renderer.emitAction(message, this);
  }

  // Shows every field error (used when a submit is blocked).
  revealErrors() {
    this.showErrors = true;
    for (const record of this.checkables) record.render();
  }

  destroy() {
    this.owner.dispose();
    for (const effect of this.model.effects) effect.alive = false;
    this.model.effects.clear();
    this.element.remove();
  }
}

const LIVE_VALUES = new Set(["off", "polite", "assertive"]);

function skeleton() {
  return h(
    "div",
    { class: "a2ui-skeleton", "aria-busy": "true", role: "status" },
    h("span", { class: "a2ui-visually-hidden" }, "Loading…"),
    h("div", { class: "a2ui-skeleton-line" }),
    h("div", { class: "a2ui-skeleton-line a2ui-skeleton-short" }),
  );
}

export function errorNode(reason) {
  return h("div", { class: "a2ui-error-node", role: "note" }, `This part could not be shown: ${reason}.`);
}
