// Button and the input components. Every input has a <label> tied to it (or a fieldset legend),
// writes what the person enters to its bound path at once, and shows its first failing check
// next to it.
import { h, uid } from "../dom.js";
import { failedCheck, toBoolean, toNumber, toText } from "../functions.js";
import { formatDate, parseDate } from "../format-date.js";
import { safeRegExp } from "../regex.js";
import { oneOf } from "./content.js";

const BUTTON_VARIANTS = new Set(["default", "primary", "borderless"]);
const TEXT_VARIANTS = new Set(["longText", "number", "shortText", "obscured"]);
const MAX_OPTIONS = 500;
const SELECT_THRESHOLD = 7;

function errorSlot() {
  return h("p", { class: "a2ui-field-error", id: uid("a2ui-error"), hidden: true, "aria-live": "polite" });
}

export function Button(context) {
  const { def } = context;
  const variant = oneOf(def.variant, BUTTON_VARIANTS, "default");
  const button = h("button", {
    type: "button", class: "a2ui-button", "data-variant": variant, "data-a2ui-key": context.part("button"),
  });
  button.append(context.child(def.child));
  const note = h("p", { class: "a2ui-action-note", role: "status", hidden: true });
  const wrap = h("div", { class: "a2ui-button-wrap" }, button, note);
  context.primary = button;
  const record = {
    error: null,
    say(message) {
      note.textContent = message;
      note.hidden = !message;
    },
  };
  const checks = Array.isArray(def.checks) ? def.checks : [];
  if (checks.length) {
    context.effect(() => {
      record.error = null;
      for (const rule of checks) {
        if (!rule || typeof rule !== "object") continue;
        const failed = failedCheck(context.value(rule.condition), { message: toText(rule.message) || "Not available yet." });
        if (failed) {
          record.error = failed;
          break;
        }
      }
      if (record.error) button.setAttribute("aria-disabled", "true");
      else {
        button.removeAttribute("aria-disabled");
        record.say("");
      }
    });
  }
  context.listen(button, "click", (event) => {
    if (event.detail > 1) return; // the second click of a double click sends nothing more
    context.surface.dispatch(context, def.action, record);
  });
  return wrap;
}

function labelled(context, labelDynamic, control, fallback) {
  const label = h("label", { class: "a2ui-label", for: control.id });
  context.effect(() => {
    const text = toText(context.value(labelDynamic));
    label.textContent = text || fallback;
    // Without a label from the agent the control keeps an accessible name, shown to no one.
    label.classList.toggle("a2ui-visually-hidden", !text);
  });
  return label;
}

export function TextField(context) {
  const { def } = context;
  const variant = oneOf(def.variant, TEXT_VARIANTS, "shortText");
  const id = uid("a2ui-input");
  const key = context.part("input");
  const control =
    variant === "longText"
      ? h("textarea", { id, class: "a2ui-input a2ui-textarea", rows: "3", "data-a2ui-key": key })
      : h("input", {
          id, class: "a2ui-input", "data-a2ui-key": key,
          type: variant === "obscured" ? "password" : "text",
          inputmode: variant === "number" ? "decimal" : null,
          autocomplete: variant === "obscured" ? "current-password" : "off",
          spellcheck: variant === "shortText" || variant === "longText" ? null : "false",
        });
  if (variant === "number") control.classList.add("a2ui-input-number");
  const error = errorSlot();
  const field = h("div", { class: "a2ui-field" }, labelled(context, def.label, control, "Text"), control, error);
  context.primary = control;
  const write = context.writer(def.value);
  context.effect(() => {
    const value = toText(context.value(def.value));
    if (control.value !== value) control.value = value;
  });
  context.listen(control, "input", () => write(control.value));
  const pattern = typeof def.validationRegexp === "string" ? def.validationRegexp : null;
  context.checkable({
    control,
    error,
    valueDynamic: def.value,
    extra: () => {
      const value = toText(context.value(def.value));
      if (!value) return null;
      if (variant === "number" && Number.isNaN(Number(value))) return "Enter a number.";
      const regex = pattern ? safeRegExp(pattern) : null;
      return regex && !regex.test(value) ? "Enter a value in the expected format." : null;
    },
  });
  return field;
}

export function CheckBox(context) {
  const { def } = context;
  const id = uid("a2ui-check");
  const control = h("input", { id, type: "checkbox", class: "a2ui-checkbox-input", "data-a2ui-key": context.part("input") });
  const error = errorSlot();
  const field = h(
    "div",
    { class: "a2ui-field a2ui-field-inline" },
    h("div", { class: "a2ui-checkbox" }, control, labelled(context, def.label, control, "Yes")),
    error,
  );
  context.primary = control;
  const write = context.writer(def.value);
  context.effect(() => {
    control.checked = toBoolean(context.value(def.value));
  });
  context.listen(control, "change", () => write(control.checked));
  context.checkable({ control, error, valueDynamic: def.value });
  return field;
}

function selectedValues(value) {
  if (Array.isArray(value)) return value.map(toText);
  if (typeof value === "string" && value) return [value];
  return [];
}

export function ChoicePicker(context) {
  const { def } = context;
  const options = (Array.isArray(def.options) ? def.options : [])
    .filter((option) => option && typeof option === "object" && typeof option.value === "string")
    .slice(0, MAX_OPTIONS);
  const multiple = def.variant === "multipleSelection";
  const chips = def.displayStyle === "chips";
  const write = context.writer(def.value);
  const error = errorSlot();
  const useSelect = !multiple && !chips && !def.filterable && options.length > SELECT_THRESHOLD;

  if (useSelect) {
    const id = uid("a2ui-select");
    const select = h("select", { id, class: "a2ui-input a2ui-select", "data-a2ui-key": context.part("select") });
    const empty = h("option", { value: "" }, "Choose…");
    select.append(empty);
    for (const option of options) {
      const item = h("option", { value: option.value });
      context.effect(() => {
        item.textContent = toText(context.value(option.label)) || option.value;
      });
      select.append(item);
    }
    context.effect(() => {
      const [current] = selectedValues(context.value(def.value));
      select.value = options.some((option) => option.value === current) ? current : "";
      empty.disabled = Boolean(select.value);
    });
    context.listen(select, "change", () => write(select.value ? [select.value] : []));
    context.primary = select;
    context.checkable({ control: select, error, valueDynamic: def.value });
    return h("div", { class: "a2ui-field" }, labelled(context, def.label, select, "Choose one"), select, error);
  }

  const legend = h("legend", { class: "a2ui-label" });
  context.effect(() => {
    const text = toText(context.value(def.label));
    legend.textContent = text || (multiple ? "Choose any" : "Choose one");
    legend.classList.toggle("a2ui-visually-hidden", !text);
  });
  const group = h("div", { class: `a2ui-options${chips ? " a2ui-chips" : ""}` });
  const name = uid("a2ui-choice");
  const inputs = options.map((option, index) => {
    const input = h("input", {
      type: multiple ? "checkbox" : "radio", name, value: option.value, id: uid("a2ui-option"),
      class: "a2ui-option-input", "data-a2ui-key": context.part(`option-${index}`),
    });
    const text = h("span", { class: "a2ui-option-text" });
    context.effect(() => {
      text.textContent = toText(context.value(option.label)) || option.value;
    });
    const label = h("label", { class: "a2ui-option", for: input.id }, input, text);
    group.append(label);
    context.listen(input, "change", () => {
      const chosen = multiple ? inputs.filter((item) => item.checked).map((item) => item.value) : [input.value];
      write(chosen);
    });
    return input;
  });
  context.effect(() => {
    const current = new Set(selectedValues(context.value(def.value)));
    for (const input of inputs) input.checked = current.has(input.value);
  });
  const fieldset = h("fieldset", { class: "a2ui-field a2ui-choice" }, legend);
  if (def.filterable === true) {
    const filter = h("input", {
      type: "search", class: "a2ui-input a2ui-filter", placeholder: "Filter", "aria-label": "Filter options",
      "data-a2ui-key": context.part("filter"),
    });
    context.listen(filter, "input", () => {
      const needle = filter.value.trim().toLowerCase();
      for (const input of inputs) {
        const option = input.closest(".a2ui-option");
        option.hidden = Boolean(needle) && !option.textContent.toLowerCase().includes(needle);
      }
    });
    fieldset.append(filter);
  }
  fieldset.append(group, error);
  const first = inputs[0] ?? fieldset;
  context.primary = fieldset;
  const record = context.checkable({ control: first, error, valueDynamic: def.value });
  // The fieldset, not the first option, is what is invalid.
  record.focus = () => (inputs.find((input) => input.checked) ?? first).focus();
  for (const input of inputs.slice(1)) {
    context.listen(input, "change", () => {
      record.touched = true;
      record.render();
    });
  }
  return fieldset;
}

export function Slider(context) {
  const { def } = context;
  const min = Number.isFinite(Number(def.min)) ? Number(def.min) : 0;
  const max = Number.isFinite(Number(def.max)) ? Number(def.max) : 100;
  const integral = Number.isInteger(min) && Number.isInteger(max) && max - min >= 10;
  const id = uid("a2ui-slider");
  const control = h("input", {
    id, type: "range", class: "a2ui-slider", min: String(min), max: String(Math.max(max, min)),
    step: integral ? "1" : "any", "data-a2ui-key": context.part("input"),
  });
  const output = h("output", { class: "a2ui-slider-value", for: id });
  const error = errorSlot();
  const write = context.writer(def.value);
  context.effect(() => {
    const value = toNumber(context.value(def.value));
    if (Number(control.value) !== value) control.value = String(value);
    output.textContent = new Intl.NumberFormat(context.renderer().locale, { maximumFractionDigits: 2 }).format(Number(control.value));
  });
  context.listen(control, "input", () => write(Number(control.value)));
  context.primary = control;
  context.checkable({ control, error, valueDynamic: def.value });
  return h(
    "div",
    { class: "a2ui-field" },
    h("div", { class: "a2ui-slider-head" }, labelled(context, def.label, control, "Value"), output),
    control,
    error,
  );
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}/;

function pad(number) {
  return String(number).padStart(2, "0");
}

// ISO 8601 from the model → the native control's format.
function toControl(value, type) {
  if (typeof value !== "string" || !value) return "";
  if (type === "time") {
    const match = /(?:T|^)(\d{2}:\d{2})/.exec(value);
    return match ? match[1] : "";
  }
  if (type === "date" && DATE.test(value.slice(0, 10))) return value.slice(0, 10);
  if (/Z|[+-]\d{2}:\d{2}$/.test(value)) {
    const date = parseDate(value);
    if (!date) return "";
    const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
    return type === "date" ? day : `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  }
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}))?/.exec(value);
  if (!match) return "";
  return type === "date" ? match[1] : `${match[1]}T${match[2] ?? "00:00"}`;
}

export function DateTimeInput(context) {
  const { def } = context;
  const date = def.enableDate === true;
  const time = def.enableTime === true;
  const type = date && time ? "datetime-local" : time && !date ? "time" : "date";
  const id = uid("a2ui-date");
  const control = h("input", { id, type, class: "a2ui-input a2ui-date", "data-a2ui-key": context.part("input") });
  const error = errorSlot();
  const write = context.writer(def.value);
  context.effect(() => {
    const value = toControl(toText(context.value(def.value)), type);
    if (control.value !== value) control.value = value;
  });
  const bound = (which) => {
    const value = toControl(toText(context.value(def[which])), type);
    return value || null;
  };
  context.effect(() => {
    control.min = bound("min") ?? "";
    control.max = bound("max") ?? "";
  });
  context.listen(control, "input", () => write(control.value));
  context.listen(control, "change", () => write(control.value));
  const describe = (value) => (type === "time" ? value : formatDate(value, type === "date" ? "MMM d, yyyy" : "MMM d, yyyy HH:mm", context.renderer().locale));
  context.primary = control;
  context.checkable({
    control,
    error,
    valueDynamic: def.value,
    extra: () => {
      const value = toControl(toText(context.value(def.value)), type);
      if (!value) return null;
      const low = bound("min");
      const high = bound("max");
      if (type === "time" ? !TIME.test(value) : !parseDate(value)) return "Enter a valid date.";
      if (low && value < low) return `Choose ${type === "time" ? "a time" : "a date"} on or after ${describe(low)}.`;
      if (high && value > high) return `Choose ${type === "time" ? "a time" : "a date"} on or before ${describe(high)}.`;
      return null;
    },
  });
  return h("div", { class: "a2ui-field" }, labelled(context, def.label, control, type === "time" ? "Time" : "Date"), control, error);
}
