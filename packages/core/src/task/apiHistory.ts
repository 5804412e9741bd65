import type {
	ApiMessage,
	AssistantBlock,
	ToolResultBlock,
	ToolUseBlock,
	UserBlock,
} from "../providers/apiMessage.js"

/**
 * The conversation sent to the model. It keeps the invariants every provider needs: roles
 * alternate, and every tool_use of an assistant message is answered by a tool_result in the
 * user message that follows.
 */
export class ApiHistory {
	private readonly messages: ApiMessage[]

	constructor(
		initial: readonly ApiMessage[] = [],
		private readonly onChange: (history: readonly ApiMessage[]) => void = () => undefined,
	) {
		this.messages = structuredClone([...initial])
	}

	get all(): readonly ApiMessage[] {
		return this.messages
	}

	get length(): number {
		return this.messages.length
	}

	/** Adds the user's turn; merges into a trailing user message (after a cancel) to keep roles alternating. */
	pushUser(content: UserBlock[]): void {
		const last = this.messages.at(-1)
		const answered = this.answerDanglingToolUses(content)
		if (last?.role === "user") last.content.push(...answered)
		else this.messages.push({ role: "user", content: answered, ts: Date.now() })
		this.onChange(this.messages)
	}

	pushAssistant(content: AssistantBlock[]): void {
		if (content.length === 0) return
		this.messages.push({ role: "assistant", content, ts: Date.now() })
		this.onChange(this.messages)
	}

	/** tool_use blocks of the last assistant message, when it is the last message. */
	danglingToolUses(): ToolUseBlock[] {
		const last = this.messages.at(-1)
		if (last?.role !== "assistant") return []
		return last.content.filter((block): block is ToolUseBlock => block.type === "tool_use")
	}

	/**
	 * Puts the tool results first and adds one for every unanswered tool_use, so a turn cut
	 * short by a cancel, a crash or a skipped tool still forms a valid request.
	 */
	private answerDanglingToolUses(content: UserBlock[]): UserBlock[] {
		const dangling = this.danglingToolUses()
		if (dangling.length === 0) return content
		const results = new Map(
			content
				.filter((b): b is ToolResultBlock => b.type === "tool_result")
				.map((b) => [b.toolUseId, b]),
		)
		const ordered: UserBlock[] = dangling.map(
			(use) =>
				results.get(use.id) ?? {
					type: "tool_result",
					toolUseId: use.id,
					content: [
						{
							type: "text",
							text: "The tool was not run: the task was interrupted before it finished.",
						},
					],
					isError: true,
				},
		)
		const answeredIds = new Set(dangling.map((use) => use.id))
		const rest = content.filter((b) => !(b.type === "tool_result" && answeredIds.has(b.toolUseId)))
		return [...ordered, ...rest]
	}
}
