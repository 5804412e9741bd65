import os from "node:os"
import path from "node:path"
import type { InstructionFileKind } from "@cairn/types"
import { surelyAbsent } from "../fs/surelyAbsent.js"
import {
	listRepositoryFolder,
	readRepositoryFile,
	settingsScope,
	type FileScope,
} from "../workspace/repositoryFile.js"
import {
	folderSafeSlug,
	instructionLocations,
	nestedInstructionFiles,
	type InstructionLocation,
} from "./instructionFiles/instructionFileCatalog.js"
import { globsMatchAny, parseRuleFrontMatter } from "./instructionFiles/ruleFrontMatter.js"

const maxRuleBytes = 50_000
/** How the person's own rules in Cairn's settings folder are named in the prompt's sources. */
const ownRules = " (your Cairn rules)"

export interface WorkspaceRules {
	rules: { source: string; text: string }[]
	/** One line per rules file or folder that was not read (a link out, a FIFO...), for the person. */
	skipped: string[]
}

export interface RuleSourceOptions {
	/** Kinds of other tools' files the person turned off (the `disabledInstructionFiles` setting). */
	disabled?: readonly InstructionFileKind[]
	/**
	 * The files the task works on (read or edited; workspace-relative, "/"-separated): they choose
	 * the glob rules that apply and the subfolders whose AGENTS.md and CLAUDE.md are read.
	 */
	contextFiles?: readonly string[]
	/** The person's home folder, for their global rules (~/.roo/rules); the process's by default. */
	home?: string
	/**
	 * Cairn's storage: the person's own rules for every workspace are in its settings folder's
	 * rules/ and rules-<mode>/ (beside their modes and commands), read before the workspace's.
	 */
	storageDir?: string
	/**
	 * Hears each other tool's file that was read, by kind and as the prompt names it, whether or
	 * not its front matter applies now (for the Settings section's list of files found).
	 */
	onFound?: (kind: InstructionFileKind, shown: string) => void
}

/** Where a rule's relative path starts, the folder its real path must stay in, and how it is named. */
interface Place {
	dir: string
	scope: FileScope
	shown: (relative: string) => string
}

/**
 * AGENTS.md, the files of .cairn/rules/ and then those of the mode's .cairn/rules-<mode>/, then
 * other tools' files (instructionFileCatalog) and the AGENTS.md / CLAUDE.md of the subfolders the
 * task works in; each folder in name order and each file capped so a huge one cannot flood the
 * prompt. Read at every request, and mostly none of them exists: an absent one costs a stat, not
 * a failed read. The repository (or the person's home) wrote them, so each goes through the
 * repository file reader: a file that is not read leaves the model a note in its place, never its
 * content.
 */
export async function loadWorkspaceRules(
	workspaceRoot: string,
	mode?: string,
	options: RuleSourceOptions = {},
): Promise<WorkspaceRules> {
	const loaded: WorkspaceRules = { rules: [], skipped: [] }
	const disabled = new Set(options.disabled ?? [])
	const contextFiles = options.contextFiles ?? []
	const workspace: Place = {
		dir: workspaceRoot,
		scope: { root: workspaceRoot },
		shown: (relative) => relative,
	}
	const skip = (source: string, reason: string) => {
		loaded.skipped.push(reason)
		loaded.rules.push({ source, text: `(Cairn did not read this file: ${reason}.)` })
	}
	const read = async (place: Place, relative: string, label: string): Promise<string | undefined> => {
		const file = path.join(place.dir, relative)
		if (surelyAbsent(file)) return undefined
		const shownAs = place.shown(relative)
		const result = await readRepositoryFile(file, { ...place.scope, maxBytes: maxRuleBytes, shownAs })
		if (result.kind === "skipped") skip(shownAs + label, result.reason)
		return result.kind === "ok" && result.text.trim() !== "" ? result.text : undefined
	}
	/** The files of a folder (not its subfolders); undefined when it is absent or not a folder. */
	const list = async (place: Place, relative: string, label: string): Promise<string[] | undefined> => {
		const folder = path.join(place.dir, relative)
		if (surelyAbsent(folder)) return undefined
		const shownAs = place.shown(relative)
		const listing = await listRepositoryFolder(folder, { ...place.scope, shownAs })
		if (listing.kind === "skipped") {
			skip(shownAs + label, listing.reason)
			return []
		}
		return listing.kind === "ok" ? listing.names.map((name) => `${relative}/${name}`) : undefined
	}
	const add = async (place: Place, relative: string, label = ""): Promise<boolean> => {
		const text = await read(place, relative, label)
		if (text !== undefined) loaded.rules.push({ source: place.shown(relative) + label, text })
		return text !== undefined
	}

	const folders = ["rules", ...(mode !== undefined && folderSafeSlug.test(mode) ? [`rules-${mode}`] : [])]
	if (options.storageDir !== undefined) {
		const settings = path.join(options.storageDir, "settings")
		const own: Place = { dir: settings, scope: settingsScope(settings), shown: (relative) => relative }
		for (const folder of folders)
			for (const file of (await list(own, folder, ownRules)) ?? []) await add(own, file, ownRules)
	}
	await add(workspace, "AGENTS.md")
	for (const folder of folders)
		for (const file of (await list(workspace, `.cairn/${folder}`, "")) ?? []) await add(workspace, file)

	const home = options.home ?? os.homedir()
	for (const location of instructionLocations(mode)) {
		if (disabled.has(location.kind)) continue
		const place = location.base === "home" ? homePlace(home, location.path) : workspace
		if (location.fallbackFor !== undefined && !surelyAbsent(path.join(place.dir, location.fallbackFor)))
			continue
		const label = ` (${location.tool})`
		const files =
			location.shape === "file"
				? [location.path]
				: ((await list(place, location.path, label))?.filter((file) =>
						(location.accepts ?? (() => true))(path.posix.basename(file)),
					) ?? (location.shape === "fileOrFolder" ? [location.path] : []))
		for (const file of files) {
			if (location.appliesBy === undefined) {
				if (await add(place, file, label)) options.onFound?.(location.kind, place.shown(file))
				continue
			}
			const text = await read(place, file, label)
			if (text !== undefined) options.onFound?.(location.kind, place.shown(file))
			const rule = text === undefined ? undefined : ruleThatApplies(location, file, text, contextFiles)
			if (rule !== undefined) loaded.rules.push({ source: place.shown(file) + label, text: rule })
		}
	}

	if (!disabled.has("nested"))
		for (const folder of foldersWorkedIn(contextFiles))
			for (const nested of nestedInstructionFiles) {
				if (nested.alsoKind !== undefined && disabled.has(nested.alsoKind)) continue
				await add(
					workspace,
					`${folder}/${nested.name}`,
					nested.tool === undefined ? "" : ` (${nested.tool})`,
				)
			}
	return loaded
}

/**
 * A home folder's rules stay inside their own folder: a link from ~/.roo/rules must not reach
 * the person's keys elsewhere in their home.
 */
function homePlace(home: string, folder: string): Place {
	return {
		dir: home,
		scope: { root: path.join(home, folder), rootName: `your ~/${folder} folder` },
		shown: (relative) => `~/${relative}`,
	}
}

/**
 * The text a front-matter rule puts in the prompt, or undefined when it does not apply now: an
 * always rule, or a glob rule naming a file the task works on, gives its body; a Cursor rule
 * with only a description gives the description and where to read it, for the model to judge.
 */
function ruleThatApplies(
	location: InstructionLocation,
	file: string,
	text: string,
	contextFiles: readonly string[],
): string | undefined {
	const rule = parseRuleFrontMatter(text, location.appliesBy === "cursorRule" ? "globs" : "applyTo")
	const everywhere = rule.globs.some((glob) => glob === "**" || glob === "**/*")
	if (rule.alwaysApply || everywhere || globsMatchAny(rule.globs, contextFiles))
		return rule.body.trim() === "" ? undefined : rule.body
	if (location.appliesBy === "cursorRule" && rule.globs.length === 0 && rule.description !== undefined)
		return `A rule that applies when: ${rule.description}\nRead ${file} when it does.`
	return undefined
}

/** The subfolders holding the files the task works on, and their parents, outermost first. */
function foldersWorkedIn(contextFiles: readonly string[]): string[] {
	const folders = new Set<string>()
	for (const file of contextFiles) {
		const parts = file.split("/").slice(0, -1)
		for (let depth = 1; depth <= parts.length; depth++) folders.add(parts.slice(0, depth).join("/"))
	}
	return [...folders].sort()
}
