import { z } from "zod"

/**
 * The kinds of other tools' instruction files Cairn reads besides its own (AGENTS.md and
 * `.cairn/rules`): each can be turned off on its own with `disabledInstructionFiles`.
 */
export const instructionFileKinds = [
	/** `.roorules`, `.roorules-<mode>`, `.roo/rules/`, `.roo/rules-<mode>/` */
	"roo",
	/** The person's own `~/.roo/rules/` */
	"rooGlobal",
	/** `.clinerules`, a file or a folder of files */
	"cline",
	/** `CLAUDE.md`, `.claude/CLAUDE.md` */
	"claude",
	/** `.cursorrules`, `.cursor/rules/*.mdc` */
	"cursor",
	/** `.github/copilot-instructions.md`, `.github/instructions/*.instructions.md` */
	"copilot",
	/** `AGENTS.md` and `CLAUDE.md` in the subfolders holding files the task works on */
	"nested",
] as const
export const instructionFileKindSchema = z.enum(instructionFileKinds)
export type InstructionFileKind = z.infer<typeof instructionFileKindSchema>

/**
 * The instruction files of each kind found where they are read (workspace-relative, or `~/...`
 * for the person's own), for the Settings section: the kinds with none are left out. Nested
 * files depend on the folders a task works in, so they are not listed.
 */
export const foundInstructionFilesSchema = z.array(
	z.object({ kind: instructionFileKindSchema, files: z.array(z.string()) }),
)
export type FoundInstructionFiles = z.infer<typeof foundInstructionFilesSchema>
