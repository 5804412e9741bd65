import { Box, Text } from "ink"
import { clipLines } from "../output/toolSummary.js"

const colorOf = (line: string): string | undefined => {
	if (line.startsWith("+++") || line.startsWith("---")) return undefined
	if (line.startsWith("+")) return "green"
	if (line.startsWith("-")) return "red"
	if (line.startsWith("@@")) return "cyan"
	return undefined
}

/** A unified diff (a new file's lines all marked "+") with added and removed lines coloured. */
export function DiffView({ body, maxLines }: { body: string; maxLines: number }) {
	const lines = clipLines(body, maxLines).split("\n")
	return (
		<Box flexDirection="column" marginLeft={2}>
			{lines.map((line, i) => (
				<Text key={i} color={colorOf(line)} dimColor={line.startsWith("…")}>
					{line === "" ? " " : line}
				</Text>
			))}
		</Box>
	)
}
