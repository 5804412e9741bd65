import { useCallback, useEffect, useRef, useState, type RefObject } from "react"
import type { VirtuosoHandle } from "react-virtuoso"

/** How close to the end still counts as at the bottom, in pixels (the list's own threshold). */
export const bottomThreshold = 48

/**
 * Whether the transcript follows its end: on while the person is at the bottom, off only once they
 * scroll up themselves. react-virtuoso follows new rows, but a row that grows later (an answer
 * streaming in, a subtask's result rendered after its parent came back) leaves the bottom behind
 * and, from then on, the list stops following: the next row, the parent's result, lands under
 * "Jump to latest". Growth does not move the scroll position up and the person scrolling does,
 * which is how the two are told apart. A task opened anew starts at its end, following.
 */
export function useFollowLatest(
	list: RefObject<VirtuosoHandle | null>,
	taskId: string | undefined,
	paused: boolean,
) {
	const [state, setState] = useState({ taskId, following: true })
	const following = state.taskId === taskId ? state.following : true
	const followingRef = useRef(following)
	followingRef.current = following
	const setFollowing = useCallback(
		(next: boolean) => {
			if (next !== followingRef.current) setState({ taskId, following: next })
		},
		[taskId],
	)
	const [scroller, setScroller] = useState<HTMLElement | null>(null)

	useEffect(() => {
		if (scroller === null) return
		let lastTop = scroller.scrollTop
		// The list moves itself too (placing rows as they are measured); only a move after the
		// person's own wheel, touch, key or scrollbar drag is theirs.
		let personMoving = false
		const onGesture = () => {
			personMoving = true
		}
		const onScroll = () => {
			const top = scroller.scrollTop
			const atBottom = scroller.scrollHeight - top - scroller.clientHeight <= bottomThreshold
			if (atBottom) {
				personMoving = false
				setFollowing(true)
			} else if (top < lastTop && personMoving) setFollowing(false)
			lastTop = top
		}
		const gestures = ["wheel", "touchmove", "keydown", "pointerdown"] as const
		for (const gesture of gestures) scroller.addEventListener(gesture, onGesture, { passive: true })
		scroller.addEventListener("scroll", onScroll, { passive: true })
		return () => {
			for (const gesture of gestures) scroller.removeEventListener(gesture, onGesture)
			scroller.removeEventListener("scroll", onScroll)
		}
	}, [scroller, setFollowing])

	const scrollerRef = useCallback((element: HTMLElement | Window | null) => {
		setScroller(element instanceof HTMLElement ? element : null)
	}, [])
	const followOutput = useCallback(() => (followingRef.current && !paused ? "auto" : false), [paused])
	// A row grew (or the list did): keep the end in view while following.
	const totalListHeightChanged = useCallback(() => {
		if (followingRef.current && !paused)
			list.current?.scrollToIndex({ index: "LAST", align: "end", behavior: "auto" })
	}, [list, paused])
	const atBottomStateChange = useCallback(
		(atBottom: boolean) => {
			if (atBottom) setFollowing(true)
		},
		[setFollowing],
	)
	/** The list was taken elsewhere on purpose (a search result): stop pulling it back to the end. */
	const stopFollowing = useCallback(() => setFollowing(false), [setFollowing])
	return {
		following,
		followOutput,
		scrollerRef,
		totalListHeightChanged,
		atBottomStateChange,
		stopFollowing,
	}
}
