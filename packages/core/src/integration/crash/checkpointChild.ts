// A child process for the checkpoint crash test: opens the workspace's checkpoints and saves or
// restores until the test SIGKILLs it (CHECKPOINT_OP: "save" loops saves; "restore <commit>"
// restores once). Prints "ready" before it starts.
import { CheckpointStore } from "../../checkpoints/checkpointStore.js"

const [op, commit] = (process.env.CHECKPOINT_OP ?? "save").split(" ")
const quiet = { debug() {}, info() {}, warn() {}, error() {} }
const store = await CheckpointStore.open({
	workspaceRoot: process.env.CHECKPOINT_WORKSPACE ?? "",
	storageDir: process.env.CHECKPOINT_STORAGE ?? "",
	sizeLimitBytes: 5 * 1024 * 1024,
	logger: quiet,
})
process.stdout.write("ready\n")
if (op === "restore" && commit !== undefined) {
	await store.restore("task", commit)
	process.stdout.write("restored\n")
} else {
	for (let i = 0; ; i++) await store.save("task", `save ${i}`)
}
