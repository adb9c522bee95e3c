// The `${...}` language of formatString (same grammar as apps/a2ui/expressions.py):
// a template becomes a list of parts, each a literal string or a DynamicValue
// ({path} or {call, args}) that the function layer evaluates.
import { LIMITS } from "./limits.js";

export class ExpressionError extends Error {}

class Scanner {
  constructor(text) {
    this.text = text;
    this.pos = 0;
  }
  atEnd() {
    return this.pos >= this.text.length;
  }
  peek(offset = 0) {
    return this.text[this.pos + offset] ?? "";
  }
  starts(token) {
    return this.text.startsWith(token, this.pos);
  }
  skipSpace() {
    while (!this.atEnd() && /\s/.test(this.peek())) this.pos += 1;
  }
}

const isName = (c) => /^[A-Za-z0-9_]$/.test(c);
const isPath = (c) => /^[A-Za-z0-9_/.~-]$/.test(c);

function interpolation(scanner) {
  const start = scanner.pos;
  let depth = 1;
  while (!scanner.atEnd()) {
    const c = scanner.peek();
    scanner.pos += 1;
    if (c === "{") depth += 1;
    else if (c === "}") {
      depth -= 1;
      if (depth === 0) return scanner.text.slice(start, scanner.pos - 1);
    } else if (c === "'" || c === '"') {
      while (!scanner.atEnd()) {
        const inner = scanner.peek();
        scanner.pos += 1;
        if (inner === "\\") scanner.pos += 1;
        else if (inner === c) break;
      }
    }
  }
  throw new ExpressionError("unclosed '${'");
}

function expression(text, depth) {
  const scanner = new Scanner(text.trim());
  const result = value(scanner, depth);
  scanner.skipSpace();
  if (!scanner.atEnd()) throw new ExpressionError("unexpected text in expression");
  return result;
}

function value(scanner, depth) {
  if (depth > LIMITS.maxExpressionDepth) throw new ExpressionError("expression nests too deeply");
  scanner.skipSpace();
  if (scanner.atEnd()) return "";
  if (scanner.starts("${")) {
    scanner.pos += 2;
    return expression(interpolation(scanner), depth + 1);
  }
  const c = scanner.peek();
  if (c === "'" || c === '"') {
    scanner.pos += 1;
    let result = "";
    while (!scanner.atEnd()) {
      const inner = scanner.peek();
      scanner.pos += 1;
      if (inner === "\\") {
        const next = scanner.peek();
        scanner.pos += 1;
        result += next === "n" ? "\n" : next === "t" ? "\t" : next;
      } else if (inner === c) {
        return result;
      } else {
        result += inner;
      }
    }
    throw new ExpressionError("unclosed string literal");
  }
  if (/\d/.test(c)) {
    const start = scanner.pos;
    while (!scanner.atEnd() && /[\d.]/.test(scanner.peek())) scanner.pos += 1;
    const number = scanner.text.slice(start, scanner.pos);
    if (!/^\d+\.?\d*$/.test(number)) throw new ExpressionError("invalid number");
    return Number(number);
  }
  for (const [keyword, literal] of [["true", true], ["false", false], ["null", ""]]) {
    if (scanner.starts(keyword) && !isName(scanner.peek(keyword.length))) {
      scanner.pos += keyword.length;
      return literal;
    }
  }
  const start = scanner.pos;
  while (!scanner.atEnd() && isPath(scanner.peek())) scanner.pos += 1;
  const token = scanner.text.slice(start, scanner.pos);
  scanner.skipSpace();
  if (scanner.peek() === "(") {
    if (!/^[A-Za-z0-9_]+$/.test(token)) throw new ExpressionError("invalid function name");
    scanner.pos += 1;
    return { call: token, args: argumentsOf(scanner, token, depth) };
  }
  if (!token) throw new ExpressionError("unexpected character in expression");
  return { path: token };
}

function argumentsOf(scanner, name, depth) {
  const args = Object.create(null);
  scanner.skipSpace();
  while (!scanner.atEnd() && scanner.peek() !== ")") {
    const start = scanner.pos;
    while (!scanner.atEnd() && isName(scanner.peek())) scanner.pos += 1;
    const key = scanner.text.slice(start, scanner.pos);
    scanner.skipSpace();
    if (!key || scanner.peek() !== ":") throw new ExpressionError(`expected 'name:' in ${name}()`);
    scanner.pos += 1;
    args[key] = value(scanner, depth + 1);
    scanner.skipSpace();
    if (scanner.peek() === ",") {
      scanner.pos += 1;
      scanner.skipSpace();
    } else if (scanner.peek() !== ")") {
      throw new ExpressionError(`expected ',' or ')' in ${name}()`);
    }
  }
  if (scanner.peek() !== ")") throw new ExpressionError(`missing ')' in ${name}()`);
  scanner.pos += 1;
  return args;
}

const cache = new Map();

export function parseTemplate(template) {
  if (cache.has(template)) return cache.get(template);
  const parts = [];
  const scanner = new Scanner(template);
  let literal = "";
  while (!scanner.atEnd()) {
    if (scanner.starts("\\${")) {
      literal += "${";
      scanner.pos += 3;
    } else if (scanner.starts("${")) {
      scanner.pos += 2;
      if (literal) parts.push(literal);
      literal = "";
      parts.push(expression(interpolation(scanner), 1));
    } else {
      literal += scanner.peek();
      scanner.pos += 1;
    }
  }
  if (literal) parts.push(literal);
  if (cache.size > 500) cache.clear();
  cache.set(template, parts);
  return parts;
}
