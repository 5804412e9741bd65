/** The protocol accepts http(s) URLs only. */
export function baseUrlProblem(value: string): string | undefined {
	if (value === "") return undefined
	try {
		const url = new URL(value)
		return url.protocol === "http:" || url.protocol === "https:" ? undefined : "Use an http(s) URL."
	} catch {
		return "This is not a URL."
	}
}
