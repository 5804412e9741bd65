import { z } from "zod"

/**
 * What went wrong, as a kind and its parameters rather than a sentence: each client words it in
 * the person's language (the webview through its locale files, the CLI in English), and the
 * English `text` beside it stays for logs, the model and older clients.
 */
export const problemKindSchema = z.enum([
	/** Nothing answered at the address: the base URL is wrong or the server is not running. */
	"provider_unreachable",
	/** The connection opened but the answer did not come in time. */
	"provider_timeout",
	/** The key (or credentials) was refused: 401/403, or an authentication error mid-stream. */
	"provider_auth",
	/** No key is set for a provider that needs one. */
	"provider_no_key",
	/** The account's billing or quota stops the request; waiting does not help. */
	"provider_billing",
	"provider_rate_limit",
	/** 5xx or an overloaded answer. */
	"provider_server",
	/** The provider does not know the model id. */
	"provider_model_missing",
	"provider_bad_request",
	/** Even the smallest request does not fit the model's context window. */
	"provider_context_overflow",
	/** The answer could not be read (cut short, invalid JSON, empty). */
	"provider_malformed",
	/**
	 * Not sent: the conversation no longer fits the model's window even after condensing and
	 * dropping turns (`tokens` needed, `available` of `window`).
	 */
	"context_too_large",
])
export type ProblemKind = z.infer<typeof problemKindSchema>

export const problemSchema = z.object({
	kind: problemKindSchema,
	params: z.object({
		/** The address the request went to, or the provider's name where it has a fixed one. */
		endpoint: z.string().optional(),
		/** The HTTP status, when there was an answer. */
		status: z.number().int().optional(),
		/** The provider's own words, or the network's cause (`connect ECONNREFUSED 127.0.0.1:1234`). */
		said: z.string().optional(),
		modelId: z.string().optional(),
		/** A request's size in tokens, what of the window is available for it, and the window. */
		tokens: z.number().nonnegative().optional(),
		available: z.number().nonnegative().optional(),
		window: z.number().nonnegative().optional(),
	}),
})
export type Problem = z.infer<typeof problemSchema>
