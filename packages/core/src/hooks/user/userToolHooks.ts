import { type UserHookCommand, type UserHookEvent, type UserHookMatcher, type UserHooks } from "@cairn/types"
import type { RepositoryConsent } from "../../consent/repositoryConsent.js"
import type { CommandSandbox } from "../../sandbox/commandSandbox.js"
import { resultText } from "../../tools/support/toolResults.js"
import { isDestructiveTool } from "../toolClassifier.js"
import type { HookRun, InjectedContext, ToolCall, ToolHook, ToolRunOutcome } from "../toolHook.js"
import { hookMatches } from "./hookMatcher.js"
import { runHookCommand, type HookCommandResult } from "./runHookCommand.js"
import { loadUserHooks, userHooksFile, type UserHooksConfig } from "./userHooksConfig.js"
import {
	decideOnWorkspaceHooks,
	stillAgreed,
	withoutConsent,
	withUnknowableFiles,
} from "./workspaceHooksConsent.js"

/** The exit code with which a hook says no (the convention Claude Code and Copilot hooks use). */
const blockingExitCode = 2

/** A hook that may run, and for the workspace's hooks the content of the file it came from. */
interface PermittedHook {
	hook: UserHookCommand
	fromFileContent?: string
}

export interface UserHookEnvironment {
	workspaceRoot: string
	/** Whether the person agreed to the workspace's hooks file; the settings' hooks need no consent. */
	consent: RepositoryConsent
	/** The hooks of the settings; the workspace's `.cairn/hooks.json` adds to them. */
	fromSettings: Parameters<typeof loadUserHooks>[1]
	/** The active intent, sent to hooks in a governed workspace. */
	intentId: string | undefined
	/** The sandbox auto-approved commands run in, asked for when a hook is about to run. */
	sandbox: () => Promise<CommandSandbox>
}

/** The event a hook reads from stdin, in the shape hook scripts of other agents expect. */
function eventJson(
	event: UserHookEvent,
	call: ToolCall,
	run: HookRun,
	env: UserHookEnvironment,
	outcome?: ToolRunOutcome,
) {
	return JSON.stringify({
		hook_event_name: event,
		task_id: run.taskId,
		cwd: env.workspaceRoot,
		tool_name: call.name,
		tool_use_id: call.id,
		tool_input: call.input,
		...(env.intentId !== undefined && { intent_id: env.intentId }),
		...(outcome !== undefined && {
			tool_response: {
				is_error: outcome.result?.isError === true || outcome.result === undefined,
				rejected: outcome.rejected,
				cancelled: outcome.cancelled,
				content: outcome.result === undefined ? "" : resultText(outcome.result),
			},
		}),
	})
}

/**
 * Runs the hook in the command sandbox, as an auto-approved command would run, unless the person
 * turned the sandbox off (for every command, or for this hook in their own settings). Where the
 * sandbox is unavailable the hook does not run: it would have run unasked and uncontained.
 */
async function run(
	{ hook, fromFileContent }: PermittedHook,
	stdin: string,
	runContext: HookRun,
	env: UserHookEnvironment,
): Promise<HookCommandResult | { kind: "notRun"; reason: string }> {
	if (fromFileContent !== undefined) {
		const changed = await stillAgreed(fromFileContent, env.workspaceRoot, env.consent)
		if (changed !== undefined) return { kind: "notRun", reason: changed }
	}
	// Only the person's own hooks may leave the sandbox (the loader refuses a file that asks to).
	const ownChoice = fromFileContent === undefined && hook.sandbox === false
	const sandbox: CommandSandbox = ownChoice ? { state: "off" } : await env.sandbox()
	if (sandbox.state === "unavailable")
		return {
			kind: "notRun",
			reason:
				`It runs in the command sandbox, which is not available: ${sandbox.reason}. ` +
				'To run it unsandboxed, set "sandbox": false on it in your own settings (a repository\'s hooks cannot), ' +
				"or turn the command sandbox off in Settings.",
		}
	return runHookCommand(hook.command, {
		cwd: env.workspaceRoot,
		stdin,
		timeoutMs: hook.timeout * 1000,
		signal: runContext.signal,
		env: { CAIRN_WORKSPACE: env.workspaceRoot },
		...(sandbox.state === "ready" && { sandbox: sandbox.policy }),
	})
}

/** What a finished hook said: go on (with what it printed), no (with its stderr), or it failed. */
type HookAnswer =
	{ kind: "ok"; stdout: string } | { kind: "no"; stderr: string } | { kind: "failed"; error: string }

function answerOf(result: HookCommandResult): HookAnswer {
	if (result.kind === "failed") return result
	if (result.exitCode === 0) return { kind: "ok", stdout: result.stdout }
	if (result.exitCode === blockingExitCode) return { kind: "no", stderr: result.stderr }
	const said = result.stderr.trim()
	return { kind: "failed", error: `it exited with code ${result.exitCode}${said ? `: ${said}` : ""}` }
}

const printed = (text: string): InjectedContext | undefined =>
	text.trim() === "" ? undefined : { text: text.trim() }

function preToolUse(permitted: PermittedHook, env: UserHookEnvironment): ToolHook {
	const { hook } = permitted
	return {
		name: hook.command,
		async before(call, runContext) {
			const result = await run(
				permitted,
				eventJson("PreToolUse", call, runContext, env),
				runContext,
				env,
			)
			if (result.kind === "notRun") {
				// A guard that cannot run must not let a change through unguarded; reads go on.
				if (isDestructiveTool(call.name))
					return {
						block: {
							reason: result.reason,
							error: { error: "hook_not_run", hook: hook.command, reason: result.reason },
						},
					}
				runContext.show({
					kind: "notRun",
					hook: hook.command,
					toolName: call.name,
					reason: result.reason,
				})
				return {}
			}
			const answer = answerOf(result)
			if (answer.kind === "failed") {
				// A broken hook is shown and the tool goes on, as the hook conventions have it.
				runContext.show({
					kind: "failed",
					hook: hook.command,
					toolName: call.name,
					error: answer.error,
				})
				return {}
			}
			if (answer.kind === "no") {
				const reason = answer.stderr.trim() || `the hook exited with code ${blockingExitCode}`
				return {
					block: {
						reason,
						error: { error: "blocked_by_hook", hook: hook.command, tool: call.name, reason },
					},
				}
			}
			const context = printed(answer.stdout)
			return context === undefined ? {} : { context }
		},
	}
}

function postToolUse(permitted: PermittedHook, env: UserHookEnvironment): ToolHook {
	return {
		name: permitted.hook.command,
		async before(call, runContext) {
			return {
				after: async (outcome) => {
					const stdin = eventJson("PostToolUse", call, runContext, env, outcome)
					const result = await run(permitted, stdin, runContext, env)
					if (result.kind === "notRun") throw new Error(result.reason)
					const answer = answerOf(result)
					if (answer.kind === "failed") throw new Error(answer.error)
					// The tool already ran: a "no" cannot stop it, but what the hook says reaches the model.
					return printed(answer.kind === "no" ? answer.stderr : answer.stdout)
				},
			}
		},
	}
}

const matching = (groups: readonly UserHookMatcher[], toolName: string, fromFileContent?: string) =>
	groups
		.filter((group) => hookMatches(group.matcher, toolName))
		.flatMap((group) =>
			group.hooks.map((hook): PermittedHook => ({
				hook,
				...(fromFileContent !== undefined && { fromFileContent }),
			})),
		)

const hasHooks = (hooks: UserHooks) => hooks.PreToolUse.length > 0 || hooks.PostToolUse.length > 0

/** Says, once, that the workspace's hooks were left out and why. */
function notRunNotice(toolName: string, reason: string): ToolHook {
	return {
		name: userHooksFile,
		async before(_, runContext) {
			runContext.show({ kind: "notRun", hook: userHooksFile, toolName, reason })
			return {}
		},
	}
}

/**
 * The hooks that may run for this call, in order: the settings' always; the workspace file's only
 * with consent to its content and the files its hooks name.
 */
async function permittedHooks(
	config: Extract<UserHooksConfig, { ok: true }>,
	call: ToolCall,
	env: UserHookEnvironment,
): Promise<{ pre: PermittedHook[]; post: PermittedHook[]; notice?: ToolHook }> {
	const { fromSettings, fromFile } = config
	const own = {
		pre: matching(fromSettings.PreToolUse, call.name),
		post: matching(fromSettings.PostToolUse, call.name),
	}
	if (fromFile === undefined || !hasHooks(fromFile.hooks)) return own
	const decision = await decideOnWorkspaceHooks(fromFile, env.workspaceRoot, env.consent)
	if (!decision.allowed) {
		if (!decision.first) return own
		const reason =
			decision.unknowableFiles === undefined
				? withoutConsent
				: withUnknowableFiles(decision.unknowableFiles)
		return { ...own, notice: notRunNotice(call.name, reason) }
	}
	return {
		pre: [...own.pre, ...matching(fromFile.hooks.PreToolUse, call.name, fromFile.content)],
		post: [...own.post, ...matching(fromFile.hooks.PostToolUse, call.name, fromFile.content)],
	}
}

/**
 * The user's PreToolUse and PostToolUse hooks that apply to this call, in the order configured.
 * When the configuration is broken, tools that change things are blocked until it is fixed: a
 * guard the user set up must not silently stop guarding.
 */
export async function userToolHooks(call: ToolCall, env: UserHookEnvironment): Promise<ToolHook[]> {
	const config = await loadUserHooks(env.workspaceRoot, env.fromSettings)
	if (!config.ok) {
		if (!isDestructiveTool(call.name)) return []
		const reason = `${config.problem}. Tools that change things are blocked until it is fixed.`
		return [
			{
				name: userHooksFile,
				before: async () => ({
					block: { reason, error: { error: "hooks_unavailable", message: reason } },
				}),
			},
		]
	}
	const { pre, post, notice } = await permittedHooks(config, call, env)
	return [
		...(notice ? [notice] : []),
		...pre.map((hook) => preToolUse(hook, env)),
		...post.map((hook) => postToolUse(hook, env)),
	]
}
