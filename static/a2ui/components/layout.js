// Row, Column, List, Card, Tabs, Modal, Divider.
import { h, uid } from "../dom.js";
import { toText } from "../functions.js";
import { iconSvg, oneOf } from "./content.js";

const JUSTIFY = new Set(["center", "end", "spaceAround", "spaceBetween", "spaceEvenly", "start", "stretch"]);
const ALIGN = new Set(["start", "center", "end", "stretch"]);

function flex(context, kind, defaultAlign) {
  const { def } = context;
  const justify = oneOf(def.justify, JUSTIFY, "start");
  const align = oneOf(def.align, ALIGN, defaultAlign);
  const element = h("div", { class: `a2ui-${kind} a2ui-justify-${justify} a2ui-align-${align}` });
  context.children(def.children, element);
  return element;
}

export const Row = (context) => flex(context, "row", "stretch");
export const Column = (context) => flex(context, "column", "stretch");

export function List(context) {
  const { def } = context;
  const direction = def.direction === "horizontal" ? "horizontal" : "vertical";
  const align = oneOf(def.align, ALIGN, "stretch");
  const element = h("div", { class: `a2ui-list a2ui-list-${direction} a2ui-align-${align}`, role: "list" });
  context.children(def.children, element, (node) => h("div", { class: "a2ui-list-item", role: "listitem" }, node));
  return element;
}

export function Card(context) {
  return h("div", { class: "a2ui-card" }, context.child(context.def.child));
}

export function Divider(context) {
  return context.def.axis === "vertical"
    ? h("div", { class: "a2ui-divider-vertical", role: "separator", "aria-orientation": "vertical" })
    : h("hr", { class: "a2ui-divider" });
}

export function Tabs(context) {
  const tabs = Array.isArray(context.def.tabs) ? context.def.tabs.filter((tab) => tab && typeof tab === "object").slice(0, 24) : [];
  const element = h("div", { class: "a2ui-tabs" });
  const list = h("div", { class: "a2ui-tablist", role: "tablist" });
  const panel = h("div", { class: "a2ui-tabpanel", role: "tabpanel", id: uid("a2ui-panel"), tabindex: "0" });
  element.append(list, panel);
  let selected = Math.min(context.ui("selected", 0), Math.max(tabs.length - 1, 0));
  let panelOwner = null;
  const buttons = tabs.map((tab, index) => {
    const button = h("button", {
      type: "button", role: "tab", class: "a2ui-tab", id: uid("a2ui-tab"), "aria-controls": panel.id,
      "data-a2ui-key": context.part(`tab-${index}`),
    });
    context.effect(() => {
      button.textContent = toText(context.value(tab.title)) || `Tab ${index + 1}`;
    });
    context.listen(button, "click", () => select(index, false));
    context.listen(button, "keydown", (event) => {
      const last = tabs.length - 1;
      const target = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
      if (target === undefined) return;
      event.preventDefault();
      select(target, true);
    });
    list.append(button);
    return button;
  });

  function select(index, focus) {
    selected = index;
    context.setUi("selected", index);
    buttons.forEach((button, position) => {
      button.setAttribute("aria-selected", position === index ? "true" : "false");
      button.tabIndex = position === index ? 0 : -1;
    });
    panel.setAttribute("aria-labelledby", buttons[index]?.id ?? "");
    panelOwner?.dispose();
    panelOwner = context.owner.child();
    panel.replaceChildren(tabs[index] ? context.child(tabs[index].child, panelOwner) : "");
    if (focus) buttons[index]?.focus();
  }

  if (tabs.length) select(selected, false);
  return element;
}

export function Modal(context) {
  const { def } = context;
  const trigger = h("div", { class: "a2ui-modal-trigger" }, context.child(def.trigger));
  let dialog = null;
  let contentOwner = null;

  function close() {
    if (!dialog) return;
    if (dialog.open) dialog.close();
    dialog.remove();
    contentOwner?.dispose();
    dialog = null;
    trigger.querySelector("button, [tabindex]")?.focus();
  }

  function open() {
    if (dialog) return;
    contentOwner = context.owner.child();
    const closeButton = h(
      "button",
      { type: "button", class: "a2ui-modal-close", "aria-label": "Close", "data-a2ui-key": context.part("close") },
      iconSvg("close"),
    );
    dialog = h(
      "dialog",
      { class: "a2ui-modal", "aria-modal": "true" },
      h("div", { class: "a2ui-modal-bar" }, closeButton),
      h("div", { class: "a2ui-modal-body" }, context.child(def.content, contentOwner)),
    );
    closeButton.addEventListener("click", close);
    dialog.addEventListener("close", close);
    dialog.addEventListener("click", (event) => {
      if (event.target === dialog) close();
    });
    context.surface.element.append(dialog);
    dialog.showModal();
  }

  // The trigger opens the dialog; its own action is intercepted, as the catalog describes.
  context.listen(
    trigger,
    "click",
    (event) => {
      event.preventDefault();
      event.stopPropagation();
      open();
    },
    { capture: true },
  );
  context.owner.add(close);
  return trigger;
}
