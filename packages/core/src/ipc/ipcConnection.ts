import type { Socket } from "node:net"
import type { ExtensionMessage } from "@cairn/types"
import { ExtensionClient } from "../client/ExtensionClient.js"
import type { Controller } from "../controller/Controller.js"
import type { Logger } from "../host/Host.js"
import { OutputManager } from "../stream/OutputManager.js"
import { PromptStreamSession } from "../stream/PromptStreamSession.js"
import { cardEvents } from "../stream/cardEvents.js"
import { StreamJsonRenderer } from "../stream/streamJson.js"
import { BoundedLines } from "./boundedLines.js"
import { programRefusal } from "../api/programClient.js"
import { TaskBoardApi } from "../api/TaskBoardApi.js"
import { authenticates } from "./ipcToken.js"

/** Output a client has not read yet beyond this means it stopped reading: it is disconnected. */
export const maxUnreadBytes = 64 * 1024 * 1024

/**
 * A command line longer than this disconnects its client before more of it is held. The
 * longest valid command, a start with a 1,000,000-character prompt, is at most about 3 MB of
 * UTF-8 (3 bytes per UTF-16 unit) plus its JSON framing.
 */
export const maxLineBytes = 4 * 1024 * 1024

export interface IpcConnectionOptions {
	controller: Controller
	logger: Logger
	/** The secret the client's first line must carry. */
	token: string
	/** The person let programs change trust settings (CAIRN_API_MAY_CHANGE_TRUST_SETTINGS). */
	mayChangeTrust?: boolean
}

/**
 * One client of the IPC socket. Its first line must be `{"command":"authenticate","token":…}`
 * with the socket's token: before that nothing is sent to it (not even the task on screen) and
 * nothing it sends is read; a client whose first line is anything else gets one error line and
 * is disconnected. Being able to open the socket is not enough: a sandboxed command or another
 * program of the same user may reach it, but only the processes the person gave the token to know it.
 * Returns a function that disconnects the client.
 */
export function serveIpcConnection(socket: Socket, options: IpcConnectionOptions): () => void {
	const { logger } = options
	// A client that goes away with events unread resets the connection. That ends this session,
	// nothing more: handled first, or the error would be thrown into the extension host.
	const failed = (error: unknown) => logger.debug("An IPC connection failed", { error: String(error) })
	socket.on("error", failed)
	let served: { receive: (line: string) => void; close: () => void } | undefined
	let refused = false
	const receive = (line: string) => {
		if (refused) return
		if (served !== undefined) return served.receive(line)
		if (authenticates(line, options.token)) {
			served = serveSession(socket, options)
			return
		}
		refused = true
		logger.warn("An IPC client did not authenticate; disconnecting it")
		socket.end(`${JSON.stringify(unauthenticated)}\n`)
	}
	const lines = new BoundedLines(maxLineBytes)
	socket.on("data", (chunk: Buffer) => {
		const complete = lines.push(chunk)
		if (complete === "too-long") {
			logger.warn(`An IPC client sent a line longer than ${maxLineBytes} bytes; disconnecting it`)
			close()
			return
		}
		for (const line of complete) receive(line)
	})

	let closed = false
	const close = () => {
		if (closed) return
		closed = true
		served?.close()
		socket.destroy()
	}
	socket.on("end", () => {
		const last = lines.end()
		if (last !== undefined) receive(last)
		close()
	})
	socket.on("close", close)
	return close
}

const unauthenticated = {
	type: "error",
	source: "authentication",
	code: "unauthenticated",
	message:
		'the first line must be {"command":"authenticate","token":"…"} with the token Cairn was started with (CAIRN_IPC_TOKEN); nothing else is read before it',
}

/**
 * An authenticated client: a protocol client of the Controller of its own, and a
 * PromptStreamSession reading its lines and writing stream-json back, exactly as the CLI's
 * --stdin-prompt-stream does. The client's going away (or its end of input) only ends this
 * session: the task goes on, and other clients and the webview see no difference.
 */
function serveSession(
	socket: Socket,
	{ controller, logger, mayChangeTrust = false }: IpcConnectionOptions,
): { receive: (line: string) => void; close: () => void } {
	const write = (text: string) => {
		if (socket.destroyed || !socket.writable) return
		if (socket.writableLength > maxUnreadBytes) {
			logger.warn("An IPC client stopped reading its events; disconnecting it")
			socket.destroy()
			return
		}
		socket.write(text)
	}
	const receive = (message: ExtensionMessage) => {
		cards(message)
		client.handleExtensionMessage(message)
	}
	const client = new ExtensionClient({
		// Replies (a snapshot, an error) go to this client only; changes reach every client.
		sendMessage: async (message) => {
			const refused = programRefusal(message, mayChangeTrust)
			if (refused === undefined) return controller.handleWebviewMessage(message, receive)
			receive({ type: "error", code: "failed", error: refused, inReplyTo: message.type })
		},
	})
	const output = new OutputManager(new StreamJsonRenderer(write))
	const cards = cardEvents(output)
	const detachController = controller.attach(receive)
	const detachOutput = output.attach(client)
	const session = new PromptStreamSession({
		client,
		output,
		// Nothing here approves on its own: the core's auto-approval settings decide, then a person.
		policy: {
			autoApprove: false,
			allowOutsideWorkspace: false,
			allowProtected: false,
			deniedCommands: () => controller.settingsStore.settings.deniedCommands,
		},
		logger,
		initInfo: (commands) => {
			const settings = controller.settingsStore.settings
			return {
				cairnVersion: controller.options.version,
				workspace: controller.host.workspaceRoot,
				provider: settings.provider?.provider,
				model: settings.provider?.modelId,
				mode: settings.mode,
				autoApprove: false,
				commands,
			}
		},
		listHistory: () => controller.listHistory(),
		mayChangeTrust,
		tasks: new TaskBoardApi(controller),
	})
	const ended = session.start()
	// The task on screen, if any, arrives as this client's first events.
	void client.sendMessage({ type: "requestState" })
	// `shutdown` ends the session (the task is saved, as in the CLI); then the connection closes.
	void ended.then(() => socket.end())
	return {
		receive: (line) => session.receive(line),
		close() {
			session.close()
			detachOutput()
			detachController()
		},
	}
}
