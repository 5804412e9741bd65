import { useTranslation } from "react-i18next"
import { currentTodo } from "@cairn/types"
import { useState } from "react"
import { useWebviewStore } from "../../../state/store"
import { saveTodos } from "../../../state/todoActions"
import { Icon } from "../../common/Icon"
import { IconButton } from "../../common/IconButton"
import { TodoListBody } from "../../rows/tool/TodoListBody"
import { TodoListEditor } from "./TodoListEditor"
import "./todos.css"

/**
 * The task's todo list in the task header: one line (how much is done, the current step) that
 * opens to the whole list, and an editor in which the person changes it. Nothing while the task
 * keeps no list.
 */
export function TaskTodos() {
	const { t } = useTranslation("chat")
	const state = useWebviewStore((s) => s.todos)
	const [open, setOpen] = useState(false)
	const [editing, setEditing] = useState(false)
	if (state === undefined) return null
	const { todos } = state
	const current = currentTodo(todos)

	return (
		<div className="task-todos">
			<div className="task-todos-top">
				<button
					type="button"
					className="task-todos-summary"
					aria-expanded={open || editing}
					onClick={() => setOpen((o) => !o)}
				>
					<Icon name={open || editing ? "chevron-down" : "chevron-right"} />
					<span className="task-todos-progress">
						{t("todos.progress", {
							done: todos.filter((todo) => todo.status === "completed").length,
							total: todos.length,
						})}
					</span>
					{current !== undefined && (
						<span className="task-todos-current" title={current.content}>
							{t(current.status === "in_progress" ? "todos.now" : "todos.next", {
								step: current.content,
							})}
						</span>
					)}
				</button>
				{!editing && (
					<IconButton
						icon="edit"
						label={t("todos.edit")}
						onClick={() => {
							setEditing(true)
							setOpen(true)
						}}
					/>
				)}
			</div>
			{editing ? (
				<TodoListEditor
					todos={todos}
					onSave={(list) => {
						saveTodos(list)
						setEditing(false)
					}}
					onCancel={() => setEditing(false)}
				/>
			) : (
				open && <TodoListBody todos={todos} />
			)}
		</div>
	)
}
