/**
 * Files that configure the agent itself, the editor or git: an edit to them changes what runs
 * next, so they are never written without a person, whatever auto-approval says. The command
 * sandbox mounts the same list read-only (sandbox/protectedMounts.ts).
 */
// .orchestration holds a governed workspace's intents and trace: the agent must not widen its own scope.
// .roo, .cursor, .claude and .clinerules are other tools' agent settings Cairn reads too (their MCP
// servers, commands, modes): as much the agent's own configuration as .cairn.
export const protectedFolders: readonly string[] = [
	".cairn",
	".vscode",
	".git",
	".orchestration",
	".roo",
	".cursor",
	".claude",
	".clinerules",
]
// .gitattributes names the filter and diff drivers git runs; .gitmodules where submodules come from.
export const protectedFiles: readonly string[] = [
	".cairnignore",
	"AGENTS.md",
	".gitattributes",
	".gitmodules",
	// Other tools' files Cairn honours: an edit would unhide a path, add a mode or start a server.
	".rooignore",
	".clineignore",
	".cursorignore",
	".roomodes",
	".mcp.json",
]
// A workspace file holds settings and tasks VS Code runs, wherever it sits; case-insensitive file
// systems open "A.Code-Workspace" too.
const workspaceFile = /\.code-workspace$/i

/** Whether a file name (not a path) is a VS Code workspace file, protected in any folder. */
export function isWorkspaceFileName(name: string): boolean {
	return workspaceFile.test(name)
}

/** `relative` is workspace-relative with "/" separators. */
export function isProtectedPath(relative: string): boolean {
	const segments = relative.split("/").filter((s) => s !== "" && s !== ".")
	const [first] = segments
	if (first === undefined) return false
	if (protectedFolders.includes(first)) return true
	if (isWorkspaceFileName(segments.at(-1) ?? "")) return true
	return segments.length === 1 && protectedFiles.includes(first)
}
