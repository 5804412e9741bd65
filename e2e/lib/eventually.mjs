/**
 * Waits until `check` holds, polling; fails after `timeoutMs` with `what`. For what the page
 * cannot show, such as the model server receiving the next request.
 */
export async function eventually(check, what, timeoutMs = 20_000) {
	const deadline = Date.now() + timeoutMs
	while (!check()) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
}
