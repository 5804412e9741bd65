import { execFileSync } from "node:child_process"
import { accessSync, constants, existsSync } from "node:fs"
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises"
import { createServer, type Server } from "node:net"
import { homedir } from "node:os"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import type { NodeHost } from "../host/node/NodeHost.js"
import { runIn, sandboxPolicyFor, sandboxTestHost } from "../test-support/sandboxedRun.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { sandboxFailure } from "./sandboxFailure.js"
import { sandboxedSpawn } from "./sandboxedSpawn.js"
import { probeSandbox } from "./sandboxProbe.js"

const availability = await probeSandbox("bwrap")
const why = availability.available ? "" : ` (skipped: ${availability.reason})`

let temp: Awaited<ReturnType<typeof makeTempDir>>
/** A folder in the real home (outside /tmp, which is private in the sandbox anyway), removed after. */
let inHome: string
let host: NodeHost
const servers: Server[] = []
beforeEach(async () => {
	temp = await makeTempDir("cairn-sandbox-reach-")
	inHome = await mkdtemp(path.join(homedir(), ".cairn-sandbox-test-"))
	await mkdir(path.join(temp.dir, "workspace"))
	host = sandboxTestHost({
		workspaceRoot: path.join(temp.dir, "workspace"),
		storageDir: path.join(temp.dir, "storage"),
		homeDir: path.join(inHome, "home"),
	})
})
afterEach(async () => {
	await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
	await temp.remove()
	await rm(inHome, { recursive: true, force: true })
})

/** A Unix socket server outside the sandbox that greets whoever connects. */
async function serveSocket(socket: string): Promise<void> {
	const server = createServer((connection) => connection.end("hello over the socket\n"))
	servers.push(server)
	await new Promise<void>((resolve) => server.listen(socket, resolve))
}

function writable(folder: string): boolean {
	try {
		accessSync(folder, constants.W_OK)
		return true
	} catch {
		return false
	}
}

const connect = (socket: string) =>
	`node -e "require('node:net').connect(process.argv[1]).on('data', (d) => process.stdout.write(d)).on('error', (e) => { console.log(e.code); process.exit(1) })" '${socket}'`

describe.skipIf(!availability.available)(`what a sandboxed command cannot reach${why}`, () => {
	it("has a /tmp, /var/tmp and /dev/shm of its own: the machine's are out of sight, and what it writes there vanishes", async () => {
		const name = `cairn-machine-${path.basename(temp.dir)}`
		const machines = ["/tmp", "/var/tmp", "/dev/shm"].map((folder) => path.join(folder, name))
		for (const file of machines) await writeFile(file, "the machine's temp file")
		try {
			const result = await runIn(
				host,
				`cat ${machines.join(" ")}; echo mine > /tmp/mine-${name} && cat /tmp/mine-${name}; echo "TMPDIR=$TMPDIR"`,
				await sandboxPolicyFor(host),
			)
			expect(result.output).not.toContain("the machine's temp file")
			expect(result.output.match(/No such file/g)).toHaveLength(3)
			expect(result.output).toContain("mine\n")
			expect(result.output).toContain("TMPDIR=/tmp\n")
			expect(existsSync(`/tmp/mine-${name}`)).toBe(false)
		} finally {
			for (const file of machines) await rm(file, { force: true })
		}
	})

	it.skipIf(!writable("/run"))(
		"has a /run of its own, where /run/user and system services keep their sockets",
		async () => {
			const socket = path.join("/run", `cairn-service-${path.basename(temp.dir)}.sock`)
			await serveSocket(socket)
			const result = await runIn(host, connect(socket), await sandboxPolicyFor(host))
			expect(result.output).not.toContain("hello over the socket")
			expect(result.output).toContain("ENOENT")
		},
	)

	it("cannot connect to a Unix socket in /tmp (where tmux, ssh-agent, screen and X11 keep theirs)", async () => {
		const socket = path.join("/tmp", `cairn-agent-${path.basename(temp.dir)}.sock`)
		await serveSocket(socket)
		const outside = await runIn(host, connect(socket), undefined)
		expect(outside.output).toContain("hello over the socket")
		const result = await runIn(host, connect(socket), await sandboxPolicyFor(host))
		expect(result.output).not.toContain("hello over the socket")
		expect(result.exit.exitCode).not.toBe(0)
	})

	it("cannot connect to a Unix socket in the home folder or any other folder outside the workspace", async () => {
		// gpg-agent, 1Password, Docker Desktop, a database: wherever a program binds its socket.
		const socket = path.join(inHome, "agent.sock")
		await serveSocket(socket)
		const result = await runIn(host, connect(socket), await sandboxPolicyFor(host))
		expect(result.output).not.toContain("hello over the socket")
		expect(result.output).toMatch(/ECONNREFUSED|ENOTSOCK/)
	})

	it("cannot connect to a socket a program outside bound inside the workspace either", async () => {
		// A workspace in /tmp, as here, shows that part of the machine's /tmp again.
		const socket = path.join(host.workspaceRoot, "dev-server.sock")
		await serveSocket(socket)
		const result = await runIn(host, connect(socket), await sandboxPolicyFor(host))
		expect(result.output).not.toContain("hello over the socket")
		expect(result.output).toContain("ECONNREFUSED")
	})

	describe("sockets that come and go", () => {
		it("cannot connect to a socket bound after the sandbox's policy was made: sockets are covered as the command starts", async () => {
			const sandbox = await sandboxPolicyFor(host)
			const socket = path.join(inHome, "later.sock")
			await serveSocket(socket)
			const result = await runIn(host, connect(socket), sandbox)
			expect(result.output).not.toContain("hello over the socket")
			expect(result.output).toMatch(/ECONNREFUSED|ENOTSOCK/)
		})

		it("cannot connect to a socket its server bound again at the same path", async () => {
			const socket = path.join(inHome, "again.sock")
			await serveSocket(socket)
			const sandbox = await sandboxPolicyFor(host)
			await new Promise((resolve) => servers.pop()?.close(resolve))
			expect(existsSync(socket)).toBe(false)
			await serveSocket(socket)
			const result = await runIn(host, connect(socket), sandbox)
			expect(result.output).not.toContain("hello over the socket")
			expect(result.output).toMatch(/ECONNREFUSED|ENOTSOCK/)
		})

		// On a busy machine the fresh reading can lose the race too (another program's socket goes just
		// as the second start mounts): bubblewrap's refusal is played here for a socket still there.
		it("starts a command again each time a socket it was to cover vanished, up to five starts in all", async () => {
			const sandbox = await sandboxPolicyFor(host)
			const live = path.join(inHome, "live.sock")
			await serveSocket(live)
			const policy = { ...sandbox, hiddenSockets: [...sandbox.hiddenSockets, live] }
			const refusal = `bwrap: Can't create file at ${live}: No such file or directory\n`
			let current = sandboxedSpawn(policy, host.workspaceRoot, ["true"])
			const starts = [current]
			for (;;) {
				const next = current.retry(1, refusal)
				if (next === undefined) break
				starts.push(next)
				current = next
			}
			current.cleanup()
			expect(starts).toHaveLength(5)
			// Any other end is not a vanished socket: no new start.
			const other = sandboxedSpawn(policy, host.workspaceRoot, ["true"])
			expect(other.retry(1, "bwrap: other\n")).toBeUndefined()
			other.cleanup()
		})

		// What a scan found can be gone when bubblewrap mounts over it: another program's tmux ended
		// and its folder was removed. The policy's own sockets stand in for such a scan here.
		it.each([
			["its folder", "gone/tmux.sock"],
			["the socket file alone", "tmux.sock"],
		])(
			"runs a command although %s vanished before the command started, and covers the sockets there are then",
			async (_, vanished) => {
				const sandbox = await sandboxPolicyFor(host)
				const live = path.join(inHome, "live.sock")
				await serveSocket(live)
				const result = await runIn(host, `echo ran; ${connect(live)}`, {
					...sandbox,
					hiddenSockets: [...sandbox.hiddenSockets, path.join(inHome, vanished)],
				})
				expect(result.output).toMatch(/^ran\n/)
				expect(result.output).not.toContain("hello over the socket")
				expect(result.output).toMatch(/ECONNREFUSED|ENOTSOCK/)
			},
		)
	})

	it.each([
		["off", false],
		["on", true],
	])(
		"cannot connect to the machine's abstract Unix sockets (X11's, D-Bus's) with the network %s",
		async (_, network) => {
			// An abstract name has no file to cover: its own network namespace keeps it out, and with the
			// machine's network a filter that refuses Unix sockets.
			const name = `\0cairn-abstract-${path.basename(temp.dir)}`
			await serveSocket(name)
			const reach = `node -e "require('node:net').connect('\\0' + process.argv[1]).on('data', (d) => process.stdout.write(d)).on('error', (e) => { console.log(e.code); process.exit(1) })" '${name.slice(1)}'`
			const outside = await runIn(host, reach, undefined)
			expect(outside.output).toContain("hello over the socket")
			const result = await runIn(
				host,
				reach,
				await sandboxPolicyFor(host, { commandSandboxNetwork: network }),
			)
			expect(result.output).not.toContain("hello over the socket")
			expect(result.exit.exitCode).not.toBe(0)
		},
	)

	it.skipIf(!existsSync("/usr/bin/tmux"))("cannot send keys to the person's tmux", async () => {
		const socket = path.join(inHome, "tmux.sock")
		execFileSync("tmux", ["-S", socket, "new-session", "-d", "-s", "persons-session", "sleep 600"])
		try {
			const result = await runIn(
				host,
				`tmux -S ${socket} list-sessions; tmux -S ${socket} send-keys -t persons-session 'touch ${inHome}/typed' Enter`,
				await sandboxPolicyFor(host),
			)
			expect(result.output).not.toContain("persons-session")
			expect(result.exit.exitCode).not.toBe(0)
		} finally {
			execFileSync("tmux", ["-S", socket, "kill-server"])
		}
	})

	it("cannot read the person's credential stores, nor paths the person hides", async () => {
		const home = path.join(inHome, "home")
		const files = {
			".ssh/id_ed25519": "-----BEGIN OPENSSH PRIVATE KEY----- ssh-secret",
			".aws/credentials": "aws_secret_access_key = aws-secret",
			".netrc": "machine example.com login me password netrc-secret",
			".config/gh/hosts.yml": "oauth_token: gh-secret",
			"notes/private.txt": "notes-secret",
			"projects/readable.txt": "readable-by-builds",
		}
		for (const [name, content] of Object.entries(files)) {
			await mkdir(path.dirname(path.join(home, name)), { recursive: true })
			await writeFile(path.join(home, name), content)
		}
		const sandbox = await sandboxPolicyFor(host, { commandSandboxHiddenPaths: ["~/notes"] })
		const result = await runIn(
			host,
			`cd ${home} && cat .ssh/id_ed25519 .aws/credentials .netrc .config/gh/hosts.yml notes/private.txt projects/readable.txt; ls -A .ssh; echo planted > .netrc`,
			sandbox,
		)
		expect(result.output).not.toMatch(/ssh-secret|aws-secret|netrc-secret|gh-secret|notes-secret/)
		expect(result.output).toContain("readable-by-builds")
		expect(await readFile(path.join(home, ".netrc"), "utf8")).toBe(files[".netrc"])
		expect(sandboxFailure(result.output, sandbox)).toBeDefined()
	})

	describe("the environment", () => {
		const planted = {
			OPENAI_KEY: "sk-openai-planted",
			GH_PAT: "ghp_planted",
			DATABASE_URL: "postgres://u:pw-planted@h/db",
			CAIRN_IPC_SOCKET_PATH: "/tmp/cairn-ipc-planted.sock",
			CAIRN_IPC_TOKEN: "ipc-token-planted",
			SSH_AUTH_SOCK: "/tmp/ssh-planted/agent.1",
			DISPLAY: ":77",
			WAYLAND_DISPLAY: "wayland-planted",
			TMUX: "/tmp/tmux-planted/default,1,0",
			STY: "1.planted-screen",
			DBUS_SESSION_BUS_ADDRESS: "unix:path=/run/user/1/bus-planted",
		}
		const saved: Record<string, string | undefined> = {}
		beforeEach(() => {
			for (const [name, value] of Object.entries(planted)) {
				saved[name] = process.env[name]
				process.env[name] = value
			}
		})
		afterEach(() => {
			for (const [name, value] of Object.entries(saved))
				if (value === undefined) delete process.env[name]
				else process.env[name] = value
		})

		it("is an allowlist in the sandbox: PATH, HOME, LANG and the like, and the names the person passes on", async () => {
			const result = await runIn(
				host,
				"env",
				await sandboxPolicyFor(host, { commandEnvironment: ["GH_PAT", "CAIRN_IPC_*"] }),
			)
			for (const name of Object.keys(planted).filter((name) => name !== "GH_PAT"))
				expect(result.output).not.toContain(`${name}=`)
			expect(result.output).not.toMatch(/planted(?!\n)|sk-openai|pw-planted/)
			expect(result.output).toContain("GH_PAT=ghp_planted")
			expect(result.output).toMatch(/^PATH=/m)
			expect(result.output).toMatch(/^HOME=/m)
		})

		it("outside the sandbox (a command a person approved) lacks Cairn's IPC and what looks like a credential", async () => {
			const result = await runIn(host, "env", undefined, { passedVariables: ["GH_PAT"] })
			for (const name of ["OPENAI_KEY", "DATABASE_URL", "CAIRN_IPC_SOCKET_PATH", "CAIRN_IPC_TOKEN"])
				expect(result.output).not.toContain(`${name}=`)
			// What the person's own programs need to reach their agent and display keeps working there.
			expect(result.output).toContain("SSH_AUTH_SOCK=/tmp/ssh-planted/agent.1")
			expect(result.output).toContain("DISPLAY=:77")
			expect(result.output).toContain("GH_PAT=ghp_planted")
		})
	})
})
