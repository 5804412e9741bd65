// A child process for the subtask crash test: an Orchestrator task that delegates with
// new_task (auto-approved), with the real Controller and Node host, until the test SIGKILLs it.
import { runChildTask } from "./childAgent.js"

await runChildTask({
	settings: (baseUrl) => ({
		provider: { provider: "anthropic", modelId: "claude-sonnet-5", baseUrl },
		mode: "orchestrator",
		autoApproval: { enabled: true, alwaysAllowSubtasks: true },
		enableCheckpoints: false,
		commandSandbox: false,
	}),
	keyFor: "anthropic",
	task: "Build it in three steps.",
})
