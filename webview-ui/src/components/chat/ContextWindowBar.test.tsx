import { render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { ContextWindowBar } from "./ContextWindowBar"

const meter = () => screen.getByRole("meter", { name: "Context window" })
const fill = () => meter().firstElementChild as HTMLElement

describe("ContextWindowBar", () => {
	it("shows the share of the window in use, in words and as a fill", () => {
		render(<ContextWindowBar used={48_000} window={200_000} />)
		expect(meter().getAttribute("aria-valuetext")).toBe("Context window: 48K of 200K tokens (24%)")
		expect(fill().style.width).toBe("24%")
		expect(fill().className).toContain("low")
	})

	it("warns as the window fills up", () => {
		const { unmount } = render(<ContextWindowBar used={75_000} window={100_000} />)
		expect(fill().className).toContain("medium")
		unmount()
		render(<ContextWindowBar used={95_000} window={100_000} />)
		expect(fill().className).toContain("high")
	})

	it("a request past the window (it overflowed) fills the bar without overflowing it", () => {
		render(<ContextWindowBar used={140_000} window={128_000} />)
		expect(fill().style.width).toBe("100%")
		expect(meter().getAttribute("aria-valuenow")).toBe("128000")
		expect(meter().getAttribute("aria-valuetext")).toContain("140K of 128K tokens (100%)")
	})

	it("shows the percentage beside the bar, and the room kept for the answer in the bar and the tooltip", () => {
		const { container } = render(<ContextWindowBar used={48_000} window={200_000} reserved={32_000} />)
		expect(container.querySelector(".context-window-percent")?.textContent).toBe("24%")
		const tooltip = (container.firstElementChild as HTMLElement).title
		expect(tooltip).toBe(
			"Context window: 48K of 200K tokens (24%)\n32K of the window kept free for the answer",
		)
		expect(meter().getAttribute("aria-valuetext")).toBe(tooltip)
		const reserved = container.querySelector(".context-window-reserved") as HTMLElement
		expect(reserved.style.width).toBe("16%")
	})
})
