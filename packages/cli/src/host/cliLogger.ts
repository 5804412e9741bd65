import path from "node:path"
import { createFileLogger, createStderrLogger, type Logger } from "@cairn/core"

export const debugLogFileName = "cli-debug.log"

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {} }

/** Replaces every known secret value in log text, wherever in a message or its details it appears. */
export class RedactingLogger implements Logger {
	private readonly secrets: string[]

	constructor(
		private readonly inner: Logger,
		secrets: readonly (string | undefined)[],
	) {
		// Very short values would blank out ordinary words; real keys are long.
		this.secrets = secrets.filter((s): s is string => s !== undefined && s.length >= 8)
	}

	debug(message: string, details?: Record<string, unknown>): void {
		this.inner.debug(this.text(message), details && this.details(details))
	}
	info(message: string, details?: Record<string, unknown>): void {
		this.inner.info(this.text(message), details && this.details(details))
	}
	warn(message: string, details?: Record<string, unknown>): void {
		this.inner.warn(this.text(message), details && this.details(details))
	}
	error(message: string, details?: Record<string, unknown>): void {
		this.inner.error(this.text(message), details && this.details(details))
	}

	private text(value: string): string {
		let text = value
		for (const secret of this.secrets) text = text.split(secret).join("[redacted]")
		return text
	}

	private details(details: Record<string, unknown>): Record<string, unknown> {
		return this.value(details, 0) as Record<string, unknown>
	}

	private value(value: unknown, depth: number): unknown {
		if (typeof value === "string") return this.text(value)
		if (depth > 8 || value === null || typeof value !== "object") return value
		if (Array.isArray(value)) return value.map((item) => this.value(item, depth + 1))
		return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.value(v, depth + 1)]))
	}
}

/** Both loggers get every entry (the debug file and the terminal's warnings). */
function teeLogger(a: Logger, b: Logger): Logger {
	return {
		debug: (m, d) => (a.debug(m, d), b.debug(m, d)),
		info: (m, d) => (a.info(m, d), b.info(m, d)),
		warn: (m, d) => (a.warn(m, d), b.warn(m, d)),
		error: (m, d) => (a.error(m, d), b.error(m, d)),
	}
}

export interface CliLoggerOptions {
	/** -d/--debug: everything goes to $CAIRN_HOME/cli-debug.log. */
	debug: boolean
	cairnHome: string
	/** Warnings may go to stderr (not while the TUI owns the terminal). */
	stderr: boolean
	/** Values that must never appear in a log line (API keys). */
	secrets: readonly (string | undefined)[]
}

/**
 * The logger of a command that holds no key (a listing, the stored tasks, a fleet's parent): its
 * warnings on stderr, and everything in the debug log with --debug.
 */
export const commandLogger = (options: { debug: boolean; cairnHome: string }): Logger =>
	createCliLogger({ debug: options.debug, cairnHome: options.cairnHome, stderr: true, secrets: [] })

export function createCliLogger(options: CliLoggerOptions): Logger {
	const terminal = options.stderr ? createStderrLogger("warn") : silent
	const logger = options.debug
		? teeLogger(createFileLogger(path.join(options.cairnHome, debugLogFileName), "debug"), terminal)
		: terminal
	return new RedactingLogger(logger, options.secrets)
}
