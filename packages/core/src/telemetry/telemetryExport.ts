import type { TelemetrySettings } from "@cairn/types"
import type { Logger } from "../host/Host.js"
import { exportConfig, type TelemetryRun } from "./exportConfig.js"
import type { OtlpSession } from "./otlpSession.js"
import type { TaskAbout } from "./taskSpans.js"
import type { TaskTelemetry } from "./taskTelemetry.js"

export interface TelemetryExportOptions {
	settings: () => TelemetrySettings
	/** The run's own export, whatever the settings say (the CLI's --otel-endpoint). */
	run?: TelemetryRun
	/** Every key this process may send requests with: taken out of whatever is exported. */
	secrets: () => Promise<readonly (string | undefined)[]>
	version: string
	logger: Logger
}

/** The longest a task's end or the process's exit waits for the collector. */
const closeTimeoutMs = 3_000

/**
 * The export the person turned on, if any. The OpenTelemetry SDK is loaded the first time a task
 * is made while the export is on, never before: a Cairn that exports nothing never reads it.
 * A change of endpoint (or of what may be sent) applies to the tasks made after it; the runs of
 * tasks made before it end there (marked unfinished) and send nothing more.
 */
export class TelemetryExport {
	private session: { key: string; started: Promise<OtlpSession | undefined> } | undefined

	constructor(private readonly options: TelemetryExportOptions) {}

	/** The telemetry of a new task; undefined while the export is off. */
	async forTask(about: TaskAbout): Promise<TaskTelemetry | undefined> {
		const config = exportConfig(this.options.settings(), this.options.run)
		if (config === undefined) return undefined
		const key = JSON.stringify(config)
		if (this.session?.key !== key) {
			const previous = this.session
			this.session = {
				key,
				started: import("./otlpSession.js").then(
					({ OtlpSession }) => new OtlpSession(config, this.options.version, this.options.logger),
					(error: unknown) => {
						this.options.logger.error("OpenTelemetry could not be loaded; nothing is exported", {
							error: String(error),
						})
						return undefined
					},
				),
			}
			if (previous) void previous.started.then((session) => session && bounded(session.shutdown()))
		}
		const session = await this.session.started
		return session?.forTask(about, await this.options.secrets())
	}

	/** Sends what is left and stops exporting; bounded, so a collector that does not answer never holds the exit. */
	async close(): Promise<void> {
		const session = this.session
		this.session = undefined
		if (session === undefined) return
		await bounded(session.started.then((started) => started?.shutdown()))
	}
}

/** Settles when `work` does or after closeTimeoutMs, whichever comes first. */
async function bounded(work: Promise<void>): Promise<void> {
	let timer: NodeJS.Timeout | undefined
	const timeout = new Promise<void>((resolve) => {
		timer = setTimeout(resolve, closeTimeoutMs)
		timer.unref()
	})
	try {
		await Promise.race([work.catch(() => undefined), timeout])
	} finally {
		clearTimeout(timer)
	}
}
