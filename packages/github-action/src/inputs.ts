import { z } from "zod"

/**
 * The providers the action can give a key to without putting it on a command line: each one's
 * variable, which the CLI reads for the run only and never stores (packages/cli providerSetup).
 */
export const providerKeyVariables = {
	anthropic: "ANTHROPIC_API_KEY",
	openai: "OPENAI_API_KEY",
	gemini: "GEMINI_API_KEY",
	openrouter: "OPENROUTER_API_KEY",
} as const
export type ActionProvider = keyof typeof providerKeyVariables

const providerNames = Object.keys(providerKeyVariables) as [ActionProvider, ...ActionProvider[]]
const optional = (schema: z.ZodType<string>) =>
	z.preprocess((value) => (value === "" ? undefined : value), schema.optional())

/** The action's inputs (action.yml), as `@actions/core` reads them: every one a string, "" when not given. */
export const actionInputsSchema = z.strictObject({
	"github-token": z.string().min(1, "github-token is required (the job's token, secrets.GITHUB_TOKEN)"),
	"api-key": z.string().min(1, "api-key is required (the model provider's key, from the job's secrets)"),
	provider: z.enum(providerNames),
	model: optional(z.string()),
	"base-url": optional(z.url({ protocol: /^https?$/, error: "base-url must be an http(s) URL" })),
	mode: optional(z.string().regex(/^[a-z0-9][a-z0-9-]*$/, "mode is a mode's slug, as code or architect")),
	"max-cost": optional(z.string().regex(/^\d+(\.\d+)?$/, "max-cost is dollars, as 2 or 0.50")),
	prompt: optional(z.string()),
	trigger: z.string().trim().min(2, "trigger is a word that mentions Cairn, as @cairn"),
	"task-file": optional(z.string()),
	shard: optional(z.string().regex(/^\d+\/\d+$/, "shard is <index>/<count>, as 0/4")),
	results: optional(z.string()),
	cairn: z.string().min(1),
	"base-branch": optional(z.string()),
})
export type ActionInputs = z.output<typeof actionInputsSchema>

const inputNames = Object.keys(actionInputsSchema.shape) as (keyof ActionInputs)[]

/** Inputs that cannot be used: every problem, one a line, named by the input. */
export class InputsError extends Error {
	constructor(readonly problems: readonly string[]) {
		super(`The action's inputs cannot be used:\n${problems.map((p) => `- ${p}`).join("\n")}`)
		this.name = "InputsError"
	}
}

/** Checks the inputs as read (`read(name)` is core.getInput); throws InputsError naming each bad one. */
export function parseInputs(read: (name: string) => string): ActionInputs {
	const raw = Object.fromEntries(inputNames.map((name) => [name, read(name)]))
	const parsed = actionInputsSchema.safeParse(raw)
	if (parsed.success) return parsed.data
	throw new InputsError(
		parsed.error.issues.map((issue) => {
			const name = String(issue.path[0] ?? "")
			return issue.message.includes(name) ? issue.message : `${name}: ${issue.message}`
		}),
	)
}
