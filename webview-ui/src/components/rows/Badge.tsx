export type BadgeTone = "default" | "warning" | "error" | "success" | "muted"

export function Badge({ text, tone = "default" }: { text: string; tone?: BadgeTone }) {
	return <span className={`badge badge-${tone}`}>{text}</span>
}
