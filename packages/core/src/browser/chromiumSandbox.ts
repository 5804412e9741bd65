import { readFile, realpath, stat } from "node:fs/promises"
import path from "node:path"
import type { ChromiumUnsandboxed } from "@cairn/types"

/** What decides whether Chromium can start its own sandbox here (Linux reads; elsewhere only the platform). */
export interface ChromiumSandboxFacts {
	platform: NodeJS.Platform
	/** The user id Cairn runs as; undefined where there are none (Windows). */
	uid: number | undefined
	/** /proc/sys/kernel/unprivileged_userns_clone (Debian's older kernels), undefined where absent. */
	unprivilegedUsernsClone: string | undefined
	/** /proc/sys/user/max_user_namespaces. */
	maxUserNamespaces: string | undefined
	/** /proc/sys/kernel/apparmor_restrict_unprivileged_userns (Ubuntu 23.10 and later). */
	apparmorRestrictsUserns: string | undefined
	/** A setuid-root chrome-sandbox helper beside the Chromium binary, which needs no user namespaces. */
	setuidHelper: boolean
}

/**
 * How Chromium is launched: with its sandbox (`mayFail` says why it might still not start, then
 * the launch falls back), or without it and why.
 */
export type ChromiumSandboxPlan =
	{ sandbox: true; mayFail?: ChromiumUnsandboxed } | { sandbox: false; reason: ChromiumUnsandboxed }

const isOff = (value: string | undefined) => value !== undefined && value.trim() === "0"

/**
 * Whether Chromium's own sandbox can run. As root Chromium refuses to start unless told to go
 * without ("Running as root without --no-sandbox is not supported"), whatever the kernel allows.
 * Otherwise its Linux sandbox needs unprivileged user namespaces or the setuid helper; AppArmor's
 * restriction may or may not cover Chromium (a profile can allow it), so that is only tried.
 */
export function chromiumSandboxPlan(facts: ChromiumSandboxFacts): ChromiumSandboxPlan {
	if (facts.platform !== "linux") return { sandbox: true }
	if (facts.uid === 0) return { sandbox: false, reason: "runningAsRoot" }
	if (facts.setuidHelper) return { sandbox: true }
	if (isOff(facts.unprivilegedUsernsClone) || isOff(facts.maxUserNamespaces))
		return { sandbox: false, reason: "noUserNamespaces" }
	if (facts.apparmorRestrictsUserns?.trim() === "1")
		return { sandbox: true, mayFail: "userNamespacesRestricted" }
	return { sandbox: true }
}

const sysctl = (file: string) => readFile(file, "utf8").catch(() => undefined)

async function hasSetuidHelper(executablePath: string): Promise<boolean> {
	try {
		const helper = path.join(path.dirname(await realpath(executablePath)), "chrome-sandbox")
		const info = await stat(helper)
		return info.uid === 0 && (info.mode & 0o4000) !== 0
	} catch {
		return false
	}
}

async function readFacts(executablePath: string): Promise<ChromiumSandboxFacts> {
	const linux = process.platform === "linux"
	return {
		platform: process.platform,
		uid: process.getuid?.(),
		unprivilegedUsernsClone: linux
			? await sysctl("/proc/sys/kernel/unprivileged_userns_clone")
			: undefined,
		maxUserNamespaces: linux ? await sysctl("/proc/sys/user/max_user_namespaces") : undefined,
		apparmorRestrictsUserns: linux
			? await sysctl("/proc/sys/kernel/apparmor_restrict_unprivileged_userns")
			: undefined,
		setuidHelper: linux && (await hasSetuidHelper(executablePath)),
	}
}

/** One reading per Chromium binary for the life of the process: none of it changes while Cairn runs. */
const plans = new Map<string, Promise<ChromiumSandboxPlan>>()

/** The plan for launching the Chromium at `executablePath` on this machine. */
export function chromiumSandboxHere(executablePath: string): Promise<ChromiumSandboxPlan> {
	let plan = plans.get(executablePath)
	if (plan === undefined) {
		plan = readFacts(executablePath).then(chromiumSandboxPlan)
		plans.set(executablePath, plan)
	}
	return plan
}
