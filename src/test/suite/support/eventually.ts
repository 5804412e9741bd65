/** Polls `probe` until it returns a value or the time is up (then returns undefined). */
export async function eventually<T>(probe: () => T | undefined, timeoutMs = 5000): Promise<T | undefined> {
	const deadline = Date.now() + timeoutMs
	for (;;) {
		const value = probe()
		if (value !== undefined || Date.now() > deadline) return value
		await new Promise((resolve) => setTimeout(resolve, 50))
	}
}
