import { defaultSettings } from "@cairn/types"
import { fireEvent, render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { loadTask } from "../../../test/fixtures"
import { posted } from "../../../test/setup"
import { headersText, parseHeaders, TelemetrySection } from "./TelemetrySection"

describe("the OpenTelemetry settings", () => {
	it("are off by default, and each change is sent as a trust setting of its own field", () => {
		loadTask([], { settings: defaultSettings() })
		render(<TelemetrySection />)
		const enable = screen.getByLabelText("Export traces and metrics") as HTMLInputElement
		expect(enable.checked).toBe(false)
		expect((screen.getByLabelText("Include prompts and contents") as HTMLInputElement).checked).toBe(
			false,
		)
		fireEvent.click(enable)
		const endpoint = screen.getByLabelText("Collector endpoint")
		fireEvent.change(endpoint, { target: { value: "http://127.0.0.1:4318" } })
		fireEvent.blur(endpoint)
		expect(posted).toEqual([
			{ type: "updateTrustSettings", settings: { telemetry: { enabled: true } } },
			{ type: "updateTrustSettings", settings: { telemetry: { endpoint: "http://127.0.0.1:4318" } } },
		])
	})

	it("sends no endpoint that is not an http(s) URL, and says why", () => {
		loadTask([], { settings: defaultSettings() })
		render(<TelemetrySection />)
		const endpoint = screen.getByLabelText("Collector endpoint")
		fireEvent.change(endpoint, { target: { value: "grpc://collector:4317" } })
		fireEvent.blur(endpoint)
		expect(posted).toEqual([])
		expect(screen.getByText("Give an http:// or https:// URL.")).toBeDefined()
	})

	it("reads headers as name=value pairs separated by commas", () => {
		expect(parseHeaders("authorization=Bearer abc, x-team = cairn")).toEqual({
			authorization: "Bearer abc",
			"x-team": "cairn",
		})
		expect(parseHeaders("")).toEqual({})
		expect(parseHeaders("no-value-here")).toBeUndefined()
		expect(headersText({ authorization: "Bearer abc", "x-team": "cairn" })).toBe(
			"authorization=Bearer abc, x-team=cairn",
		)
	})
})
