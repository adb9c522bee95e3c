// JSON Pointers (RFC 6901) with A2UI's relative paths, and safe reads and writes: a path can
// never reach an object's prototype.
import { LIMITS } from "./limits.js";

export const FORBIDDEN_SEGMENTS = new Set(["__proto__", "prototype", "constructor"]);
const hasOwn = Object.prototype.hasOwnProperty;

export class PointerError extends Error {}

export function escapeSegment(segment) {
  return String(segment).replaceAll("~", "~0").replaceAll("/", "~1");
}

// Segments of an absolute ("/a/b") or relative ("b") path; "" and "/" are the whole model.
export function parse(path) {
  if (typeof path !== "string") throw new PointerError("a path must be a string");
  if (path.length > LIMITS.maxPathLength) throw new PointerError("path too long");
  if (/[\u0000-\u001f\u007f]/.test(path)) throw new PointerError("control characters in path");
  if (path === "" || path === "/") return [];
  const body = path.startsWith("/") ? path.slice(1) : path;
  const raw = body.split("/");
  if (raw.length > LIMITS.maxPathSegments) throw new PointerError("too many segments");
  return raw.map((piece) => {
    if (/~(?![01])/.test(piece)) throw new PointerError("bad escape");
    const segment = piece.replaceAll("~1", "/").replaceAll("~0", "~");
    if (FORBIDDEN_SEGMENTS.has(segment)) throw new PointerError(`segment ${segment} not allowed`);
    return segment;
  });
}

export function isRelative(path) {
  return typeof path === "string" && path !== "" && !path.startsWith("/");
}

export function format(segments) {
  return segments.map((segment) => "/" + escapeSegment(segment)).join("");
}

// Absolute segments of `path` seen from a scope (the segments of the current template item).
export function resolveSegments(path, scopeSegments = []) {
  const segments = parse(path);
  return isRelative(path) ? [...scopeSegments, ...segments] : segments;
}

export function getIn(document, segments) {
  let node = document;
  for (const segment of segments) {
    if (Array.isArray(node)) {
      if (!/^\d+$/.test(segment)) return undefined;
      node = node[Number(segment)];
    } else if (node !== null && typeof node === "object") {
      if (!hasOwn.call(node, segment)) return undefined;
      node = node[segment];
    } else {
      return undefined;
    }
  }
  return node;
}

const MAX_ARRAY_GAP = 1_000;

function container(nextSegment) {
  return /^\d+$/.test(nextSegment) ? [] : {};
}

function assignKey(target, segment, value) {
  // defineProperty, not `=`: even a key that slipped through could not reach a prototype.
  Object.defineProperty(target, segment, { value, writable: true, enumerable: true, configurable: true });
}

// The document with `value` at `segments` (undefined removes the key); creates containers on
// the way. Returns the (possibly new) root.
export function setIn(document, segments, value) {
  if (segments.length === 0) return value === undefined ? {} : value;
  for (const segment of segments) {
    if (FORBIDDEN_SEGMENTS.has(segment)) throw new PointerError(`segment ${segment} not allowed`);
  }
  const root = document !== null && typeof document === "object" ? document : container(segments[0]);
  let node = root;
  for (let index = 0; index < segments.length; index += 1) {
    const segment = segments[index];
    const last = index === segments.length - 1;
    if (Array.isArray(node)) {
      if (!/^\d+$/.test(segment)) throw new PointerError("array index expected");
      const position = Number(segment);
      if (position > node.length + MAX_ARRAY_GAP) throw new PointerError("array index too far");
      if (last) {
        if (value === undefined) delete node[position];
        else node[position] = value;
        return root;
      }
      if (node[position] === null || typeof node[position] !== "object") {
        node[position] = container(segments[index + 1]);
      }
      node = node[position];
    } else {
      if (last) {
        if (value === undefined) delete node[segment];
        else assignKey(node, segment, value);
        return root;
      }
      if (!hasOwn.call(node, segment) || node[segment] === null || typeof node[segment] !== "object") {
        assignKey(node, segment, container(segments[index + 1]));
      }
      node = node[segment];
    }
  }
  return root;
}
