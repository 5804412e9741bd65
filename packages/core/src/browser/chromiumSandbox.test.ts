import { describe, expect, it } from "vitest"
import { chromiumSandboxHere, chromiumSandboxPlan, type ChromiumSandboxFacts } from "./chromiumSandbox.js"

/** A Linux desktop where Chromium's sandbox runs: a user, user namespaces on, nothing restricting them. */
const desktop: ChromiumSandboxFacts = {
	platform: "linux",
	uid: 1000,
	unprivilegedUsernsClone: undefined,
	maxUserNamespaces: "63000\n",
	apparmorRestrictsUserns: undefined,
	setuidHelper: false,
}

describe("whether Chromium keeps its own sandbox", () => {
	it.each<[string, Partial<ChromiumSandboxFacts>, ReturnType<typeof chromiumSandboxPlan>]>([
		["a user with user namespaces", {}, { sandbox: true }],
		["Debian's switch on", { unprivilegedUsernsClone: "1\n" }, { sandbox: true }],
		[
			"Debian's switch off",
			{ unprivilegedUsernsClone: "0\n" },
			{ sandbox: false, reason: "noUserNamespaces" },
		],
		[
			"no user namespaces at all",
			{ maxUserNamespaces: "0\n" },
			{ sandbox: false, reason: "noUserNamespaces" },
		],
		[
			"no user namespaces, but the setuid helper",
			{ maxUserNamespaces: "0\n", setuidHelper: true },
			{ sandbox: true },
		],
		[
			"Ubuntu's AppArmor restriction (a profile may still allow it: tried)",
			{ apparmorRestrictsUserns: "1\n" },
			{ sandbox: true, mayFail: "userNamespacesRestricted" },
		],
		["AppArmor's restriction off", { apparmorRestrictsUserns: "0\n" }, { sandbox: true }],
		["root, whatever the kernel allows", { uid: 0 }, { sandbox: false, reason: "runningAsRoot" }],
		[
			"root with the setuid helper",
			{ uid: 0, setuidHelper: true },
			{ sandbox: false, reason: "runningAsRoot" },
		],
		["macOS (its own sandbox needs none of this)", { platform: "darwin", uid: 0 }, { sandbox: true }],
		["Windows", { platform: "win32", uid: undefined }, { sandbox: true }],
	])("%s", (_, facts, plan) => {
		expect(chromiumSandboxPlan({ ...desktop, ...facts })).toEqual(plan)
	})

	it("on this machine, reads the facts once per Chromium binary", async () => {
		const first = chromiumSandboxHere("/usr/bin/chromium")
		expect(chromiumSandboxHere("/usr/bin/chromium")).toBe(first)
		if (process.getuid?.() === 0) expect(await first).toEqual({ sandbox: false, reason: "runningAsRoot" })
	})
})
