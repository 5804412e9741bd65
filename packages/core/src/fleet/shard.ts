import { createHash } from "node:crypto"

/** This worker's share of a task file: the tasks whose id hashes to `index` of `count`. */
export interface Shard {
	/** 0-based, as Kubernetes' completion index and GitHub Actions' `strategy.job-index` are. */
	index: number
	count: number
}

export const wholeFile: Shard = { index: 0, count: 1 }

/** A shard given on the command line or in the environment that cannot be one. */
export class ShardError extends Error {
	constructor(message: string) {
		super(message)
		this.name = "ShardError"
	}
}

/**
 * The worker's shard: `--shard <i>/<n>` when given; else the environment's: Kubernetes Indexed
 * Jobs set `JOB_COMPLETION_INDEX`, a GitHub Actions matrix job sets `CAIRN_SHARD_INDEX` (from
 * `strategy.job-index`); either with `CAIRN_SHARD_COUNT` (the completions, `strategy.job-total`).
 * The whole file when none is set. An index without a count fails: guessing would run tasks twice.
 */
export function shardFrom(
	flag: string | undefined,
	env: Readonly<Record<string, string | undefined>>,
): Shard {
	if (flag !== undefined) {
		const match = /^(\d+)\/(\d+)$/.exec(flag.trim())
		if (match === null) throw new ShardError(`--shard takes <index>/<count>, as 0/4: not "${flag}"`)
		return checked(Number(match[1]), Number(match[2]), "--shard")
	}
	const index = env.JOB_COMPLETION_INDEX ?? env.CAIRN_SHARD_INDEX
	const count = env.CAIRN_SHARD_COUNT
	if (index === undefined && count === undefined) return wholeFile
	const from = env.JOB_COMPLETION_INDEX !== undefined ? "JOB_COMPLETION_INDEX" : "CAIRN_SHARD_INDEX"
	if (index === undefined)
		throw new ShardError(`CAIRN_SHARD_COUNT is set without JOB_COMPLETION_INDEX or CAIRN_SHARD_INDEX`)
	if (count === undefined)
		throw new ShardError(`${from} is set without CAIRN_SHARD_COUNT (the number of shards)`)
	if (!/^\d+$/.test(index) || !/^\d+$/.test(count))
		throw new ShardError(`${from}=${index} and CAIRN_SHARD_COUNT=${count} must be whole numbers`)
	return checked(Number(index), Number(count), from)
}

function checked(index: number, count: number, from: string): Shard {
	if (count < 1 || index >= count) throw new ShardError(`${from}: index ${index} is not in 0..${count - 1}`)
	return { index, count }
}

/**
 * Whether `id` is in `shard`'s share. It depends on the id alone, so shares stay disjoint and
 * stable when tasks are added, removed or reordered, and every worker computes the same.
 */
export function inShard(id: string, shard: Shard): boolean {
	if (shard.count === 1) return true
	const hash = createHash("sha256").update(id).digest()
	return hash.readUInt32BE(0) % shard.count === shard.index
}

export const shardText = (shard: Shard): string => `${shard.index}/${shard.count}`
