import "./youngGeneration.js"

/**
 * The `cairn` binary. A second SIGINT while the first is being handled (the task is being
 * cancelled and saved) exits at once.
 */
let signalHandler: ((signal: "SIGINT" | "SIGTERM") => void) | undefined
let signalled = false
const onSignal = (signal: "SIGINT" | "SIGTERM") => {
	if (signalled || signalHandler === undefined) process.exit(signal === "SIGTERM" ? 143 : 130)
	signalled = true
	signalHandler(signal)
}
process.on("SIGINT", () => onSignal("SIGINT"))
process.on("SIGTERM", () => onSignal("SIGTERM"))
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
	// The reader went away (`cairn ... | head`): nothing more can be shown.
	if (error.code === "EPIPE") process.exit(0)
})

// Imported once the young generation is settled (youngGeneration.ts): a static import would be
// evaluated first, and the command line's modules allocate enough to make it grow.
const { main } = await import("./cli/main.js")
const code = await main({
	argv: process.argv.slice(2),
	env: process.env,
	cwd: process.cwd(),
	stdin: process.stdin,
	stdout: process.stdout,
	stderr: process.stderr,
	onSignal: (handler) => (signalHandler = handler),
})
// Open sockets (HTTP keep-alive) and stdin must not keep a finished run alive.
process.stdout.write("", () => process.exit(code))
