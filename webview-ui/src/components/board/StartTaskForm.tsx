import { gitRefSchema, worktreeNameSchema, type TaskCard, type TaskPlace } from "@cairn/types"
import { useState, type FormEvent, type KeyboardEvent } from "react"
import { useTranslation } from "react-i18next"
import { useShallow } from "zustand/react/shallow"
import { initRepository, startBoardTask } from "../../state/boardActions"
import { useWebviewStore } from "../../state/store"

/** Best of N: how many profiles one prompt may go to. */
const minProfiles = 2
const maxProfiles = 4

type Until = "done" | "landed"

const linkable = (state: TaskCard["state"]) => state !== "discarded" && state !== "failed"

/** Cards a new one may wait for (any that can still finish or land), by id and title. */
function useLinkableCards(): { taskId: string; title: string }[] {
	const ids = useWebviewStore(
		useShallow((s) => s.board.order.filter((id) => linkable(s.board.cards[id]?.state ?? "discarded"))),
	)
	const titles = useWebviewStore(useShallow((s) => ids.map((id) => s.board.cards[id]?.title ?? id)))
	return ids.map((taskId, i) => ({ taskId, title: titles[i] ?? taskId }))
}

/**
 * Starts a task from the board: in place or in a new worktree (from a base, with a name, both
 * optional), in a mode, once or as best of N (one card per chosen profile, each in its own
 * worktree), now or after another card is done or landed.
 */
export function StartTaskForm({ onStarted }: { onStarted: () => void }) {
	const { t } = useTranslation("board")
	const modes = useWebviewStore((s) => s.modes.modes)
	const currentMode = useWebviewStore((s) => s.mode)
	const profiles = useWebviewStore((s) => s.settings.profiles)
	const linkableCards = useLinkableCards()
	const [text, setText] = useState("")
	const worktreesUnavailable = useWebviewStore((s) => s.board.worktreesUnavailable)
	const [inWorktree, setInWorktree] = useState(true)
	const [base, setBase] = useState("")
	const [name, setName] = useState("")
	const [mode, setMode] = useState(currentMode)
	const [bestOf, setBestOf] = useState(false)
	const [chosen, setChosen] = useState<readonly string[]>([])
	const [after, setAfter] = useState("")
	const [until, setUntil] = useState<Until>("done")

	const baseError = base !== "" && !gitRefSchema.safeParse(base).success
	const nameError = name !== "" && !worktreeNameSchema.safeParse(name).success
	// Where worktrees cannot be made, tasks run in place: side by side, sharing the files.
	const bestOfN = bestOf && worktreesUnavailable === undefined
	const worktree = worktreesUnavailable === undefined && (inWorktree || bestOfN)
	const countError = bestOfN && (chosen.length < minProfiles || chosen.length > maxProfiles)
	const invalid = text.trim() === "" || (worktree && (baseError || nameError)) || countError

	const toggleProfile = (id: string, on: boolean) =>
		setChosen((ids) => (on ? [...ids, id] : ids.filter((other) => other !== id)))

	const submit = (event: FormEvent | KeyboardEvent) => {
		event.preventDefault()
		if (invalid) return
		const place: TaskPlace = worktree
			? { kind: "worktree", ...(base !== "" && { base }), ...(name !== "" && { name }) }
			: { kind: "inPlace" }
		startBoardTask({
			text: text.trim(),
			place,
			mode,
			...(bestOfN && { profileIds: [...chosen] }),
			...(after !== "" && { after: { taskId: after, until } }),
		})
		setText("")
		onStarted()
	}

	return (
		<form className="board-start" aria-label={t("start.label")} onSubmit={submit}>
			<textarea
				className="text-input board-start-text"
				aria-label={t("start.text")}
				placeholder={t("start.textPlaceholder")}
				rows={3}
				value={text}
				onChange={(event) => setText(event.target.value)}
				onKeyDown={(event) => {
					// Enter writes a new line in a task; Ctrl+Enter (Cmd+Enter) starts it.
					if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) submit(event)
				}}
				autoFocus
			/>
			<fieldset className="board-start-place">
				<legend>{t("start.place")}</legend>
				<label>
					<input
						type="radio"
						name="place"
						checked={!worktree}
						disabled={bestOfN}
						onChange={() => setInWorktree(false)}
					/>{" "}
					{t("start.inPlace")}
				</label>
				<label>
					<input
						type="radio"
						name="place"
						checked={worktree}
						disabled={worktreesUnavailable !== undefined}
						onChange={() => setInWorktree(true)}
					/>{" "}
					{t("start.inWorktree")}
				</label>
				{worktreesUnavailable !== undefined && (
					<div className="board-start-no-worktrees">
						<p>{worktreesUnavailable.reason}</p>
						{worktreesUnavailable.notARepository && (
							<button type="button" className="button secondary" onClick={initRepository}>
								{t("start.initRepository")}
							</button>
						)}
					</div>
				)}
				{worktree && (
					<div className="board-start-worktree">
						<input
							type="text"
							className="text-input"
							aria-label={t("start.base")}
							placeholder={t("start.basePlaceholder")}
							aria-invalid={baseError}
							value={base}
							onChange={(event) => setBase(event.target.value.trim())}
						/>
						<input
							type="text"
							className="text-input"
							aria-label={t("start.name")}
							placeholder={t("start.namePlaceholder")}
							aria-invalid={nameError}
							value={name}
							onChange={(event) => setName(event.target.value.trim())}
						/>
						{(baseError || nameError) && (
							<p className="input-error" role="alert">
								{baseError ? t("start.badBase") : t("start.badName")}
							</p>
						)}
					</div>
				)}
			</fieldset>
			<label className="board-start-field">
				<span>{t("start.mode")}</span>
				<select className="select" value={mode} onChange={(event) => setMode(event.target.value)}>
					{!modes.some((m) => m.slug === mode) && <option value={mode}>{mode}</option>}
					{modes.map((m) => (
						<option key={m.slug} value={m.slug}>
							{m.name}
						</option>
					))}
				</select>
			</label>
			{profiles.length >= minProfiles && (
				<fieldset className="board-start-best">
					<legend>
						<label>
							<input
								type="checkbox"
								checked={bestOfN}
								disabled={worktreesUnavailable !== undefined}
								onChange={(event) => setBestOf(event.target.checked)}
							/>{" "}
							{t("start.bestOf")}
						</label>
					</legend>
					{bestOfN && (
						<>
							<p className="muted">
								{t("start.bestOfHint", { min: minProfiles, max: maxProfiles })}
							</p>
							{profiles.map((profile) => (
								<label key={profile.id} className="board-start-profile">
									<input
										type="checkbox"
										checked={chosen.includes(profile.id)}
										disabled={
											!chosen.includes(profile.id) && chosen.length >= maxProfiles
										}
										onChange={(event) => toggleProfile(profile.id, event.target.checked)}
									/>{" "}
									{profile.name} · {profile.provider.modelId}
								</label>
							))}
						</>
					)}
				</fieldset>
			)}
			<div className="board-start-after">
				<label className="board-start-field">
					<span>{t("start.after")}</span>
					<select
						className="select"
						value={after}
						onChange={(event) => setAfter(event.target.value)}
					>
						<option value="">{t("start.afterNone")}</option>
						{linkableCards.map((card) => (
							<option key={card.taskId} value={card.taskId}>
								{card.title}
							</option>
						))}
					</select>
				</label>
				{after !== "" && (
					<label className="board-start-field">
						<span>{t("start.until")}</span>
						<select
							className="select"
							value={until}
							onChange={(event) =>
								setUntil(event.target.value === "landed" ? "landed" : "done")
							}
						>
							<option value="done">{t("start.untilDone")}</option>
							<option value="landed">{t("start.untilLanded")}</option>
						</select>
					</label>
				)}
			</div>
			<div className="board-start-buttons">
				<button type="submit" className="button primary" disabled={invalid}>
					{bestOfN ? t("start.submitBestOf", { count: chosen.length }) : t("start.submit")}
				</button>
			</div>
		</form>
	)
}
