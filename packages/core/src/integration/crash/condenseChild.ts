// A child process for the condense crash test: runs a task on a small window with the real
// Controller, Node host and OpenAI provider, and prints each message as clients see it final,
// so the parent can SIGKILL it right after a condense.
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
	provider: {
		provider: "openai",
		modelId: "gpt-4.1",
		baseUrl,
		modelInfo: { contextWindow: 16_000, maxOutputTokens: 4_000 },
	},
	autoApproval: { enabled: true, readOnly: true },
})
controller.attach((message: ExtensionMessage) => {
	if (message.type === "messageUpdated" && message.message.partial !== true)
		process.stdout.write(
			`final ${JSON.stringify({ kind: message.message.ask ?? message.message.say })}\n`,
		)
})
const taskId = await controller.startTask("Read big.ts until told the task was resumed.")
process.stdout.write(`started ${taskId}\n`)
