/** The lowest index from 1 up that none of `taken` holds. */
export function lowestFreeIndex(taken: Iterable<number>): number {
	const held = new Set(taken)
	let index = 1
	while (held.has(index)) index++
	return index
}

const defaultBasePort = 3000

/**
 * What a worktree's commands get so that several copies of one project can serve at once:
 * its index, and a port offset by it from the environment's PORT (3000 when there is none).
 */
export function worktreeEnvironment(
	index: number,
	env: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
	const given = env.PORT === undefined ? Number.NaN : Number(env.PORT)
	const base = Number.isInteger(given) && given > 0 && given < 65_536 ? given : defaultBasePort
	return { CAIRN_WORKTREE_INDEX: String(index), PORT: String(base + index) }
}
