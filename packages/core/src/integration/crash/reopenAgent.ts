import { Controller } from "../../controller/Controller.js"
import { NodeHost } from "../../host/node/NodeHost.js"
import { buildProvider } from "../../providers/buildProvider.js"
import { ClientMirror } from "../../test-support/agentHarness.js"
import { coreTools, toolSpecs } from "../../tools/registry.js"

/** Cairn started again on what a killed process left: a Controller over its folders, and a client watching it. */
export async function reopenAgent(
	workspace: string,
	storage: string,
): Promise<{ host: NodeHost; controller: Controller; client: ClientMirror }> {
	const host = new NodeHost({ workspaceRoot: workspace, storageDir: storage })
	const controller = new Controller({
		host,
		version: "test",
		tools: coreTools,
		toolSpecs: toolSpecs(coreTools),
		buildProvider,
	})
	await controller.initialize()
	const client = new ClientMirror()
	controller.attach(client.receive)
	return { host, controller, client }
}
