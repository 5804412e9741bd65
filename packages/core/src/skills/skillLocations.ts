import path from "node:path"
import type { SkillSource } from "@cairn/types"
import { settingsScope, workspaceScope, type FileScope } from "../workspace/repositoryFile.js"

/** A folder of skill folders: where it is, the folder its files' real paths must stay in, and how it is named. */
export interface SkillLocation {
	source: SkillSource
	/** Absolute. */
	folder: string
	scope: FileScope
	/** How a path inside it is named to the person and the model (workspace-relative where it can be). */
	shown: (absolute: string) => string
}

/** The person's own skills, for every workspace: beside their global rules, modes and commands. */
export function globalSkillsFolder(storageDir: string): string {
	return path.join(storageDir, "settings", "skills")
}

/**
 * Every folder Cairn looks for skills in, in the order a name is taken: Cairn's own first, so a
 * repository's `.claude/skills/x` cannot stand in for the person's own `x`, then the folders other
 * agents share (`.agents/skills`, the cross-tool convention) and read (Claude Code, Roo Code).
 */
export function skillLocations(workspaceRoot: string, storageDir: string | undefined): SkillLocation[] {
	const inWorkspace = (source: SkillSource, relative: string): SkillLocation => ({
		source,
		folder: path.join(workspaceRoot, relative),
		scope: workspaceScope(workspaceRoot),
		shown: (absolute) => path.relative(workspaceRoot, absolute).split(path.sep).join("/"),
	})
	const global: SkillLocation[] =
		storageDir === undefined
			? []
			: [
					{
						source: "global",
						folder: globalSkillsFolder(storageDir),
						scope: settingsScope(path.join(storageDir, "settings")),
						shown: (absolute) => absolute,
					},
				]
	return [
		inWorkspace("cairn", ".cairn/skills"),
		...global,
		inWorkspace("agents", ".agents/skills"),
		inWorkspace("claude", ".claude/skills"),
		inWorkspace("roo", ".roo/skills"),
	]
}
