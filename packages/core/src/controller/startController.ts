import { buildProvider } from "../providers/buildProvider.js"
import { coreTools, toolSpecs } from "../tools/registry.js"
import { Controller } from "./Controller.js"
import type { ControllerOptions } from "./controllerOptions.js"

/**
 * A Controller with the core tools and providers, initialized: what a headless process on Node
 * (a benchmark, a crash test's child, a second agent on the same storage) runs. The editor and
 * the CLI build theirs with their own options.
 */
export async function startController(
	options: Pick<ControllerOptions, "host" | "version"> & Partial<ControllerOptions>,
): Promise<Controller> {
	const controller = new Controller({
		tools: coreTools,
		toolSpecs: toolSpecs(coreTools),
		buildProvider,
		...options,
	})
	await controller.initialize()
	return controller
}
