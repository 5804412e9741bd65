import {
	applyMessageUpdate,
	emptyExtensionState,
	lastPage,
	totalsOf,
	type ClineMessage,
	type ExtensionMessage,
	type WebviewMessage,
} from "@cairn/types"
import { ExtensionClient } from "../client/ExtensionClient.js"
import { TaskSummaryTracker } from "../controller/paging/taskSummaryTracker.js"

/** Feeds a real ExtensionClient the messages a host would post, and records what it sends back. */
export class FakeHost {
	readonly sent: WebviewMessage[] = []
	readonly client = new ExtensionClient({
		sendMessage: async (message) => {
			this.sent.push(message)
		},
	})
	private seq = 0
	private ts = 1_000
	/** The whole task as the host holds it, and its summary, which deltas carry as the host's do. */
	private messages: ClineMessage[] = []
	private summary = this.tracker()

	constructor(readonly taskId = "task-1") {}

	post(message: ExtensionMessage): void {
		this.client.handleExtensionMessage(message)
	}

	/** A snapshot of the task with these messages (a launch, a task switch). */
	state(
		messages: ClineMessage[] = [],
		overrides: { mode?: string; taskId?: string | undefined } = {},
	): void {
		const taskId = "taskId" in overrides ? overrides.taskId : this.taskId
		this.seq = 0
		this.messages = [...messages]
		this.summary = this.tracker()
		const page = lastPage(messages)
		this.post({
			type: "state",
			state: emptyExtensionState("test", {
				clineMessages: page.messages,
				olderMessages: page.olderMessages,
				summary: this.summary.takeCurrent(),
				...(taskId !== undefined && { currentTaskId: taskId }),
				seq: 0,
				mode: overrides.mode ?? "code",
			}),
		})
	}

	/** A fake host's ledger is its request rows: enough for a client, which only reads the totals. */
	private tracker(): TaskSummaryTracker {
		return new TaskSummaryTracker(
			() => this.messages,
			() => totalsOf(this.messages),
		)
	}

	/** The next message id (ts), increasing like the core's. */
	nextTs(): number {
		this.ts += 1
		return this.ts
	}

	/** A `messageUpdated` delta with the next seq. */
	upsert(message: ClineMessage): ClineMessage {
		this.seq += 1
		this.messages = applyMessageUpdate(this.messages, message)
		this.summary.observe(message)
		const summary = this.summary.takeChange()
		this.post({
			type: "messageUpdated",
			taskId: this.taskId,
			seq: this.seq,
			message,
			...(summary && { summary }),
		})
		return message
	}

	say(say: ClineMessage["say"], text: string, extra: Partial<ClineMessage> = {}): ClineMessage {
		return this.upsert({ ts: this.nextTs(), type: "say", say, text, ...extra })
	}

	ask(ask: ClineMessage["ask"], text = "", extra: Partial<ClineMessage> = {}): ClineMessage {
		return this.upsert({ ts: this.nextTs(), type: "ask", ask, text, ...extra })
	}

	/** An api_req_started row: streaming until `finish` gives it a cost. */
	request(): { row: ClineMessage; finish(cost?: number): void } {
		const row = this.say("api_req_started", JSON.stringify({ request: "x" }))
		return {
			row,
			finish: (cost = 0.01) =>
				void this.upsert({
					...row,
					text: JSON.stringify({ request: "x", tokensIn: 100, tokensOut: 20, cost }),
				}),
		}
	}
}

export const tick = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls `condition` until it holds (or fails after `timeoutMs`). */
export async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
	const deadline = Date.now() + timeoutMs
	while (!condition()) {
		if (Date.now() > deadline) throw new Error("the condition never held")
		await tick(10)
	}
}
