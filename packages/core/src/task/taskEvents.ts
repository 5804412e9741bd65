import type { TokenUsage, ToolName, ToolUsage } from "@cairn/types"
import type { TranscriptChange } from "./transcript.js"

/** What a Task reports about itself; the Controller turns these into protocol messages and API events. */
export interface TaskEvents {
	message: [change: TranscriptChange]
	taskStarted: []
	taskModeSwitched: [mode: string]
	taskPaused: []
	taskUnpaused: []
	taskAskResponded: []
	taskAborted: []
	taskCompleted: [tokenUsage: TokenUsage, toolUsage: ToolUsage]
	taskTokenUsageUpdated: [tokenUsage: TokenUsage]
	taskToolFailed: [toolName: ToolName, error: string]
	taskActive: []
	taskInteractive: []
	taskIdle: []
	taskResumable: []
}
