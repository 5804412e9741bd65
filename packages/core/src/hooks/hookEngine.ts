import type { ToolResult } from "../tools/toolDefinition.js"
import type {
	AfterTool,
	HookBlock,
	HookRun,
	InjectedContext,
	PreToolVerdict,
	ToolCall,
	ToolHook,
} from "./toolHook.js"

/** What happened to a call once the hooks had their say. */
export type HookedCall =
	| { kind: "blocked"; hook: string; block: HookBlock }
	| {
			kind: "ran"
			/** The tool's result with the hooks' context around it, as the model gets it. */
			result: ToolResult
			rejected: boolean
	  }

/** What running the tool itself produced. */
export interface ToolExecution {
	result: ToolResult
	rejected: boolean
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * The chokepoint of seed 004: every tool call goes through `run`. Pre-tool hooks run in order;
 * the first block stops the call (a hook that throws blocks it too: a guard that cannot decide
 * must not let the call through). Injected context is shown and put before the tool's result;
 * post-tool parts run after the tool, whatever its outcome, and a failing one is shown, never
 * thrown.
 */
export class HookEngine {
	constructor(private readonly hooksFor: (call: ToolCall) => Promise<readonly ToolHook[]>) {}

	async run(call: ToolCall, run: HookRun, execute: () => Promise<ToolExecution>): Promise<HookedCall> {
		const contexts: { hook: string; context: InjectedContext }[] = []
		const afters: { hook: string; after: AfterTool }[] = []
		for (const hook of await this.hooksFor(call)) {
			let verdict: PreToolVerdict
			try {
				verdict = await hook.before(call, run)
			} catch (error) {
				if (run.signal.aborted) throw error
				verdict = { block: failedHookBlock(hook.name, error) }
			}
			if (verdict.block !== undefined) {
				if (!verdict.block.byPerson) this.showBlock(call, run, hook.name, verdict.block)
				return { kind: "blocked", hook: hook.name, block: verdict.block }
			}
			if (verdict.context !== undefined) contexts.push({ hook: hook.name, context: verdict.context })
			if (verdict.after !== undefined) afters.push({ hook: hook.name, after: verdict.after })
		}
		for (const { hook, context } of contexts) this.showContext(call, run, hook, context)

		let execution: ToolExecution
		try {
			execution = await execute()
		} catch (error) {
			await this.runAfters(call, run, afters, { rejected: false, cancelled: run.signal.aborted })
			throw error
		}
		const later = await this.runAfters(call, run, afters, {
			result: execution.result,
			rejected: execution.rejected,
			cancelled: false,
		})
		return {
			kind: "ran",
			result: surround(
				contexts.map((c) => c.context.text),
				execution.result,
				later,
			),
			rejected: execution.rejected,
		}
	}

	private async runAfters(
		call: ToolCall,
		run: HookRun,
		afters: readonly { hook: string; after: AfterTool }[],
		outcome: Parameters<AfterTool>[0],
	): Promise<string[]> {
		const contexts: string[] = []
		for (const { hook, after } of afters) {
			try {
				const context = await after(outcome)
				if (context === undefined) continue
				this.showContext(call, run, hook, context)
				contexts.push(context.text)
			} catch (error) {
				run.show({ kind: "failed", hook, toolName: call.name, error: errorText(error) })
			}
		}
		return contexts
	}

	private showContext(call: ToolCall, run: HookRun, hook: string, context: InjectedContext): void {
		run.show({
			kind: "context",
			hook,
			toolName: call.name,
			context: context.text,
			...(context.intentId !== undefined && { intentId: context.intentId }),
			...(context.intentName !== undefined && { intentName: context.intentName }),
		})
	}

	private showBlock(call: ToolCall, run: HookRun, hook: string, block: HookBlock): void {
		run.show({
			kind: "blocked",
			hook,
			toolName: call.name,
			reason: block.reason,
			...(block.intentId !== undefined && { intentId: block.intentId }),
			...(block.path !== undefined && { path: block.path }),
		})
	}
}

function failedHookBlock(hook: string, error: unknown): HookBlock {
	const reason = `The ${hook} hook failed, so the tool was not run: ${errorText(error)}`
	return { reason, error: { error: "hook_failed", hook, message: errorText(error) } }
}

/** The tool's result with the hooks' context before and after it, keeping images and the error flag. */
function surround(before: readonly string[], result: ToolResult, after: readonly string[]): ToolResult {
	if (before.length === 0 && after.length === 0) return result
	const own =
		typeof result.content === "string"
			? [{ type: "text" as const, text: result.content }]
			: result.content
	const text = (t: string) => ({ type: "text" as const, text: t })
	return { ...result, content: [...before.map(text), ...own, ...after.map(text)] }
}
