import { render, screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { showLanguage } from "../../../i18n/showLanguage"
import { apiRequest, delta, finishedRequest, fromHost, loadTask, say } from "../../../test/fixtures"
import { TaskHeader } from "../TaskHeader"

/** The header's figure under the term `term`, as a reader of the description list finds it. */
function figure(term: string): string | null {
	const region = screen.getByRole("region", { name: /./ })
	const dt = within(region).queryByText(term, { selector: "dt" })
	return dt?.nextElementSibling?.textContent ?? null
}

const task = say("text", "Refactor calculateTotal")

describe("the task header's look ahead", () => {
	it("shows what each request has cost on average and the least the next one will cost", () => {
		loadTask([
			task,
			finishedRequest({
				tokensIn: 9_000,
				tokensOut: 1_000,
				cacheReads: 0,
				cacheWrites: 0,
				cost: 0.06,
				leastInputPrice: 3,
			}),
			finishedRequest({
				tokensIn: 18_000,
				tokensOut: 2_000,
				cacheReads: 0,
				cacheWrites: 0,
				cost: 0.04,
				leastInputPrice: 3,
			}),
		])
		render(<TaskHeader />)
		expect(figure("Per request")).toBe("$0.05")
		// The newest request's 20K tokens of context are sent again, at $3 a million at least.
		expect(figure("Next request")).toBe("≥ $0.06")
	})

	it("leaves a streaming request out of the average, marks its estimated tokens, and drops the mark when the provider counts", () => {
		const first = finishedRequest({ tokensIn: 9_000, tokensOut: 1_000, cost: 0.06, leastInputPrice: 0.3 })
		const streaming = apiRequest({
			request: "go on",
			tokensIn: 10_000,
			tokensOut: 400,
			estimated: true,
			leastInputPrice: 0.3,
		})
		loadTask([task, first, streaming])
		render(<TaskHeader />)
		expect(figure("Per request")).toBe("$0.06")
		expect(figure("Next request")).toBe("≥ $0.0031")
		expect(
			screen
				.getByRole("region", { name: "Current task" })
				.querySelector("abbr")
				?.getAttribute("aria-label"),
		).toBe("estimated")

		const { text: _estimate, ...row } = streaming
		fromHost(
			delta(
				{
					...row,
					text: JSON.stringify({
						request: "go on",
						tokensIn: 10_500,
						tokensOut: 500,
						cost: 0.02,
						leastInputPrice: 0.3,
					}),
				},
				1,
			),
		)
		expect(screen.getByRole("region", { name: "Current task" }).querySelector("abbr")).toBeNull()
		expect(figure("Per request")).toBe("$0.04")
		expect(figure("Next request")).toBe("≥ $0.0033")
	})

	it("says the price is unknown, not $0.00, when Cairn has no price for the model", () => {
		loadTask([task, finishedRequest({ tokensIn: 5_000, tokensOut: 500, cost: 0 })])
		render(<TaskHeader />)
		expect(figure("Per request")).toBe("price unknown")
		expect(figure("Next request")).toBe("price unknown")
	})

	it("shows nothing to look ahead to before the first request", () => {
		loadTask([task])
		render(<TaskHeader />)
		expect(figure("Per request")).toBeNull()
		expect(figure("Next request")).toBeNull()
	})

	it("speaks the person's language", async () => {
		await showLanguage("de")
		loadTask([task, finishedRequest({ tokensIn: 5_000, tokensOut: 500, cost: 0 })])
		render(<TaskHeader />)
		expect(figure("Pro Anfrage")).toBe("Preis unbekannt")
		expect(figure("Nächste Anfrage")).toBe("Preis unbekannt")
	})
})
