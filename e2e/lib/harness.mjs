// A minimal sequential test runner: each test gets a deadline, failures are reported with
// their error and never stop the run, and the caller gets counts for the closing line.

export function createSuite(name) {
	const tests = []
	return {
		test(title, fn, { timeoutMs = 30_000 } = {}) {
			tests.push({ title, fn, timeoutMs })
		},
		/** `onFailure(title, index)` may add what the page showed to the report (a screenshot, its rows). */
		async run({ onFailure } = {}) {
			const results = []
			for (const { title, fn, timeoutMs } of tests) {
				const started = Date.now()
				const index = results.length + 1
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
					const seen = await onFailure?.(title, index).catch((e) => `(could not look: ${e})`)
					if (seen) console.log(`    what the page showed:\n    ${seen.split("\n").join("\n    ")}`)
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
