import { describe, expect, it } from "vitest"
import {
	sandboxedEnvironment,
	unsandboxedEnvironment,
	withheldVariables,
	withoutCairnInternals,
} from "./commandEnvironment.js"

const parent = {
	PATH: "/usr/bin:/bin",
	HOME: "/home/person",
	LANG: "en_US.UTF-8",
	LC_ALL: "C",
	TERM: "xterm-256color",
	SSH_AUTH_SOCK: "/tmp/ssh-x/agent.1",
	DISPLAY: ":0",
	OPENAI_KEY: "sk-1",
	ANTHROPIC_API_KEY: "sk-2",
	GH_PAT: "ghp_1",
	NPM_TOKEN: "npm_1",
	PGPASSWORD: "pw",
	AWS_SECRET_ACCESS_KEY: "aws",
	AWS_PROFILE: "dev",
	DATABASE_URL: "postgres://u:pw@h/db",
	REDIS_URL: "redis://h:6379",
	CAIRN_IPC_SOCKET_PATH: "/tmp/cairn.sock",
	CAIRN_IPC_TOKEN: "t",
}

describe("a sandboxed command's environment", () => {
	it("holds only harmless names", () => {
		expect(Object.keys(sandboxedEnvironment(parent, [])).sort()).toEqual([
			"HOME",
			"LANG",
			"LC_ALL",
			"PATH",
			"TERM",
		])
	})

	it("adds the names and prefixes the person passes on, never Cairn's IPC", () => {
		const env = sandboxedEnvironment(parent, ["AWS_*", "DISPLAY", "CAIRN_IPC_SOCKET_PATH", "CAIRN_*"])
		expect(env).toMatchObject({ AWS_PROFILE: "dev", AWS_SECRET_ACCESS_KEY: "aws", DISPLAY: ":0" })
		expect(Object.keys(env).filter((name) => name.startsWith("CAIRN_IPC_"))).toEqual([])
	})
})

describe("an approved command's environment outside the sandbox", () => {
	it("lacks Cairn's IPC and what looks like a credential, by name or by a password in a URL", () => {
		expect(withheldVariables(parent, []).sort()).toEqual([
			"ANTHROPIC_API_KEY",
			"AWS_SECRET_ACCESS_KEY",
			"CAIRN_IPC_SOCKET_PATH",
			"CAIRN_IPC_TOKEN",
			"DATABASE_URL",
			"GH_PAT",
			"NPM_TOKEN",
			"OPENAI_KEY",
			"PGPASSWORD",
		])
	})

	it("keeps what the person passes on, and everything else the person's terminal has", () => {
		const env = unsandboxedEnvironment(parent, ["NPM_TOKEN", "CAIRN_IPC_TOKEN"])
		expect(env).toMatchObject({
			NPM_TOKEN: "npm_1",
			SSH_AUTH_SOCK: "/tmp/ssh-x/agent.1",
			REDIS_URL: "redis://h:6379",
		})
		expect(env.CAIRN_IPC_TOKEN).toBeUndefined()
	})
})

describe("what Cairn starts on the person's behalf", () => {
	it("gets the whole environment but Cairn's IPC", () => {
		const env = withoutCairnInternals(parent)
		expect(Object.keys(env)).toHaveLength(Object.keys(parent).length - 2)
		expect(env.CAIRN_IPC_TOKEN).toBeUndefined()
	})
})
