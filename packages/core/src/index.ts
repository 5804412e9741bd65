// @cairn/core: the agent, host-free. Depends on @cairn/types; never on vscode, React or Ink.

export * from "./approval/commandRules.js"
export {
	parseShellLine,
	loadShellParser,
	type ShellUnit,
	type ShellParse,
	type ShellParserLocation,
} from "./approval/shellParser.js"
export {
	applySearchReplace,
	type SearchReplaceResult,
	type BlockFailure,
} from "./editing/applySearchReplace.js"
export { parseSearchReplaceBlocks, type SearchReplaceBlock } from "./editing/searchReplaceBlocks.js"
export {
	resolveWorkspacePath,
	isInside,
	type ResolvedPath,
	type ResolvePathResult,
} from "./workspace/workspacePaths.js"
export { isProtectedPath } from "./workspace/protectedPaths.js"
export { CairnIgnore, cairnIgnoreFile } from "./workspace/ignoreRules.js"
