// The agent side of a crash-test child: the real Controller and Node host on the folders and
// model server the parent names (CRASH_WORKSPACE, CRASH_STORAGE, CRASH_BASE_URL). It prints one
// line per event the parent needs: `started <taskId>`, and `final {ts,type,kind}` for each
// message as soon as clients see it final.
import type { CairnSettingsPatch, ExtensionMessage, ProviderName } from "@cairn/types"
import { startController } from "../../controller/startController.js"
import { NodeHost } from "../../host/node/NodeHost.js"

export async function runChildTask(options: {
	settings: (baseUrl: string) => CairnSettingsPatch
	/** The provider to store a key for, when it needs one. */
	keyFor?: ProviderName
	task: string
}): Promise<void> {
	const [workspace, storage, baseUrl] = [
		process.env.CRASH_WORKSPACE,
		process.env.CRASH_STORAGE,
		process.env.CRASH_BASE_URL,
	]
	if (!workspace || !storage || !baseUrl)
		throw new Error("CRASH_WORKSPACE, CRASH_STORAGE and CRASH_BASE_URL are required")
	const host = new NodeHost({ workspaceRoot: workspace, storageDir: storage })
	const controller = await startController({ host, version: "crash" })
	await controller.settingsStore.update(options.settings(baseUrl))
	if (options.keyFor !== undefined) await controller.settingsStore.setApiKey(options.keyFor, "test-key")
	controller.attach((message: ExtensionMessage) => {
		if (message.type !== "messageUpdated" || message.message.partial === true) return
		const { ts, type, ask, say } = message.message
		process.stdout.write(`final ${JSON.stringify({ ts, type, kind: ask ?? say })}\n`)
	})
	const taskId = await controller.startTask(options.task)
	process.stdout.write(`started ${taskId}\n`)
}
