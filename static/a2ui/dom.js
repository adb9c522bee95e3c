// The only way the renderer creates DOM. Text is always assigned with textContent or as text
// nodes; attributes come from a fixed allow-list; no HTML string is ever parsed, no inline
// style attribute or event-handler attribute is ever set.
const SVG_NS = "http://www.w3.org/2000/svg";

const SAFE_ATTRIBUTES = new Set([
  "id", "class", "role", "type", "name", "value", "for", "min", "max", "step", "placeholder",
  "inputmode", "autocomplete", "tabindex", "hidden", "title", "alt", "lang", "dir", "rows",
  "scope", "colspan", "open", "checked", "disabled", "readonly", "required", "multiple",
  "controls", "preload", "loading", "decoding", "referrerpolicy", "src", "spellcheck",
  "aria-label", "aria-labelledby", "aria-describedby", "aria-invalid", "aria-hidden",
  "aria-selected", "aria-controls", "aria-expanded", "aria-pressed", "aria-disabled",
  "aria-live", "aria-sort", "aria-busy", "aria-current", "aria-level", "aria-modal",
  "aria-orientation", "aria-valuetext", "aria-errormessage",
  "data-a2ui-key", "data-a2ui-part", "data-a2ui-component", "data-a2ui-hidden", "data-missing",
  "data-surface-id", "data-variant", "data-state", "data-format",
]);
const SVG_ATTRIBUTES = new Set([
  "viewBox", "width", "height", "fill", "stroke", "stroke-width", "stroke-linecap",
  "stroke-linejoin", "d", "cx", "cy", "r", "rx", "ry", "x", "y", "x1", "y1", "x2", "y2",
  "points", "class", "aria-hidden", "focusable", "role",
]);

export function setAttribute(element, name, value) {
  if (!SAFE_ATTRIBUTES.has(name)) throw new Error(`attribute ${name} is not allowed`);
  if (value === false || value === null || value === undefined) {
    element.removeAttribute(name);
  } else {
    element.setAttribute(name, value === true ? "" : String(value));
  }
}

// h("div", {class: "x"}, child, "text", [more]) — children may be nodes, strings or arrays.
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) setAttribute(element, name, value);
  append(element, children);
  return element;
}

export function append(parent, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return parent;
}

export function svg(tag, attributes = {}, ...children) {
  const element = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (!SVG_ATTRIBUTES.has(name)) throw new Error(`svg attribute ${name} is not allowed`);
    element.setAttribute(name, String(value));
  }
  for (const child of children) element.append(child);
  return element;
}

export function text(value) {
  return document.createTextNode(value);
}

let sequence = 0;
// Element ids are generated, never taken from the agent, so they cannot collide with the page.
export function uid(prefix = "a2ui") {
  sequence += 1;
  return `${prefix}-${sequence}`;
}
