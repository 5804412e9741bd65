// A process of the history index's two-process test: it creates tasks in the storage folder it is
// given, updates each one's counts as a running task does and settles it, all while another
// process does the same in the same folder. Arguments: storage folder, id prefix, count.
import { TaskStore } from "./taskStore.js"

const [storage, prefix, countText] = process.argv.slice(2)
if (!storage || !prefix || !countText) throw new Error("storage, prefix and count are required")
const store = await TaskStore.open(storage)
await Promise.all(
	Array.from({ length: Number(countText) }, async (_, i) => {
		const id = `${prefix}-${i}`
		await store.createTask({ id, task: `${prefix} task ${i}`, workspace: "/w" })
		await store.saveMetadata(id, { tokensIn: 10, totalCost: 0.5 })
		await store.saveMetadata(id, { tokensIn: 20, totalCost: 1, status: "completed" })
		await store.closeTask(id)
	}),
)
await store.close()
process.stdout.write("done\n")
