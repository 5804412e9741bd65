import { describe, expect, it } from "vitest"
import { inShard, shardFrom, ShardError, shardText, wholeFile } from "./shard.js"

const ids = Array.from({ length: 200 }, (_, index) => `task-${index}`)

describe("a worker's shard", () => {
	it("is the whole file when neither the flag nor the environment names one", () => {
		expect(shardFrom(undefined, {})).toEqual(wholeFile)
		expect(ids.every((id) => inShard(id, wholeFile))).toBe(true)
	})

	it("comes from --shard i/n first, then JOB_COMPLETION_INDEX, then CAIRN_SHARD_INDEX, each with CAIRN_SHARD_COUNT", () => {
		const env = { JOB_COMPLETION_INDEX: "2", CAIRN_SHARD_INDEX: "1", CAIRN_SHARD_COUNT: "4" }
		expect(shardFrom("3/5", env)).toEqual({ index: 3, count: 5 })
		expect(shardFrom(undefined, env)).toEqual({ index: 2, count: 4 })
		expect(shardFrom(undefined, { CAIRN_SHARD_INDEX: "1", CAIRN_SHARD_COUNT: "4" })).toEqual({
			index: 1,
			count: 4,
		})
		expect(shardText({ index: 1, count: 4 })).toBe("1/4")
	})

	it("refuses what cannot be a shard rather than guess (a guess would run tasks twice or never)", () => {
		for (const flag of ["1", "1/", "a/b", "-1/2", "2/2", "0/0", "1/2/3"])
			expect(() => shardFrom(flag, {}), flag).toThrow(ShardError)
		expect(() => shardFrom(undefined, { JOB_COMPLETION_INDEX: "0" })).toThrow(
			"JOB_COMPLETION_INDEX is set without CAIRN_SHARD_COUNT",
		)
		expect(() => shardFrom(undefined, { CAIRN_SHARD_COUNT: "3" })).toThrow(ShardError)
		expect(() => shardFrom(undefined, { CAIRN_SHARD_INDEX: "x", CAIRN_SHARD_COUNT: "3" })).toThrow(
			"must be whole numbers",
		)
		expect(() => shardFrom(undefined, { JOB_COMPLETION_INDEX: "3", CAIRN_SHARD_COUNT: "3" })).toThrow(
			"index 3 is not in 0..2",
		)
	})

	it("splits any list of ids into disjoint shares that together are the whole list", () => {
		for (const count of [1, 2, 3, 7]) {
			const shares = Array.from({ length: count }, (_, index) =>
				ids.filter((id) => inShard(id, { index, count })),
			)
			expect(shares.flat().sort()).toEqual([...ids].sort())
			// Every share gets some: a hash, not a range, so no worker idles while another has the tail.
			if (count > 1) for (const share of shares) expect(share.length).toBeGreaterThan(0)
		}
	})

	it("gives a task the same share whatever else the file holds or in what order", () => {
		const shard = { index: 1, count: 3 }
		const before = ids.filter((id) => inShard(id, shard))
		const grown = [...ids, "new-1", "new-2"].reverse().filter((id) => inShard(id, shard))
		expect(grown.filter((id) => ids.includes(id)).sort()).toEqual([...before].sort())
	})
})
