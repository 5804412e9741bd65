import path from "node:path"
import type { SkillSource, SkillSummary } from "@cairn/types"
import type { CairnIgnore } from "../workspace/ignoreRules.js"
import { listRepositoryFolder, readRepositoryFile } from "../workspace/repositoryFile.js"
import { parseSkillFile, type SkillFile } from "./skillFile.js"
import { skillLocations, type SkillLocation } from "./skillLocations.js"
import { StampedReads, stampOf } from "./stampedReads.js"

/** Far above any skill's instructions (the format suggests under 5,000 words); a generated file is refused. */
export const maxSkillFileBytes = 100_000
/** Per folder of skills: a repository with thousands of folders must not flood every prompt. */
const maxSkillsPerSource = 100

// Every turn looks skills up (turnFrame); a folder or SKILL.md is read again only once its stamp changes.
const listings = new StampedReads<Awaited<ReturnType<typeof listRepositoryFolder>>>(200)
const skillReads = new StampedReads<Awaited<ReturnType<typeof readSkill>>>(2_000)

export interface FoundSkill extends SkillSummary {
	/** The skill's folder, absolute. */
	directory: string
	location: SkillLocation
	/** The SKILL.md's body as read now. */
	body: string
}

export interface SkillsFound {
	/** Every skill read, in lookup order; `enabled` says which the model may use. */
	skills: FoundSkill[]
	/** One line per skill folder or SKILL.md that was not read or not valid, for the person. */
	skipped: string[]
}

export interface FindSkillsOptions {
	workspaceRoot: string
	/** Cairn's storage, whose settings folder holds the person's own skills; none when absent. */
	storageDir?: string
	/** The names the person turned off (`disabledSkills`). */
	disabled?: readonly string[]
	/** The workspace's .cairnignore: a skill in a folder it hides is not read. */
	ignore?: CairnIgnore
}

/**
 * The skills of the workspace and the person. A repository's skills are data, read like its
 * rules: a SKILL.md is read only as a regular file whose real path stays in the workspace (the
 * person's settings folder for theirs), size-capped; a folder that is a link out, a FIFO or a
 * file that does not follow the format is left out and said. Where two sources name the same
 * skill, the first in lookup order is used and the other is shown as shadowed.
 */
export async function findSkills(options: FindSkillsOptions): Promise<SkillsFound> {
	const found: SkillsFound = { skills: [], skipped: [] }
	const disabled = new Set(options.disabled ?? [])
	const taken = new Map<string, SkillSource>()
	for (const location of skillLocations(options.workspaceRoot, options.storageDir)) {
		const folderStamp = stampOf(location.folder)
		if (folderStamp === "absent") continue
		const listing = await listings.read(`${location.scope.root}\0${location.folder}`, folderStamp, () =>
			listRepositoryFolder(location.folder, {
				...location.scope,
				shownAs: location.shown(location.folder),
			}),
		)
		if (listing.kind === "skipped") found.skipped.push(listing.reason)
		if (listing.kind !== "ok") continue
		// A skill's folder may be a link (to another folder of the workspace); its SKILL.md is judged on its own.
		const candidates = [...listing.folders, ...listing.names].sort()
		let count = 0
		for (const folderName of candidates) {
			const directory = path.join(location.folder, folderName)
			if (!visible(location, directory, options.ignore)) continue
			const file = path.join(directory, "SKILL.md")
			const fileStamp = stampOf(file)
			if (fileStamp === "absent") continue
			if (count === maxSkillsPerSource) {
				found.skipped.push(
					`${location.shown(location.folder)} holds more than ${maxSkillsPerSource} skills; the rest were not read`,
				)
				break
			}
			const skill = await skillReads.read(`${location.scope.root}\0${file}`, fileStamp, () =>
				readSkill(location, directory, folderName),
			)
			if (skill === undefined) continue
			if ("problem" in skill) {
				found.skipped.push(skill.problem)
				continue
			}
			count++
			const shadowedBy = taken.get(skill.name)
			if (shadowedBy === undefined) taken.set(skill.name, location.source)
			found.skills.push({
				name: skill.name,
				description: skill.description,
				source: location.source,
				folder: location.shown(directory),
				enabled: shadowedBy === undefined && !disabled.has(skill.name),
				...(shadowedBy !== undefined && { shadowedBy }),
				directory,
				location,
				body: skill.body,
			})
		}
	}
	return found
}

async function readSkill(
	location: SkillLocation,
	directory: string,
	folderName: string,
): Promise<SkillFile | { problem: string } | undefined> {
	const file = path.join(directory, "SKILL.md")
	const shownAs = location.shown(file)
	const read = await readRepositoryFile(file, { ...location.scope, maxBytes: maxSkillFileBytes, shownAs })
	// A file beside the skill folders (a README) has no SKILL.md under it.
	if (read.kind === "absent") return undefined
	if (read.kind === "skipped") return { problem: read.reason }
	if (read.truncated)
		return { problem: `${shownAs} is larger than ${maxSkillFileBytes} bytes; it was not read` }
	const parsed = parseSkillFile(read.text, folderName)
	return "problem" in parsed ? { problem: `${shownAs} ${parsed.problem}; the skill was left out` } : parsed
}

/** Whether .cairnignore lets the agent see this path of a workspace skill (the person's own are not the workspace's). */
export function visible(
	location: SkillLocation,
	absolute: string,
	ignore: CairnIgnore | undefined,
	kind: "file" | "folder" = "folder",
): boolean {
	if (ignore === undefined || location.source === "global") return true
	const relative = location.shown(absolute)
	return kind === "file" ? ignore.isAllowed(relative) : ignore.isFolderAllowed(relative)
}

/** A found skill as the Skills view and `cairn skills list` show it (no body, no absolute paths of its own). */
export function skillSummary(skill: FoundSkill): SkillSummary {
	const { name, description, source, folder, enabled, shadowedBy } = skill
	return { name, description, source, folder, enabled, ...(shadowedBy !== undefined && { shadowedBy }) }
}

/** The skill the model may use by this name, if any. */
export function enabledSkill(found: SkillsFound, name: string): FoundSkill | undefined {
	return found.skills.find((skill) => skill.enabled && skill.name === name)
}
