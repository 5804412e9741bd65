import type { CairnSettings } from "@cairn/types"
import { RepositoryConsent } from "../consent/repositoryConsent.js"
import { contextInjectorHook } from "../governance/contextInjectorHook.js"
import type { GovernanceSession } from "../governance/governanceSession.js"
import { scopeEnforcementHook } from "../governance/scopeEnforcementHook.js"
import { traceWriterHook } from "../governance/traceWriterHook.js"
import { HookEngine } from "../hooks/hookEngine.js"
import type { Host } from "../host/Host.js"
import { userToolHooks } from "../hooks/user/userToolHooks.js"
import { commandSandbox } from "../sandbox/commandSandbox.js"

/**
 * The hooks around a task's tool calls, in order: the user's own hooks first (a policy script
 * can refuse before a person is asked anything), then governance: context for the intent
 * handshake, the scope check, and last the trace, so only calls that will run are traced.
 */
export function taskHookEngine(options: {
	settings: () => CairnSettings
	governance: GovernanceSession
	host: Host
}): HookEngine {
	const { governance, host } = options
	const consent = new RepositoryConsent(host.state, host.askConsent?.bind(host))
	const governanceHooks = [
		contextInjectorHook(governance),
		scopeEnforcementHook(governance),
		traceWriterHook(governance),
	]
	return new HookEngine(async (call) => [
		...(await userToolHooks(call, {
			workspaceRoot: governance.workspaceRoot,
			consent,
			fromSettings: options.settings().hooks,
			intentId: governance.activeIntentId,
			// The sandbox auto-approved commands get: a hook runs unasked, too.
			sandbox: () => commandSandbox(host, options.settings()),
		})),
		...governanceHooks,
	])
}
