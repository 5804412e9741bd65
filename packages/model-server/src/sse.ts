/** One Server-Sent Event; the blank line that ends it is part of the chunk. */
export function sseEvent(data: string, event?: string): string {
	return (event === undefined ? "" : `event: ${event}\n`) + `data: ${data}\n\n`
}
