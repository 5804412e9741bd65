import { describe, expect, it } from "vitest"
import { isProtectedPath } from "./protectedPaths.js"

describe("isProtectedPath", () => {
	it.each([
		[".cairn/rules/style.md", true],
		[".cairnignore", true],
		[".vscode/settings.json", true],
		[".git/config", true],
		[".orchestration/active_intents.yaml", true],
		["AGENTS.md", true],
		[".gitattributes", true],
		[".gitmodules", true],
		[".rooignore", true],
		[".clineignore", true],
		[".cursorignore", true],
		[".roomodes", true],
		[".mcp.json", true],
		[".roo/mcp.json", true],
		[".cursor/mcp.json", true],
		[".claude/commands/review.md", true],
		[".clinerules", true],
		[".clinerules/workflows/release.md", true],
		["docs/.mcp.json", false],
		["src/.gitattributes", false],
		["./AGENTS.md", true],
		["cairn.code-workspace", true],
		["tools/dev/All.Code-Workspace", true],
		[".code-workspace", true],
		["docs/AGENTS.md", false],
		["src/.vscode-like.ts", false],
		["src/code-workspace.ts", false],
		["docs/my.code-workspace.md", false],
		["src/index.ts", false],
	])("%s: %s", (relative, expected) => {
		expect(isProtectedPath(relative)).toBe(expected)
	})
})
