import { spawn, execFile } from "node:child_process"
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { createServer } from "node:net"
import os from "node:os"
import path from "node:path"
import { promisify } from "node:util"
import { codeServerBin, fixtureWorkspace } from "./paths.mjs"

const run = promisify(execFile)

// Keep the first run quiet and the workbench deterministic: no welcome page, no trust prompt,
// nothing that reaches for the network.
const userSettings = {
	"workbench.startupEditor": "none",
	"workbench.tips.enabled": false,
	"security.workspace.trust.enabled": false,
	"telemetry.telemetryLevel": "off",
	"update.mode": "none",
	"extensions.autoCheckUpdates": false,
	"extensions.autoUpdate": false,
	"workbench.enableExperiments": false,
}

// Servers still running when this process ends (a global timeout, Ctrl+C) are killed with it;
// they run in process groups of their own and would otherwise outlive the test run.
const running = new Set()
process.once("exit", () => {
	for (const pid of running) {
		try {
			process.kill(-pid, "SIGKILL")
		} catch {
			// Already gone.
		}
	}
})
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => process.exit(130))

export async function freePort() {
	return new Promise((resolve, reject) => {
		const server = createServer()
		server.once("error", reject)
		server.listen(0, "127.0.0.1", () => {
			const { port } = server.address()
			server.close(() => resolve(port))
		})
	})
}

/**
 * A code-server with its own temporary home (user data, extensions, XDG dirs, a copy of the
 * fixture workspace), so runs never share state with each other or with the developer.
 * `env(dirs)` adds variables for the server and its extension host.
 */
export async function startCodeServer({
	vsix,
	/** More extensions (.vsix files) to install beside it, e.g. test fixtures. */
	alsoInstall = [],
	label = "code-server",
	startTimeoutMs = 30_000,
	env: extraEnv = () => ({}),
} = {}) {
	if (!existsSync(codeServerBin)) {
		throw new Error(
			`code-server is not installed at ${codeServerBin}; run scripts/install-code-server.sh`,
		)
	}
	const home = mkdtempSync(path.join(os.tmpdir(), "cairn-e2e-"))
	const dirs = {
		home,
		userData: path.join(home, "user-data"),
		extensions: path.join(home, "extensions"),
		workspace: path.join(home, "workspace"),
	}
	mkdirSync(path.join(dirs.userData, "User"), { recursive: true })
	mkdirSync(dirs.extensions, { recursive: true })
	writeFileSync(path.join(dirs.userData, "User/settings.json"), JSON.stringify(userSettings, null, "\t"))
	writeFileSync(path.join(home, "config.yaml"), "auth: none\ncert: false\n")
	cpSync(fixtureWorkspace, dirs.workspace, { recursive: true })

	const env = {
		...process.env,
		XDG_CONFIG_HOME: path.join(home, "xdg/config"),
		XDG_DATA_HOME: path.join(home, "xdg/data"),
		XDG_CACHE_HOME: path.join(home, "xdg/cache"),
		...extraEnv(dirs),
	}
	const common = [
		"--config",
		path.join(home, "config.yaml"),
		"--user-data-dir",
		dirs.userData,
		"--extensions-dir",
		dirs.extensions,
	]

	const installs = [vsix, ...alsoInstall].filter(Boolean).flatMap((file) => ["--install-extension", file])
	if (installs.length > 0) await run(codeServerBin, [...common, ...installs], { env, timeout: 60_000 })

	const port = await freePort()
	const log = []
	const child = spawn(
		codeServerBin,
		[
			...common,
			"--bind-addr",
			`127.0.0.1:${port}`,
			"--auth",
			"none",
			"--disable-telemetry",
			"--disable-update-check",
			"--disable-workspace-trust",
			dirs.workspace,
		],
		// A process group of its own, so stopping it also ends the server and extension host it spawns.
		{ env, detached: true, stdio: ["ignore", "pipe", "pipe"] },
	)
	running.add(child.pid)
	const keep = (chunk) => {
		log.push(chunk.toString())
		if (log.length > 2000) log.shift()
	}
	child.stdout.on("data", keep)
	child.stderr.on("data", keep)
	const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })))

	const baseUrl = `http://127.0.0.1:${port}`
	const server = {
		port,
		baseUrl,
		dirs,
		log: () => log.join(""),
		workspaceUrl: (extraQuery = "") =>
			`${baseUrl}/?folder=${encodeURIComponent(dirs.workspace)}${extraQuery}`,
		async stop() {
			await stopGroup(child, exited)
			rmSync(home, { recursive: true, force: true, maxRetries: 3 })
		},
	}

	try {
		await waitForHealth(baseUrl, exited, startTimeoutMs)
	} catch (error) {
		await server.stop()
		throw new Error(`${label} did not start: ${error.message}\n${log.join("").slice(-4000)}`, {
			cause: error,
		})
	}
	return server
}

async function waitForHealth(baseUrl, exited, timeoutMs) {
	const deadline = Date.now() + timeoutMs
	let gone
	exited.then((status) => (gone = status))
	while (Date.now() < deadline) {
		if (gone) throw new Error(`it exited (code ${gone.code}, signal ${gone.signal})`)
		try {
			const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) })
			if (response.ok) return
		} catch {
			// Not listening yet.
		}
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	throw new Error(`no healthy /healthz within ${timeoutMs} ms`)
}

async function stopGroup(child, exited, graceMs = 5000) {
	running.delete(child.pid)
	const signalGroup = (signal) => {
		try {
			process.kill(-child.pid, signal)
		} catch {
			// Already gone.
		}
	}
	signalGroup("SIGTERM")
	const timedOut = await Promise.race([
		exited.then(() => false),
		new Promise((resolve) => setTimeout(() => resolve(true), graceMs)),
	])
	// The group may outlive its leader (an extension host finishing up); make sure nothing lingers.
	signalGroup("SIGKILL")
	if (timedOut) await exited
}
