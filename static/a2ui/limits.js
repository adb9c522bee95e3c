// The validator's limits (apps/a2ui/limits.py), enforced again here: a surface can reach the
// renderer without passing the server, and the renderer must stay safe and responsive anyway.
export const LIMITS = Object.freeze({
  maxMessageBytes: 1_048_576,
  maxComponents: 1_000,
  maxTreeDepth: 32,
  maxJsonDepth: 48,
  maxStringLength: 20_000,
  maxPathLength: 512,
  maxPathSegments: 32,
  maxRegexLength: 256,
  maxSvgPathLength: 4_096,
  maxTemplateItems: 1_000,
  maxRenderedNodes: 5_000,
  maxExpressionDepth: 16,
});

export const CATALOG_ID = "https://tessera.dev/a2ui/v0_9/catalog.json";
export const BASIC_CATALOG_ID = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json";
export const CATALOG_ID_V1 = "https://tessera.dev/a2ui/v1_0/catalog.json";
export const BASIC_CATALOG_ID_V1 = "https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json";
export const SUPPORTED_CATALOGS = Object.freeze([CATALOG_ID, BASIC_CATALOG_ID, CATALOG_ID_V1, BASIC_CATALOG_ID_V1]);
export const VERSION = "v0.9";
// Versions this renderer speaks → their line (v0.9.1 shares v0.9's schemas and catalogs).
export const VERSION_LINES = Object.freeze({ "v0.9": "v0_9", "v0.9.1": "v0_9", "v1.0": "v1_0" });
// Catalog id → its line; the capabilities a page declares to the agent, per version.
export const CATALOG_LINES = Object.freeze({
  [CATALOG_ID]: "v0_9", [BASIC_CATALOG_ID]: "v0_9", [CATALOG_ID_V1]: "v1_0", [BASIC_CATALOG_ID_V1]: "v1_0",
});
export const CAPABILITIES = Object.freeze({
  "v0.9": { supportedCatalogIds: [CATALOG_ID, BASIC_CATALOG_ID] },
  "v1.0": { supportedCatalogIds: [CATALOG_ID_V1, BASIC_CATALOG_ID_V1] },
});
