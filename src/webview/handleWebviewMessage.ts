import { parseWebviewMessage, type ExtensionMessage, type ExtensionState } from "@cairn/types"
import type { ThemeKind } from "./themeKind"

/** What answering a client needs from the host; kept free of `vscode` so it stays a plain function. */
export interface WebviewMessageContext {
	snapshot(): ExtensionState
	themeKind(): ThemeKind
	logWarning(message: string): void
}

/**
 * Validates one message from a client and returns the replies to post. Bad input is logged
 * and answered with an error; it never throws into the caller.
 */
export function handleWebviewMessage(input: unknown, context: WebviewMessageContext): ExtensionMessage[] {
	const parsed = parseWebviewMessage(input)
	if (!parsed.success) {
		context.logWarning(`Ignored an invalid message from the webview: ${parsed.error}`)
		return [{ type: "error", code: "invalid_message", error: parsed.error, inReplyTo: typeOf(input) }]
	}
	const message = parsed.data
	switch (message.type) {
		case "webviewDidLaunch":
			return [
				{ type: "state", state: context.snapshot() },
				{ type: "theme", kind: context.themeKind() },
			]
		case "requestState":
			return [{ type: "state", state: context.snapshot() }]
		default:
			// The agent core that serves tasks, history and settings is not wired in yet.
			return [
				{
					type: "error",
					code: "failed",
					error: `This build of Cairn cannot handle "${message.type}" yet.`,
					inReplyTo: message.type,
				},
			]
	}
}

function typeOf(input: unknown): string | undefined {
	try {
		const type: unknown = (input as { type?: unknown } | null)?.type
		return typeof type === "string" ? type.slice(0, 100) : undefined
	} catch {
		return undefined
	}
}
