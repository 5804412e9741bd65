import { lstat, realpath } from "node:fs/promises"
import path from "node:path"
import { listRepositoryFolder } from "../workspace/repositoryFile.js"
import { isInside } from "../workspace/workspacePaths.js"
import type { CairnIgnore } from "../workspace/ignoreRules.js"
import { visible, type FoundSkill } from "./findSkills.js"

/** A skill brings a few scripts, references and assets; a folder of thousands is listed in part. */
const maxListedFiles = 200
const maxDepth = 4

export interface SkillFileList {
	/** Paths as the tools take them (workspace-relative, or absolute for the person's own skills). */
	files: string[]
	/** True when the skill's folder held more than was listed. */
	partial: boolean
}

/**
 * The files beside a skill's SKILL.md, for the model to read or run with its ordinary tools (so
 * reading and running go through the usual path checks and approvals). Only regular files whose
 * real path stays in the skill's own scope are listed: a link out is not named to the model.
 */
export async function listSkillFiles(skill: FoundSkill, ignore?: CairnIgnore): Promise<SkillFileList> {
	const { location } = skill
	const root = await realpath(location.scope.root).catch(() => path.resolve(location.scope.root))
	const listed: SkillFileList = { files: [], partial: false }
	const walk = async (folder: string, depth: number): Promise<void> => {
		const listing = await listRepositoryFolder(folder, {
			...location.scope,
			shownAs: location.shown(folder),
		})
		if (listing.kind !== "ok") return
		for (const name of listing.names) {
			const file = path.join(folder, name)
			if (depth === 0 && name === "SKILL.md") continue
			if (!visible(location, file, ignore, "file") || !(await isContainedRegularFile(file, root)))
				continue
			if (listed.files.length === maxListedFiles) {
				listed.partial = true
				return
			}
			listed.files.push(location.shown(file))
		}
		if (depth === maxDepth) {
			listed.partial ||= listing.folders.length > 0
			return
		}
		for (const name of listing.folders) {
			if (listed.partial) return
			if (!visible(location, path.join(folder, name), ignore)) continue
			await walk(path.join(folder, name), depth + 1)
		}
	}
	await walk(skill.directory, 0)
	return listed
}

async function isContainedRegularFile(file: string, root: string): Promise<boolean> {
	try {
		const info = await lstat(file)
		if (info.isFile()) return isInside(root, await realpath(file))
		if (!info.isSymbolicLink()) return false
		const real = await realpath(file)
		return isInside(root, real) && (await lstat(real)).isFile()
	} catch {
		return false
	}
}
