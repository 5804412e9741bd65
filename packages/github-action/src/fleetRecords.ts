import { readdir, readFile } from "node:fs/promises"
import path from "node:path"
import { z } from "zod"

/**
 * The fields of a `cairn run` result record (`<results>/<id>.json`, packages/core fleet/taskRecord.ts)
 * the action reads; the record has more, which it leaves alone.
 */
export const recordSchema = z.looseObject({
	id: z.string(),
	state: z.enum(["running", "passed", "failed"]),
	worker: z.looseObject({ shard: z.string() }),
	branch: z.string().optional(),
	commit: z.string().optional(),
	cost: z.number().optional(),
	startedAt: z.number(),
	endedAt: z.number().optional(),
	durationMs: z.number().optional(),
	checks: z
		.array(
			z.looseObject({
				command: z.string(),
				state: z.enum(["passed", "failed"]),
				error: z.string().optional(),
			}),
		)
		.default([]),
	reason: z.string().optional(),
	error: z.string().optional(),
})
export type TaskRecord = z.infer<typeof recordSchema>

/** The records a worker of `shard` wrote; a record that does not parse is an error (never skipped). */
export async function shardRecords(results: string, shard: string): Promise<TaskRecord[]> {
	const names = (await readdir(results)).filter((name) => name.endsWith(".json") && !name.startsWith("."))
	const records: TaskRecord[] = []
	for (const name of names.sort()) {
		const file = path.join(results, name)
		const parsed = recordSchema.safeParse(JSON.parse(await readFile(file, "utf8")))
		if (!parsed.success) throw new Error(`${file} is not a result record: ${parsed.error.message}`)
		if (parsed.data.worker.shard === shard) records.push(parsed.data)
	}
	return records
}
