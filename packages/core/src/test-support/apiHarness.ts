import { CairnApi } from "../api/CairnApi.js"
import { ControllerApi } from "../api/ControllerApi.js"
import { startAgent, type AgentHarness, type AgentHarnessOptions } from "./agentHarness.js"

export interface ApiHarness {
	api: CairnApi
	agent: AgentHarness
	/** Errors of listeners that threw, as the API reported them. */
	listenerErrors: { event: string; error: unknown }[]
}

/**
 * The public API object wired as the extension wires it: created first (listeners may be added
 * at once), handed to the Controller as its event emitter, and loading its ControllerApi on the
 * first method call. The agent is real (see startAgent).
 */
export async function startApi(
	options: AgentHarnessOptions & { mayChangeTrust?: boolean },
): Promise<ApiHarness> {
	let backend: ControllerApi | undefined
	const listenerErrors: ApiHarness["listenerErrors"] = []
	const api = new CairnApi({
		load: async () =>
			(backend ??= new ControllerApi(agent.controller, {
				mayChangeTrust: options.mayChangeTrust === true,
			})),
		isReady: () => backend !== undefined,
		onListenerError: (event, error) => listenerErrors.push({ event, error }),
	})
	const agent = await startAgent({ ...options, events: api })
	return { api, agent, listenerErrors }
}
