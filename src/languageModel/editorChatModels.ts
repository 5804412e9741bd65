import type { ListedModel } from "@cairn/types"
import * as vscode from "vscode"

/** The chat models other extensions give the editor, as the model picker lists them. */
export async function editorChatModels(): Promise<ListedModel[]> {
	const models = await vscode.lm.selectChatModels()
	return models.map((model) => ({
		id: model.id,
		name: `${model.name} (${model.vendor})`,
		info: model.maxInputTokens > 0 ? { contextWindow: model.maxInputTokens } : {},
	}))
}
