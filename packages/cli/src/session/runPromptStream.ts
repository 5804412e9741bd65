import { createInterface } from "node:readline"
import type { Readable } from "node:stream"
import { cardEvents, exitCodeOf, PromptStreamSession, TaskBoardApi } from "@cairn/core"
import type { CliRuntime } from "./CliRuntime.js"

export interface PromptStreamOptions {
	input: Readable
	onSignal: (handler: (signal: "SIGINT" | "SIGTERM") => void) => void
}

/**
 * --stdin-prompt-stream: the core's PromptStreamSession reading stdin line by line and writing
 * stream-json to stdout. A signal cancels the task (saved) and exits with its code; the end of
 * stdin lets the running task finish first. Returns the exit code.
 */
export function runPromptStream(rt: CliRuntime, options: PromptStreamOptions): Promise<number> {
	const session = new PromptStreamSession({
		client: rt.client,
		output: rt.output,
		policy: rt.policy,
		logger: rt.logger,
		initInfo: (commands) => rt.initInfo(commands),
		listHistory: () => rt.extensionHost.listHistory(),
		tasks: new TaskBoardApi(rt.extensionHost.controller),
	})
	const ended = session.start()
	const detachCards = rt.extensionHost.onMessage(cardEvents(rt.output))
	options.onSignal((signal) => void session.stop(exitCodeOf({ kind: "interrupted", signal })))
	const lines = createInterface({ input: options.input, crlfDelay: Infinity })
	lines.on("line", (line) => session.receive(line))
	lines.on("close", () => session.endOfInput())
	return ended.finally(() => {
		detachCards()
		lines.close()
	})
}
