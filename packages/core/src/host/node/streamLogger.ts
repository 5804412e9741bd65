import { appendFileSync, mkdirSync } from "node:fs"
import path from "node:path"
import type { Logger } from "../Host.js"

export type LogLevel = "debug" | "info" | "warn" | "error"

const rank: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 }

/** Detail fields whose values must never reach a log, whoever passes them by mistake. */
const sensitiveKey = /key|token|secret|password|authorization|credential/i

export function redactDetails(details: Record<string, unknown>): Record<string, unknown> {
	return Object.fromEntries(
		Object.entries(details).map(([key, value]) => [key, sensitiveKey.test(key) ? "[redacted]" : value]),
	)
}

export function formatLogLine(level: LogLevel, message: string, details?: Record<string, unknown>): string {
	const suffix = details === undefined ? "" : ` ${safeJson(redactDetails(details))}`
	return `${new Date().toISOString()} ${level.toUpperCase()} ${message}${suffix}\n`
}

function safeJson(value: unknown): string {
	try {
		return JSON.stringify(value)
	} catch {
		return "[details not serializable]"
	}
}

/** Writes one line per entry at or above `minLevel`; a failing sink never breaks the caller. */
export class LineLogger implements Logger {
	constructor(
		private readonly write: (line: string) => void,
		private readonly minLevel: LogLevel = "info",
	) {}

	debug(message: string, details?: Record<string, unknown>): void {
		this.log("debug", message, details)
	}
	info(message: string, details?: Record<string, unknown>): void {
		this.log("info", message, details)
	}
	warn(message: string, details?: Record<string, unknown>): void {
		this.log("warn", message, details)
	}
	error(message: string, details?: Record<string, unknown>): void {
		this.log("error", message, details)
	}

	private log(level: LogLevel, message: string, details?: Record<string, unknown>): void {
		if (rank[level] < rank[this.minLevel]) return
		try {
			this.write(formatLogLine(level, message, details))
		} catch {
			// Logging is best effort: a full disk must not fail the task being logged.
		}
	}
}

/** Warnings and errors to stderr: what a terminal user should see without asking for it. */
export function createStderrLogger(minLevel: LogLevel = "warn"): Logger {
	return new LineLogger((line) => process.stderr.write(line), minLevel)
}

/**
 * Appends to a file (the CLI's --debug log). Synchronous appends keep lines whole and in order
 * even when the process dies right after logging, which is when the log matters most.
 */
export function createFileLogger(file: string, minLevel: LogLevel = "debug"): Logger {
	mkdirSync(path.dirname(file), { recursive: true })
	return new LineLogger((line) => appendFileSync(file, line, { mode: 0o600 }), minLevel)
}
