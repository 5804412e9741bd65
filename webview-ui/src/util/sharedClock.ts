import { useSyncExternalStore } from "react"

// One timer for every view that shows a running time (the board's cards): it ticks once a second
// while at least one of them is mounted, and stops with the last. A card that shows a time
// re-renders only that time, not itself.

const listeners = new Set<() => void>()
let now = Date.now()
let timer: ReturnType<typeof setInterval> | undefined

function subscribe(listener: () => void): () => void {
	listeners.add(listener)
	if (timer === undefined) {
		now = Date.now()
		timer = setInterval(() => {
			now = Date.now()
			for (const notify of listeners) notify()
		}, 1000)
	}
	return () => {
		listeners.delete(listener)
		if (listeners.size === 0 && timer !== undefined) {
			clearInterval(timer)
			timer = undefined
		}
	}
}

/** The time now, updated once a second by the one shared timer. */
export function useNow(): number {
	return useSyncExternalStore(subscribe, () => now)
}
