import { useTranslation } from "react-i18next"
import type { CommandFileProblem, SlashCommandView } from "@cairn/types"
import { commandFileProblemText } from "./commandFileProblemText"
import "./slash.css"

export interface SlashCommandMenuProps {
	id: string
	commands: readonly SlashCommandView[]
	/** The index of the highlighted command (the one Enter or Tab picks). */
	active: number
	optionId: (index: number) => string
	onPick: (command: SlashCommandView) => void
	onHover: (index: number) => void
	/** The command files left out, and why. */
	problems: readonly CommandFileProblem[]
}

/**
 * The list of slash commands above the chat box. Focus stays in the box (it owns the keyboard
 * and points at the highlighted option with aria-activedescendant), so a click must not take it.
 */
export function SlashCommandMenu(props: SlashCommandMenuProps) {
	const { t } = useTranslation("chat")
	return (
		<div className="slash-menu">
			<ul id={props.id} role="listbox" aria-label={t("slash.label")} className="slash-menu-list">
				{props.commands.map((command, index) => (
					<li
						key={command.name}
						id={props.optionId(index)}
						role="option"
						aria-selected={index === props.active}
						className={index === props.active ? "slash-menu-option active" : "slash-menu-option"}
						title={
							command.file
								? t("slash.withFile", {
										description: command.description,
										file: command.file,
									})
								: command.description
						}
						onMouseDown={(event) => event.preventDefault()}
						onMouseEnter={() => props.onHover(index)}
						onClick={() => props.onPick(command)}
					>
						<span className="slash-menu-name">/{command.name}</span>
						{command.argumentHint && (
							<span className="slash-menu-hint">{command.argumentHint}</span>
						)}
						<span className="slash-menu-description">{command.description}</span>
						<span className="slash-menu-source">
							{t(`slash.source.${command.source}`)}
							{command.namespace !== undefined && `:${command.namespace}`}
						</span>
						{command.shadows && (
							<span className="slash-menu-shadows">
								{t("slash.shadows", { files: command.shadows.join(", ") })}
							</span>
						)}
					</li>
				))}
			</ul>
			{props.problems.length > 0 && (
				<div className="slash-menu-problems">
					{props.problems.map((problem) => (
						<div key={problem.text}>
							{t("slash.leftOut", { problem: commandFileProblemText(problem, t) })}
						</div>
					))}
				</div>
			)}
		</div>
	)
}
