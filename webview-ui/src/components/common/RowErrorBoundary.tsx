import { Component, type ReactNode } from "react"

interface Props {
	children: ReactNode
	/** Shown instead of a row that failed to render. */
	fallback: ReactNode
	/** When it changes (a new version of the message), the row gets another chance. */
	resetKey: unknown
}

interface State {
	failed: boolean
	resetKey: unknown
}

/**
 * A row that throws while rendering (a payload nobody foresaw) is replaced by its fallback; the
 * rest of the transcript stays usable. React offers error boundaries only as class components.
 */
export class RowErrorBoundary extends Component<Props, State> {
	override state: State = { failed: false, resetKey: this.props.resetKey }

	static getDerivedStateFromError(): Partial<State> {
		return { failed: true }
	}

	static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
		return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey }
	}

	override render(): ReactNode {
		return this.state.failed ? this.props.fallback : this.props.children
	}
}
