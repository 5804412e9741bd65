import type { HistoryPoint } from "@cairn/types"
import { type ContextView, fullView, isCutPoint, viewMessages } from "../context/contextView.js"
import type {
	ApiMessage,
	AssistantBlock,
	ToolResultBlock,
	ToolUseBlock,
	UserBlock,
} from "../providers/apiMessage.js"
import { forgetWireForms } from "../providers/wireForms.js"

/**
 * The conversation with the model. It keeps the invariants every provider needs: roles
 * alternate, and every tool_use of an assistant message is answered by a tool_result in the
 * user message that follows. It holds every message; `forModel` is what is sent once the
 * context has been condensed or truncated (see ContextView).
 */
export class ApiHistory {
	private readonly messages: ApiMessage[]
	private currentView: ContextView
	private sentView: readonly ApiMessage[] | undefined

	constructor(
		initial: readonly ApiMessage[] = [],
		private readonly onChange: (history: readonly ApiMessage[], view: ContextView) => void = () =>
			undefined,
		view: ContextView = fullView,
	) {
		this.messages = structuredClone([...initial])
		// A view journaled for a history that lost its tail (a damaged file) cannot apply.
		this.currentView = isCutPoint(this.messages, view.keepFrom) || view.keepFrom <= 1 ? view : fullView
	}

	/** Every message, as the chat and the journal know them. */
	get all(): readonly ApiMessage[] {
		return this.messages
	}

	/** The messages the next request sends. */
	get forModel(): readonly ApiMessage[] {
		this.sentView ??= viewMessages(this.messages, this.currentView)
		return this.sentView
	}

	get view(): ContextView {
		return this.currentView
	}

	/**
	 * Sends the model a shorter history from now on; the full one is kept, without the wire forms
	 * the providers kept for the messages it no longer sends.
	 */
	setView(view: ContextView): void {
		if (!isCutPoint(this.messages, view.keepFrom) && view.keepFrom > 1)
			throw new Error(
				`message ${view.keepFrom} cannot start the model's view: it is not an answer of the model`,
			)
		forgetWireForms(this.messages.slice(Math.max(1, this.currentView.keepFrom), view.keepFrom))
		this.currentView = view
		this.changed()
	}

	get length(): number {
		return this.messages.length
	}

	/** Where the history stands now; cutHistory(all, point) gives back exactly this history. */
	point(): HistoryPoint {
		const last = this.messages.at(-1)
		return {
			messages: this.messages.length,
			...(last?.role === "user" && { lastUserBlocks: last.content.length }),
		}
	}

	/** Adds the user's turn; merges into a trailing user message (after a cancel) to keep roles alternating. */
	pushUser(content: UserBlock[]): void {
		const last = this.messages.at(-1)
		const answered = this.answerDanglingToolUses(content)
		if (last?.role === "user") last.content.push(...answered)
		else this.messages.push({ role: "user", content: answered, ts: Date.now() })
		this.changed()
	}

	pushAssistant(content: AssistantBlock[]): void {
		if (content.length === 0) return
		this.messages.push({ role: "assistant", content, ts: Date.now() })
		this.changed()
	}

	private changed(): void {
		this.sentView = undefined
		this.onChange(this.messages, this.currentView)
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
