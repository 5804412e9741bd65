import type { InstructionFileKind } from "@cairn/types"

/** A place another tool keeps instructions for its agent, read by Cairn as that tool reads it. */
export interface InstructionLocation {
	kind: InstructionFileKind
	/** Named beside the file in the prompt's list of sources. */
	tool: string
	/** "/"-separated, relative to the workspace or (base "home") the person's home folder. */
	path: string
	base: "workspace" | "home"
	shape: "file" | "folder" | "fileOrFolder"
	/** For a folder: which of its files are rules; every file when absent. */
	accepts?: (name: string) => boolean
	/** Front matter that decides when the file applies (see ruleFrontMatter). */
	appliesBy?: "cursorRule" | "copilotApplyTo"
	/** Read only when this path (same base) is absent: the tool treats the file as a fallback. */
	fallbackFor?: string
}

/** A slug that can name a file or folder: anything else (an old setting, a hostile client) has none. */
export const folderSafeSlug = /^[a-z0-9]+(-[a-z0-9]+)*$/

const roo = "Roo Code"
const claude = "Claude Code"

/**
 * Every other tool's instruction files Cairn reads, in the order they join the prompt (after
 * Cairn's own AGENTS.md and .cairn/rules). The one list: the loader, the prompt's sources and the
 * setting that turns a kind off all follow it.
 */
export function instructionLocations(mode: string | undefined): InstructionLocation[] {
	const slug = mode !== undefined && folderSafeSlug.test(mode) ? mode : undefined
	const forMode = <T>(make: (slug: string) => T[]): T[] => (slug === undefined ? [] : make(slug))
	return [
		{ kind: "roo", tool: roo, path: ".roo/rules", base: "workspace", shape: "folder" },
		// Roo reads the single file only where the folder is absent.
		{
			kind: "roo",
			tool: roo,
			path: ".roorules",
			base: "workspace",
			shape: "file",
			fallbackFor: ".roo/rules",
		},
		...forMode<InstructionLocation>((slug) => [
			{ kind: "roo", tool: roo, path: `.roo/rules-${slug}`, base: "workspace", shape: "folder" },
			{
				kind: "roo",
				tool: roo,
				path: `.roorules-${slug}`,
				base: "workspace",
				shape: "file",
				fallbackFor: `.roo/rules-${slug}`,
			},
		]),
		{ kind: "rooGlobal", tool: roo, path: ".roo/rules", base: "home", shape: "folder" },
		...forMode<InstructionLocation>((slug) => [
			{ kind: "rooGlobal", tool: roo, path: `.roo/rules-${slug}`, base: "home", shape: "folder" },
		]),
		{ kind: "cline", tool: "Cline", path: ".clinerules", base: "workspace", shape: "fileOrFolder" },
		{ kind: "claude", tool: claude, path: "CLAUDE.md", base: "workspace", shape: "file" },
		{ kind: "claude", tool: claude, path: ".claude/CLAUDE.md", base: "workspace", shape: "file" },
		{ kind: "cursor", tool: "Cursor", path: ".cursorrules", base: "workspace", shape: "file" },
		{
			kind: "cursor",
			tool: "Cursor",
			path: ".cursor/rules",
			base: "workspace",
			shape: "folder",
			accepts: (name) => name.endsWith(".mdc"),
			appliesBy: "cursorRule",
		},
		{
			kind: "copilot",
			tool: "GitHub Copilot",
			path: ".github/copilot-instructions.md",
			base: "workspace",
			shape: "file",
		},
		{
			kind: "copilot",
			tool: "GitHub Copilot",
			path: ".github/instructions",
			base: "workspace",
			shape: "folder",
			accepts: (name) => name.endsWith(".instructions.md"),
			appliesBy: "copilotApplyTo",
		},
	]
}

/** The files read in each subfolder the task works in (`nested`), and the tool each belongs to. */
export const nestedInstructionFiles: readonly {
	name: string
	tool?: string
	alsoKind?: InstructionFileKind
}[] = [{ name: "AGENTS.md" }, { name: "CLAUDE.md", tool: claude, alsoKind: "claude" }]
