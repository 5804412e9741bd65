import { cairnSettingsSchema, type CairnSettingsPatch } from "@cairn/types"
import type { CommandExit } from "../host/Host.js"
import { NodeHost, type NodeHostOptions } from "../host/node/NodeHost.js"
import { commandSandbox } from "../sandbox/commandSandbox.js"
import type { SandboxPolicy } from "../sandbox/sandboxPolicy.js"
import { recordingLogger } from "./recordingLogger.js"

/** A NodeHost for sandbox tests: quick kill timings, a recording logger. */
export function sandboxTestHost(
	options: Pick<NodeHostOptions, "workspaceRoot" | "storageDir"> & Partial<NodeHostOptions>,
): NodeHost {
	return new NodeHost({
		logger: recordingLogger(),
		commands: { killGraceMs: 300, closeGraceMs: 300 },
		...options,
	})
}

/** The policy a command no person approved gets with these settings; throws if there is none. */
export async function sandboxPolicyFor(
	host: NodeHost,
	settings: CairnSettingsPatch = {},
): Promise<SandboxPolicy> {
	const sandbox = await commandSandbox(host, cairnSettingsSchema.parse(settings))
	if (sandbox.state !== "ready") throw new Error(`the sandbox is ${sandbox.state}`)
	return sandbox.policy
}

/** Runs `command` in the workspace (sandboxed under `sandbox`, if given) and collects its output. */
export async function runIn(
	host: NodeHost,
	command: string,
	sandbox: SandboxPolicy | undefined,
	options: { cwd?: string; passedVariables?: string[] } = {},
): Promise<{ output: string; exit: CommandExit }> {
	let output = ""
	const running = host.runCommand(command, {
		cwd: options.cwd ?? host.workspaceRoot,
		onOutput: (chunk) => (output += chunk),
		...(sandbox && { sandbox }),
		...(options.passedVariables && { passedVariables: options.passedVariables }),
	})
	const exit = await running.done
	return { output, exit }
}
