import { EventEmitter } from "node:events"
import path from "node:path"
import type { CustomMode, ModeSource, ModesSnapshot, ModeView } from "@cairn/types"
import type { Logger } from "../host/Host.js"
import { readSubagentModes } from "../skills/subagents/subagentModes.js"
import { readConfigText, watchConfigFile, writeConfigText } from "../mcp/configFile.js"
import {
	settingsScope,
	UnreadFileError,
	workspaceScope,
	type FileScope,
} from "../workspace/repositoryFile.js"
import type { ModeLookup } from "./modeLookup.js"
import { builtInModes, type Mode } from "./modes.js"
import { parseModesFile, type ModesFileContent } from "./modesFile.js"
import { modesProblem, modesProblemSentence } from "./modesFileProblems.js"
import { modesFileText, withMode, withoutMode } from "./modesFileEdit.js"
import { rooModeAsCairnMode, rooModesFile } from "./rooModes.js"

/** A modes file Cairn reads: the person's own, or the workspace's. */
export type ModesFileSource = Exclude<ModeSource, "builtin">
/** Every file modes are read from: Cairn's own and, below them, Roo Code's `.roomodes`. */
type ReadSource = ModesFileSource | "roomodes"
/** The order they are read in; merge() slots the subagents' files in before .cairn/modes.yaml. */
const readOrder: readonly ReadSource[] = ["roomodes", "global", "project"]

export interface ModeCatalogOptions {
	workspaceRoot: string
	/** The person's own modes file (`<storage>/settings/custom_modes.yaml`). */
	globalFile: string
	/** `<workspace>/.cairn/modes.yaml` by default. */
	projectFile?: string
	logger: Logger
	/** Follow edits of the files (off in one-shot tools). */
	watch?: boolean
}

/** The person's modes file in a host's storage folder. */
export function globalModesFile(storageDir: string): string {
	return path.join(storageDir, "settings", "custom_modes.yaml")
}

const builtInSlugs = () => new Set(builtInModes.map((mode) => mode.slug))

/**
 * A workspace's file is repository content: it may add modes and replace the person's, shown as
 * the project's, but not redefine a built-in mode, whose name the person trusts to mean what
 * Cairn documents. A workspace adds to a built-in mode with `.cairn/rules-<slug>/` instead.
 */
const projectReserved = (slug: string): boolean => builtInSlugs().has(slug)

interface CatalogEntry {
	mode: Mode
	source: ModeSource
	overrides?: ModeSource
	fromFile?: string
	shadows?: string[]
}

/**
 * The one place modes are looked up: built-in, then Roo Code's `.roomodes` in the workspace (a
 * project mode, as Roo has it), then the person's (global) modes file, then the workspace's
 * `.cairn/modes.yaml`; by slug, a later source replaces an earlier one, so Cairn's own files win
 * over Roo's. The files are watched, so an edit applies from the next request without a restart.
 */
export class ModeCatalog implements ModeLookup {
	private readonly emitter = new EventEmitter<{ change: [] }>()
	private readonly contents: Record<ReadSource, ModesFileContent> = {
		roomodes: { modes: [], problems: [] },
		global: { modes: [], problems: [] },
		project: { modes: [], problems: [] },
	}
	/** The workspace's subagent definitions (.cairn/agents, .claude/agents) as project modes, read at open. */
	private subagents: ModesFileContent = { modes: [], problems: [] }
	private readonly watchers: { dispose(): void }[] = []
	private entries: CatalogEntry[] = []
	/** Every mode as it last was while it existed, by slug. */
	private readonly lastKnown = new Map<string, Mode>()

	private constructor(private readonly options: ModeCatalogOptions & { projectFile: string }) {
		this.merge()
	}

	static async open(options: ModeCatalogOptions): Promise<ModeCatalog> {
		const catalog = new ModeCatalog({
			...options,
			projectFile: options.projectFile ?? path.join(options.workspaceRoot, ".cairn", "modes.yaml"),
		})
		for (const source of readOrder) {
			let text: string | undefined
			try {
				text = await readConfigText(catalog.fileOf(source), catalog.scopeOf(source))
				catalog.take(source, text)
			} catch (error) {
				const label = catalog.labelOf(source)
				const problem = modesProblem(label, "unreadable", {
					said: error instanceof Error ? error.message : String(error),
				})
				// The file reader's own refusal already names the file and says why.
				if (error instanceof UnreadFileError) problem.text = error.message
				catalog.contents[source] = { modes: [], problems: [problem] }
				options.logger.warn("A modes file cannot be read", { problem: problem.text })
			}
			if (options.watch !== false)
				catalog.watchers.push(
					watchConfigFile(
						catalog.fileOf(source),
						catalog.scopeOf(source),
						text,
						(next) => {
							catalog.take(source, next)
							catalog.emitter.emit("change")
						},
						(error) =>
							options.logger.warn("A modes file cannot be watched", { error: error.message }),
					),
				)
		}
		const subagents = await readSubagentModes(options.workspaceRoot, projectReserved)
		catalog.subagents = {
			modes: subagents.modes,
			// The reason already names the file and says why; "unreadable" is the nearest kind.
			problems: subagents.skipped.map((reason) => {
				const [file = ""] = reason.split(" ")
				return { ...modesProblem(file, "unreadable", { said: reason }), text: reason }
			}),
		}
		for (const reason of subagents.skipped)
			options.logger.warn("A subagent was left out", { problem: reason })
		catalog.merge()
		return catalog
	}

	fileOf(source: ReadSource): string {
		if (source === "roomodes") return path.join(this.options.workspaceRoot, rooModesFile)
		return source === "global" ? this.options.globalFile : this.options.projectFile
	}

	/** Where the file's real path must stay: the workspace, or the folder of the person's own file. */
	private scopeOf(source: ReadSource): FileScope {
		return source === "global"
			? settingsScope(path.dirname(this.options.globalFile))
			: workspaceScope(this.options.workspaceRoot)
	}

	/** How problems name the file: the workspace's relative to it, the person's in full. */
	private labelOf(source: ReadSource): string {
		const file = this.fileOf(source)
		return source === "global" ? file : path.relative(this.options.workspaceRoot, file)
	}

	has(slug: string): boolean {
		return this.entries.some((entry) => entry.mode.slug === slug)
	}

	/**
	 * The mode with this slug. A custom mode that went away (its file deleted, or mid-edit with a
	 * mistake) stays as it last was for the tasks already in it, rather than turning them into
	 * Code with Code's tools; a slug never seen falls back to Code.
	 */
	mode(slug: string): Mode {
		return (
			this.entries.find((entry) => entry.mode.slug === slug)?.mode ??
			this.lastKnown.get(slug) ??
			(builtInModes[0] as Mode)
		)
	}

	all(): readonly Mode[] {
		return this.entries.map((entry) => entry.mode)
	}

	snapshot(): ModesSnapshot {
		const modes: ModeView[] = this.entries.map(({ mode, source, overrides, fromFile, shadows }) => ({
			slug: mode.slug,
			name: mode.name,
			roleDefinition: mode.roleDefinition,
			whenToUse: mode.whenToUse,
			groups: mode.groups.map((entry) => ({ ...entry })),
			...(mode.customInstructions !== undefined && { customInstructions: mode.customInstructions }),
			source,
			...(overrides && { overrides }),
			...(fromFile !== undefined && { fromFile }),
			...(shadows && { shadows }),
		}))
		return {
			modes,
			problems: [
				...this.contents.roomodes.problems,
				...this.contents.global.problems,
				...this.subagents.problems,
				...this.contents.project.problems,
			],
			globalFile: this.options.globalFile,
			projectFile: this.options.projectFile,
		}
	}

	/** Hears every change of the modes (a file edited, a mode saved). */
	onDidChange(listener: () => void): { dispose(): void } {
		this.emitter.on("change", listener)
		return { dispose: () => this.emitter.off("change", listener) }
	}

	/** Writes `mode` into a modes file, in place of `previousSlug` when it was renamed. */
	async save(source: ModesFileSource, mode: CustomMode, previousSlug?: string): Promise<void> {
		if (source === "project" && projectReserved(mode.slug))
			throw new Error(modesProblemSentence("reserved_slug", { slug: mode.slug }))
		await this.edit(source, (text) => withMode(text, mode, previousSlug))
	}

	async delete(source: ModesFileSource, slug: string): Promise<void> {
		await this.edit(source, (text) => withoutMode(text, slug))
	}

	/** Adds (or replaces by slug) every mode of a modes file's text; nothing changes unless all are valid. */
	async import(source: ModesFileSource, text: string): Promise<CustomMode[]> {
		const parsed = parseModesFile(text, "the imported modes", {
			...(source === "project" && { reserved: projectReserved }),
		})
		if (parsed.problems.length > 0)
			throw new Error(`Nothing was imported:\n${parsed.problems.map((p) => p.text).join("\n")}`)
		if (parsed.modes.length === 0)
			throw new Error(
				"Nothing was imported: the text has no modes (a modes file holds a customModes list).",
			)
		await this.edit(source, (current) => {
			let next = current
			for (const mode of parsed.modes) next = withMode(next, mode)
			return next ?? current ?? ""
		})
		return parsed.modes
	}

	/** A modes file holding just the mode `slug` (a built-in one too, as a start for a custom one). */
	exportText(slug: string): string | undefined {
		const mode = this.entries.find((entry) => entry.mode.slug === slug)?.mode
		if (mode === undefined) return undefined
		return modesFileText([
			{
				slug: mode.slug,
				name: mode.name,
				roleDefinition: mode.roleDefinition,
				whenToUse: mode.whenToUse,
				groups: mode.groups.map((entry) => ({ ...entry })),
				...(mode.customInstructions !== undefined && { customInstructions: mode.customInstructions }),
			},
		])
	}

	/** Creates a missing modes file with no modes, so the person has somewhere to start; returns its path. */
	async ensureFile(source: ModesFileSource): Promise<string> {
		const file = this.fileOf(source)
		if ((await readConfigText(file, this.scopeOf(source))) === undefined)
			await writeConfigText(file, "customModes: []\n")
		return file
	}

	dispose(): void {
		for (const watcher of this.watchers) watcher.dispose()
		this.emitter.removeAllListeners()
	}

	private async edit(source: ModesFileSource, change: (text: string | undefined) => string): Promise<void> {
		const label = this.labelOf(source)
		const current = await readConfigText(this.fileOf(source), this.scopeOf(source))
		let next: string
		try {
			next = change(current)
		} catch (error) {
			throw new Error(`${label}: ${error instanceof Error ? error.message : String(error)}`, {
				cause: error,
			})
		}
		await writeConfigText(this.fileOf(source), next)
		// Applied now, not when the watcher notices: the client that asked sees its change at once.
		this.take(source, next)
		this.emitter.emit("change")
	}

	/** Takes in a file's text; undefined: the file is gone, and its modes with it. */
	private take(source: ReadSource, text: string | undefined): void {
		const before = new Set(this.contents[source].problems.map((problem) => problem.text))
		this.contents[source] =
			text === undefined
				? { modes: [], problems: [] }
				: parseModesFile(text, this.labelOf(source), {
						...(source !== "global" && { reserved: projectReserved }),
						...(source === "roomodes" && { entryShape: rooModeAsCairnMode }),
					})
		// The host's log (VS Code's output channel) says it too, once per problem.
		for (const { text } of this.contents[source].problems)
			if (!before.has(text)) this.options.logger.warn("A custom mode was left out", { problem: text })
		this.merge()
	}

	private merge(): void {
		const entries: CatalogEntry[] = builtInModes.map((mode) => ({ mode, source: "builtin" }))
		// A subagent is the workspace's: after the person's modes, before .cairn/modes.yaml, which wins a name.
		const sources = [
			["project", this.contents.roomodes, rooModesFile],
			["global", this.contents.global, undefined],
			["project", this.subagents, undefined],
			["project", this.contents.project, undefined],
		] as const
		for (const [source, content, fromFile] of sources) {
			for (const custom of content.modes) {
				const mode: Mode = { ...custom, groups: custom.groups }
				const index = entries.findIndex((entry) => entry.mode.slug === mode.slug)
				const existing = entries[index]
				if (existing === undefined)
					entries.push({ mode, source, ...(fromFile !== undefined && { fromFile }) })
				else if (existing.fromFile !== undefined)
					// Built-in slugs are reserved to other tools' files, so what this hides is only theirs.
					entries[index] = { mode, source, shadows: [existing.fromFile] }
				else entries[index] = { mode, source, overrides: existing.overrides ?? existing.source }
			}
		}
		this.entries = entries
		for (const { mode } of entries) this.lastKnown.set(mode.slug, mode)
	}
}
