/** ANSI styling for people's terminals; a no-op when colour is off (pipes, NO_COLOR). */
export interface Style {
	dim(text: string): string
	bold(text: string): string
	red(text: string): string
	green(text: string): string
	yellow(text: string): string
	cyan(text: string): string
}

const wrap = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`

export function createStyle(enabled: boolean): Style {
	if (!enabled) {
		const plain = (text: string) => text
		return { dim: plain, bold: plain, red: plain, green: plain, yellow: plain, cyan: plain }
	}
	return {
		dim: wrap(2, 22),
		bold: wrap(1, 22),
		red: wrap(31, 39),
		green: wrap(32, 39),
		yellow: wrap(33, 39),
		cyan: wrap(36, 39),
	}
}

/** Colour when writing to a terminal, unless NO_COLOR asks otherwise (https://no-color.org). */
export function colorWanted(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
	return stream.isTTY === true && (env.NO_COLOR === undefined || env.NO_COLOR === "")
}
