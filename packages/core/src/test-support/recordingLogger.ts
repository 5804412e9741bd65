import type { Logger } from "../host/Host.js"

export interface LogEntry {
	level: "debug" | "info" | "warn" | "error"
	message: string
	details?: Record<string, unknown>
}

/** A Logger that keeps its entries in memory, so a test can assert what was reported. */
export function recordingLogger(): Logger & { entries: LogEntry[] } {
	const entries: LogEntry[] = []
	const at =
		(level: LogEntry["level"]) =>
		(message: string, details?: Record<string, unknown>): void => {
			entries.push({ level, message, details })
		}
	return { entries, debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") }
}
