import { type UserHookCommand, type UserHookEvent, type UserHookMatcher, type UserHooks } from "@cairn/types"
import type { RepositoryConsent } from "../../consent/repositoryConsent.js"
import { resultText } from "../../tools/support/toolResults.js"
import { isDestructiveTool } from "../toolClassifier.js"
import type { HookRun, InjectedContext, ToolCall, ToolHook, ToolRunOutcome } from "../toolHook.js"
import { hookMatches } from "./hookMatcher.js"
import { runHookCommand, type HookCommandResult } from "./runHookCommand.js"
import { loadUserHooks, userHooksFile, type UserHooksConfig } from "./userHooksConfig.js"

/** The exit code with which a hook says no (the convention Claude Code and Copilot hooks use). */
const blockingExitCode = 2

export interface UserHookEnvironment {
	workspaceRoot: string
	/** Whether the person agreed to the workspace's hooks file; the settings' hooks need no consent. */
	consent: RepositoryConsent
	/** The hooks of the settings; the workspace's `.cairn/hooks.json` adds to them. */
	fromSettings: Parameters<typeof loadUserHooks>[1]
	/** The active intent, sent to hooks in a governed workspace. */
	intentId: string | undefined
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

function run(
	hook: UserHookCommand,
	stdin: string,
	runContext: HookRun,
	env: UserHookEnvironment,
): Promise<HookCommandResult> {
	return runHookCommand(hook.command, {
		cwd: env.workspaceRoot,
		stdin,
		timeoutMs: hook.timeout * 1000,
		signal: runContext.signal,
		env: { CAIRN_WORKSPACE: env.workspaceRoot },
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

function preToolUse(hook: UserHookCommand, env: UserHookEnvironment): ToolHook {
	return {
		name: hook.command,
		async before(call, runContext) {
			const answer = answerOf(
				await run(hook, eventJson("PreToolUse", call, runContext, env), runContext, env),
			)
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

function postToolUse(hook: UserHookCommand, env: UserHookEnvironment): ToolHook {
	return {
		name: hook.command,
		async before(call, runContext) {
			return {
				after: async (outcome) => {
					const stdin = eventJson("PostToolUse", call, runContext, env, outcome)
					const answer = answerOf(await run(hook, stdin, runContext, env))
					if (answer.kind === "failed") throw new Error(answer.error)
					// The tool already ran: a "no" cannot stop it, but what the hook says reaches the model.
					return printed(answer.kind === "no" ? answer.stderr : answer.stdout)
				},
			}
		},
	}
}

const matching = (groups: readonly UserHookMatcher[], toolName: string) =>
	groups.filter((group) => hookMatches(group.matcher, toolName)).flatMap((group) => group.hooks)

const hasHooks = (hooks: UserHooks) => hooks.PreToolUse.length > 0 || hooks.PostToolUse.length > 0

/** Says, once, that the workspace's hooks were left out and how to let them run. */
function notRunNotice(toolName: string): ToolHook {
	return {
		name: userHooksFile,
		async before(_, runContext) {
			runContext.show({
				kind: "notRun",
				hook: userHooksFile,
				toolName,
				reason:
					"This workspace's hooks run commands from the repository, so they run only after you agree to that file. " +
					"In VS Code, accept the question about them; in the CLI, pass --trust-workspace-hooks. " +
					"You are asked again whenever the file changes.",
			})
			return {}
		},
	}
}

/** The hooks that may run: the settings' always; the workspace file's only with consent to its content. */
async function permittedHooks(
	config: Extract<UserHooksConfig, { ok: true }>,
	call: ToolCall,
	env: UserHookEnvironment,
): Promise<{ hooks: UserHooks; notice?: ToolHook }> {
	const { fromSettings, fromFile } = config
	if (fromFile === undefined || !hasHooks(fromFile.hooks)) return { hooks: fromSettings }
	const decision = await env.consent.decide({
		kind: "workspaceHooks",
		workspaceRoot: env.workspaceRoot,
		file: userHooksFile,
		content: fromFile.content,
	})
	if (!decision.allowed)
		return { hooks: fromSettings, ...(decision.first && { notice: notRunNotice(call.name) }) }
	return {
		hooks: {
			PreToolUse: [...fromSettings.PreToolUse, ...fromFile.hooks.PreToolUse],
			PostToolUse: [...fromSettings.PostToolUse, ...fromFile.hooks.PostToolUse],
		},
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
	const { hooks, notice } = await permittedHooks(config, call, env)
	return [
		...(notice ? [notice] : []),
		...matching(hooks.PreToolUse, call.name).map((hook) => preToolUse(hook, env)),
		...matching(hooks.PostToolUse, call.name).map((hook) => postToolUse(hook, env)),
	]
}
