import type { BackgroundCommandRow, BackgroundStopper, ClineMessage, CommandExitInfo } from "@cairn/types"
import type { RunningCommand } from "../host/Host.js"
import type { Transcript } from "../task/transcript.js"
import { commandExitInfo } from "./commandExitInfo.js"
import type { CommandLog } from "./commandLog.js"

/** What a background row shows of the output: the newest part, enough to see a server's state. */
const rowOutputChars = 8_000

export interface TaskCommandsOptions {
	/** At most one row update per this long while output streams (the end is shown at once). */
	rowIntervalMs?: number
	/** How many logs of finished commands whose output was cut are kept for reading in full. */
	keptLogs?: number
}

/** A command the agent can name by id: one running on in the background, or a finished one's log. */
export interface NamedCommand {
	readonly id: string
	readonly command: string
	readonly log: CommandLog
	/** Whether it runs in the background (else it ended in the foreground and only its log is kept). */
	readonly background: boolean
	/** Undefined while it runs. */
	readonly exit: CommandExitInfo | undefined
	readonly stoppedBy: BackgroundStopper | undefined
}

interface Entry extends NamedCommand {
	running: RunningCommand | undefined
	exit: CommandExitInfo | undefined
	stoppedBy: BackgroundStopper | undefined
	cwd: string | undefined
	rowTs: number | undefined
	rowTimer: NodeJS.Timeout | undefined
	ended: Promise<void>
}

/**
 * The commands of one task the agent can still name: those running on in the background (each
 * shown as a `background_command` row with its newest output, until it ends) and the logs of
 * finished commands whose output was cut for the model. Background commands end with the task:
 * `stopAll` when it completes, is cancelled, closed or deleted.
 */
export class TaskCommands {
	private readonly entries = new Map<string, Entry>()
	private nextId = 1
	private readonly rowIntervalMs: number
	private readonly keptLogs: number

	constructor(
		private readonly rows: Pick<Transcript, "append" | "update">,
		options: TaskCommandsOptions = {},
	) {
		this.rowIntervalMs = options.rowIntervalMs ?? 500
		this.keptLogs = options.keptLogs ?? 3
	}

	/** Lets a started command run on while the task goes on: its row appears; returns its id. */
	runOn(command: string, cwd: string | undefined, running: RunningCommand, log: CommandLog): string {
		const id = this.newId()
		const entry: Entry = {
			id,
			command,
			cwd,
			log,
			background: true,
			running,
			exit: undefined,
			stoppedBy: undefined,
			rowTs: undefined,
			rowTimer: undefined,
			ended: Promise.resolve(),
		}
		entry.ended = running.done.then((exit) => {
			entry.exit = commandExitInfo(exit, entry.stoppedBy !== undefined)
			entry.running = undefined
			clearTimeout(entry.rowTimer)
			log.compact()
			this.showRow(entry)
		})
		this.entries.set(id, entry)
		entry.rowTs = this.rows.append(
			{ type: "say", say: "background_command" },
			{ text: JSON.stringify(rowOf(entry)) },
		).ts
		log.onChange(() => this.scheduleRow(entry))
		return id
	}

	/** Keeps a finished command's log so the agent can read in full what it was shown cut; returns its id. */
	keep(command: string, exit: CommandExitInfo, log: CommandLog): string {
		log.compact()
		const id = this.newId()
		const entry: Entry = {
			id,
			command,
			cwd: undefined,
			log,
			background: false,
			running: undefined,
			exit,
			stoppedBy: undefined,
			rowTs: undefined,
			rowTimer: undefined,
			ended: Promise.resolve(),
		}
		this.entries.set(id, entry)
		const kept = [...this.entries.values()].filter((e) => !e.background)
		for (const old of kept.slice(0, Math.max(kept.length - this.keptLogs, 0))) this.entries.delete(old.id)
		return id
	}

	find(id: string): NamedCommand | undefined {
		return this.entries.get(id.trim())
	}

	/** The background commands still running. */
	get running(): NamedCommand[] {
		return [...this.entries.values()].filter((entry) => entry.running !== undefined)
	}

	/**
	 * For the environment details: one line per background command still running (its id and
	 * command line); undefined while the task never started one, so no task pays for the section.
	 */
	runningLines(): string[] | undefined {
		const background = [...this.entries.values()].filter((entry) => entry.background)
		if (background.length === 0) return undefined
		return background
			.filter((entry) => entry.running !== undefined)
			.map((entry) => `${entry.id}: ${entry.command}`)
	}

	/** Ends a background command and what it started; resolves once it has ended. */
	async stop(id: string, by: BackgroundStopper): Promise<NamedCommand | undefined> {
		const entry = this.entries.get(id.trim())
		if (entry === undefined) return undefined
		if (entry.running !== undefined) {
			entry.stoppedBy = by
			entry.running.kill()
		}
		await entry.ended
		return entry
	}

	/** The task ended: every background command is ended (see `settled` for when they have). */
	stopAll(): void {
		for (const entry of this.entries.values()) void this.stop(entry.id, "task")
	}

	/**
	 * Resolves once every command asked to stop has ended and its last row is shown: a run that
	 * reports its task's end reports this too. Commands still running on are not waited for.
	 */
	async stopped(): Promise<void> {
		const stopping = [...this.entries.values()].filter((entry) => entry.stoppedBy !== undefined)
		await Promise.all(stopping.map((entry) => entry.ended))
	}

	/** Resolves once no background command runs any more. */
	async settled(): Promise<void> {
		await Promise.all([...this.entries.values()].map((entry) => entry.ended))
	}

	private newId(): string {
		return `cmd_${this.nextId++}`
	}

	private scheduleRow(entry: Entry): void {
		if (entry.rowTimer !== undefined || entry.running === undefined) return
		entry.rowTimer = setTimeout(() => {
			entry.rowTimer = undefined
			this.showRow(entry)
		}, this.rowIntervalMs)
		entry.rowTimer.unref()
	}

	/**
	 * Updates the row: partial while the command runs (a server can print for hours; only its
	 * start and its end reach the task's journal, and clients get the updates coalesced), final
	 * once it has ended.
	 */
	private showRow(entry: Entry): void {
		if (entry.rowTs === undefined) return
		const fields: Partial<ClineMessage> = {
			text: JSON.stringify(rowOf(entry)),
			partial: entry.running !== undefined,
		}
		this.rows.update(entry.rowTs, fields)
	}
}

function rowOf(entry: Entry): BackgroundCommandRow {
	return {
		id: entry.id,
		command: entry.command,
		...(entry.cwd !== undefined && { cwd: entry.cwd }),
		state: entry.running === undefined && entry.exit !== undefined ? "ended" : "running",
		output: entry.log.tail(rowOutputChars),
		...(entry.exit !== undefined && { exit: entry.exit }),
		...(entry.stoppedBy !== undefined && { stoppedBy: entry.stoppedBy }),
	}
}
