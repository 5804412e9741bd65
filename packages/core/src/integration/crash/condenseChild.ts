// A child process for the condense crash test: runs a task on a small window with the real
// Controller, Node host and the provider CRASH_PROVIDER names, until the test SIGKILLs it right
// after a condense.
import { providerNameSchema } from "@cairn/types"
import { runChildTask } from "./childAgent.js"

const provider = providerNameSchema.parse(process.env.CRASH_PROVIDER ?? "openai")
await runChildTask({
	settings: (baseUrl) => ({
		provider: {
			provider,
			modelId: "a-model",
			baseUrl,
			modelInfo: { contextWindow: 16_000, maxOutputTokens: 4_000 },
		},
		autoApproval: { enabled: true, readOnly: true },
	}),
	keyFor: provider,
	task: "Read files until told the task was resumed.",
})
