// Tessera's extensions: Table (rows from the page or the data model, paged and sortable in the
// browser), Chart (drawn by the page's hook) and SqlBlock (highlighted, copyable SQL).
import { h, uid } from "../dom.js";
import { toText } from "../functions.js";
import { formatDate } from "../format-date.js";
import { highlightSql } from "../sql-highlight.js";
import { iconSvg } from "./content.js";

const NUMERIC_TYPE = /^(numeric|int|integer|float|double|real|bigint|smallint|decimal|number)/i;
const DATE_TYPE = /^(date|timestamp)/i;
const FORMATS = new Set(["text", "number", "integer", "currency", "percent", "date", "datetime"]);
const ARTIFACT_ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;
const MAX_ROWS = 100_000;
const MAX_COLUMNS = 64;

function formatterFor(format, locale, currency) {
  switch (format) {
    case "integer":
      return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    case "currency":
      try {
        return new Intl.NumberFormat(locale, { style: "currency", currency: currency || "EUR" });
      } catch {
        return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
      }
    case "percent":
      return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 });
    default:
      return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  }
}

function isNumericFormat(format) {
  return format === "number" || format === "integer" || format === "currency" || format === "percent";
}

// {columns: [{name, type}], rows: [[...]] | [{...}], truncated, row_count|rowCount} → one shape.
export function normalizeResult(payload) {
  if (!payload || typeof payload !== "object") throw new Error("the table data is missing");
  const rawRows = Array.isArray(payload.rows) ? payload.rows.slice(0, MAX_ROWS) : [];
  let columns = Array.isArray(payload.columns)
    ? payload.columns.slice(0, MAX_COLUMNS).map((column) =>
        typeof column === "string" ? { name: column, type: "" } : { name: toText(column?.name), type: toText(column?.type) },
      )
    : null;
  if (!columns) {
    const first = rawRows.find((row) => row && typeof row === "object" && !Array.isArray(row));
    columns = first ? Object.keys(first).slice(0, MAX_COLUMNS).map((name) => ({ name, type: "" })) : [];
  }
  const rows = rawRows.map((row) => {
    if (Array.isArray(row)) return row.slice(0, columns.length);
    if (row && typeof row === "object") {
      return columns.map((column) => (Object.prototype.hasOwnProperty.call(row, column.name) ? row[column.name] : null));
    }
    return columns.map(() => null);
  });
  const rowCount = Number(payload.rowCount ?? payload.row_count ?? rows.length);
  return { columns, rows, truncated: payload.truncated === true, rowCount: Number.isFinite(rowCount) ? rowCount : rows.length };
}

function chooseColumns(context, result) {
  const { def } = context;
  if (!Array.isArray(def.columns) || !def.columns.length) {
    return result.columns.map((column, index) => ({
      index,
      label: column.name,
      format: NUMERIC_TYPE.test(column.type) ? "number" : DATE_TYPE.test(column.type) ? "date" : "text",
      currency: null,
    }));
  }
  return def.columns
    .filter((column) => column && typeof column.key === "string")
    .slice(0, MAX_COLUMNS)
    .map((column) => ({
      index: result.columns.findIndex((candidate) => candidate.name === column.key),
      label: toText(context.peek(column.label)) || column.key,
      format: FORMATS.has(column.format) ? column.format : "text",
      currency: typeof column.currency === "string" ? column.currency : null,
    }));
}

function cellText(value, column, locale) {
  if (value === null || value === undefined || value === "") return "—";
  if (isNumericFormat(column.format)) {
    const number = Number(value);
    if (Number.isNaN(number)) return toText(value);
    return formatterFor(column.format, locale, column.currency).format(number);
  }
  if (column.format === "date" || column.format === "datetime") {
    const text = formatDate(value, column.format === "date" ? "yyyy-MM-dd" : "yyyy-MM-dd HH:mm", locale);
    return text || toText(value);
  }
  return toText(value);
}

function compareValues(a, b, numeric) {
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (numeric) return Number(a) - Number(b);
  return toText(a).localeCompare(toText(b), undefined, { numeric: true });
}

export function Table(context) {
  const { def } = context;
  const renderer = context.renderer();
  const pageSize = Number.isInteger(def.pageSize) && def.pageSize >= 5 && def.pageSize <= 200 ? def.pageSize : 25;
  const sortable = def.sortable !== false;
  const caption = h("p", { class: "a2ui-table-caption", id: uid("a2ui-caption") });
  const status = h("p", { class: "a2ui-table-status", "aria-live": "polite" });
  const pager = h("div", { class: "a2ui-pager" });
  const body = h("div", { class: "a2ui-table-body" });
  const header = h("div", { class: "a2ui-table-head" }, caption);
  const footer = h("div", { class: "a2ui-table-foot" }, status, pager);
  const element = h("figure", { class: "a2ui-table", "aria-labelledby": caption.id }, header, body, footer);
  context.effect(() => {
    const text = toText(context.value(def.caption));
    caption.textContent = text;
    caption.hidden = !text;
  });
  const artifactId = typeof def.artifactId === "string" && ARTIFACT_ID.test(def.artifactId) ? def.artifactId : null;
  if (artifactId && renderer.options.openArtifact) {
    const open = h("button", { type: "button", class: "a2ui-quiet-button", "data-a2ui-key": context.part("open") }, iconSvg("_open"), "Open");
    context.listen(open, "click", () => renderer.options.openArtifact(artifactId, "sql"));
    header.append(open);
  }

  let result = null;
  const view = { page: context.ui("page", 0), sortIndex: context.ui("sortIndex", -1), ascending: context.ui("ascending", true) };

  function draw() {
    if (!result) return;
    const columns = chooseColumns(context, result);
    if (!result.rows.length) {
      body.replaceChildren(h("p", { class: "a2ui-table-empty" }, "No rows."));
      status.textContent = "";
      pager.replaceChildren();
      return;
    }
    let rows = result.rows;
    if (view.sortIndex >= 0 && view.sortIndex < columns.length) {
      const column = columns[view.sortIndex];
      const numeric = isNumericFormat(column.format);
      const factor = view.ascending ? 1 : -1;
      rows = [...rows].sort((a, b) => compareValues(a[column.index], b[column.index], numeric) * factor);
    }
    const pages = Math.max(1, Math.ceil(rows.length / pageSize));
    view.page = Math.min(Math.max(view.page, 0), pages - 1);
    const start = view.page * pageSize;
    const visible = rows.slice(start, start + pageSize);
    const head = h(
      "tr",
      {},
      columns.map((column, index) => {
        const sorted = index === view.sortIndex ? (view.ascending ? "ascending" : "descending") : "none";
        const numeric = isNumericFormat(column.format);
        const cell = h("th", { scope: "col", class: numeric ? "a2ui-num" : null, "aria-sort": sortable ? sorted : null });
        if (!sortable) {
          cell.textContent = column.label;
          return cell;
        }
        const button = h(
          "button",
          { type: "button", class: "a2ui-sort", "data-a2ui-key": context.part(`sort-${index}`) },
          h("span", {}, column.label),
          h("span", { class: "a2ui-sort-icon", "aria-hidden": "true" }, iconSvg(sorted === "ascending" ? "_sortUp" : sorted === "descending" ? "_sortDown" : "_sortNone")),
        );
        button.addEventListener("click", () => {
          view.ascending = view.sortIndex === index ? !view.ascending : true;
          view.sortIndex = index;
          view.page = 0;
          remember();
          draw();
        });
        cell.append(button);
        return cell;
      }),
    );
    const bodyRows = visible.map((row) =>
      h(
        "tr",
        {},
        columns.map((column) =>
          h("td", { class: isNumericFormat(column.format) ? "a2ui-num" : null }, cellText(column.index >= 0 ? row[column.index] : null, column, renderer.locale)),
        ),
      ),
    );
    const table = h("table", {}, h("thead", {}, head), h("tbody", {}, bodyRows));
    const scroll = h("div", { class: "a2ui-table-scroll", tabindex: "0", role: "region", "aria-labelledby": caption.id }, table);
    const controls = [];
    if (pages > 1) {
      const previous = h("button", { type: "button", class: "a2ui-quiet-button", disabled: view.page === 0, "data-a2ui-key": context.part("previous") }, "Previous");
      const next = h("button", { type: "button", class: "a2ui-quiet-button", disabled: view.page >= pages - 1, "data-a2ui-key": context.part("next") }, "Next");
      previous.addEventListener("click", () => {
        view.page -= 1;
        remember();
        draw();
      });
      next.addEventListener("click", () => {
        view.page += 1;
        remember();
        draw();
      });
      controls.push(previous, h("span", {}, `Page ${view.page + 1} of ${pages}`), next);
    }
    context.surface.keepFocus(() => {
      body.replaceChildren(scroll);
      pager.replaceChildren(...controls);
    });
    const count = new Intl.NumberFormat(renderer.locale).format(result.rowCount);
    const shown = `${new Intl.NumberFormat(renderer.locale).format(start + 1)}–${new Intl.NumberFormat(renderer.locale).format(start + visible.length)}`;
    status.textContent = `Rows ${shown} of ${count}${result.truncated ? " · truncated at the row limit; refine the question to see all" : ""}`;
    status.classList.toggle("a2ui-truncated", result.truncated);
  }

  function remember() {
    context.setUi("page", view.page);
    context.setUi("sortIndex", view.sortIndex);
    context.setUi("ascending", view.ascending);
  }

  function fail(message) {
    result = null;
    const retry = artifactId && renderer.options.tableSource
      ? h("button", { type: "button", class: "a2ui-quiet-button", "data-a2ui-key": context.part("retry") }, "Try again")
      : null;
    retry?.addEventListener("click", load);
    body.replaceChildren(h("div", { class: "a2ui-table-error", role: "alert" }, h("span", {}, message), retry));
    status.textContent = "";
    pager.replaceChildren();
  }

  function load() {
    body.replaceChildren(tableSkeleton());
    status.textContent = "Loading rows…";
    if (!renderer.options.tableSource) {
      fail("The rows of this table are not available on this page.");
      return;
    }
    let alive = true;
    context.owner.add(() => {
      alive = false;
    });
    Promise.resolve()
      .then(() => renderer.options.tableSource(artifactId))
      .then((payload) => {
        if (!alive) return;
        result = normalizeResult(payload);
        draw();
      })
      .catch((error) => {
        if (alive) fail(`The rows could not be loaded: ${toText(error?.message) || "unknown error"}.`);
      });
  }

  if (artifactId) {
    load();
  } else if (def.rows && typeof def.rows === "object") {
    context.effect(() => {
      const rows = context.value(def.rows);
      try {
        result = normalizeResult({ rows: Array.isArray(rows) ? rows : [], columns: Array.isArray(def.columns) ? def.columns.map((column) => ({ name: column?.key, type: "" })) : undefined });
        draw();
      } catch (error) {
        fail(error.message);
      }
    });
  } else {
    fail("This table names no data.");
  }
  return element;
}

function tableSkeleton() {
  return h(
    "div",
    { class: "a2ui-skeleton a2ui-table-skeleton", "aria-hidden": "true" },
    Array.from({ length: 4 }, () => h("div", { class: "a2ui-skeleton-line" })),
  );
}

export function Chart(context) {
  const { def } = context;
  const renderer = context.renderer();
  const height = ["small", "medium", "large"].includes(def.height) ? def.height : "medium";
  const title = h("p", { class: "a2ui-chart-title", id: uid("a2ui-chart") });
  const plot = h("div", { class: `a2ui-chart-plot a2ui-chart-${height}` });
  const head = h("div", { class: "a2ui-chart-head" }, title);
  const element = h("figure", { class: "a2ui-chart", "aria-labelledby": title.id }, head, plot);
  const artifactId = typeof def.artifactId === "string" && ARTIFACT_ID.test(def.artifactId) ? def.artifactId : null;
  const placeholder = (message) =>
    h("div", { class: "a2ui-chart-placeholder" }, h("span", { class: "a2ui-icon" }, iconSvg("_chart")), h("span", {}, message));
  context.effect(() => {
    const text = toText(context.value(def.title));
    title.textContent = text || "Chart";
  });
  if (!artifactId) {
    plot.replaceChildren(placeholder("This chart names no data."));
  } else if (typeof renderer.options.chartRenderer !== "function") {
    plot.replaceChildren(placeholder("No chart view is connected on this page."));
  } else {
    plot.replaceChildren(placeholder("Drawing the chart…"));
    let alive = true;
    context.owner.add(() => {
      alive = false;
    });
    Promise.resolve()
      .then(() => {
        const target = h("div", { class: "a2ui-chart-target" });
        plot.replaceChildren(target);
        return renderer.options.chartRenderer(target, { artifactId, title: toText(context.peek(def.title)), height });
      })
      .catch((error) => {
        if (alive) plot.replaceChildren(placeholder(`The chart could not be drawn: ${toText(error?.message) || "unknown error"}.`));
      });
  }
  if (artifactId && renderer.options.openArtifact) {
    const open = h("button", { type: "button", class: "a2ui-quiet-button", "data-a2ui-key": context.part("open") }, iconSvg("_open"), "Open");
    context.listen(open, "click", () => renderer.options.openArtifact(artifactId, "chart"));
    head.append(open);
  }
  return element;
}

export function SqlBlock(context) {
  const { def } = context;
  const title = h("p", { class: "a2ui-sql-title" });
  const code = h("code", { class: "a2ui-sql-code" });
  const pre = h("pre", { class: "a2ui-sql", tabindex: "0", "aria-label": "SQL" }, code);
  const copy = h("button", { type: "button", class: "a2ui-quiet-button a2ui-copy", "data-a2ui-key": context.part("copy") }, iconSvg("_copy"), h("span", {}, "Copy"));
  const said = h("span", { class: "a2ui-visually-hidden", role: "status" });
  const element = h("figure", { class: "a2ui-sqlblock" }, h("div", { class: "a2ui-sql-head" }, title, copy, said), pre);
  let sql = "";
  context.effect(() => {
    sql = context.text(def.sql);
    code.replaceChildren(...highlightSql(sql));
  });
  context.effect(() => {
    const text = context.text(def.title);
    title.textContent = text || "SQL";
  });
  const label = copy.querySelector("span");
  context.listen(copy, "click", async () => {
    try {
      await navigator.clipboard.writeText(sql);
      label.textContent = "Copied";
      said.textContent = "SQL copied to the clipboard.";
    } catch {
      const range = document.createRange();
      range.selectNodeContents(code);
      const selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      label.textContent = "Selected — press Ctrl+C";
      said.textContent = "The SQL is selected; press Ctrl+C to copy it.";
    }
    setTimeout(() => {
      label.textContent = "Copy";
    }, 2000);
  });
  return element;
}
