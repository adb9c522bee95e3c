// Result table: full width, sticky header, numbers right-aligned in tabular figures,
// client-side paging and sorting over the rows the gateway returned.
import { el, formatCell, isNumericType } from "./dom.js";

const PAGE_SIZE = 50;

export function renderTable(container, { columns, rows, truncated, rowCount }) {
  let sortIndex = -1;
  let ascending = true;
  let page = 0;
  const wrapper = el("div", { class: "data-table" });
  container.replaceChildren(wrapper);

  function sortedRows() {
    if (sortIndex < 0) return rows;
    const numeric = isNumericType(columns[sortIndex].type);
    const factor = ascending ? 1 : -1;
    return [...rows].sort((a, b) => {
      const x = a[sortIndex];
      const y = b[sortIndex];
      if (x === null) return 1;
      if (y === null) return -1;
      if (numeric) return (Number(x) - Number(y)) * factor;
      return String(x).localeCompare(String(y)) * factor;
    });
  }

  function draw() {
    const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
    page = Math.min(page, pages - 1);
    const visible = sortedRows().slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
    const header = el(
      "tr",
      {},
      columns.map((column, index) => {
        const sorted = index === sortIndex ? (ascending ? "ascending" : "descending") : "none";
        return el(
          "th",
          { scope: "col", "aria-sort": sorted, class: isNumericType(column.type) ? "num" : "" },
          el(
            "button",
            {
              type: "button",
              class: "sort-button",
              onclick: () => {
                ascending = sortIndex === index ? !ascending : true;
                sortIndex = index;
                draw();
              },
            },
            column.name,
            el("span", { class: "sort-indicator", "aria-hidden": "true" }, sorted === "ascending" ? "▲" : sorted === "descending" ? "▼" : ""),
          ),
        );
      }),
    );
    const body = visible.map((row) =>
      el(
        "tr",
        {},
        row.map((value, index) =>
          el("td", { class: isNumericType(columns[index].type) ? "num" : "" }, formatCell(value, columns[index].type, columns[index].name)),
        ),
      ),
    );
    const status = [`${(rowCount ?? rows.length).toLocaleString()} row${rows.length === 1 ? "" : "s"}`];
    if (truncated) status.push("truncated at the row limit — refine the query to see all");
    const pager =
      pages > 1
        ? el(
            "div",
            { class: "pager" },
            el("button", { type: "button", class: "button button-quiet", disabled: page === 0, onclick: () => { page -= 1; draw(); } }, "Previous"),
            el("span", { "aria-live": "polite" }, `Page ${page + 1} of ${pages}`),
            el("button", { type: "button", class: "button button-quiet", disabled: page >= pages - 1, onclick: () => { page += 1; draw(); } }, "Next"),
          )
        : null;
    const parts = [
      el("div", { class: "table-scroll" }, el("table", {}, el("thead", {}, header), el("tbody", {}, body))),
      el("div", { class: `table-status${truncated ? " is-truncated" : ""}` }, status.join(" · ")),
    ];
    if (pager) parts.push(pager);
    wrapper.replaceChildren(...parts);
  }
  draw();
}
