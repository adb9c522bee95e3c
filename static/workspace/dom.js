// Small DOM builder: text is always set as text, never parsed as HTML.
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "class") node.className = value;
    else if (name === "dataset") Object.assign(node.dataset, value);
    else if (name.startsWith("on") && typeof value === "function") node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function csrfToken() {
  const match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return match ? decodeURIComponent(match[1]) : "";
}

export async function postJson(url, body) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  const data = await response.json().catch(() => ({ ok: false, error: { message: `HTTP ${response.status}` } }));
  return { status: response.status, data };
}

const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

// Years, ids and codes are labels, not quantities: no thousands separators.
const LABEL_COLUMN = /(^|_)(year|id|code|number)$/i;

export function formatCell(value, type, name = "") {
  if (value === null || value === undefined) return "—";
  if (LABEL_COLUMN.test(name)) return String(value);
  if (typeof value === "number") return numberFormat.format(value);
  if (typeof value === "string" && /^(numeric|int|float|double|real|bigint|smallint|decimal)/i.test(type || "")) {
    const number = Number(value);
    if (!Number.isNaN(number)) return numberFormat.format(number);
  }
  return String(value);
}

export function isNumericType(type) {
  return /^(numeric|int|float|double|real|bigint|smallint|decimal)/i.test(type || "");
}
