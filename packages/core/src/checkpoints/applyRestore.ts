import { lstat, mkdir, readdir, readFile, rm, rmdir, symlink, unlink } from "node:fs/promises"
import path from "node:path"
import type { RestoreReport } from "@cairn/types"
import { z } from "zod"
import { atomicTempTarget, writeFileAtomic } from "../fs/atomicWrite.js"
import { isRuleFile, judgeSteps, type RestorePlan, type RestoreStep } from "./restorePlan.js"
import type { ShadowRepository } from "./shadowRepository.js"

const planSchema = z.object({
	target: z.string(),
	before: z.string(),
	steps: z.array(
		z.discriminatedUnion("action", [
			z.object({ path: z.string(), action: z.literal("write"), mode: z.string(), blob: z.string() }),
			z.object({ path: z.string(), action: z.literal("remove") }),
		]),
	),
	skipped: z.array(z.object({ path: z.string(), reason: z.string() })),
	notKeptAtTarget: z.object({ tooLarge: z.array(z.string()), nestedRepositories: z.array(z.string()) }),
})

export const pendingRestoreName = "restore-pending.json"

/** Where an unfinished restore's plan is kept, beside the shadow repository's git folder. */
export function pendingRestoreFile(repository: ShadowRepository): string {
	return path.join(path.dirname(repository.gitDir), pendingRestoreName)
}

/**
 * Carries out a restore plan. The plan is written down first and removed last, so a restore
 * cut short (a crash, kill -9) is finished by `finishPendingRestore` the next time the
 * repository is used: the workspace ends at the checkpoint, never half-way. Every step is
 * idempotent (a file gets the checkpoint's bytes, a removed file stays removed), which is what
 * makes running a plan again safe. Each file is replaced atomically (temp file, rename).
 */
export async function applyRestore(repository: ShadowRepository, plan: RestorePlan): Promise<RestoreReport> {
	const journal = pendingRestoreFile(repository)
	await writeFileAtomic(journal, JSON.stringify(plan))
	const report = await runSteps(repository, plan)
	await rm(journal, { force: true })
	return report
}

/** Finishes a restore a crash interrupted; undefined when none was pending. */
export async function finishPendingRestore(repository: ShadowRepository): Promise<RestoreReport | undefined> {
	const journal = pendingRestoreFile(repository)
	const text = await readFile(journal, "utf8").catch(() => undefined)
	if (text === undefined) return undefined
	let plan: RestorePlan
	try {
		plan = planSchema.parse(JSON.parse(text))
	} catch {
		// A plan is written atomically, so this is not a torn write: nothing was started from it.
		await rm(journal, { force: true })
		return undefined
	}
	await removeTornWrites(repository.workspaceRoot, plan.steps)
	const report = await runSteps(repository, plan)
	await rm(journal, { force: true })
	return report
}

/** The temp files of writes the crash interrupted (each file is written to a temp file, then renamed). */
async function removeTornWrites(root: string, steps: readonly RestoreStep[]): Promise<void> {
	const byFolder = new Map<string, Set<string>>()
	for (const step of steps) {
		const folder = path.join(root, path.posix.dirname(step.path))
		const names = byFolder.get(folder) ?? new Set<string>()
		names.add(path.posix.basename(step.path))
		byFolder.set(folder, names)
	}
	for (const [folder, names] of byFolder) {
		for (const entry of await readdir(folder).catch(() => [])) {
			const target = atomicTempTarget(entry)
			if (target !== undefined && names.has(target)) await rm(path.join(folder, entry), { force: true })
		}
	}
}

/**
 * The ignore files first; then every other step is judged again under the rules they bring
 * back, so what the checkpoint's rules ignore is not touched either; last the paths that led
 * through a link, judged once the link is gone (a link that stays keeps them untouched).
 */
async function runSteps(repository: ShadowRepository, plan: RestorePlan): Promise<RestoreReport> {
	const ruleSteps = plan.steps.filter((step) => isRuleFile(step.path))
	const first = await applySteps(repository, ruleSteps)
	const rest = await judgeSteps(
		repository,
		plan.steps.filter((step) => !isRuleFile(step.path)),
		plan.notKeptAtTarget,
	)
	const second = await applySteps(repository, rest.steps)
	const last = await judgeSteps(repository, rest.deferred, plan.notKeptAtTarget)
	const third = await applySteps(repository, last.steps)
	const stillLinked = last.deferred.map((step) => ({
		path: step.path,
		reason: "a folder on its path is a symbolic link now",
	}))
	const parts = [first, second, third]
	return {
		restoredTo: plan.target,
		written: parts.flatMap((part) => part.written),
		removed: parts.flatMap((part) => part.removed),
		skipped: [
			...plan.skipped,
			...rest.skipped,
			...last.skipped,
			...stillLinked,
			...parts.flatMap((part) => part.skipped),
		],
		taskRewound: false,
	}
}

async function applySteps(
	repository: ShadowRepository,
	steps: readonly RestoreStep[],
): Promise<Pick<RestoreReport, "written" | "removed" | "skipped">> {
	const root = repository.workspaceRoot
	const written: string[] = []
	const removed: string[] = []
	const skipped: RestoreReport["skipped"] = []
	// Removals first, deepest first: a file that became a folder (or a link) makes room for it.
	const removals = steps
		.filter((step) => step.action === "remove")
		.sort((a, b) => b.path.split("/").length - a.path.split("/").length)
	for (const step of removals) {
		const blocked = await foldersOnPath(root, step.path, false)
		if (blocked !== undefined) {
			skipped.push({ path: step.path, reason: blocked })
			continue
		}
		const file = path.join(root, step.path)
		const stats = await lstat(file).catch(() => undefined)
		if (stats === undefined) {
			removed.push(step.path)
			continue
		}
		if (stats.isDirectory()) {
			skipped.push({ path: step.path, reason: "a folder is in its place now" })
			continue
		}
		await unlink(file)
		removed.push(step.path)
	}
	const writes = steps.filter((step) => step.action === "write")
	const blobs = await repository.readBlobs(writes.map((step) => step.blob))
	for (const step of writes) {
		const content = blobs.get(step.blob)
		if (content === undefined) throw new Error(`the checkpoint has no content for ${step.path}`)
		const blocked = await foldersOnPath(root, step.path, true)
		if (blocked !== undefined) {
			skipped.push({ path: step.path, reason: blocked })
			continue
		}
		const file = path.join(root, step.path)
		const existing = await lstat(file).catch(() => undefined)
		if (existing?.isDirectory()) {
			if ((await readdir(file)).length > 0) {
				skipped.push({ path: step.path, reason: "a folder with files in it is in its place now" })
				continue
			}
			await rmdir(file)
		}
		if (step.mode === "120000") {
			if (existing !== undefined && !existing.isDirectory()) await unlink(file)
			await symlink(content.toString("utf8"), file)
		} else {
			const executable = step.mode === "100755"
			const keptBits = existing?.isFile() ? existing.mode & 0o666 : 0o644
			const mode = executable ? keptBits | ((keptBits & 0o444) >> 2) : keptBits
			// Renamed over the old file (or link): a link's target is never written through.
			await writeFileAtomic(file, content, { mode })
		}
		written.push(step.path)
	}
	return { written, removed, skipped }
}

/**
 * Checks the folders above `relative`: a reason when one is a link (writing or removing through
 * it would reach outside the workspace) or a file. With `create`, makes the missing ones; without,
 * a missing one means there is nothing below it to remove.
 */
async function foldersOnPath(root: string, relative: string, create: boolean): Promise<string | undefined> {
	let folder = root
	for (const segment of relative.split("/").slice(0, -1)) {
		folder = path.join(folder, segment)
		const stats = await lstat(folder).catch(() => undefined)
		if (stats === undefined) {
			if (!create) return undefined
			await mkdir(folder)
		} else if (stats.isSymbolicLink()) return "a folder on its path is a symbolic link now"
		else if (!stats.isDirectory())
			return create ? "a file is in the place of a folder on its path" : undefined
	}
	return undefined
}
