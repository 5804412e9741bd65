// jsonc-parser's entry ("main") is a UMD build whose require() calls bundlers cannot follow, so
// the CLI's and the extension's bundles would fail at load. Its ES module build bundles cleanly;
// vitest inlines it (see vitest.config.ts), since Node cannot load it as it is.
export { applyEdits, modify, parse, printParseErrorCode } from "jsonc-parser/lib/esm/main.js"
export type { JSONPath, ParseError } from "jsonc-parser/lib/esm/main.js"
