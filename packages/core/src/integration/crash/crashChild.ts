// A child process for the crash test: runs one long, fully auto-approved task with the real
// Controller, Node host and OpenAI provider until the test SIGKILLs it.
import { runChildTask } from "./childAgent.js"

await runChildTask({
	settings: (baseUrl) => ({
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
	}),
	task: "A long task that the crash test interrupts.",
})
