// Text, Image, Icon, Video, AudioPlayer.
import { h, svg } from "../dom.js";
import { isBinding } from "../functions.js";
import { ICONS } from "../icons.js";
import { LIMITS } from "../limits.js";
import { renderInline, renderMarkdown } from "../markdown.js";

const TEXT_VARIANTS = new Set(["h1", "h2", "h3", "h4", "h5", "caption", "body"]);
const IMAGE_VARIANTS = new Set(["icon", "avatar", "smallFeature", "mediumFeature", "largeFeature", "header"]);
const FITS = new Set(["contain", "cover", "fill", "none", "scaleDown"]);
const SVG_PATH = /^[MmZzLlHhVvCcSsQqTtAa0-9eE+\-.,\s]*$/;

export function oneOf(value, allowed, fallback) {
  return typeof value === "string" && allowed.has(value) ? value : fallback;
}

// An <svg> for a catalog icon name or a validated {svgPath}; null when neither.
export function iconSvg(name) {
  const attributes = {
    viewBox: "0 0 24 24", width: "24", height: "24", fill: "none", stroke: "currentColor",
    "stroke-width": "2", "stroke-linecap": "round", "stroke-linejoin": "round", "aria-hidden": "true",
    focusable: "false",
  };
  if (typeof name === "string" && Object.prototype.hasOwnProperty.call(ICONS, name)) {
    return svg("svg", attributes, ...ICONS[name].map(([tag, attrs]) => svg(tag, attrs)));
  }
  if (name && typeof name === "object" && typeof name.svgPath === "string") {
    const d = name.svgPath;
    if (d.length <= LIMITS.maxSvgPathLength && SVG_PATH.test(d)) {
      return svg("svg", { ...attributes, fill: "currentColor", stroke: "none" }, svg("path", { d }));
    }
  }
  return null;
}

export function Text(context) {
  const { def } = context;
  const variant = oneOf(def.variant, TEXT_VARIANTS, "body");
  const heading = variant.startsWith("h");
  const element = h(heading ? variant : "div", { class: `a2ui-text a2ui-text-${variant}` });
  context.effect(() => {
    const value = context.text(def.text);
    element.replaceChildren(...(variant === "body" ? renderMarkdown(value) : renderInline(value)));
  });
  return element;
}

function mediaPlaceholder(context, kind, iconName, label) {
  return h(
    "div",
    { class: `a2ui-media-placeholder a2ui-media-${kind}`, role: "img", "aria-label": label },
    h("span", { class: "a2ui-icon" }, iconSvg(iconName)),
    h("span", { class: "a2ui-media-caption" }, label),
  );
}

export function Image(context) {
  const { def } = context;
  const variant = oneOf(def.variant, IMAGE_VARIANTS, "mediumFeature");
  const fit = oneOf(def.fit, FITS, "fill");
  const element = h("div", { class: `a2ui-image a2ui-image-${variant}` });
  context.effect(() => {
    const url = context.renderer().allowUrl(context.text(def.url), "image");
    const description = context.text(def.description);
    element.classList.toggle("a2ui-image-blocked", !url);
    if (url) {
      element.replaceChildren(
        h("img", {
          src: url, alt: description, loading: "lazy", decoding: "async", referrerpolicy: "no-referrer",
          class: `a2ui-fit-${fit}`,
        }),
      );
    } else {
      const label = description || "Image";
      element.replaceChildren(
        variant === "icon" || variant === "avatar"
          ? h("span", { class: "a2ui-avatar-placeholder", role: "img", "aria-label": label }, iconSvg(variant === "avatar" ? "person" : "photo"))
          : mediaPlaceholder(context, "image", "photo", label),
      );
    }
  });
  return element;
}

export function Icon(context) {
  const { def } = context;
  const element = h("span", { class: "a2ui-icon", "aria-hidden": "true" });
  context.effect(() => {
    const name = isBinding(def.name) ? context.value(def.name) : def.name;
    const icon = iconSvg(name);
    element.replaceChildren(...(icon ? [icon] : []));
  });
  if (def.accessibility?.label !== undefined) {
    element.removeAttribute("aria-hidden");
    element.setAttribute("role", "img");
  }
  return element;
}

function media(context, tag, kind, iconName) {
  const { def } = context;
  const element = h("div", { class: `a2ui-${kind}` });
  context.effect(() => {
    const url = context.renderer().allowUrl(context.text(def.url), kind);
    const description = context.text(def.description);
    if (url) {
      element.replaceChildren(h(tag, { src: url, controls: true, preload: "none", title: description || null }));
    } else {
      element.replaceChildren(mediaPlaceholder(context, kind, iconName, description || (kind === "video" ? "Video" : "Audio")));
    }
  });
  return element;
}

export const Video = (context) => media(context, "video", "video", "play");
export const AudioPlayer = (context) => media(context, "audio", "audio", "volumeUp");
