import { z } from "zod"

/** What the agent can ask of a person. Names are protocol (seed 002); clients switch on them. */
export const clineAsks = [
	"followup",
	"command",
	"command_output",
	"completion_result",
	"tool",
	"api_req_failed",
	"resume_task",
	"resume_completed_task",
	"mistake_limit_reached",
	"browser_action_launch",
	"use_mcp_server",
	"auto_approval_max_req_reached",
	"budget_reached",
] as const

export const clineAskSchema = z.enum(clineAsks)
export type ClineAsk = z.infer<typeof clineAskSchema>

// The four categories of seeds 000/001. Every ask belongs to exactly one; a test pins that.

/** The task has stopped: finished, failed, or hit a limit. */
export const idleAsks = [
	"completion_result",
	"api_req_failed",
	"resume_completed_task",
	"mistake_limit_reached",
	"auto_approval_max_req_reached",
	"budget_reached",
] as const satisfies readonly ClineAsk[]

/** The task waits for an approval or an answer before it can go on. */
export const interactiveAsks = [
	"followup",
	"command",
	"tool",
	"browser_action_launch",
	"use_mcp_server",
] as const satisfies readonly ClineAsk[]

/** The task was interrupted and can be picked up again. */
export const resumableAsks = ["resume_task"] as const satisfies readonly ClineAsk[]

/** The task goes on by itself; the person may still intervene (a running command). */
export const nonBlockingAsks = ["command_output"] as const satisfies readonly ClineAsk[]

export type IdleAsk = (typeof idleAsks)[number]
export type InteractiveAsk = (typeof interactiveAsks)[number]
export type ResumableAsk = (typeof resumableAsks)[number]
export type NonBlockingAsk = (typeof nonBlockingAsks)[number]

export type AskCategory = "idle" | "interactive" | "resumable" | "nonBlocking"

const categoryByAsk: Readonly<Record<ClineAsk, AskCategory>> = Object.freeze({
	...Object.fromEntries(idleAsks.map((ask) => [ask, "idle"])),
	...Object.fromEntries(interactiveAsks.map((ask) => [ask, "interactive"])),
	...Object.fromEntries(resumableAsks.map((ask) => [ask, "resumable"])),
	...Object.fromEntries(nonBlockingAsks.map((ask) => [ask, "nonBlocking"])),
} as Record<ClineAsk, AskCategory>)

export function askCategory(ask: ClineAsk): AskCategory {
	return categoryByAsk[ask]
}

export function isIdleAsk(ask: unknown): ask is IdleAsk {
	return (idleAsks as readonly unknown[]).includes(ask)
}

export function isInteractiveAsk(ask: unknown): ask is InteractiveAsk {
	return (interactiveAsks as readonly unknown[]).includes(ask)
}

export function isResumableAsk(ask: unknown): ask is ResumableAsk {
	return (resumableAsks as readonly unknown[]).includes(ask)
}

export function isNonBlockingAsk(ask: unknown): ask is NonBlockingAsk {
	return (nonBlockingAsks as readonly unknown[]).includes(ask)
}
