// The process worktrees/worktreeProcesses.test.ts starts (and kills with SIGKILL): it opens the
// repository's task worktrees with the real TaskWorktrees and creates `count` of them, asking
// each time for the same name, printing each one's name and index once it is made.
// Arguments: the repository, Cairn's storage folder, a task id prefix, the count.
import { TaskWorktrees } from "../worktrees/taskWorktrees.js"

const [repository, storageDir, prefix, countText] = process.argv.slice(2)
if (repository === undefined || storageDir === undefined || prefix === undefined)
	throw new Error("usage: worktreeChild <repository> <storageDir> <prefix> <count>")
const quiet = { debug() {}, info() {}, warn() {}, error() {} }
const worktrees = await TaskWorktrees.open({
	repository,
	storageDir,
	logger: quiet,
	state: { get: async () => undefined, set: async () => undefined },
	runSetup: async () => ({ exitCode: 0, output: "" }),
})
if ("unavailable" in worktrees) throw new Error(worktrees.reason)
process.stdout.write("ready\n")
for (let i = 0; i < Number(countText); i++) {
	const created = await worktrees.create({ taskId: `${prefix}-${i}`, name: "same" })
	process.stdout.write(`${created.name} ${created.index}\n`)
}
