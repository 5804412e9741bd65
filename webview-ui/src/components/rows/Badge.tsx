export function Badge({ text, tone = "default" }: { text: string; tone?: "default" | "warning" }) {
	return <span className={`badge badge-${tone}`}>{text}</span>
}
