// Measure one rendered Slidev slide in the page (apps/decks/render.py evaluates this function).
// Coordinates are CSS px on the slide canvas (980×552 for Tessera decks), independent of the
// transform Slidev applies to fit the window.
(n) => {
  const page = document.querySelector(`.slidev-page-${n}`);
  const layout = page && page.querySelector(".slidev-layout");
  if (!layout) return { slide: n, missing: true };

  const box = layout.getBoundingClientRect();
  const width = layout.offsetWidth;
  const height = layout.offsetHeight;
  const scale = box.width / width || 1;
  const rel = (r) => ({
    x: (r.left - box.left) / scale,
    y: (r.top - box.top) / scale,
    w: r.width / scale,
    h: r.height / scale,
  });
  const area = (r) => Math.max(0, r.w) * Math.max(0, r.h);
  const intersect = (a, b) => {
    const x = Math.max(a.x, b.x);
    const y = Math.max(a.y, b.y);
    const w = Math.min(a.x + a.w, b.x + b.w) - x;
    const h = Math.min(a.y + a.h, b.y + b.h) - y;
    return { x, y, w: Math.max(0, w), h: Math.max(0, h) };
  };
  const canvas = { x: 0, y: 0, w: width, h: height };
  const shown = (el) => {
    const style = getComputedStyle(el);
    return style.display !== "none" && style.visibility !== "hidden";
  };
  const opacityOf = (el) => {
    let value = 1;
    for (let e = el; e && e !== page.parentElement; e = e.parentElement) {
      value *= parseFloat(getComputedStyle(e).opacity || "1");
    }
    return value;
  };
  const parseColor = (text) => {
    const m = text.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const parts = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
    return { r: parts[0], g: parts[1], b: parts[2], a: parts.length > 3 ? parts[3] : 1 };
  };
  const luminance = (c) => {
    const f = (v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
  };
  const backgroundOf = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = parseColor(getComputedStyle(e).backgroundColor);
      if (c && c.a > 0.5) return c;
      if (e === layout) break;
    }
    return { r: 255, g: 255, b: 255, a: 1 };
  };
  const contrast = (fg, bg) => {
    const a = luminance(fg) + 0.05;
    const b = luminance(bg) + 0.05;
    return Math.max(a, b) / Math.min(a, b);
  };
  const clipRects = (el) => {
    const rects = [];
    for (let e = el.parentElement; e && e !== page.parentElement; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (style.overflow !== "visible" || style.overflowX !== "visible") {
        if (e !== layout) rects.push(rel(e.getBoundingClientRect()));
      }
    }
    return rects;
  };

  // Text, grouped by the element that holds it.
  const entries = new Map();
  const walker = document.createTreeWalker(layout, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (!node.textContent.trim()) continue;
    const parent = node.parentElement;
    if (!parent || !shown(parent) || parent.closest(".katex-mathml")) continue; // MathML copy
    const el = parent.closest(".katex") || parent; // a formula is one box, its glyphs overlap
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0).map(rel);
    if (!rects.length) continue;
    let entry = entries.get(el);
    if (!entry) {
      entry = { el, rects: [], text: "" };
      entries.set(el, entry);
    }
    entry.rects.push(...rects);
    entry.text += node.textContent;
  }

  const texts = [];
  for (const { el, rects, text } of entries.values()) {
    const style = getComputedStyle(el);
    const fg = parseColor(style.color) || { r: 0, g: 0, b: 0, a: 1 };
    const bg = backgroundOf(el);
    const x0 = Math.min(...rects.map((r) => r.x));
    const y0 = Math.min(...rects.map((r) => r.y));
    const x1 = Math.max(...rects.map((r) => r.x + r.w));
    const y1 = Math.max(...rects.map((r) => r.y + r.h));
    texts.push({
      el,
      text: text.replace(/\s+/g, " ").trim(),
      words: el.classList.contains("katex") ? 1 : text.trim().split(/\s+/).filter(Boolean).length,
      // a listing's text is read, not counted as the slide's words: role "code"
      role: el.closest("h1, h2")
        ? "title"
        : el.closest("blockquote")
          ? "caption"
          : el.closest("pre")
            ? "code"
            : "body",
      font_px: parseFloat(style.fontSize),
      contrast: contrast(fg, bg),
      opacity: opacityOf(el) * (fg.a ?? 1),
      rect: { x: x0, y: y0, w: x1 - x0, h: y1 - y0 },
      lines: rects,
    });
  }

  // Images and CSS background images.
  const images = [];
  for (const img of layout.querySelectorAll("img")) {
    if (!shown(img)) continue;
    const style = getComputedStyle(img);
    const frame = rel(img.getBoundingClientRect());
    const nw = img.naturalWidth || 1;
    const nh = img.naturalHeight || 1;
    const fit = style.objectFit || "fill";
    let drawn = frame;
    if (fit === "contain" || fit === "scale-down") {
      const s = Math.min(frame.w / nw, frame.h / nh, fit === "scale-down" ? 1 : Infinity);
      drawn = { x: frame.x + (frame.w - nw * s) / 2, y: frame.y + (frame.h - nh * s) / 2, w: nw * s, h: nh * s };
    } else if (fit === "cover") {
      const s = Math.max(frame.w / nw, frame.h / nh);
      drawn = { x: frame.x + (frame.w - nw * s) / 2, y: frame.y + (frame.h - nh * s) / 2, w: nw * s, h: nh * s };
    }
    let visible = intersect(fit === "cover" ? intersect(drawn, frame) : drawn, canvas);
    for (const clip of clipRects(img)) visible = intersect(visible, clip);
    images.push({
      src: img.getAttribute("src") || "",
      // Vite bundles ./figures/fig-3.png as assets/fig-3-<hash>.png: the name keeps the id.
      figure: ((img.getAttribute("src") || "").match(/(?:fig|tab)-\d+/) || [""])[0],
      natural: { w: nw, h: nh },
      loaded: img.complete && img.naturalWidth > 0,
      fit,
      frame,
      drawn,
      visible,
      visible_fraction: area(drawn) ? area(visible) / area(drawn) : 0,
      distortion: fit === "fill" ? Math.abs(frame.w / frame.h / (nw / nh) - 1) : 0,
      opacity: opacityOf(img),
      filter: style.filter === "none" ? "" : style.filter,
    });
  }
  const backgrounds = [];
  // The whole page: image-right and its kin draw the picture beside the layout's content box.
  for (const el of page.querySelectorAll("*")) {
    const style = getComputedStyle(el);
    if (!style.backgroundImage.includes("url(")) continue;
    backgrounds.push({ size: style.backgroundSize, rect: rel(el.getBoundingClientRect()) });
  }

  // Overflow: anything drawn past the canvas, and the layout's own scroll overflow.
  let bottom = 0;
  let right = 0;
  let left = 0;
  const lowest = {}; // bottom edge of the lowest box of each role: which part overflows
  const note = (role, r) => {
    bottom = Math.max(bottom, r.y + r.h);
    right = Math.max(right, r.x + r.w);
    left = Math.min(left, r.x);
    lowest[role] = Math.round(Math.max(lowest[role] ?? 0, r.y + r.h));
  };
  for (const t of texts) for (const r of t.lines) note(t.role, r);
  for (const i of images) note("image", i.fit === "cover" ? i.frame : i.drawn);

  // Overlaps between boxes that are not nested (line boxes for text, drawn area for images).
  const overlaps = [];
  const boxes = [
    ...texts.map((t) => ({ el: t.el, label: t.text.slice(0, 40), rects: t.lines })),
    ...images.map((i, k) => ({ el: layout.querySelectorAll("img")[k], label: i.figure || i.src, rects: [i.drawn] })),
  ];
  for (let a = 0; a < boxes.length; a++) {
    for (let b = a + 1; b < boxes.length; b++) {
      const A = boxes[a];
      const B = boxes[b];
      if (A.el.contains(B.el) || B.el.contains(A.el)) continue;
      let shared = 0;
      for (const ra of A.rects) for (const rb of B.rects) shared += area(intersect(ra, rb));
      if (shared > 0) overlaps.push({ a: A.label, b: B.label, area_px: Math.round(shared) });
    }
  }

  const round = (v) => Math.round(v * 10) / 10;
  const roundRect = (r) => ({ x: round(r.x), y: round(r.y), w: round(r.w), h: round(r.h) });
  return {
    slide: n,
    canvas: { w: width, h: height },
    scale: round(scale),
    overflow: {
      bottom_px: round(Math.max(0, bottom - height)),
      right_px: round(Math.max(0, right - width)),
      left_px: round(Math.max(0, -left)),
      scroll_px: Math.max(0, layout.scrollHeight - layout.clientHeight),
      lowest,
    },
    texts: texts.map((t) => ({
      text: t.text.slice(0, 120),
      words: t.words,
      role: t.role,
      font_px: round(t.font_px),
      contrast: round(t.contrast),
      opacity: round(t.opacity),
      rect: roundRect(t.rect),
    })),
    images: images.map((i) => ({
      ...i,
      frame: roundRect(i.frame),
      drawn: roundRect(i.drawn),
      visible: roundRect(i.visible),
      visible_fraction: Math.round(i.visible_fraction * 1000) / 1000,
    })),
    backgrounds,
    overlaps,
    math: {
      rendered: layout.querySelectorAll(".katex").length,
      // A formula KaTeX could not typeset is left as its TeX: a backslash command or a brace
      // script in plain text is a formula that failed.
      errors: [
        ...[...layout.querySelectorAll(".katex-error")].map((e) => e.textContent),
        ...texts.filter((t) => !t.el.closest(".katex") && /\\[A-Za-z]+|[_^]\{/.test(t.text)).map((t) => t.text),
      ].map((text) => text.replace(/\s+/g, " ").trim().slice(0, 200)),
    },
  };
}
