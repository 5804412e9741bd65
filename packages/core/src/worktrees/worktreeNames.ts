/**
 * A worktree's name is a folder name and part of its branch (`cairn/<name>`), so it is kept to
 * letters, digits, '-' and '_': nothing a shell, a ref or a path could read another way.
 */
const namePattern = /^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$/

/** Why `name` cannot name a worktree, or undefined when it can. */
export function nameProblem(name: string): string | undefined {
	return namePattern.test(name)
		? undefined
		: `"${name.slice(0, 80)}" cannot name a worktree: use 1-63 letters, digits, '-' or '_', starting with a letter or digit`
}

/** The name a task's worktree gets when none is given: short, and recognisably the task's. */
export function nameFromTask(taskId: string): string {
	const letters = taskId.replace(/[^A-Za-z0-9]/g, "").slice(0, 8)
	return letters === "" ? "task" : `task-${letters}`
}

export const branchOf = (name: string): string => `cairn/${name}`

/**
 * The first of `name`, `name-2`, `name-3`... that `taken` does not refuse. The suffix is kept
 * within the name's length limit by shortening the name, so a long name still gets a free one.
 */
export async function firstFreeName(
	name: string,
	taken: (name: string) => Promise<boolean>,
): Promise<string> {
	for (let n = 1; ; n++) {
		const suffix = n === 1 ? "" : `-${n}`
		const candidate = `${name.slice(0, 63 - suffix.length)}${suffix}`
		if (!(await taken(candidate))) return candidate
	}
}
