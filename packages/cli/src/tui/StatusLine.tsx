import type { AgentStateInfo } from "@cairn/types"
import { Box, Text } from "ink"
import type { Usage } from "@cairn/core"
import { t, type CliMessageKey } from "../i18n/cliI18n.js"
import { costText, formatTokens } from "../output/format.js"

const stateColors: Readonly<Record<string, string>> = {
	streaming: "cyan",
	running: "cyan",
	waiting_for_input: "yellow",
	idle: "green",
	resumable: "yellow",
	no_task: "gray",
}

const stateNames: Readonly<Record<AgentStateInfo["state"], CliMessageKey>> = {
	streaming: "tui.stateStreaming",
	running: "tui.stateRunning",
	waiting_for_input: "tui.stateWaiting",
	idle: "tui.stateIdle",
	resumable: "tui.stateResumable",
	no_task: "tui.stateNoTask",
}

/** One line under the chat: agent state, mode, tokens, cost and the keys that matter now. */
export function StatusLine({
	state,
	mode,
	usage,
	hint,
}: {
	state: AgentStateInfo
	mode: string | undefined
	usage: Usage
	hint: string
}) {
	// A mode's slug, as the person types it in /mode; a task starts in code mode.
	const modeSlug = mode ?? "code"
	return (
		<Box>
			<Text color={stateColors[state.state]}>● {t(stateNames[state.state])}</Text>
			<Text dimColor>
				{" "}
				· {modeSlug} ·{" "}
				{t("tui.usage", {
					input: formatTokens(usage.tokens.input),
					output: formatTokens(usage.tokens.output),
				})}{" "}
				· {costText(usage.cost, usage.unpriced ?? 0)} · {hint}
			</Text>
		</Box>
	)
}
