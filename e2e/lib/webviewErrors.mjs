// Uncaught errors and console.error output of Cairn's webviews, told apart from the
// workbench's own chatter (which logs offline marketplace failures and the like).

function decoded(text) {
	try {
		return decodeURIComponent(text)
	} catch {
		return text
	}
}

/** Whether a script URL or stack belongs to one of the extension's webviews. */
function fromWebview(text, extensionId) {
	const plain = decoded(text)
	return plain.includes(`extensionId=${extensionId}`) || plain.includes("/webview-ui/build/")
}

export function watchWebviewErrors(page, extensionId) {
	const errors = []
	page.on("pageerror", (error) => {
		if (fromWebview(error.stack ?? "", extensionId))
			errors.push(`uncaught: ${error.stack ?? error.message}`)
	})
	page.on("console", (message) => {
		if (message.type() === "error" && fromWebview(message.location().url, extensionId))
			errors.push(`console.error: ${message.text()}`)
	})
	return {
		errors,
		/** Throws when a webview reported an error since the page opened. */
		assertNone() {
			if (errors.length > 0) throw new Error(`the webview reported errors:\n${errors.join("\n")}`)
		},
	}
}
