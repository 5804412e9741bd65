import { useTranslation } from "react-i18next"
import type { ClineSayTool } from "@cairn/types"
import { Icon } from "../../common/Icon"

type Todos = Extract<ClineSayTool, { tool: "updateTodoList" }>["todos"]

const icons = {
	pending: "circle-large-outline",
	in_progress: "circle-large-filled",
	completed: "pass",
} as const

export function TodoListBody({ todos }: { todos: Todos }) {
	const { t } = useTranslation("rows")
	return (
		<ul className="todo-list">
			{todos.map((todo) => (
				<li key={todo.id} className={`todo todo-${todo.status}`}>
					<Icon name={icons[todo.status]} />
					<span className="visually-hidden">
						{t("todo.spoken", { status: t(`todo.${todo.status}`) })}
					</span>
					{todo.content}
				</li>
			))}
		</ul>
	)
}
