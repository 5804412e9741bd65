import type { CardWorktree } from "@cairn/types"
import { useTranslation } from "react-i18next"
import { Icon } from "../common/Icon"

/**
 * A worktree whose repository setup (.cairn/worktree.json) did not run as written: refused,
 * invalid or failed. Its task works there all the same, without what the setup would have done.
 */
export function CardSetup({ setup }: { setup: NonNullable<CardWorktree["setup"]> }) {
	const { t } = useTranslation("board")
	const text =
		setup.outcome === "notAllowed"
			? t("card.setupNotAllowed")
			: setup.outcome === "invalid"
				? t("card.setupInvalid")
				: setup.exitCode === undefined
					? t("card.setupFailed")
					: t("card.setupFailedCode", { code: setup.exitCode })
	return (
		<p className="task-card-meta card-setup" role="note">
			<Icon name="warning" /> {text}
		</p>
	)
}
