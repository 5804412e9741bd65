import {
	clineSayHookSchema,
	clineSayToolSchema,
	safeParseJson,
	type ClineMessage,
	type HistoryItem,
} from "@cairn/types"
import { formatTodoChecklist } from "../todos/todoChecklist.js"

function describeTool(text: string | undefined, byPerson = false): string {
	const row = safeParseJson(clineSayToolSchema, text)
	if (!row.success) return text ?? ""
	if (row.data.tool === "updateTodoList")
		return `**Todo list${byPerson ? " (edited by the user)" : ""}:**\n\n${formatTodoChecklist(row.data.todos)}`
	const { tool, ...fields } = row.data
	const path = "path" in fields ? ` \`${fields.path}\`` : ""
	return `**Tool:** ${tool}${path}`
}

/** What a hook did, for the record of a governed task: the audit is the point of it. */
function describeHook(text: string | undefined): string | undefined {
	const row = safeParseJson(clineSayHookSchema, text)
	if (!row.success) return undefined
	const hook = row.data
	switch (hook.kind) {
		case "context":
			return `**${hook.hook}** added context before ${hook.toolName}${hook.intentId ? ` (intent ${hook.intentId})` : ""}.`
		case "blocked":
			return `**${hook.hook}** blocked ${hook.toolName}: ${hook.reason}`
		case "failed":
			return `**${hook.hook}** failed around ${hook.toolName}: ${hook.error}`
		case "intentEnded":
			return `**Intent ${hook.intentId} ended:** ${hook.reason}`
	}
}

function block(message: ClineMessage): string | undefined {
	const text = message.text ?? ""
	if (message.type === "say") {
		switch (message.say) {
			case "text":
				return text
			case "user_feedback":
				return `**User:** ${text}`
			case "reasoning":
				return `<details><summary>Reasoning</summary>\n\n${text}\n\n</details>`
			case "completion_result":
				return `**Result:**\n\n${text}`
			case "tool":
				return describeTool(text)
			case "user_edit_todos":
				return describeTool(text, true)
			case "hook":
				return describeHook(text)
			case "error":
				return `**Error:** ${text}`
			case "command_output":
				return `\`\`\`\n${text}\n\`\`\``
			default:
				return undefined
		}
	}
	switch (message.ask) {
		case "tool":
			return describeTool(text)
		case "command":
			return `**Command:**\n\n\`\`\`sh\n${safeCommand(text)}\n\`\`\``
		case "command_output":
			return `\`\`\`\n${text}\n\`\`\``
		case "followup":
			return `**Question:** ${text}`
		default:
			return undefined
	}
}

function safeCommand(text: string): string {
	try {
		const value: unknown = JSON.parse(text)
		return typeof value === "object" && value !== null && "command" in value
			? String(value.command)
			: text
	} catch {
		return text
	}
}

/** What the task spent, as its ledger says (the history item carries the ledger's totals). */
function spentLine(item: SpentFigures): string {
	const unpriced = item.unpricedRequests ?? 0
	const dollars = `$${item.totalCost.toFixed(4)}`
	const cost =
		unpriced === 0 ? dollars : item.totalCost > 0 ? `${dollars} + price unknown` : "price unknown"
	const parts = [cost, `${item.tokensIn} tokens in`, `${item.tokensOut} out`]
	if ((item.cacheReads ?? 0) > 0 || (item.cacheWrites ?? 0) > 0)
		parts.push(`cache ${item.cacheWrites ?? 0} written, ${item.cacheReads ?? 0} read`)
	if ((item.reasoningTokens ?? 0) > 0) parts.push(`${item.reasoningTokens} reasoning`)
	if (item.requests !== undefined) parts.push(`${item.requests} requests`)
	if (item.subtasks !== undefined) parts.push(`subtasks $${item.subtasks.cost.toFixed(4)} of it`)
	return `**Spent:** ${parts.join(" · ")}`
}

type SpentFigures = Pick<
	HistoryItem,
	| "totalCost"
	| "tokensIn"
	| "tokensOut"
	| "cacheReads"
	| "cacheWrites"
	| "reasoningTokens"
	| "requests"
	| "unpricedRequests"
	| "subtasks"
>

/**
 * A readable record of a task for people: what it spent (`spent`: its history item, which carries
 * its ledger's totals), then its messages as markdown, without internal rows.
 */
export function taskToMarkdown(
	title: string,
	messages: readonly ClineMessage[],
	spent?: SpentFigures,
): string {
	const [first, ...rest] = messages
	const parts = [`# ${title.split("\n")[0]?.slice(0, 120) ?? "Task"}`]
	if (spent !== undefined) parts.push(spentLine(spent))
	if (first?.text) parts.push(`**User:** ${first.text}`)
	for (const message of rest) {
		const text = block(message)
		if (text !== undefined && text.trim() !== "") parts.push(text)
	}
	return `${parts.join("\n\n---\n\n")}\n`
}
