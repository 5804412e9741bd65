import { execFileSync } from "node:child_process"
import { afterEach, describe, expect, it } from "vitest"
import {
	ipcSocketPathVariable,
	ipcTokenVariable,
	launchOnlyVariables,
	mayChangeTrustVariable,
	takeLaunchEnvironment,
} from "./launchEnvironment"

const saved = { ...process.env }
afterEach(() => {
	for (const name of launchOnlyVariables) {
		if (saved[name] === undefined) delete process.env[name]
		else process.env[name] = saved[name]
	}
})

/** The environment a child process of this one gets by default, as that child sees it. */
function childEnvironment(): Record<string, string> {
	const printed = execFileSync(process.execPath, [
		"-e",
		"process.stdout.write(JSON.stringify(process.env))",
	])
	return JSON.parse(printed.toString()) as Record<string, string>
}

const token = "0123456789abcdef0123456789abcdef"

describe("the launch-only variables", () => {
	it("are read once at activation and gone from the environment every later child process gets", () => {
		process.env[ipcSocketPathVariable] = "/run/cairn/ipc.sock"
		process.env[ipcTokenVariable] = token
		process.env[mayChangeTrustVariable] = "1"
		expect(takeLaunchEnvironment()).toEqual({
			ipc: { socketPath: "/run/cairn/ipc.sock", token },
			mayChangeTrust: true,
		})
		const inherited = childEnvironment()
		for (const name of launchOnlyVariables) expect(inherited).not.toHaveProperty(name)
	})

	it("a token without a socket path is deleted too; no socket is asked for, and programs get no trust", () => {
		process.env[ipcTokenVariable] = token
		process.env[mayChangeTrustVariable] = "yes"
		expect(takeLaunchEnvironment()).toEqual({ ipc: undefined, mayChangeTrust: false })
		expect(process.env).not.toHaveProperty(ipcTokenVariable)
	})

	it("a socket path without a token comes back without one (serveIpcSocket then refuses to listen)", () => {
		process.env[ipcSocketPathVariable] = "/run/cairn/ipc.sock"
		expect(takeLaunchEnvironment().ipc).toEqual({ socketPath: "/run/cairn/ipc.sock", token: undefined })
	})
})
