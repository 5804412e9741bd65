import { createInterface, type Interface } from "node:readline"
import type { Readable } from "node:stream"
import { parseTypedAnswer, type PendingQuestion, type PersonChannel, type PersonAnswer } from "@cairn/core"
import { t } from "../i18n/cliI18n.js"
import type { Style } from "../output/style.js"

export interface PromptManagerOptions {
	input: Readable
	output: { write(text: string): unknown }
	style: Style
}

/** Asks on one line what an idle ask wants to know; an empty line declines. The answers stay y/n. */
const idlePrompts: Readonly<Record<string, () => string>> = {
	api_req_failed: () => t("prompt.retry"),
	mistake_limit_reached: () => t("prompt.guidance"),
	auto_approval_max_req_reached: () => t("prompt.continue"),
	budget_reached: () => t("prompt.raiseLimit"),
}

/**
 * Line input for a person at a terminal without the TUI (--no-tui): approvals (y / n / feedback
 * text), answers to follow-up questions (a suggestion's number or text) and decisions at idle asks.
 */
export class PromptManager implements PersonChannel {
	private readonly rl: Interface
	private closed = false

	constructor(private readonly options: PromptManagerOptions) {
		this.rl = createInterface({ input: options.input, terminal: false })
		this.rl.on("close", () => (this.closed = true))
	}

	/** Writes `prompt` and resolves with the next line; rejects when input ends or `signal` aborts. */
	line(prompt: string, signal?: AbortSignal): Promise<string> {
		return new Promise((resolve, reject) => {
			if (this.closed) return reject(new Error("the input has ended"))
			if (signal?.aborted) return reject(new Error("the question was withdrawn"))
			this.options.output.write(prompt)
			const cleanup = () => {
				this.rl.off("line", onLine)
				this.rl.off("close", onClose)
				signal?.removeEventListener("abort", onAbort)
			}
			const onLine = (line: string) => {
				cleanup()
				resolve(line)
			}
			const onClose = () => {
				cleanup()
				reject(new Error("the input has ended"))
			}
			const onAbort = () => {
				cleanup()
				this.options.output.write("\n")
				reject(new Error("the question was withdrawn"))
			}
			this.rl.on("line", onLine)
			this.rl.once("close", onClose)
			signal?.addEventListener("abort", onAbort, { once: true })
		})
	}

	async ask(question: PendingQuestion, signal: AbortSignal): Promise<PersonAnswer> {
		const { style } = this.options
		for (const blocker of question.blockers)
			this.options.output.write(`${style.yellow("!")} ${blocker}\n`)
		const idle = idlePrompts[question.ask]
		if (idle !== undefined) {
			const line = (await this.line(idle(), signal)).trim()
			if (line === "") return { kind: "no" }
			return parseTypedAnswer(line, question.ask)
		}
		const prompt =
			question.ask === "followup"
				? `${style.yellow("›")} ${t("prompt.answer")}`
				: `${style.yellow("›")} ${t("prompt.approve")}`
		for (;;) {
			const line = (await this.line(prompt, signal)).trim()
			if (line !== "") return parseTypedAnswer(line, question.ask, question.followup)
		}
	}

	close(): void {
		this.rl.close()
	}
}
