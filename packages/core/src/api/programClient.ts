import { personOnlyMessageTypes, trustSettingsRefusal, type WebviewMessage } from "@cairn/types"

/**
 * Why a program (an API caller, an IPC client) may not send `message`, or undefined when it may.
 * The one gate between programs and the Controller: whatever a program asks for becomes a client
 * message, and those that change what only the person may change stop here.
 */
export function programRefusal(message: WebviewMessage, mayChangeTrust: boolean): string | undefined {
	if (mayChangeTrust || !personOnlyMessageTypes.has(message.type)) return undefined
	return trustSettingsRefusal(
		message.type === "updateTrustSettings" ? Object.keys(message.settings) : [message.type],
	)
}
