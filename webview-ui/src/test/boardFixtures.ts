import type { ClineMessage, TaskCard } from "@cairn/types"
import { fromHost } from "./fixtures"

// Cards as the host sends them, so board tests read as what the person sees.

const createdAt = 1_760_000_000_000

export function card(taskId: string, overrides: Partial<TaskCard> = {}): TaskCard {
	return {
		taskId,
		title: `Task ${taskId}`,
		mode: "code",
		profileName: "Claude",
		modelId: "claude-test",
		state: "running",
		createdAt,
		cost: 0,
		...overrides,
	}
}

/** A card in a worktree of its own, finished, with changes to land. */
export function doneInWorktree(taskId: string, overrides: Partial<TaskCard> = {}): TaskCard {
	return card(taskId, {
		state: "done",
		endedAt: createdAt + 65_000,
		cost: 0.12,
		changes: { files: 3, added: 42, removed: 7 },
		worktree: {
			name: taskId,
			branch: `cairn/${taskId}`,
			base: "main",
			path: `/tmp/worktrees/${taskId}`,
			index: 1,
		},
		...overrides,
	})
}

export function waitingOn(taskId: string, ask: ClineMessage, overrides: Partial<TaskCard> = {}): TaskCard {
	return card(taskId, { state: "waiting", waitingOn: ask, ...overrides })
}

/** The host's whole board, newest first, as it answers `requestTaskBoard`. */
export function showBoard(cards: TaskCard[], limit = 4): void {
	fromHost({ type: "taskBoard", cards, running: 0, limit })
}

export function updateCard(updated: TaskCard): void {
	fromHost({ type: "taskCardUpdated", card: updated })
}
