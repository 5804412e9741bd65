/**
 * Files that configure the agent itself or the editor: an edit to them changes what the agent
 * may do next, so they are never written without a person, whatever auto-approval says.
 */
// .orchestration holds a governed workspace's intents and trace: the agent must not widen its own scope.
const protectedFolders = [".cairn", ".vscode", ".git", ".orchestration"]
const protectedFiles = [".cairnignore", "AGENTS.md"]
// A workspace file holds settings and tasks VS Code runs, wherever it sits; case-insensitive file
// systems open "A.Code-Workspace" too.
const workspaceFile = /\.code-workspace$/i

/** `relative` is workspace-relative with "/" separators. */
export function isProtectedPath(relative: string): boolean {
	const segments = relative.split("/").filter((s) => s !== "" && s !== ".")
	const [first] = segments
	if (first === undefined) return false
	if (protectedFolders.includes(first)) return true
	if (workspaceFile.test(segments.at(-1) ?? "")) return true
	return segments.length === 1 && protectedFiles.includes(first)
}
