// Agent regular expressions run on every keystroke, so they must not backtrack
// catastrophically. Same rule as apps/a2ui/regex_safety.py: a group repeated without bound may
// not contain a variable quantifier or an alternation. Refused patterns are never compiled.
import { LIMITS } from "./limits.js";

const BOUNDED = /^\{(\d+)(,(\d*))?\}/;

function quantifierAt(pattern, index) {
  const char = pattern[index];
  let length = 0;
  let repeats = false;
  let variable = false;
  if (char === "*" || char === "+") {
    [length, repeats, variable] = [1, true, true];
  } else if (char === "?") {
    [length, repeats, variable] = [1, false, true];
  } else if (char === "{") {
    const match = BOUNDED.exec(pattern.slice(index));
    if (!match) return { length: 0, repeats: false, variable: false };
    const low = Number(match[1]);
    const high = match[2] === undefined ? low : match[3] ? Number(match[3]) : null;
    length = match[0].length;
    repeats = high === null || high > 1;
    variable = high !== low;
  } else {
    return { length: 0, repeats: false, variable: false };
  }
  if (pattern[index + length] === "?" || pattern[index + length] === "+") length += 1;
  return { length, repeats, variable };
}

export function unsafeReason(pattern) {
  const stack = [];
  let index = 0;
  const mark = (variable) => {
    if (variable && stack.length) stack[stack.length - 1] = true;
  };
  while (index < pattern.length) {
    const char = pattern[index];
    if (char === "\\") {
      index += 2;
      const q = quantifierAt(pattern, index);
      mark(q.variable);
      index += q.length;
    } else if (char === "[") {
      index += 1;
      if (pattern[index] === "^") index += 1;
      if (pattern[index] === "]") index += 1;
      while (index < pattern.length && pattern[index] !== "]") index += pattern[index] === "\\" ? 2 : 1;
      index += 1;
      const q = quantifierAt(pattern, index);
      mark(q.variable);
      index += q.length;
    } else if (char === "(") {
      stack.push(false);
      index += 1;
      if (pattern[index] === "?") {
        index += 1;
        if (pattern[index] === "<" && pattern[index + 1] !== "=" && pattern[index + 1] !== "!") {
          const close = pattern.indexOf(">", index);
          index = close >= 0 ? close + 1 : pattern.length;
        } else {
          index += pattern[index] === "<" ? 2 : 1;
        }
      }
    } else if (char === ")") {
      const inner = stack.length ? stack.pop() : false;
      index += 1;
      const q = quantifierAt(pattern, index);
      if (q.repeats && inner) return "a repeated group contains a quantifier or '|'";
      mark(inner || q.variable);
      index += q.length;
    } else if (char === "|") {
      mark(true);
      index += 1;
    } else {
      index += 1;
      const q = quantifierAt(pattern, index);
      mark(q.variable);
      index += q.length;
    }
  }
  return null;
}

const compiled = new Map();

// A RegExp for a pattern the renderer may run, or null (too long, unsafe or invalid).
export function safeRegExp(pattern) {
  if (typeof pattern !== "string" || pattern.length > LIMITS.maxRegexLength) return null;
  if (compiled.has(pattern)) return compiled.get(pattern);
  let result = null;
  if (!unsafeReason(pattern)) {
    try {
      result = new RegExp(pattern);
    } catch {
      result = null;
    }
  }
  if (compiled.size > 200) compiled.clear();
  compiled.set(pattern, result);
  return result;
}
