import type { TaskCard } from "@cairn/types"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import {
	cancelCard,
	discardCard,
	landCard,
	openCardChat,
	resumeCard,
	reviewCard,
	runCardChecks,
	type LandHow,
} from "../../state/boardActions"
import { IconButton } from "../common/IconButton"
import { cardOffers } from "./cardOffers"

const landings: readonly { how: LandHow; icon: string }[] = [
	{ how: "merge", icon: "git-merge" },
	{ how: "apply", icon: "diff-multiple" },
	{ how: "pullRequest", icon: "git-pull-request" },
]

/** The three ways to land a card's work, each named for what it does to the person's branch. */
export function LandChoices({ taskId }: { taskId: string }) {
	const { t } = useTranslation("board")
	return (
		<div className="card-land" role="group" aria-label={t("action.land")}>
			{landings.map(({ how, icon }) => (
				<IconButton
					key={how}
					icon={icon}
					label={t(`land.${how}`)}
					text={t(`land.${how}Short`)}
					onClick={() => landCard(taskId, how)}
				/>
			))}
		</div>
	)
}

/** What the person can do with a card now; the host checks each again when it comes. */
export function CardActions({ card, onCompare }: { card: TaskCard; onCompare?: () => void }) {
	const { t } = useTranslation("board")
	const [landing, setLanding] = useState(false)
	const offers = cardOffers(card)
	const { taskId } = card
	return (
		<>
			<div className="card-actions" role="group" aria-label={t("action.group")}>
				<IconButton
					icon="comment-discussion"
					label={t("action.openChat")}
					onClick={() => openCardChat(taskId)}
				/>
				{offers.cancel && (
					<IconButton
						icon="debug-stop"
						label={t("action.cancel")}
						onClick={() => cancelCard(taskId)}
					/>
				)}
				{offers.resume && (
					<IconButton
						icon="debug-continue"
						label={t("action.resume")}
						onClick={() => resumeCard(taskId)}
					/>
				)}
				{offers.review && (
					<IconButton
						icon="git-compare"
						label={t("action.review")}
						onClick={() => reviewCard(taskId)}
					/>
				)}
				{offers.runChecks && (
					<IconButton
						icon="beaker"
						label={t("action.runChecks")}
						onClick={() => runCardChecks(taskId)}
					/>
				)}
				{onCompare !== undefined && (
					<IconButton icon="split-horizontal" label={t("action.compare")} onClick={onCompare} />
				)}
				{offers.land && (
					<IconButton
						icon="git-merge"
						label={t("action.land")}
						aria-expanded={landing}
						onClick={() => setLanding(!landing)}
					/>
				)}
				{offers.discard && (
					<IconButton
						icon="trash"
						label={t("action.discard")}
						onClick={() => discardCard(taskId)}
					/>
				)}
			</div>
			{offers.land && landing && <LandChoices taskId={taskId} />}
		</>
	)
}
