import http from "node:http"
import type { AddressInfo } from "node:net"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { uncopiedBodyFetch } from "./uncopiedBody.js"

interface Received {
	method: string
	url: string
	headers: http.IncomingHttpHeaders
	body: string
}

/** A real HTTP server that answers each request by its path and records what it received. */
let server: http.Server
let received: Received[]
let base: string

beforeEach(async () => {
	received = []
	server = http.createServer((req, res) => {
		const chunks: Buffer[] = []
		req.on("data", (chunk: Buffer) => chunks.push(chunk))
		req.on("end", () => {
			const url = req.url ?? ""
			received.push({
				method: req.method ?? "",
				url,
				headers: req.headers,
				body: Buffer.concat(chunks).toString(),
			})
			const moved = /^\/moved(\d{3})$/.exec(url)
			if (moved) {
				res.writeHead(Number(moved[1]), { location: "/here" }).end("moved")
				return
			}
			if (url === "/stall") {
				res.writeHead(200).write("part")
				return
			}
			res.writeHead(200, { "content-type": "text/plain" }).end(`answer to ${req.method} ${url}`)
		})
	})
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterEach(async () => {
	server.closeAllConnections()
	await new Promise((resolve) => server.close(resolve))
})

const send = uncopiedBodyFetch()
const post = (path: string, body: Buffer | string, init: RequestInit = {}) =>
	send(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body, ...init })

describe("uncopiedBodyFetch", () => {
	it("sends a bytes body with the same headers and bytes as fetch does, its length said, not chunked", async () => {
		const bytes = Buffer.from(JSON.stringify({ messages: ["héllo", "x".repeat(100_000)] }))
		// A view into a larger buffer, as a kept body is: only the view's bytes go.
		const view = Buffer.concat([bytes, Buffer.from("not sent")]).subarray(0, bytes.length)
		const ours = await post("/a", view)
		const plain = await fetch(`${base}/a`, {
			method: "POST",
			headers: { "content-type": "application/json" },
			body: bytes,
		})
		expect(await ours.text()).toBe("answer to POST /a")
		expect(await plain.text()).toBe("answer to POST /a")
		const [viaOurs, viaFetch] = received
		expect(viaOurs?.body).toBe(bytes.toString())
		expect(viaOurs?.headers["content-length"]).toBe(String(bytes.length))
		expect(viaOurs?.headers["transfer-encoding"]).toBeUndefined()
		expect(viaOurs?.headers).toEqual(viaFetch?.headers)
	})

	it("takes a redirect as fetch takes it: the request is sent again as it was given", async () => {
		/** What came of a request: the answer's text, or the error and its cause. */
		const outcome = (request: Promise<Response>) =>
			request.then(
				async (response) => `${response.status} ${await response.text()}`,
				(error: Error) => `${error.message}: ${String((error.cause as Error | undefined)?.message)}`,
			)
		for (const status of [301, 302, 303, 307, 308]) {
			const path = `/moved${status}`
			const init = { method: "POST", body: Buffer.from('{"a":1}') }
			const plain = await outcome(fetch(`${base}${path}`, init))
			received = []
			expect(await outcome(send(`${base}${path}`, { ...init, body: Buffer.from('{"a":1}') }))).toBe(
				plain,
			)
			// Sent once as a stream that follows nothing, then as it was given, for fetch to follow.
			expect(received.slice(0, 2).map((r) => [r.method, r.url, r.body])).toEqual([
				["POST", path, '{"a":1}'],
				["POST", path, '{"a":1}'],
			])
		}
		// 303 (and 301, 302 for a POST): fetch goes on with a GET without the body.
		expect(await outcome(post("/moved303", Buffer.from('{"a":1}')))).toBe("200 answer to GET /here")
		expect(received.at(-1)).toMatchObject({ method: "GET", url: "/here", body: "" })
	})

	it("leaves a redirect to the caller that asked for it, and sends other bodies through fetch as they are", async () => {
		const manual = await post("/moved307", Buffer.from("{}"), { redirect: "manual" })
		expect(manual.status).toBe(307)
		const text = await post("/b", '{"text":true}')
		expect(await text.text()).toBe("answer to POST /b")
		expect(received.map((r) => [r.url, r.body])).toEqual([
			["/moved307", "{}"],
			["/b", '{"text":true}'],
		])
	})

	it("stops on the caller's abort, before and during the answer", async () => {
		const before = new AbortController()
		before.abort()
		await expect(post("/a", Buffer.from("{}"), { signal: before.signal })).rejects.toMatchObject({
			name: "AbortError",
		})
		const during = new AbortController()
		const response = await post("/stall", Buffer.from("{}"), { signal: during.signal })
		const reader = (response.body as ReadableStream<Uint8Array>).getReader()
		expect(new TextDecoder().decode((await reader.read()).value)).toBe("part")
		during.abort()
		await expect(reader.read()).rejects.toMatchObject({ name: "AbortError" })
	})

	it("fails as fetch fails when nothing listens", async () => {
		const port = (server.address() as AddressInfo).port
		server.closeAllConnections()
		await new Promise((resolve) => server.close(resolve))
		await expect(
			send(`http://127.0.0.1:${port}/`, { method: "POST", body: Buffer.from("{}") }),
		).rejects.toThrow("fetch failed")
		server = http.createServer()
		await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
	})
})
