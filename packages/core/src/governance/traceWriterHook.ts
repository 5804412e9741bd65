import path from "node:path"
import { declaredPaths, isDestructiveTool } from "../hooks/toolClassifier.js"
import type { ToolHook, ToolRunOutcome } from "../hooks/toolHook.js"
import { resolveWorkspacePath, type ResolvedPath } from "../workspace/workspacePaths.js"
import { appendTraceRecord, sha256OfFile, type TraceRecord } from "./agentTrace.js"
import type { GovernanceSession } from "./governanceSession.js"
import { orchestrationFiles } from "./orchestrationFiles.js"

const shown = (target: ResolvedPath) => (target.isOutsideWorkspace ? target.absolute : target.relative)

function outcomeOf(outcome: ToolRunOutcome): TraceRecord["outcome"] {
	if (outcome.cancelled) return "cancelled"
	return outcome.result === undefined || outcome.result.isError ? "failed" : "completed"
}

/**
 * Around every destructive tool in a governed workspace: hashes the files it names before it
 * runs and after, and appends what happened to the agent trace. A call the person turned down
 * changed nothing and leaves no line.
 */
export function traceWriterHook(session: GovernanceSession): ToolHook {
	const traceFile = path.join(session.workspaceRoot, orchestrationFiles.trace)
	return {
		name: "TraceWriterHook",
		async before(call, run) {
			if (!isDestructiveTool(call.name)) return {}
			if ((await session.state()).kind !== "on") return {}
			const targets: ResolvedPath[] = []
			for (const requested of declaredPaths(call.name, call.input)) {
				const resolved = await resolveWorkspacePath(session.workspaceRoot, requested)
				if (resolved.ok) targets.push(resolved.path)
			}
			const before = await Promise.all(targets.map((t) => sha256OfFile(t.absolute)))
			const intentId = session.activeIntentId ?? null
			const { command, cwd } = call.input
			return {
				after: async (outcome) => {
					if (outcome.rejected) return undefined
					const after = await Promise.all(targets.map((t) => sha256OfFile(t.absolute)))
					const exit = outcome.result?.commandExit
					await appendTraceRecord(traceFile, {
						time: new Date().toISOString(),
						task_id: run.taskId,
						intent_id: intentId,
						tool: call.name,
						tool_use_id: call.id,
						model_id: run.modelId,
						outcome: outcomeOf(outcome),
						paths: targets.map((target, i) => ({
							path: shown(target),
							sha256_before: before[i] ?? null,
							sha256_after: after[i] ?? null,
						})),
						...(typeof command === "string" && { command }),
						...(typeof cwd === "string" && { cwd }),
						...(typeof command === "string" && { exit_code: exit?.exitCode ?? null }),
					})
					return undefined
				},
			}
		},
	}
}
