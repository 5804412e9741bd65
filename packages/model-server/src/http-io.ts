import type { IncomingMessage, ServerResponse } from "node:http"

/** Resolves to the body text, or undefined once it passes `limit` bytes (reading stops there). */
export function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
	return new Promise((resolve, reject) => {
		const parts: Buffer[] = []
		let size = 0
		req.on("data", (part: Buffer) => {
			size += part.length
			if (size > limit) {
				req.removeAllListeners("data")
				req.pause()
				resolve(undefined)
				return
			}
			parts.push(part)
		})
		req.on("end", () => resolve(Buffer.concat(parts).toString("utf8")))
		req.on("error", reject)
	})
}

export function sendJson(
	res: ServerResponse,
	status: number,
	body: unknown,
	headers: Record<string, string> = {},
): void {
	sendText(res, status, JSON.stringify(body), headers)
}

/** Sends `text` as an application/json body, even when it is deliberately not valid JSON. */
export function sendText(
	res: ServerResponse,
	status: number,
	text: string,
	headers: Record<string, string>,
): void {
	if (res.headersSent || res.destroyed) return
	res.writeHead(status, {
		"content-type": "application/json",
		"content-length": String(Buffer.byteLength(text)),
		...headers,
	})
	res.end(text)
}

/** Resolves true once `chunk` is handed to the socket, false if the response went away first. */
export function writeChunk(res: ServerResponse, chunk: string | Uint8Array): Promise<boolean> {
	return new Promise((resolve) => {
		if (res.destroyed || res.writableEnded) {
			resolve(false)
			return
		}
		const onClose = (): void => resolve(false)
		res.once("close", onClose)
		res.write(chunk, (error) => {
			res.off("close", onClose)
			resolve(!error)
		})
	})
}

/**
 * Wait `ms`, resolving false early if the response closes meanwhile (client gone, server
 * closing), so a slow scripted stream never holds the process open after close().
 */
export function pause(res: ServerResponse, ms: number): Promise<boolean> {
	return new Promise((resolve) => {
		if (res.destroyed) {
			resolve(false)
			return
		}
		const onClose = (): void => {
			clearTimeout(timer)
			resolve(false)
		}
		const timer = setTimeout(() => {
			res.off("close", onClose)
			resolve(true)
		}, ms)
		res.once("close", onClose)
	})
}

/** Resolves when the connection closes: a stalled answer holds it open until then. */
export function untilClosed(res: ServerResponse): Promise<void> {
	return new Promise((resolve) => {
		if (res.destroyed) resolve()
		else res.once("close", () => resolve())
	})
}
