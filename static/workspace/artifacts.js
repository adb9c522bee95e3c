// The artifact panel: the table, chart and SQL of the selected result. Rows come from the
// server's artifact endpoint (the gateway's result), never from the model.
import { h } from "/static/a2ui/dom.js";
import { renderChart } from "./chart.js";
import { postJson } from "./http.js";
import { renderResultTable } from "./result-table.js";

// The gateway reports a 0-based character offset; people read lines and columns.
function lineAndColumn(text, offset) {
  const before = text.slice(0, offset).split("\n");
  return `line ${before.length}, column ${before[before.length - 1].length + 1}`;
}

export class ArtifactPanel {
  constructor(root) {
    this.root = root;
    this.title = root.querySelector("[data-panel-title]");
    this.tabs = [...root.querySelectorAll("[role=tab]")];
    this.panes = Object.fromEntries(
      [...root.querySelectorAll("[role=tabpanel]")].map((pane) => [pane.dataset.pane, pane]),
    );
    this.download = root.querySelector("[data-download]");
    this.widen = root.querySelector("[data-widen]");
    this.current = null;
    this.widen.addEventListener("click", () => this.toggleWidth());
    for (const tab of this.tabs) {
      tab.addEventListener("click", () => this.select(tab.dataset.tab));
      tab.addEventListener("keydown", (event) => this.onTabKey(event, tab));
    }
  }

  onTabKey(event, tab) {
    const index = this.tabs.indexOf(tab);
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = this.tabs[(index + step + this.tabs.length) % this.tabs.length];
    next.focus();
    this.select(next.dataset.tab);
  }

  select(name) {
    for (const tab of this.tabs) {
      const selected = tab.dataset.tab === name;
      tab.setAttribute("aria-selected", String(selected));
      tab.tabIndex = selected ? 0 : -1;
      this.panes[tab.dataset.tab].hidden = !selected;
    }
    if (name === "chart" && this.current && this.current.chart) {
      renderChart(this.panes.chart.querySelector(".chart-area"), this.current.chart.figure).catch((error) =>
        this.showChartError(error),
      );
    }
  }

  // Wide tables get more room: the panel takes most of the page, and back.
  toggleWidth() {
    const wide = document.documentElement.dataset.panelWidth !== "wide";
    if (wide) document.documentElement.dataset.panelWidth = "wide";
    else delete document.documentElement.dataset.panelWidth;
    this.widen.setAttribute("aria-pressed", String(wide));
    this.widen.textContent = wide ? "Narrow" : "Widen";
  }

  showChartError(error) {
    this.panes.chart.replaceChildren(h("p", { class: "panel-error", role: "alert" }, error.message));
  }

  async open(artifactId) {
    this.root.dataset.state = "loading";
    const response = await fetch(`/api/artifacts/${artifactId}/`, { credentials: "same-origin" });
    if (!response.ok) {
      this.root.dataset.state = "error";
      this.panes.table.replaceChildren(h("p", { class: "panel-error", role: "alert" }, "This result could not be loaded. Reload the page to try again."));
      return;
    }
    this.show(await response.json());
  }

  show(artifact) {
    this.current = artifact;
    this.root.dataset.state = "ready";
    this.root.hidden = false;
    const result = artifact.payload;
    this.title.textContent = result.title || "Query result";
    renderResultTable(this.panes.table, artifact);
    this.download.href = `/api/artifacts/${artifact.id}/csv`;
    this.download.hidden = false;
    this.renderSql(artifact);
    const chartPane = this.panes.chart;
    if (artifact.chart) {
      chartPane.replaceChildren(h("div", { class: "chart-area" }));
      this.tabs.find((tab) => tab.dataset.tab === "chart").disabled = false;
    } else {
      chartPane.replaceChildren(h("p", { class: "muted" }, "No chart fits this result (a single value or a list)."));
    }
    const preferred = this.tabs.find((tab) => tab.getAttribute("aria-selected") === "true");
    this.select(preferred ? preferred.dataset.tab : "table");
  }

  renderSql(artifact) {
    const pane = this.panes.sql;
    const editor = h("textarea", {
      class: "sql-editor",
      spellcheck: "false",
      "aria-label": "SQL query",
      rows: Math.min(18, Math.max(6, artifact.payload.sql.split("\n").length + 1)),
    });
    editor.value = artifact.payload.sql;
    const error = h("div", { class: "sql-error", role: "alert", hidden: true });
    const run = h("button", { type: "submit", class: "button" }, "Run");
    const form = h(
      "form",
      { class: "sql-form" },
      editor,
      error,
      h("div", { class: "sql-actions" }, run, h("span", { class: "muted" }, "Read-only, limited to your tenant. Ctrl+Enter runs.")),
    );
    editor.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        form.requestSubmit();
      }
    });
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      run.disabled = true;
      run.textContent = "Running…";
      error.hidden = true;
      try {
        const { data } = await postJson(`/api/artifacts/${artifact.id}/sql`, { sql: editor.value });
        if (data.ok) {
          this.show(data.artifact);
          this.select("table");
        } else {
          error.hidden = false;
          const where = typeof data.error.position === "number" ? ` (${lineAndColumn(editor.value, data.error.position)})` : "";
          error.replaceChildren(h("strong", {}, data.error.code), ` ${data.error.message}${where}`);
        }
      } finally {
        run.disabled = false;
        run.textContent = "Run";
      }
    });
    pane.replaceChildren(form);
  }
}
