import { readFile, readdir } from "node:fs/promises"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"

/**
 * Where the form page's controls are, in viewport pixels (the page places them absolutely):
 * the centre of the name field and of the Send button.
 */
export const formPoints = { field: "120,35", send: "350,35" }

const page = `<!doctype html>
<html><head><title>Form</title></head>
<body style="margin:0">
<form id="form">
	<input id="name" name="name" style="position:absolute;left:20px;top:20px;width:200px;height:30px;box-sizing:border-box">
	<button type="submit" style="position:absolute;left:300px;top:20px;width:100px;height:30px">Send</button>
</form>
<p id="greeting" style="position:absolute;left:20px;top:80px;font:24px sans-serif"></p>
<div style="height:4000px"></div>
<script>
	console.log("form ready")
	document.getElementById("form").addEventListener("submit", (event) => {
		event.preventDefault()
		const name = document.getElementById("name").value
		document.getElementById("greeting").textContent = "Hello, " + name
		console.log("submitted " + name)
		history.pushState({}, "", "/done?name=" + encodeURIComponent(name))
	})
</script>
</body></html>`

/** A page with a form, served on 127.0.0.1: submitting greets the name typed and logs it. */
export async function serveFormPage(): Promise<{ url: string; close(): Promise<void> }> {
	const server = createServer((_request, response) => {
		response.writeHead(200, { "content-type": "text/html; charset=utf-8" })
		response.end(page)
	})
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
	const { port } = server.address() as AddressInfo
	return {
		url: `http://127.0.0.1:${port}/`,
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections()
				server.close(() => resolve())
			}),
	}
}

/** The Chromium processes this process started (their parent is us), by pid. */
export async function chromiumChildren(): Promise<number[]> {
	const pids: number[] = []
	for (const entry of await readdir("/proc")) {
		if (!/^\d+$/.test(entry)) continue
		const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => "")
		// "pid (comm) state ppid ...": comm may hold spaces, so read from its closing parenthesis.
		const close = stat.lastIndexOf(")")
		const comm = stat.slice(stat.indexOf("(") + 1, close)
		const ppid = Number(stat.slice(close + 2).split(" ")[1])
		if (ppid === process.pid && /chrom/i.test(comm)) pids.push(Number(entry))
	}
	return pids
}
