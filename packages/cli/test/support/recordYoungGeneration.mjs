// `node --import` this file to have the size of V8's young generation (new space, both halves)
// written, when the process exits, to the file named by CAIRN_RECORD_YOUNG_GENERATION.
import { writeFileSync } from "node:fs"
import { getHeapSpaceStatistics } from "node:v8"

process.on("exit", () => {
	const newSpace = getHeapSpaceStatistics().find((space) => space.space_name === "new_space")
	writeFileSync(process.env.CAIRN_RECORD_YOUNG_GENERATION, String(newSpace?.space_size))
})
