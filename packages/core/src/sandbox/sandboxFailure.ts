import type { SandboxPolicy } from "./sandboxPolicy.js"

interface Sign {
	pattern: RegExp
	reason: string
	/** Only with this policy does the sign point at the sandbox. */
	applies?: (policy: SandboxPolicy) => boolean
}

const signs: Sign[] = [
	{ pattern: /^bwrap: /m, reason: "the sandbox could not be set up" },
	{
		pattern: /read-only file system|\bEROFS\b/i,
		reason: "it wrote outside the workspace, which is read-only in the sandbox",
	},
	{
		pattern:
			/network is unreachable|\bENETUNREACH\b|could not resolve host|temporary failure in name resolution|\bEAI_AGAIN\b|name or service not known|connection refused|\bECONNREFUSED\b/i,
		reason: "it used the network, which is off in the sandbox",
		applies: (policy) => !policy.allowNetwork,
	},
]

/**
 * Why a failed sandboxed command probably failed because of the sandbox, read from its output;
 * undefined when nothing points there (then the failure is the command's own).
 */
export function sandboxFailure(output: string, policy: SandboxPolicy): string | undefined {
	for (const sign of signs)
		if ((sign.applies?.(policy) ?? true) && sign.pattern.test(output)) return sign.reason
	if (policy.hiddenPaths.some((folder) => output.includes(folder)))
		return "it used Cairn's storage, which is hidden in the sandbox"
	return undefined
}
