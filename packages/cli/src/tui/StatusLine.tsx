import type { AgentStateInfo } from "@cairn/types"
import { Box, Text } from "ink"
import type { Usage } from "@cairn/core"
import { formatCost, formatTokens } from "../output/format.js"

const stateColors: Readonly<Record<string, string>> = {
	streaming: "cyan",
	running: "cyan",
	waiting_for_input: "yellow",
	idle: "green",
	resumable: "yellow",
	no_task: "gray",
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
	return (
		<Box>
			<Text color={stateColors[state.state]}>● {state.state.replace(/_/g, " ")}</Text>
			<Text dimColor>
				{" "}
				· {mode ?? "code"} · {formatTokens(usage.tokens.input)} in /{" "}
				{formatTokens(usage.tokens.output)} out · {formatCost(usage.cost)} · {hint}
			</Text>
		</Box>
	)
}
