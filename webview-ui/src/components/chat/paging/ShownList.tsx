import type { ListProps } from "react-virtuoso"

/**
 * The list element of the transcript, shown as soon as it holds rows. Opening a task at its end,
 * react-virtuoso mounts no row until it has scrolled to the last one, and then keeps the list
 * hidden until no row has changed size for 150 ms: in a profile of a 10,000-message task that
 * wait was half of the first render (rows placed at ~130 ms, shown at ~290 ms). Rows that
 * measure differently from the estimate while it waits sit above the viewport, and the list
 * keeps its bottom in place as they do, so showing it early shows the same rows at the same
 * place.
 */
export function ShownList({ style, ...props }: ListProps) {
	const { visibility: _hiddenUntilSettled, ...shownStyle } = style ?? {}
	return <div {...props} style={shownStyle} />
}
