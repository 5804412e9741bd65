import type { CommandExitInfo } from "@cairn/types"
import type { CommandExit } from "../host/Host.js"

/** How a command ended, as its rows show it; `stopped` when Cairn or the person ended it. */
export function commandExitInfo(exit: CommandExit, stopped: boolean): CommandExitInfo {
	return {
		...(exit.exitCode !== undefined && { exitCode: exit.exitCode }),
		...(exit.signal !== undefined && { signal: exit.signal }),
		...(exit.timedOut && { timedOut: true }),
		...(stopped && { stopped: true }),
	}
}
