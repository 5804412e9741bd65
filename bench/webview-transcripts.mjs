// Realistic transcripts for the harness: what a long agent task looks like on the wire.
import { defaultSettings, emptyExtensionState, lastPage, taskSummaryOf } from "./protocol.mjs"

let clock = 1_760_000_000_000
const ts = () => (clock += 1000)
const json = (value) => JSON.stringify(value)

const diff = `--- a/src/cart/total.ts
+++ b/src/cart/total.ts
@@ -1,9 +1,11 @@
 import type { Item } from "./item"
 
-export function calculateTotal(items: Item[]): number {
-	return items.reduce((sum, item) => sum + item.price, 0)
+/** Sums price × quantity; an empty cart costs nothing. */
+export function calculateTotal(items: readonly Item[]): number {
+	return items.reduce((sum, item) => sum + item.price * item.quantity, 0)
 }
 
 export function formatTotal(total: number): string {
 	return \`$\${total.toFixed(2)}\`
 }
`

const answer = `The bug is in \`calculateTotal\`: it adds each item's **price** but ignores its **quantity**, so a cart with three mugs costs one mug.

\`\`\`ts
export function calculateTotal(items: readonly Item[]): number {
	return items.reduce((sum, item) => sum + item.price * item.quantity, 0)
}
\`\`\`

I'll apply that change and run the tests.`

const request = (extra = {}) => ({
	ts: ts(),
	type: "say",
	say: "api_req_started",
	text: json({
		request: "<task>Fix the cart total</task>",
		tokensIn: 3120,
		tokensOut: 412,
		cacheReads: 18000,
		cacheWrites: 900,
		cost: 0.0187,
		...extra,
	}),
})

/** A 4x4 PNG, the kind of screenshot a person pastes into a task. */
const tinyPng =
	"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAFklEQVQI12P4//8/AxJgYmBgYGBgAAD0BgMB0SDRaQAAAABJRU5ErkJggg=="

/** The screenshot's task: reasoning, an answer with code, a read, an edit awaiting approval. */
export function reviewTranscript() {
	return [
		{
			ts: ts(),
			type: "say",
			say: "text",
			text: "The cart total is wrong when an item has a quantity above 1. Find the bug and fix it.",
			images: [tinyPng],
		},
		request(),
		{
			ts: ts(),
			type: "say",
			say: "reasoning",
			text: "The total is computed in src/cart/total.ts. I should read it before proposing a change.",
		},
		{ ts: ts(), type: "say", say: "tool", text: json({ tool: "readFile", path: "src/cart/total.ts" }) },
		request({ tokensIn: 4410, tokensOut: 530, cost: 0.0213 }),
		{ ts: ts(), type: "say", say: "text", text: answer },
		{
			ts: ts(),
			type: "ask",
			ask: "tool",
			text: json({ tool: "editedExistingFile", path: "src/cart/total.ts", diff }),
		},
	]
}

/** A command run with colourful output, then a follow-up question: for a second screenshot. */
export function commandTranscript() {
	return [
		{ ts: ts(), type: "say", say: "text", text: "Run the tests and tell me what fails." },
		request(),
		{
			ts: ts(),
			type: "ask",
			ask: "command",
			text: json({ command: "npm test -- --run", cwd: "/work/shop" }),
		},
		{
			ts: ts(),
			type: "ask",
			ask: "command_output",
			text: "\u001b[1m RUN \u001b[22m v4.1.12 /work/shop\n\n \u001b[32m✓\u001b[39m src/cart/item.test.ts (4 tests) 12ms\n \u001b[31m×\u001b[39m src/cart/total.test.ts (3 tests | 1 failed) 15ms\n   \u001b[31m→ expected 9 to be 27\u001b[39m\n\n \u001b[2mTest Files\u001b[22m  \u001b[1;31m1 failed\u001b[0m | \u001b[1;32m1 passed\u001b[0m (2)",
		},
		request({ tokensIn: 5200, tokensOut: 210, cost: 0.0121 }),
		{
			ts: ts(),
			type: "say",
			say: "api_req_retry_delayed",
			text: json({ attempt: 1, maxAttempts: 5, delayMs: 600_000, error: "Overloaded", status: 529 }),
			// Now, so the countdown is live in the screenshot.
			...{ ts: Date.now() },
		},
		{
			ts: ts(),
			type: "ask",
			ask: "followup",
			text: json({
				question:
					"One test fails: `calculateTotal` ignores quantities. Should I fix the function or the test?",
				suggest: [
					{ answer: "Fix the function" },
					{ answer: "Fix the test" },
					{ answer: "Plan it first", mode: "architect" },
				],
			}),
		},
	]
}

/** A task whose model is streaming its answer: the request has no cost yet, the text is partial. */
export function streamingTranscript() {
	const [task, , reasoning, read] = reviewTranscript()
	return [
		task,
		request(),
		reasoning,
		read,
		{
			ts: ts(),
			type: "say",
			say: "api_req_started",
			text: json({ request: "<task>Fix the cart total</task>" }),
		},
		{ ts: ts(), type: "say", say: "text", text: "Reading the tests first.", partial: true },
	]
}

/** `count` messages of the usual mix, ending with a partial text row that will stream. */
export function longTranscript(count) {
	const messages = [{ ts: ts(), type: "say", say: "text", text: "Refactor the checkout module" }]
	const cycle = [
		() => request(),
		() => ({
			ts: ts(),
			type: "say",
			say: "reasoning",
			text: "I need to look at how totals flow into the invoice.",
		}),
		() => ({ ts: ts(), type: "say", say: "text", text: answer }),
		() => ({
			ts: ts(),
			type: "say",
			say: "tool",
			text: json({ tool: "readFile", path: "src/cart/total.ts" }),
		}),
		() => ({
			ts: ts(),
			type: "ask",
			ask: "tool",
			text: json({ tool: "appliedDiff", path: "src/cart/total.ts", diff }),
		}),
		() => ({ ts: ts(), type: "ask", ask: "command", text: json({ command: "npm test" }) }),
		() => ({ ts: ts(), type: "ask", ask: "command_output", text: "\u001b[32m✓\u001b[39m 41 passed\n" }),
		() => ({ ts: ts(), type: "say", say: "user_feedback", text: "Keep the old name as an alias." }),
	]
	for (let i = 1; i < count - 1; i++) messages.push(cycle[i % cycle.length]())
	messages.push({ ts: ts(), type: "say", say: "text", text: "Streaming", partial: true })
	return messages
}

/**
 * The `state` the host posts for a task of `messages`: its newest page and the summary of the
 * whole task, built by the same functions the host uses.
 */
export function stateOf(messages, overrides = {}) {
	const page = lastPage(messages)
	return emptyExtensionState("0.1.0", {
		clineMessages: page.messages,
		olderMessages: page.olderMessages,
		summary: taskSummaryOf(messages),
		currentTaskId: "bench-task",
		taskStack: ["bench-task"],
		settings: {
			...defaultSettings(),
			provider: {
				provider: "anthropic",
				modelId: "claude-sonnet-4-5",
				modelInfo: { contextWindow: 200_000 },
			},
		},
		hasApiKey: true,
		cwd: "/work/shop",
		...overrides,
	})
}

/** A board of eight tasks in most states, three of them one best-of-N group, as the host sends it. */
export function boardCards() {
	const at = Date.now()
	const minutes = (n) => n * 60_000
	const worktree = (name) => ({
		name,
		branch: `cairn/${name}`,
		base: "main",
		path: `/home/dev/.cairn/worktrees/shop/${name}`,
		index: 1,
	})
	const base = (taskId, title, state, extra = {}) => ({
		taskId,
		title,
		mode: "code",
		profileName: "Claude",
		modelId: "claude-sonnet-4",
		state,
		createdAt: at - minutes(12),
		cost: 0.18,
		...extra,
	})
	const edit = {
		ts: at - 5_000,
		type: "ask",
		ask: "tool",
		text: JSON.stringify({ tool: "editedExistingFile", path: "src/cart/total.ts", diff: "" }),
	}
	const question = {
		ts: at - 3_000,
		type: "ask",
		ask: "followup",
		text: JSON.stringify({
			question: "Should the discount apply before or after tax?",
			suggest: [{ answer: "Before tax" }, { answer: "After tax" }],
		}),
	}
	return [
		base("t8", "Fix the cart total when quantity > 1", "waiting", {
			waitingOn: edit,
			worktree: worktree("cart-total"),
			changes: { files: 2, added: 14, removed: 3 },
		}),
		base("t7", "Add a discount code field to checkout", "waiting", {
			waitingOn: question,
			worktree: worktree("discount"),
			cost: 0.07,
		}),
		base("t6", "Speed up the product search", "running", {
			group: "g1",
			worktree: worktree("search-1"),
			changes: { files: 3, added: 88, removed: 41 },
		}),
		base("t5", "Speed up the product search", "done", {
			group: "g1",
			profileName: "GPT",
			modelId: "gpt-5",
			endedAt: at - minutes(4),
			worktree: worktree("search-2"),
			changes: { files: 5, added: 120, removed: 30 },
			checks: { state: "passed", command: "npm test", durationMs: 41_000 },
		}),
		base("t4", "Speed up the product search", "failed", {
			group: "g1",
			profileName: "Local",
			modelId: "qwen3-coder",
			endedAt: at - minutes(9),
			cost: 0,
			error: "The model server stopped answering (connection refused).",
		}),
		base("t3", "Write the API docs for the cart", "blocked", {
			after: { taskId: "t8", until: "landed" },
			cost: 0,
		}),
		base("t2", "Migrate the settings page to the new form library", "landed", {
			endedAt: at - minutes(30),
			createdAt: at - minutes(55),
			cost: 1.12,
			worktree: worktree("settings-form"),
			changes: { files: 9, added: 310, removed: 270 },
			landing: { how: "merge", conflicts: ["src/settings/form.tsx"] },
		}),
		base("t1", "Try a CSS grid for the product list", "interrupted", {
			endedAt: at - minutes(40),
			createdAt: at - minutes(50),
			cost: 0.42,
			worktree: worktree("grid"),
			changes: { files: 1, added: 25, removed: 12 },
		}),
	]
}
