import type { FoundInstructionFiles, InstructionFileKind } from "@cairn/types"
import { loadWorkspaceRules } from "../workspaceRules.js"

/**
 * The other tools' instruction files there are now, by kind, as the prompt would read them
 * (links out and other unreadable files are not found), including each mode's own
 * (`.roorules-<mode>`) and the rules whose front matter does not apply yet.
 */
export async function findInstructionFiles(
	workspaceRoot: string,
	modes: readonly string[],
	options: { home?: string } = {},
): Promise<FoundInstructionFiles> {
	const found = new Map<InstructionFileKind, Set<string>>()
	const onFound = (kind: InstructionFileKind, shown: string) => {
		const files = found.get(kind) ?? new Set<string>()
		files.add(shown)
		found.set(kind, files)
	}
	for (const mode of [undefined, ...modes])
		await loadWorkspaceRules(workspaceRoot, mode, { ...options, onFound })
	return [...found].map(([kind, files]) => ({ kind, files: [...files].sort() }))
}
