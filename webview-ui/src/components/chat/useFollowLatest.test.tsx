import { act, fireEvent, render } from "@testing-library/react"
import { useRef } from "react"
import type { VirtuosoHandle } from "react-virtuoso"
import { describe, expect, it } from "vitest"
import { useFollowLatest } from "./useFollowLatest"

/**
 * A scroller laid out as a browser would: `content` px of rows in a 500 px viewport. Growing a
 * row grows `content` and leaves scrollTop where it was, as a browser does.
 */
function layout(element: HTMLElement, sizes: { content: number }) {
	Object.defineProperty(element, "clientHeight", { configurable: true, get: () => 500 })
	Object.defineProperty(element, "scrollHeight", { configurable: true, get: () => sizes.content })
}

const viewport = 500

/** The list's handle, scrolling the scroller to its end as react-virtuoso's does. */
function listScrolling(scroller: () => HTMLElement, sizes: { content: number }): VirtuosoHandle {
	return {
		scrollToIndex: () => {
			scroller().scrollTop = sizes.content - viewport
			fireEvent.scroll(scroller())
		},
	} as unknown as VirtuosoHandle
}

function setUp() {
	const sizes = { content: 2000 }
	let follow!: ReturnType<typeof useFollowLatest>
	const scroller = () => document.querySelector<HTMLElement>(".scroller")!
	function Transcript() {
		const list = useRef<VirtuosoHandle>(listScrolling(scroller, sizes))
		follow = useFollowLatest(list, "task-1", false)
		return (
			<div
				className="scroller"
				ref={(element) => {
					if (element) layout(element, sizes)
					follow.scrollerRef(element)
				}}
			/>
		)
	}
	render(<Transcript />)
	act(() => {
		scroller().scrollTop = sizes.content - viewport
		fireEvent.scroll(scroller())
	})
	const grow = (by: number) =>
		act(() => {
			sizes.content += by
			follow.totalListHeightChanged()
		})
	return { scroller, sizes, grow, follow: () => follow }
}

describe("useFollowLatest", () => {
	it("keeps the end in view when the last row grows (a streamed answer, a result rendered late)", () => {
		const { scroller, sizes, grow, follow } = setUp()
		grow(800)
		expect(scroller().scrollTop).toBe(sizes.content - viewport)
		expect(follow().following).toBe(true)
		expect(follow().followOutput()).toBe("auto")
	})

	it("stops following once the person scrolls up, and follows again when they are back at the end", () => {
		const { scroller, sizes, grow, follow } = setUp()
		act(() => {
			fireEvent.wheel(scroller(), { deltaY: -300 })
			scroller().scrollTop -= 300
			fireEvent.scroll(scroller())
		})
		expect(follow().following).toBe(false)
		const readingAt = scroller().scrollTop
		grow(800)
		expect(scroller().scrollTop).toBe(readingAt)
		expect(follow().followOutput()).toBe(false)
		act(() => {
			scroller().scrollTop = sizes.content - viewport
			fireEvent.scroll(scroller())
		})
		expect(follow().following).toBe(true)
	})

	it("is not turned off by the list moving itself up without the person (rows placed as measured)", () => {
		const { scroller, follow } = setUp()
		act(() => {
			scroller().scrollTop -= 300
			fireEvent.scroll(scroller())
		})
		expect(follow().following).toBe(true)
	})
})
