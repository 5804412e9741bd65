import { applySettingsPatch, type CairnSettingsPatch, type ProviderName } from "@cairn/types"
import { postToHost } from "../vscode"
import { useWebviewStore } from "./store"

/**
 * Sends one settings change. It is applied here at once so the form does not lag; the host's
 * `settingsUpdated` reply then replaces it with what was actually stored.
 */
export function updateSetting(patch: CairnSettingsPatch): void {
	postToHost({ type: "updateSettings", settings: patch })
	useWebviewStore.setState((s) => ({ settings: applySettingsPatch(s.settings, patch) }))
}

/**
 * Sends a change of a trust setting (what runs without asking, where requests and keys go). Only
 * the controls that show one call this: the Settings view, the chat's auto-approval controls and
 * the welcome form. The host refuses trust settings in any other message.
 */
export function updateTrustSetting(patch: CairnSettingsPatch): void {
	postToHost({ type: "updateTrustSettings", settings: patch })
	useWebviewStore.setState((s) => ({ settings: applySettingsPatch(s.settings, patch) }))
}

/** The key goes to the host's secret storage; the webview keeps no copy of it. */
export function saveApiKey(provider: ProviderName, apiKey: string): void {
	postToHost({ type: "updateApiKey", provider, apiKey })
}

export function removeApiKey(provider: ProviderName): void {
	postToHost({ type: "updateApiKey", provider })
}
