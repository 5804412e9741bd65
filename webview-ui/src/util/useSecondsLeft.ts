import { useEffect, useState } from "react"
import { secondsLeft } from "./format"

/** Seconds until `untilMs`, ticking once a second; the timer stops when it reaches 0. */
export function useSecondsLeft(untilMs: number): number {
	const [now, setNow] = useState(() => Date.now())
	const left = secondsLeft(untilMs, now)
	const counting = left > 0
	useEffect(() => {
		if (!counting) return
		const timer = setInterval(() => setNow(Date.now()), 1000)
		return () => clearInterval(timer)
	}, [counting])
	return left
}
