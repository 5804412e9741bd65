// A child process for the crash test: runs one long, fully auto-approved task with the real
// Controller, Node host and OpenAI provider until the test SIGKILLs it. It prints one line per
// event the parent needs: the task id, and each message as soon as clients see it final.
import type { ExtensionMessage } from "@cairn/types"
import { Controller } from "../../controller/Controller.js"
import { NodeHost } from "../../host/node/NodeHost.js"
import { buildProvider } from "../../providers/buildProvider.js"
import { coreTools, toolSpecs } from "../../tools/registry.js"

const [workspace, storage, baseUrl] = [
	process.env.CRASH_WORKSPACE,
	process.env.CRASH_STORAGE,
	process.env.CRASH_BASE_URL,
]
if (!workspace || !storage || !baseUrl)
	throw new Error("CRASH_WORKSPACE, CRASH_STORAGE and CRASH_BASE_URL are required")

const host = new NodeHost({ workspaceRoot: workspace, storageDir: storage })
const controller = new Controller({
	host,
	version: "crash",
	tools: coreTools,
	toolSpecs: toolSpecs(coreTools),
	buildProvider,
})
await controller.initialize()
await controller.settingsStore.update({
	provider: { provider: "openai", modelId: "gpt-4.1", baseUrl },
	autoApproval: {
		enabled: true,
		readOnly: true,
		write: true,
		execute: true,
		followup: true,
		followupTimeoutMs: 1000,
	},
	allowedCommands: ["*"],
	consecutiveMistakeLimit: 50,
})
const client = (message: ExtensionMessage) => {
	if (message.type === "messageUpdated" && message.message.partial !== true) {
		process.stdout.write(
			`final ${JSON.stringify({ ts: message.message.ts, type: message.message.type, kind: message.message.ask ?? message.message.say })}\n`,
		)
	}
}
controller.attach(client)
const taskId = await controller.startTask("A long task that the crash test interrupts.")
process.stdout.write(`started ${taskId}\n`)
