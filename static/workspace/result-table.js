// A query result as a table: the A2UI catalog's Table component (the same one agent surfaces
// use), fed with the artifact's rows by the page. Columns carry their labels and a format
// from their type; numbers that name things (years, levels, ids) stay as they are.
import { createRenderer } from "/static/a2ui/renderer.js";
import { CATALOG_ID } from "/static/a2ui/limits.js";

const NUMERIC_TYPE = /^(numeric|int|integer|float|double|real|bigint|smallint|decimal)/i;
const INTEGER_TYPE = /^(int|integer|bigint|smallint)/i;
const DATE_TYPE = /^date$/i;
const LABEL_COLUMN = /(^|_)(year|id|code|number|level|rank)$/i;
const PAGE_SIZE = 50;

function format(column) {
  if (LABEL_COLUMN.test(column.name)) return "text";
  if (INTEGER_TYPE.test(column.type || "")) return "integer";
  if (NUMERIC_TYPE.test(column.type || "")) return "number";
  if (DATE_TYPE.test(column.type || "")) return "date";
  return "text";
}

export function renderResultTable(container, artifact) {
  const payload = artifact.payload;
  const surfaceId = `result-${artifact.id}`.slice(0, 128);
  const columns = (payload.columns || []).map((column) => ({
    key: column.name,
    label: column.label || column.name,
    format: format(column),
  }));
  container.replaceChildren();
  const renderer = createRenderer(container, { tableSource: async () => payload });
  renderer.process([
    { version: "v0.9", createSurface: { surfaceId, catalogId: CATALOG_ID } },
    {
      version: "v0.9",
      updateComponents: {
        surfaceId,
        components: [{ id: "root", component: "Table", artifactId: artifact.id, columns, pageSize: PAGE_SIZE }],
      },
    },
  ]);
  return renderer;
}
