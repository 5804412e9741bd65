// A child process for the room's crash test: three board tasks at once with the real Controller
// and Node host, each waiting on its write's approval when the test SIGKILLs the process. It
// prints `waiting <taskId>` as each card comes to wait.
import type { ExtensionMessage } from "@cairn/types"
import { startController } from "../../controller/startController.js"
import { NodeHost } from "../../host/node/NodeHost.js"

const [workspace, storage, baseUrl] = [
	process.env.CRASH_WORKSPACE,
	process.env.CRASH_STORAGE,
	process.env.CRASH_BASE_URL,
]
if (!workspace || !storage || !baseUrl)
	throw new Error("CRASH_WORKSPACE, CRASH_STORAGE and CRASH_BASE_URL are required")
const controller = await startController({
	host: new NodeHost({ workspaceRoot: workspace, storageDir: storage }),
	version: "crash",
})
await controller.settingsStore.update({
	provider: { provider: "anthropic", modelId: "claude-sonnet-5", baseUrl },
	enableCheckpoints: false,
	commandSandbox: false,
})
await controller.settingsStore.setApiKey("anthropic", "test-key")
const waiting = new Set<string>()
const watch = (message: ExtensionMessage) => {
	if (message.type !== "taskCardUpdated" || message.card.state !== "waiting") return
	if (waiting.has(message.card.taskId)) return
	waiting.add(message.card.taskId)
	process.stdout.write(`waiting ${message.card.taskId}\n`)
}
controller.attach(watch)
for (const name of ["alpha", "beta", "gamma"])
	await controller.handleWebviewMessage(
		{ type: "startBoardTask", text: `Write ${name}.txt`, place: { kind: "inPlace" } },
		watch,
	)
