import type { ClineMessage, ExtensionMessageOf, WebviewMessage } from "@cairn/types"
import type { ExtensionClient } from "../client/ExtensionClient.js"

const request = { type: "condenseTaskContextRequest" } as const satisfies WebviewMessage

/** How a condense went, as a stream command's `done` reports it. */
export type CondenseOutcome =
	| { code: "condensed"; prevContextTokens: number; newContextTokens: number; cost: number }
	| { code: "condense_failed"; error: string }

/** The host's error reply to a condense request, which answers that request and nothing else. */
export function isCondenseRefusal(message: ExtensionMessageOf<"error">): boolean {
	return message.inReplyTo === request.type
}

/**
 * Asks the agent to condense the current task now and reads how it went from the transcript: the
 * request resolves once the agent has shown its `condense_context` row (the figures) or its
 * `condense_context_error` row (the reason). An error reply (no task, a failure before any row)
 * is a failure too.
 */
export async function condenseCurrentTask(client: ExtensionClient): Promise<CondenseOutcome> {
	const before = client.getMessages().at(-1)?.ts ?? 0
	let refused: string | undefined
	const onError = (message: ExtensionMessageOf<"error">) => {
		if (isCondenseRefusal(message)) refused = message.error
	}
	client.on("hostError", onError)
	try {
		await client.sendMessage(request)
	} catch (error) {
		refused = error instanceof Error ? error.message : String(error)
	} finally {
		client.off("hostError", onError)
	}
	if (refused !== undefined) return { code: "condense_failed", error: refused }
	return outcomeAfter(client.getMessages(), before)
}

/** The newest finished condense row shown after `ts`. */
export function outcomeAfter(messages: readonly ClineMessage[], ts: number): CondenseOutcome {
	for (let i = messages.length - 1; i >= 0; i--) {
		const message = messages[i]
		if (message === undefined || message.ts <= ts) break
		if (message.say === "condense_context_error")
			return { code: "condense_failed", error: message.text ?? "" }
		const condense =
			message.say === "condense_context" && message.partial !== true && message.contextCondense
		if (condense) {
			const { prevContextTokens, newContextTokens, cost } = condense
			return { code: "condensed", prevContextTokens, newContextTokens, cost }
		}
	}
	return { code: "condense_failed", error: "the agent showed no condense result" }
}
