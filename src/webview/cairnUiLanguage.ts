import { resolveUiLanguage, type UiLanguage } from "@cairn/types/i18n/language"
import * as vscode from "vscode"

/**
 * The language of Cairn's text, as the agent resolves it (`cairn.language`, else the editor's
 * display language), read here without waiting for the agent to load so the page starts in it.
 */
export function cairnUiLanguage(): UiLanguage {
	const setting = vscode.workspace.getConfiguration("cairn").get<unknown>("language")
	return resolveUiLanguage({
		setting: typeof setting === "string" ? setting : undefined,
		editor: vscode.env.language,
	})
}
