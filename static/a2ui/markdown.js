// The Markdown subset of the Text component, built as DOM nodes: paragraphs, line breaks,
// headings, lists, quotes, code, bold, italic and strikethrough. Links and images are shown as
// their text (the basic catalog's Text has none); HTML in the source stays literal text.
import { h } from "./dom.js";

const MAX_INLINE_DEPTH = 8;
const IMAGE = /!\[([^\]]{0,500})\]\(([^)\s]{0,2000})\)/y;
const LINK = /\[([^\]]{1,500})\]\(([^)\s]{0,2000})\)/y;

// Closing markers are looked for within a window, so text full of `*` stays linear.
const WINDOW = 2_000;

function closing(source, marker, start) {
  const found = source.slice(start, start + WINDOW).indexOf(marker);
  return found < 0 ? -1 : start + found;
}

function stickyMatch(pattern, source, index) {
  pattern.lastIndex = index;
  return pattern.exec(source);
}

function inline(source, depth = 0) {
  const nodes = [];
  let buffer = "";
  const flush = () => {
    if (buffer) nodes.push(buffer);
    buffer = "";
  };
  let index = 0;
  while (index < source.length) {
    const char = source[index];
    if (char === "\\" && index + 1 < source.length && /[\\`*_~[\]()#>!-]/.test(source[index + 1])) {
      buffer += source[index + 1];
      index += 2;
      continue;
    }
    if (char === "`") {
      const end = closing(source, "`", index + 1);
      if (end > index) {
        flush();
        nodes.push(h("code", { class: "a2ui-md-code" }, source.slice(index + 1, end)));
        index = end + 1;
        continue;
      }
    }
    if (depth < MAX_INLINE_DEPTH) {
      const image = char === "!" ? stickyMatch(IMAGE, source, index) : null;
      if (image) {
        flush();
        buffer += image[1];
        index += image[0].length;
        continue;
      }
      const link = char === "[" ? stickyMatch(LINK, source, index) : null;
      if (link) {
        flush();
        nodes.push(...inline(link[1], depth + 1));
        index += link[0].length;
        continue;
      }
      let matched = false;
      for (const [marker, tag] of [["**", "strong"], ["__", "strong"], ["~~", "del"], ["*", "em"], ["_", "em"]]) {
        if (!source.startsWith(marker, index)) continue;
        const start = index + marker.length;
        const end = closing(source, marker, start);
        const inner = end > start ? source.slice(start, end) : "";
        const wordBoundary = marker !== "_" || !/\w/.test(source[index - 1] ?? "");
        if (inner && !/^\s|\s$/.test(inner) && wordBoundary) {
          flush();
          nodes.push(h(tag, {}, inline(inner, depth + 1)));
          index = end + marker.length;
          matched = true;
          break;
        }
      }
      if (matched) continue;
    }
    buffer += char;
    index += 1;
  }
  flush();
  return nodes;
}

function withBreaks(lines) {
  const nodes = [];
  lines.forEach((line, index) => {
    if (index) nodes.push(h("br"));
    nodes.push(...inline(line));
  });
  return nodes;
}

// Block structure of a Markdown string as a list of elements.
export function renderMarkdown(source) {
  const lines = String(source).replace(/\r\n?/g, "\n").split("\n");
  const blocks = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index];
    if (!line.trim()) {
      index += 1;
      continue;
    }
    const fence = /^\s*(```|~~~)/.exec(line);
    if (fence) {
      const body = [];
      index += 1;
      while (index < lines.length && !lines[index].trim().startsWith(fence[1])) body.push(lines[index++]);
      index += 1;
      blocks.push(h("pre", { class: "a2ui-md-pre" }, h("code", {}, body.join("\n"))));
      continue;
    }
    const heading = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const level = Math.min(heading[1].length, 6);
      blocks.push(h("p", { class: `a2ui-md-heading a2ui-md-h${level}`, role: "heading", "aria-level": String(level) }, inline(heading[2])));
      index += 1;
      continue;
    }
    const listItem = /^\s*([-*+]|\d{1,9}[.)])\s+(.*)$/;
    if (listItem.test(line)) {
      const ordered = /^\s*\d/.test(line);
      const items = [];
      while (index < lines.length && listItem.test(lines[index]) && /^\s*\d/.test(lines[index]) === ordered) {
        items.push(h("li", {}, inline(listItem.exec(lines[index])[2])));
        index += 1;
      }
      blocks.push(h(ordered ? "ol" : "ul", { class: "a2ui-md-list" }, items));
      continue;
    }
    if (/^\s*>/.test(line)) {
      const quoted = [];
      while (index < lines.length && /^\s*>/.test(lines[index])) quoted.push(lines[index++].replace(/^\s*>\s?/, ""));
      blocks.push(h("blockquote", { class: "a2ui-md-quote" }, withBreaks(quoted)));
      continue;
    }
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      blocks.push(h("hr", { class: "a2ui-md-rule" }));
      index += 1;
      continue;
    }
    const paragraph = [];
    while (
      index < lines.length && lines[index].trim() &&
      !/^\s*(```|~~~|#{1,6}\s|>|[-*+]\s|\d{1,9}[.)]\s)/.test(lines[index])
    ) {
      paragraph.push(lines[index++]);
    }
    if (!paragraph.length) paragraph.push(lines[index++]);
    blocks.push(h("p", { class: "a2ui-md-p" }, withBreaks(paragraph)));
  }
  return blocks;
}

// Inline formatting only, for headings and captions: "# Title" loses its marker.
export function renderInline(source) {
  return inline(String(source).replace(/^\s{0,3}#{1,6}\s+/, "").replace(/\r?\n/g, " "));
}
