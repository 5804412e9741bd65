import type { ContextCheck, ContextVerdict } from "../protocol.js"
import { isRecord } from "../protocol.js"

/**
 * The context a request gets: `options.num_ctx` when it asks for one, but never more than the model
 * has (Ollama caps a larger num_ctx at the model's own context length).
 */
export function ollamaWindow(window: number, body: Record<string, unknown>): number {
	const numCtx = isRecord(body.options) ? body.options.num_ctx : undefined
	return typeof numCtx === "number" && numCtx > 0 ? Math.min(numCtx, window) : window
}

/**
 * Ollama by default does not refuse a prompt longer than its context: it keeps the first few tokens,
 * drops from the front until about half the context is left, and answers (measured on a real
 * server: num_ctx 4096 -> prompt_eval_count 2051, 8192 -> 4099). Only a request that turns that off
 * gets an error, both 400 with Ollama's bare `{"error": "..."}`:
 * - `truncate: false`: the runner's own JSON error, carried as a string, with both counts;
 * - `shift: false`: a sentence without numbers.
 * Ollama has no refusal for `num_predict`: generation just stops at the end of the context.
 */
export function ollamaContextVerdict(check: ContextCheck): ContextVerdict {
	const window = ollamaWindow(check.window, check.body)
	const input = check.tokens.total
	if (input <= window) return { kind: "fits" }
	if (check.body.truncate === false) {
		const runnerError = {
			error: {
				code: 400,
				message: `request (${input} tokens) exceeds the available context size (${window} tokens), try increasing it`,
				type: "exceed_context_size_error",
				n_prompt_tokens: input,
				n_ctx: window,
			},
		}
		return { kind: "refuse", status: 400, body: { error: JSON.stringify(runnerError) } }
	}
	if (check.body.shift === false) {
		const error =
			"the prompt is longer than the context length currently available to the model; shorten the " +
			"prompt, adjust the context length in settings, or use a model with a longer context length"
		return { kind: "refuse", status: 400, body: { error } }
	}
	return { kind: "truncate", inputTokens: Math.floor(window / 2) + 3 }
}
