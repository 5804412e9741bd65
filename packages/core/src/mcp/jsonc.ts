// jsonc-parser's entry ("main") is a UMD build: plain Node loads it (the built core, the loop
// bench), but its require() calls are hidden from bundlers. Its ES module build bundles cleanly
// but Node cannot load it (its imports have no file extensions). So "#jsonc-parser" (this
// package's "imports") picks by condition: "source" (every bundle, vitest, tsc) gets the ES module
// build, which vitest inlines (see vitest.config.ts); plain Node gets the package entry.
export { applyEdits, modify, parse, printParseErrorCode } from "#jsonc-parser"
export type { JSONPath, ParseError } from "#jsonc-parser"
