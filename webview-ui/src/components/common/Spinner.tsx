import { Icon } from "./Icon"

/** A busy indicator that says what is going on to assistive technology. */
export function Spinner({ label }: { label: string }) {
	return (
		<span className="spinner" role="status" aria-label={label} title={label}>
			<Icon name="loading" spin />
		</span>
	)
}
