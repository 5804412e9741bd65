import {
	joinText,
	toolArgumentsObject,
	type ApiMessage,
	type ToolResultBlock,
	type ToolSpec,
} from "@cairn/core"
import * as vscode from "vscode"

/**
 * The conversation as the editor's Language Model API takes it. The API has no system role (only
 * user and assistant), so the system prompt goes first as a user message of its own; images are
 * left out because the stable API cannot carry them.
 */
export function toChatMessages(
	systemPrompt: string,
	messages: readonly ApiMessage[],
): vscode.LanguageModelChatMessage[] {
	const chat = [vscode.LanguageModelChatMessage.User(systemPrompt)]
	for (const message of messages) {
		if (message.role === "user") {
			const parts: (vscode.LanguageModelTextPart | vscode.LanguageModelToolResultPart)[] = []
			for (const block of message.content) {
				if (block.type === "text") parts.push(new vscode.LanguageModelTextPart(block.text))
				else if (block.type === "tool_result")
					parts.push(
						new vscode.LanguageModelToolResultPart(block.toolUseId, [
							new vscode.LanguageModelTextPart(resultText(block)),
						]),
					)
			}
			// Tool results must come first in their message, as the tool-calling models expect.
			parts.sort((a, b) => rank(a) - rank(b))
			if (parts.length > 0) chat.push(vscode.LanguageModelChatMessage.User(parts))
		} else {
			const parts: (vscode.LanguageModelTextPart | vscode.LanguageModelToolCallPart)[] = []
			const text = joinText(message.content.filter((block) => block.type === "text"))
			if (text !== "") parts.push(new vscode.LanguageModelTextPart(text))
			for (const block of message.content)
				if (block.type === "tool_use")
					parts.push(
						new vscode.LanguageModelToolCallPart(
							block.id,
							block.name,
							toolArgumentsObject(block),
						),
					)
			if (parts.length > 0) chat.push(vscode.LanguageModelChatMessage.Assistant(parts))
		}
	}
	return chat
}

/** The API has no error flag on a tool result, so the model is told in words; images cannot go. */
function resultText(result: ToolResultBlock): string {
	const text = joinText(result.content) || "(no output)"
	return result.isError === true ? `Error: ${text}` : text
}

const rank = (part: vscode.LanguageModelTextPart | vscode.LanguageModelToolResultPart) =>
	part instanceof vscode.LanguageModelToolResultPart ? 0 : 1

export function toChatTools(tools: readonly ToolSpec[]): vscode.LanguageModelChatTool[] {
	return tools.map((tool) => ({
		name: tool.name,
		description: tool.description,
		inputSchema: tool.inputSchema,
	}))
}
