import { mkdtemp, readFile, rm } from "node:fs/promises"
import { createServer, type Server } from "node:https"
import type { AddressInfo } from "node:net"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { plainGit } from "../test/actionWorld.js"
import { ActionRepository, remoteSettings } from "./actionRepository.js"

const fixtures = fileURLToPath(new URL("../test/fixtures/", import.meta.url))
const token = "ghs_jobtoken"
const ours = `basic ${Buffer.from(`x-access-token:${token}`).toString("base64")}`

/** An https server on 127.0.0.1 (a test certificate) that records each request's Authorization headers and answers 404. */
let server: Server
let seen: string[][]
let root: string
beforeEach(async () => {
	seen = []
	const [key, cert] = await Promise.all(
		["localhost-key.pem", "localhost-cert.pem"].map((name) => readFile(path.join(fixtures, name))),
	)
	server = createServer({ key, cert }, (request, response) => {
		const headers = request.rawHeaders
		seen.push(headers.filter((_, i) => i % 2 === 1 && headers[i - 1]?.toLowerCase() === "authorization"))
		response.writeHead(404).end()
	})
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
	root = await mkdtemp(path.join(os.tmpdir(), "cairn-action-repo-"))
})
afterEach(async () => {
	await new Promise((resolve) => server.close(resolve))
	await rm(root, { recursive: true, force: true })
})

describe("reaching the remote", () => {
	it("sends the job's token as the one Authorization header, replacing the one actions/checkout left", async () => {
		const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`
		plainGit(root, "init", "--quiet", "--initial-branch=main")
		plainGit(root, "remote", "add", "origin", `${origin}/octo/widgets`)
		// What actions/checkout writes (persist-credentials), and a CA for the test's certificate.
		plainGit(root, "config", `http.${origin}/.extraheader`, "AUTHORIZATION: basic checkouts-own")
		plainGit(root, "config", "http.sslCAInfo", path.join(fixtures, "localhost-cert.pem"))
		const repository = await ActionRepository.open(root, token)
		await expect(repository.checkOut("cairn/x")).rejects.toThrow(/git ls-remote failed/)
		expect(seen.length).toBeGreaterThan(0)
		expect(seen.every((headers) => headers.length === 1 && headers[0] === ours)).toBe(true)
	})

	it("gives a local folder no header at all, and allows only git's https and file transports", () => {
		expect(remoteSettings("/srv/git/widgets.git", token)).toEqual([
			["protocol.https.allow", "always"],
			["protocol.file.allow", "always"],
			["push.gpgSign", "false"],
			["push.recurseSubmodules", "no"],
		])
		expect(remoteSettings("https://github.com/octo/widgets", token).slice(-2)).toEqual([
			["http.https://github.com/.extraheader", ""],
			["http.https://github.com/.extraheader", `AUTHORIZATION: ${ours}`],
		])
	})

	it("refuses an origin it would have to reach another way (ssh, git://, a transport helper)", async () => {
		plainGit(root, "init", "--quiet", "--initial-branch=main")
		plainGit(root, "remote", "add", "origin", "git@github.com:octo/widgets.git")
		await expect(ActionRepository.open(root, token)).rejects.toThrow(
			"origin is git@github.com:octo/widgets.git: the action pushes over https or to a local folder only",
		)
	})
})
