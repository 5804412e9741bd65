import { useTranslation } from "react-i18next"
import {
	editedTodoListSchema,
	maxTodoContentLength,
	maxTodoItems,
	safeParse,
	type EditedTodoList,
	type TodoItem,
	type TodoStatus,
} from "@cairn/types"
import { useState } from "react"
import { IconButton } from "../../common/IconButton"

interface DraftItem {
	/** The row's React key; new rows get one of their own until the host numbers them. */
	key: string
	id?: string
	content: string
	status: TodoStatus
}

const nextStatus: Readonly<Record<TodoStatus, TodoStatus>> = {
	pending: "in_progress",
	in_progress: "completed",
	completed: "pending",
}
const statusIcon: Readonly<Record<TodoStatus, string>> = {
	pending: "circle-large-outline",
	in_progress: "circle-large-filled",
	completed: "pass",
}

let newKeys = 0

/**
 * The person's editor for the todo list: change a step's status (a click moves it on: to do, in
 * progress, done) or text, add and delete steps. Save sends the whole list; rows left empty are
 * dropped, and a list the host would refuse is explained here instead of sent.
 */
export function TodoListEditor({
	todos,
	onSave,
	onCancel,
}: {
	todos: readonly TodoItem[]
	onSave: (list: EditedTodoList) => void
	onCancel: () => void
}) {
	const { t } = useTranslation(["chat", "common"])
	const [draft, setDraft] = useState<DraftItem[]>(() => todos.map((todo) => ({ key: todo.id, ...todo })))
	const [error, setError] = useState<string | undefined>()
	const change = (key: string, fields: Partial<DraftItem>) =>
		setDraft((items) => items.map((item) => (item.key === key ? { ...item, ...fields } : item)))

	const save = () => {
		const list = draft
			.filter((item) => item.content.trim() !== "")
			.map(({ id, content, status }) => ({
				...(id !== undefined && { id }),
				content: content.trim(),
				status,
			}))
		const checked = safeParse(editedTodoListSchema, list)
		if (!checked.success) return setError(checked.error)
		onSave(checked.data)
	}

	return (
		<form
			className="todo-editor"
			aria-label={t("todos.edit")}
			onSubmit={(event) => {
				event.preventDefault()
				save()
			}}
		>
			<ul>
				{draft.map((item, index) => (
					<li key={item.key} className={`todo-${item.status}`}>
						<IconButton
							icon={statusIcon[item.status]}
							label={t("todos.cycle", {
								number: index + 1,
								status: t(`todos.status.${item.status}`),
								next: t(`todos.status.${nextStatus[item.status]}`),
							})}
							onClick={() => change(item.key, { status: nextStatus[item.status] })}
						/>
						<input
							type="text"
							aria-label={t("todos.step", { number: index + 1 })}
							value={item.content}
							maxLength={maxTodoContentLength}
							onChange={(event) => change(item.key, { content: event.target.value })}
						/>
						<IconButton
							icon="trash"
							label={t("todos.delete", { number: index + 1 })}
							onClick={() =>
								setDraft((items) => items.filter((other) => other.key !== item.key))
							}
						/>
					</li>
				))}
			</ul>
			{error !== undefined && (
				<p className="todo-editor-error" role="alert">
					{error}
				</p>
			)}
			<div className="todo-editor-buttons">
				<IconButton
					icon="add"
					label={t("todos.addLabel")}
					text={t("todos.add")}
					disabled={draft.length >= maxTodoItems}
					onClick={() =>
						setDraft((items) => [
							...items,
							{ key: `new-${++newKeys}`, content: "", status: "pending" },
						])
					}
				/>
				<span className="todo-editor-spacer" />
				<button type="button" className="button secondary" onClick={onCancel}>
					{t("common:cancel")}
				</button>
				<button type="submit" className="button primary">
					{t("common:save")}
				</button>
			</div>
		</form>
	)
}
