const reference = /\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g

export type Expanded = { ok: true; value: string } | { ok: false; missing: string }

/**
 * Replaces every `${env:NAME}` in `text` with the variable's value. A variable that is not set
 * is a mistake to report, never an empty string: a server started with a blank key fails in
 * ways far from the cause.
 */
export function expandEnv(text: string, env: NodeJS.ProcessEnv): Expanded {
	let missing: string | undefined
	const value = text.replace(reference, (whole, name: string) => {
		const found = env[name]
		if (found === undefined) {
			missing ??= name
			return whole
		}
		return found
	})
	return missing === undefined ? { ok: true, value } : { ok: false, missing }
}
