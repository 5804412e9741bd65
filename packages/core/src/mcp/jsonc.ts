// jsonc-parser's entry ("main") is a UMD build: plain Node loads it (the built core, the bench),
// but its require() calls are hidden from bundlers, so the CLI's and the extension's bundles
// alias the package to its ES module build (esbuild.mjs, packages/cli/build.mjs), which Node
// itself cannot load (its imports have no file extensions).
export { applyEdits, modify, parse, printParseErrorCode } from "jsonc-parser"
export type { JSONPath, ParseError } from "jsonc-parser"
