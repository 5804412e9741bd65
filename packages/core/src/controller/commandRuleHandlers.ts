import { clineAskCommandSchema, safeParseJson } from "@cairn/types"
import type { Handler } from "./handlerContext.js"
import { offeredAllowRules } from "../approval/narrowestAllowRule.js"
import { CairnIgnore } from "../workspace/ignoreRules.js"
import { resolveWorkspacePath } from "../workspace/workspacePaths.js"
import { textFor } from "./personText.js"
import { broadcastSettings } from "./profileHandlers.js"

/**
 * "Always allow" on a command ask. The rules are worked out again here from the command the ask
 * holds, with the settings as they are now, and saved only when they are the ones the person was
 * shown: what a client sends never becomes a rule. Then the command runs as Run would run it.
 */
export const commandRuleHandlers: { alwaysAllowCommand: Handler<"alwaysAllowCommand"> } = {
	alwaysAllowCommand: async (context, message, reply) => {
		const t = textFor(context)
		const failed = (error: string) =>
			reply({ type: "error", code: "failed", error, inReplyTo: message.type })
		const task = context.currentTask
		const ask =
			task?.waitingAskTs === message.ts ? task.messages.find((row) => row.ts === message.ts) : undefined
		const parsed =
			ask?.ask === "command" ? safeParseJson(clineAskCommandSchema, ask.text ?? "") : undefined
		if (task === undefined || parsed?.success !== true) return failed(t("commandRules.noWaitingAsk"))
		const command = parsed.data
		const root = context.host.workspaceRoot
		const folder = await resolveWorkspacePath(root, command.cwd || ".")
		const settings = await context.settingsStore.settled()
		const rules =
			folder.ok && !folder.path.isOutsideWorkspace
				? await offeredAllowRules(settings, command, {
						workspaceRoot: root,
						cwd: folder.path.absolute,
						ignore: await CairnIgnore.load(root),
					})
				: undefined
		if (rules === undefined || rules.join("\n") !== message.rules.join("\n"))
			return failed(t("commandRules.ruleChanged"))
		await context.settingsStore.addAllowedCommands(rules)
		await broadcastSettings(context)
		task.handleWebviewAskResponse("yesButtonClicked")
	},
}
