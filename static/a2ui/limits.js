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
export const SUPPORTED_CATALOGS = Object.freeze([CATALOG_ID, BASIC_CATALOG_ID]);
export const VERSION = "v0.9";
