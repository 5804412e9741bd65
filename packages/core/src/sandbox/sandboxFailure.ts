import path from "node:path"
import { inPrivateArea } from "./privateAreas.js"
import type { SandboxPolicy } from "./sandboxPolicy.js"
import { isInside } from "../workspace/workspacePaths.js"

interface Sign {
	pattern: RegExp
	reason: string
	/** Only with this policy does the sign point at the sandbox. */
	applies?: (policy: SandboxPolicy) => boolean
}

const readOnly = /read-only file system|\bEROFS\b/i
/** A protected path is a mount point: renaming or removing it is refused as busy. */
const busy = /device or resource busy|\bEBUSY\b/i
const missing = /no such file or directory|\bENOENT\b/i

const signs: Sign[] = [
	{ pattern: /^bwrap: /m, reason: "the sandbox could not be set up" },
	{
		pattern: readOnly,
		reason: "it wrote outside the workspace, which is read-only in the sandbox",
	},
	{
		pattern:
			/network is unreachable|\bENETUNREACH\b|could not resolve host|temporary failure in name resolution|\bEAI_AGAIN\b|name or service not known|connection refused|\bECONNREFUSED\b/i,
		reason: "it used the network, which is off in the sandbox",
		applies: (policy) => !policy.allowNetwork,
	},
]

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
/** `relative` named as a path of its own: `.git/hooks`, not `~/.gitconfig`. */
const names = (output: string, relative: string) =>
	new RegExp(`(^|[\\s'"\`‘“/])${escaped(relative)}($|[\\s'"\`’”/:])`, "m").test(output)

/** The protected path (workspace-relative) a write to it failed on, the most specific one named. */
function protectedPathWritten(output: string, policy: SandboxPolicy): string | undefined {
	if (!readOnly.test(output) && !busy.test(output)) return undefined
	const named = policy.protectedPaths
		.map((entry) => path.relative(policy.workspaceRoot, entry.path))
		.filter((relative) => names(output, relative))
	return named.sort((a, b) => b.length - a.length)[0]
}

/** Paths the output names (quoted or not), resolved against the command's folder. */
function namedPaths(output: string, cwd: string): string[] {
	// Curly quotes as escapes: one character past Latin-1 in a bundle doubles the memory V8 keeps its source in.
	const tokens =
		output.match(/[^\s'"`\u2018\u2019\u201C\u201D:;,()]*\/[^\s'"`\u2018\u2019\u201C\u201D:;,()]*/g) ?? []
	return tokens.map((token) => path.resolve(cwd, token))
}

const protectedReason = (relative: string, verb: string) =>
	`it ${verb} ${relative}, which is protected (read-only in the sandbox, as for the file tools)`

/**
 * Why a sandboxed command counts as failed although it may have exited 0: it created protected
 * files where none existed, which were moved aside (see sandboxedSpawn). Undefined if none.
 */
export function createdProtectedFailure(
	created: readonly string[],
	policy: SandboxPolicy,
): string | undefined {
	if (created.length === 0) return undefined
	const names = created.map((target) => path.relative(policy.workspaceRoot, target)).join(", ")
	return `${protectedReason(names, "created")}; Cairn moved it to ${policy.quarantineDir}`
}

/**
 * Why a failed sandboxed command probably failed because of the sandbox, read from its output
 * (and `cwd`, the folder it ran in, for the paths it names); undefined when nothing points there
 * (then the failure is the command's own).
 */
export function sandboxFailure(output: string, policy: SandboxPolicy, cwd?: string): string | undefined {
	const written = protectedPathWritten(output, policy)
	if (written !== undefined) return protectedReason(written, "wrote")
	for (const sign of signs)
		if ((sign.applies?.(policy) ?? true) && sign.pattern.test(output)) return sign.reason
	if ([...policy.hiddenPaths, ...policy.hiddenFiles].some((hidden) => output.includes(hidden)))
		return "it used Cairn's storage or a credential store, which the sandbox hides"
	// /tmp and /run are the command's own: a path there outside the workspace does not exist in it.
	if (
		cwd !== undefined &&
		missing.test(output) &&
		namedPaths(output, cwd).some(
			(named) => inPrivateArea(named) && !isInside(policy.workspaceRoot, named),
		)
	)
		return "it used a path outside the workspace in /tmp or /run, which the sandbox keeps private"
	return undefined
}
