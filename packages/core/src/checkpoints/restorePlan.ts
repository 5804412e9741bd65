import { lstat } from "node:fs/promises"
import path from "node:path"
import type { RestoreReport } from "@cairn/types"
import { cairnIgnoreFile } from "../workspace/ignoreRules.js"
import { linkedFolderCheck } from "./linkedFolders.js"
import { absentMode, type NotKept, type ShadowRepository, type TreeChange } from "./shadowRepository.js"

/** One file a restore changes: written back to the checkpoint's bytes, or removed. */
export type RestoreStep =
	{ path: string; action: "write"; mode: string; blob: string } | { path: string; action: "remove" }

export interface RestorePlan {
	/** The checkpoint the files go back to. */
	target: string
	/** The workspace as it was just before, saved so the restore can be undone. */
	before: string
	steps: RestoreStep[]
	skipped: RestoreReport["skipped"]
	/** What the target checkpoint saw but did not keep: such files existed then, so they are not removed. */
	notKeptAtTarget: NotKept
}

const gitlinkMode = "160000"

/** Files whose content decides what else is kept: restored first, then the rest is judged again. */
export function isRuleFile(relative: string): boolean {
	return relative === cairnIgnoreFile || path.posix.basename(relative) === ".gitignore"
}

/**
 * What restoring `target` may do, from the changes between it and `before` (the workspace as
 * it is now, just saved). Every path is judged by `judge`; the ones it refuses are left alone
 * and reported, never written or removed.
 */
export async function planRestore(
	repository: ShadowRepository,
	target: string,
	before: string,
	changes: readonly TreeChange[],
): Promise<RestorePlan> {
	const notKeptAtTarget = await repository.notKeptAt(target)
	const steps: RestoreStep[] = changes.map((change) =>
		// The diff runs from the checkpoint ("before" side) to the workspace now ("after" side).
		change.before.mode === absentMode
			? { path: change.path, action: "remove" }
			: { path: change.path, action: "write", mode: change.before.mode, blob: change.before.blob },
	)
	const gitlinks = new Set(
		changes
			.filter((c) => c.before.mode === gitlinkMode || c.after.mode === gitlinkMode)
			.map((c) => c.path),
	)
	const judged = await judgeSteps(repository, steps, notKeptAtTarget, gitlinks)
	// Judged once the link on their way is gone (see runSteps).
	return {
		target,
		before,
		steps: [...judged.steps, ...judged.deferred],
		skipped: judged.skipped,
		notKeptAtTarget,
	}
}

/**
 * Splits steps into those a restore may take and those it must not, with the reason. The rules
 * are those of the workspace as it is at the moment of the call: a restore judges its steps
 * before it starts and again once the ignore files are back, so a file ignored either before or
 * after the restore is never touched.
 */
export async function judgeSteps(
	repository: ShadowRepository,
	steps: readonly RestoreStep[],
	notKeptAtTarget: NotKept,
	gitlinks: ReadonlySet<string> = new Set(),
): Promise<{ steps: RestoreStep[]; skipped: RestoreReport["skipped"]; deferred: RestoreStep[] }> {
	// Git cannot judge a path through a folder that is a link now; the link may go first.
	const linkedFolder = linkedFolderCheck(repository.workspaceRoot)
	const deferred: RestoreStep[] = []
	const judgeable: RestoreStep[] = []
	for (const step of steps)
		(unsafePathReason(step.path) === undefined && linkedFolder(step.path) ? deferred : judgeable).push(
			step,
		)
	const rules = await repository.rules()
	const ignored = await repository.gitIgnored(judgeable.map((step) => step.path))
	const tooLargeThen = new Set(notKeptAtTarget.tooLarge)
	const kept: RestoreStep[] = []
	const skipped: RestoreReport["skipped"] = []
	for (const step of judgeable) {
		const relative = step.path
		const reason =
			unsafePathReason(relative) ??
			(gitlinks.has(relative) ? "it is a nested repository (its own git keeps it)" : undefined) ??
			(ignored.has(relative) ? "it is ignored by .gitignore" : undefined) ??
			rules.excludedBecause(relative, await sizeNow(repository.workspaceRoot, relative)) ??
			(step.action === "remove" && tooLargeThen.has(relative)
				? "it existed at the checkpoint but was too large to keep"
				: undefined) ??
			(notKeptAtTarget.nestedRepositories.some((folder) => relative.startsWith(folder))
				? "it was inside a nested git repository at the checkpoint"
				: undefined) ??
			(await nestedRepositoryAbove(repository.workspaceRoot, relative))
		if (reason === undefined) kept.push(step)
		else skipped.push({ path: relative, reason })
	}
	return { steps: kept, skipped, deferred }
}

/** Why a path from the shadow repository is not one a restore may touch, or undefined. */
export function unsafePathReason(relative: string): string | undefined {
	const segments = relative.split("/")
	if (
		relative === "" ||
		relative.includes("\0") ||
		relative.includes("\\") ||
		path.posix.isAbsolute(relative) ||
		segments.some((s) => s === "" || s === "." || s === "..")
	)
		return "it is not a plain path inside the workspace"
	if (segments.some((s) => s.toLowerCase() === ".git")) return "it is inside a .git folder"
	return undefined
}

async function sizeNow(root: string, relative: string): Promise<number | undefined> {
	const stats = await lstat(path.join(root, relative)).catch(() => undefined)
	return stats?.isFile() ? stats.size : undefined
}

/** A folder between the workspace and the path that holds its own repository. */
async function nestedRepositoryAbove(root: string, relative: string): Promise<string | undefined> {
	let folder = root
	for (const segment of relative.split("/").slice(0, -1)) {
		folder = path.join(folder, segment)
		if (
			await lstat(path.join(folder, ".git")).then(
				() => true,
				() => false,
			)
		)
			return "it is inside a nested git repository"
	}
	return undefined
}
