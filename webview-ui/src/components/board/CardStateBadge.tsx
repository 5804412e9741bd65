import type { TaskCardState } from "@cairn/types"
import { useTranslation } from "react-i18next"
import { Icon } from "../common/Icon"

const icons: Record<TaskCardState, string> = {
	queued: "clock",
	blocked: "link",
	running: "loading",
	waiting: "bell-dot",
	interrupted: "debug-pause",
	done: "check",
	failed: "error",
	landed: "git-merge",
	discarded: "trash",
}

/** A card's state in a word, with its own icon and theme colour (board.css). */
export function CardStateBadge({ state }: { state: TaskCardState }) {
	const { t } = useTranslation("board")
	return (
		<span className={`card-state card-state-${state}`}>
			<Icon name={icons[state]} spin={state === "running"} />
			<span>{t(`state.${state}`)}</span>
		</span>
	)
}
