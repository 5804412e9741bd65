import type { ChildProcess } from "node:child_process"

/** Calls `onLine` with each whole line the child writes to stdout, as it arrives. */
export function onChildLines(child: ChildProcess, onLine: (line: string) => void): void {
	let buffer = ""
	child.stdout?.on("data", (chunk: Buffer) => {
		buffer += chunk.toString()
		let newline: number
		while ((newline = buffer.indexOf("\n")) >= 0) {
			const line = buffer.slice(0, newline)
			buffer = buffer.slice(newline + 1)
			onLine(line)
		}
	})
}
