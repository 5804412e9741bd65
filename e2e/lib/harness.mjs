// A minimal sequential test runner: each test gets a deadline, failures are reported with
// their error and never stop the run, and the caller gets counts for the closing line.

export function createSuite(name) {
	const tests = []
	return {
		test(title, fn, { timeoutMs = 30_000 } = {}) {
			tests.push({ title, fn, timeoutMs })
		},
		async run() {
			const results = []
			for (const { title, fn, timeoutMs } of tests) {
				const started = Date.now()
				let timer
				try {
					await Promise.race([
						fn(),
						new Promise((_, reject) => {
							timer = setTimeout(
								() => reject(new Error(`timed out after ${timeoutMs} ms`)),
								timeoutMs,
							)
						}),
					])
					results.push({ title, ok: true })
					console.log(`  ✓ ${name}: ${title} (${Date.now() - started} ms)`)
				} catch (error) {
					results.push({ title, ok: false, error })
					console.log(`  ✗ ${name}: ${title} (${Date.now() - started} ms)\n    ${indent(error)}`)
				} finally {
					clearTimeout(timer)
				}
			}
			return results
		},
	}
}

function indent(error) {
	const text = error instanceof Error ? (error.stack ?? error.message) : String(error)
	return text.split("\n").slice(0, 12).join("\n    ")
}
