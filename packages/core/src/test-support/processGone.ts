/**
 * Resolves once `pid` no longer exists: `process.kill(pid, 0)` throws ESRCH. An orphan's zombie
 * lasts until init reaps it, so this waits for that (a ceiling, not a sleep) rather than
 * checking once.
 */
export async function processGone(pid: number, timeoutMs = 10_000): Promise<void> {
	const deadline = Date.now() + timeoutMs
	for (;;) {
		try {
			process.kill(pid, 0)
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code === "ESRCH") return
			throw error
		}
		if (Date.now() > deadline) throw new Error(`process ${pid} is still there`)
		await new Promise((resolve) => setTimeout(resolve, 20))
	}
}
