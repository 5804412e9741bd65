import type { Controller } from "../../controller/Controller.js"
import { startController } from "../../controller/startController.js"
import { NodeHost } from "../../host/node/NodeHost.js"
import { ClientMirror } from "../../test-support/agentHarness.js"

/** Cairn started again on what a killed process left: a Controller over its folders, and a client watching it. */
export async function reopenAgent(
	workspace: string,
	storage: string,
): Promise<{ host: NodeHost; controller: Controller; client: ClientMirror }> {
	const host = new NodeHost({ workspaceRoot: workspace, storageDir: storage })
	const controller = await startController({ host, version: "test" })
	const client = new ClientMirror()
	controller.attach(client.receive)
	return { host, controller, client }
}
