// Evaluation of A2UI dynamic values: literals, {path} bindings and catalog function calls.
// Function names are looked up in a Map, so no agent string can reach an object property
// like `constructor`; no function builds code from text.
import { parseTemplate } from "./expressions.js";
import { formatDate, parseDate } from "./format-date.js";
import { LIMITS } from "./limits.js";
import { resolveSegments } from "./pointer.js";
import { safeRegExp } from "./regex.js";

// -- coercion (renderer guide, "Type Coercion Standards") -------------------------------------

export function toText(value) {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return "";
  }
}

export function toNumber(value) {
  if (value === null || value === undefined || value === "") return 0;
  const number = typeof value === "number" ? value : Number(value);
  return Number.isFinite(number) ? number : 0;
}

export function toBoolean(value) {
  if (typeof value === "boolean") return value;
  if (typeof value === "string") return value.toLowerCase() === "true";
  if (typeof value === "number") return value !== 0;
  return false;
}

export function isEmpty(value) {
  return value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
}

function deepEqual(a, b, depth = 0) {
  if (depth > 32) return false;
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    return a.length === b.length && a.every((item, index) => deepEqual(item, b[index], depth + 1));
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && deepEqual(a[key], b[key], depth + 1));
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;

function comparable(a, b) {
  if (isEmpty(a) || isEmpty(b)) return null;
  const numeric = (v) => typeof v === "number" || (typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v));
  if (numeric(a) && numeric(b)) return [Number(a), Number(b)];
  if (typeof a === "string" && typeof b === "string" && ISO_DATE.test(a) && ISO_DATE.test(b)) {
    const x = parseDate(a);
    const y = parseDate(b);
    if (x && y) return [x.getTime(), y.getTime()];
  }
  return null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function integerOrUndefined(value, low, high) {
  if (value === undefined || value === null) return undefined;
  const number = Number(value);
  return Number.isInteger(number) && number >= low && number <= high ? number : undefined;
}

function numberFormat(locale, args, extra = {}) {
  const decimals = integerOrUndefined(args.decimals, 0, 20);
  return new Intl.NumberFormat(locale, {
    ...extra,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: args.grouping !== false,
  });
}

// Each function takes resolved args and the evaluator (for locale and nested evaluation).
const FUNCTIONS = new Map([
  ["required", (args) => !isEmpty(args.value)],
  [
    "regex",
    (args, evaluator) => {
      const pattern = safeRegExp(args.pattern);
      if (!pattern) {
        evaluator.report("unsafe_regex", `regular expression refused: ${String(args.pattern).slice(0, 60)}`);
        return true;
      }
      return pattern.test(toText(args.value).slice(0, LIMITS.maxStringLength));
    },
  ],
  [
    "length",
    (args) => {
      const length = typeof args.value === "string" || Array.isArray(args.value) ? args.value.length : 0;
      if (args.min !== undefined && length < Number(args.min)) return false;
      if (args.max !== undefined && length > Number(args.max)) return false;
      return true;
    },
  ],
  [
    "numeric",
    (args) => {
      if (args.value === "" || args.value === null || args.value === undefined) return false;
      const number = Number(args.value);
      if (Number.isNaN(number)) return false;
      if (args.min !== undefined && number < Number(args.min)) return false;
      if (args.max !== undefined && number > Number(args.max)) return false;
      return true;
    },
  ],
  ["email", (args) => typeof args.value === "string" && args.value.length <= 320 && EMAIL.test(args.value)],
  [
    "formatString",
    (args, evaluator, scope) => {
      const template = toText(args.value);
      let parts;
      try {
        parts = parseTemplate(template);
      } catch (error) {
        evaluator.report("invalid_expression", error.message);
        return template;
      }
      return parts.map((part) => (typeof part === "string" ? part : toText(evaluator.value(part, scope)))).join("");
    },
  ],
  [
    "formatNumber",
    (args, evaluator) => {
      if (args.value === null || args.value === undefined || args.value === "") return "";
      const number = Number(args.value);
      return Number.isNaN(number) ? "" : numberFormat(evaluator.locale, args).format(number);
    },
  ],
  [
    "formatCurrency",
    (args, evaluator) => {
      if (args.value === null || args.value === undefined || args.value === "") return "";
      const number = Number(args.value);
      if (Number.isNaN(number)) return "";
      const currency = typeof args.currency === "string" && /^[A-Za-z]{3}$/.test(args.currency) ? args.currency.toUpperCase() : null;
      if (!currency) return numberFormat(evaluator.locale, args).format(number);
      try {
        return numberFormat(evaluator.locale, args, { style: "currency", currency }).format(number);
      } catch {
        return `${numberFormat(evaluator.locale, args).format(number)} ${currency}`;
      }
    },
  ],
  ["formatDate", (args, evaluator) => formatDate(args.value, toText(args.format), evaluator.locale)],
  [
    "pluralize",
    (args, evaluator) => {
      const category = new Intl.PluralRules(evaluator.locale).select(toNumber(args.value));
      const chosen = Object.prototype.hasOwnProperty.call(args, category) ? args[category] : args.other;
      return toText(chosen ?? args.other);
    },
  ],
  ["openUrl", () => undefined],
  ["and", (args) => Array.isArray(args.values) && args.values.every((v) => toBoolean(v))],
  ["or", (args) => Array.isArray(args.values) && args.values.some((v) => toBoolean(v))],
  ["not", (args) => !toBoolean(args.value)],
  ["equals", (args) => deepEqual(args.a, args.b)],
  [
    "compare",
    (args) => {
      const pair = comparable(args.a, args.b);
      if (!pair) return false;
      const [x, y] = pair;
      switch (args.op) {
        case "lt": return x < y;
        case "le": return x <= y;
        case "gt": return x > y;
        case "ge": return x >= y;
        default: return false;
      }
    },
  ],
]);

export const FUNCTION_NAMES = Object.freeze([...FUNCTIONS.keys()]);

export function isBinding(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value) && typeof value.path === "string" && !("call" in value);
}

export function isCall(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value) && typeof value.call === "string";
}

// The message of a failing check, or null when it passes. A condition yields a boolean or
// (v1.0) a ValidationResult {valid, message?}; the result's own message wins over the rule's.
export function failedCheck(result, rule) {
  const outcome = result && typeof result === "object" && !Array.isArray(result) && typeof result.valid === "boolean" ? result : null;
  if (outcome ? outcome.valid : toBoolean(result)) return null;
  return toText(outcome?.message) || toText(rule?.message) || "Check this field.";
}

export class Evaluator {
  constructor(model, { locale, report, indexFunction = false }) {
    this.model = model;
    this.indexFunction = indexFunction; // v1.0's system function `@index`
    this.locale = locale;
    this.reporter = report;
    this.depth = 0;
    this.reported = new Set();
  }

  report(code, message) {
    const key = `${code}:${message}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.reporter?.(code, message);
  }

  // Absolute segments of a binding's path in a scope, or null if the path is unusable.
  segments(path, scope) {
    try {
      return resolveSegments(path, scope);
    } catch (error) {
      this.report("invalid_path", `${String(path).slice(0, 80)}: ${error.message}`);
      return null;
    }
  }

  // The current value of a dynamic value. Inside an effect, reads are tracked.
  value(dynamic, scope = [], { track = true } = {}) {
    if (dynamic === null || dynamic === undefined) return undefined;
    if (typeof dynamic !== "object") return dynamic;
    if (Array.isArray(dynamic)) return dynamic.map((item) => this.value(item, scope, { track }));
    if (isBinding(dynamic)) {
      const segments = this.segments(dynamic.path, scope);
      if (!segments) return undefined;
      return track ? this.model.get(segments) : this.model.peek(segments);
    }
    if (isCall(dynamic)) return this.call(dynamic, scope, track);
    return dynamic;
  }

  call(node, scope, track) {
    if (node.call === "@index" && this.indexFunction) return this.index(node, scope, track);
    const implementation = FUNCTIONS.get(node.call);
    if (!implementation) {
      this.report("unknown_function", `'${String(node.call).slice(0, 60)}' is not a catalog function`);
      return undefined;
    }
    if (this.depth > LIMITS.maxExpressionDepth * 2) {
      this.report("too_deep", "function calls nest too deeply");
      return undefined;
    }
    this.depth += 1;
    try {
      const raw = node.args !== null && typeof node.args === "object" && !Array.isArray(node.args) ? node.args : {};
      const args = Object.create(null);
      for (const [name, value] of Object.entries(raw)) args[name] = this.value(value, scope, { track });
      return implementation(args, this, scope);
    } finally {
      this.depth -= 1;
    }
  }

  // v1.0 `@index`: the 0-based position of the current template item, plus `offset`.
  index(node, scope, track) {
    const last = scope[scope.length - 1];
    if (!/^\d+$/.test(String(last ?? ""))) {
      this.report("invalid_function_call", "@index is only available inside a template");
      return undefined;
    }
    const offset = toNumber(this.value(node.args?.offset, scope, { track }));
    return Number(last) + (Number.isFinite(offset) ? offset : 0);
  }

  // Absolute paths a dynamic value reads (used to tie a submit button to the fields it sends).
  pathsOf(dynamic, scope, found = []) {
    if (dynamic === null || typeof dynamic !== "object" || found.length > 200) return found;
    if (Array.isArray(dynamic)) {
      for (const item of dynamic) this.pathsOf(item, scope, found);
    } else if (isBinding(dynamic)) {
      const segments = this.segments(dynamic.path, scope);
      if (segments) found.push(segments);
    } else if (isCall(dynamic) && dynamic.args && typeof dynamic.args === "object") {
      for (const value of Object.values(dynamic.args)) this.pathsOf(value, scope, found);
      if (dynamic.call === "formatString" && typeof dynamic.args.value === "string") {
        try {
          for (const part of parseTemplate(dynamic.args.value)) this.pathsOf(part, scope, found);
        } catch {
          // reported when evaluated
        }
      }
    }
    return found;
  }
}
