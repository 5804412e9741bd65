import {
	parseWebviewMessage,
	personOnlyMessageTypes,
	safeParse,
	trustSettingsRefusal,
	type ExtensionMessage,
	type WebviewMessage,
	type WebviewMessageOf,
} from "@cairn/types"
import type { z } from "zod"
import type { Controller } from "../controller/Controller.js"

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

/** Sends a message as a program: refused as programRefusal says, and the error the Controller answers with is thrown. */
export async function sendAsProgram(
	controller: Controller,
	message: WebviewMessage,
	mayChangeTrust: boolean,
	onReply?: (reply: ExtensionMessage) => void,
): Promise<void> {
	const refused = programRefusal(message, mayChangeTrust)
	if (refused !== undefined) throw new Error(refused)
	let failure: string | undefined
	await controller.handleWebviewMessage(message, (reply) => {
		if (reply.type === "error") failure = reply.error
		onReply?.(reply)
	})
	if (failure !== undefined) throw new Error(failure)
}

/** Validates what another extension passed; bad input is a clear error naming the method. */
export function parse<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
	const parsed = safeParse(schema, input)
	if (!parsed.success) throw new Error(`${what}: ${parsed.error}`)
	return parsed.data
}

/** The client message of `type` built from an API method's options, checked as the host checks any client's. */
export function clientMessage<T extends WebviewMessage["type"]>(
	type: T,
	options: unknown,
	what: string,
): WebviewMessageOf<T> {
	const fields = typeof options === "object" && options !== null ? options : {}
	const parsed = parseWebviewMessage({ ...fields, type })
	if (!parsed.success) throw new Error(`${what}: ${parsed.error}`)
	// Parsed with `type` set last: the message is of that type.
	return parsed.data as WebviewMessageOf<T>
}
