// First look at every incoming message, before anything is stored: shape, nesting, sizes and
// keys. It walks the value iteratively, so a hostile 10,000-level nesting costs little.
import { LIMITS } from "./limits.js";
import { FORBIDDEN_SEGMENTS, escapeSegment } from "./pointer.js";

const MAX_NODES = 200_000;

// Problems with a message as [{path, message}] (empty when it may be processed).
export function inspect(message) {
  if (message === null || typeof message !== "object" || Array.isArray(message)) {
    return [{ path: "", message: "a message must be a JSON object" }];
  }
  const problems = [];
  const stack = [[message, "", 1]];
  let nodes = 0;
  while (stack.length) {
    const [node, path, depth] = stack.pop();
    nodes += 1;
    if (nodes > MAX_NODES) return [{ path: "", message: "the message is too large" }];
    if (typeof node === "string") {
      if (node.length > LIMITS.maxStringLength) problems.push({ path, message: "a string is too long" });
      continue;
    }
    if (node === null || typeof node !== "object") continue;
    if (depth > LIMITS.maxJsonDepth) return [{ path, message: `the message nests deeper than ${LIMITS.maxJsonDepth} levels` }];
    if (Array.isArray(node)) {
      for (let index = node.length - 1; index >= 0; index -= 1) stack.push([node[index], `${path}/${index}`, depth + 1]);
      continue;
    }
    if (Object.getPrototypeOf(node) !== Object.prototype && Object.getPrototypeOf(node) !== null) {
      return [{ path, message: "only plain JSON objects are accepted" }];
    }
    for (const key of Object.keys(node)) {
      const child = `${path}/${escapeSegment(key)}`;
      if (FORBIDDEN_SEGMENTS.has(key)) {
        problems.push({ path: child, message: `the key '${key}' is not allowed` });
        continue;
      }
      stack.push([node[key], child, depth + 1]);
    }
    if (problems.length > 20) break;
  }
  return problems;
}
