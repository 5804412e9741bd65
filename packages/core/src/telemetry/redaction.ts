/** Shorter strings than this are not treated as keys: "[redacted]" in place of every "a" would say nothing. */
const shortestSecret = 8

/**
 * Takes every known key out of a text bound for the collector. A key can reach a prompt (the
 * person pasted it), a file the agent read or a command's output; none of it may leave with it.
 */
export class Redaction {
	private readonly secrets: readonly string[]

	constructor(secrets: readonly (string | undefined)[]) {
		this.secrets = [...new Set(secrets)]
			.filter((secret): secret is string => secret !== undefined && secret.length >= shortestSecret)
			// The longest first: a key containing another is taken out whole.
			.sort((a, b) => b.length - a.length)
	}

	text(text: string): string {
		let clean = text
		for (const secret of this.secrets) clean = clean.split(secret).join("[redacted]")
		return clean
	}
}
