export interface IconProps {
	/** A codicon name, e.g. "check" for `codicon-check`. */
	name: string
	className?: string
	spin?: boolean
}

/** A codicon. Decorative: whatever it stands for must be said in text or an aria-label nearby. */
export function Icon({ name, className, spin = false }: IconProps) {
	const classes = ["codicon", `codicon-${name}`, spin && "codicon-modifier-spin", className]
	return <span className={classes.filter(Boolean).join(" ")} aria-hidden="true" />
}
