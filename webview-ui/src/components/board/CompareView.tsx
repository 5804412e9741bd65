import type { TaskCard } from "@cairn/types"
import { useTranslation } from "react-i18next"
import { useShallow } from "zustand/react/shallow"
import { discardCard, reviewCard, runCardChecks } from "../../state/boardActions"
import { useWebviewStore } from "../../state/store"
import { formatCost } from "../../util/format"
import { IconButton } from "../common/IconButton"
import { LandChoices } from "./CardActions"
import { CardChanges } from "./CardChanges"
import { CardElapsed } from "./CardElapsed"
import { cardOffers } from "./cardOffers"
import { CardStateBadge } from "./CardStateBadge"
import { PendingDiscard } from "./PendingDiscard"

/** A column's name: the profile and model the card ran with. */
const nameOf = (card: TaskCard) => [card.profileName, card.modelId].filter(Boolean).join(" · ") || card.taskId

/** A result one may keep over the others: finished, or already landed. */
const keepable = (card: TaskCard) => card.state === "done" || card.state === "landed"

/** Discards every other card of the group that still holds work; the host asks about any loss first. */
function discardOthers(cards: readonly TaskCard[], kept: TaskCard): void {
	for (const card of cards) if (card !== kept && cardOffers(card).discard) discardCard(card.taskId)
}

/** A column's actions: review, checks, land, discard this one, or keep it and discard the others. */
function CompareActions({ card, cards }: { card: TaskCard; cards: readonly TaskCard[] }) {
	const { t } = useTranslation("board")
	const offers = cardOffers(card)
	const othersToDiscard = cards.some((other) => other !== card && cardOffers(other).discard)
	return (
		<>
			<div className="card-actions" role="group" aria-label={nameOf(card)}>
				{offers.review && (
					<IconButton
						icon="git-compare"
						label={t("action.review")}
						onClick={() => reviewCard(card.taskId)}
					/>
				)}
				{offers.runChecks && (
					<IconButton
						icon="beaker"
						label={t("action.runChecks")}
						onClick={() => runCardChecks(card.taskId)}
					/>
				)}
				{offers.discard && (
					<IconButton
						icon="trash"
						label={t("action.discard")}
						onClick={() => discardCard(card.taskId)}
					/>
				)}
			</div>
			{offers.land && <LandChoices taskId={card.taskId} />}
			{keepable(card) && othersToDiscard && (
				<button type="button" className="button secondary" onClick={() => discardOthers(cards, card)}>
					{t("compare.discardOthers", { name: nameOf(card) })}
				</button>
			)}
		</>
	)
}

/**
 * Best of N side by side: the cards started from one prompt, with their diffs' size, cost, time
 * and checks. Land one, discard the rest; a discard that would lose work waits for the person's
 * confirmation as it does on a card.
 */
export function CompareView({ group, onClose }: { group: string; onClose: () => void }) {
	const { t } = useTranslation("board")
	const cards = useWebviewStore(
		useShallow((s) =>
			s.board.order.flatMap((id) => {
				const card = s.board.cards[id]
				return card?.group === group ? [card] : []
			}),
		),
	)
	const title = cards[0]?.title ?? ""
	return (
		<section className="board-compare" aria-label={t("compare.label", { title })}>
			<div className="board-compare-head">
				<h3>{t("compare.label", { title })}</h3>
				<IconButton icon="close" label={t("compare.close")} onClick={onClose} />
			</div>
			{cards.length === 0 ? (
				<p className="muted">{t("compare.none")}</p>
			) : (
				<div className="board-compare-scroll">
					<table className="board-compare-table">
						<thead>
							<tr>
								<th scope="col">
									<span className="visually-hidden">{t("compare.what")}</span>
								</th>
								{cards.map((card) => (
									<th key={card.taskId} scope="col">
										{nameOf(card)}
									</th>
								))}
							</tr>
						</thead>
						<tbody>
							<tr>
								<th scope="row">{t("compare.state")}</th>
								{cards.map((card) => (
									<td key={card.taskId}>
										<CardStateBadge state={card.state} />
									</td>
								))}
							</tr>
							<tr>
								<th scope="row">{t("compare.changes")}</th>
								{cards.map((card) => (
									<td key={card.taskId}>
										{card.changes ? (
											<CardChanges changes={card.changes} />
										) : (
											<span className="muted">–</span>
										)}
									</td>
								))}
							</tr>
							<tr>
								<th scope="row">{t("compare.cost")}</th>
								{cards.map((card) => (
									<td key={card.taskId}>{formatCost(card.cost)}</td>
								))}
							</tr>
							<tr>
								<th scope="row">{t("compare.time")}</th>
								{cards.map((card) => (
									<td key={card.taskId}>
										<CardElapsed
											createdAt={card.createdAt}
											{...(card.endedAt !== undefined && { endedAt: card.endedAt })}
										/>
									</td>
								))}
							</tr>
							<tr>
								<th scope="row">{t("compare.checks")}</th>
								{cards.map((card) => (
									<td key={card.taskId}>
										{card.checks ? (
											t(`checks.${card.checks.state}`)
										) : (
											<span className="muted">–</span>
										)}
									</td>
								))}
							</tr>
							<tr>
								<th scope="row">{t("compare.actions")}</th>
								{cards.map((card) => (
									<td key={card.taskId}>
										<CompareActions card={card} cards={cards} />
									</td>
								))}
							</tr>
						</tbody>
					</table>
				</div>
			)}
			{cards.map((card) => (
				<div key={card.taskId} className="board-compare-pending">
					<PendingDiscard taskId={card.taskId} name={nameOf(card)} />
				</div>
			))}
		</section>
	)
}
