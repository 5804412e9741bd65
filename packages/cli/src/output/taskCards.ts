import type { TaskCard } from "@cairn/types"
import { jsonLine } from "@cairn/core"
import type { OutputFormat } from "../cli/commandLine.js"
import { t, type CliMessageKey } from "../i18n/cliI18n.js"
import { formatCost, formatDuration } from "./format.js"
import { formatColumns } from "./table.js"

/** How long a card's task has run: until it stopped, or until `now` while it runs. */
export function formatElapsed(card: TaskCard, now: number): string {
	return formatDuration((card.endedAt ?? now) - card.createdAt)
}

const stateKeys: Record<TaskCard["state"], CliMessageKey> = {
	queued: "board.stateQueued",
	blocked: "board.stateBlocked",
	running: "board.stateRunning",
	waiting: "board.stateWaiting",
	interrupted: "board.stateInterrupted",
	done: "board.stateDone",
	failed: "board.stateFailed",
	landed: "board.stateLanded",
	discarded: "board.stateDiscarded",
}

/** A card's state as the table says it; a task of another process says so. */
function stateOf(card: TaskCard): string {
	const state = t(stateKeys[card.state])
	return card.elsewhere === true ? t("board.elsewhere", { state }) : state
}

/**
 * `cairn tasks`: the board's cards, newest first. JSON is the array of cards as the board has
 * them (`TaskCard` of @cairn/types); stream-json one `task_card` line per card; text a table
 * whose `#` a command may take instead of the id.
 */
export function formatTaskCards(cards: readonly TaskCard[], format: OutputFormat, now: number): string {
	if (format === "json") return jsonLine(cards)
	if (format === "stream-json") return cards.map((card) => jsonLine({ type: "task_card", card })).join("")
	if (cards.length === 0) return `${t("board.none")}\n`
	const rows = cards.map((card, index) => [
		String(index + 1),
		card.taskId.slice(0, 8),
		stateOf(card),
		(card.title.split("\n")[0] ?? "").slice(0, 60),
		card.mode,
		card.modelId ?? "",
		formatCost(card.cost),
		formatElapsed(card, now),
		card.changes === undefined
			? ""
			: t("board.changes", {
					files: card.changes.files,
					added: card.changes.added,
					removed: card.changes.removed,
				}),
		card.worktree?.branch ?? "",
	])
	const header = [
		"#",
		t("board.colId"),
		t("board.colState"),
		t("board.colTask"),
		t("board.colMode"),
		t("board.colModel"),
		t("board.colCost"),
		t("board.colElapsed"),
		t("board.colChanges"),
		t("board.colBranch"),
	]
	return `${formatColumns([header, ...rows]).join("\n")}\n`
}
