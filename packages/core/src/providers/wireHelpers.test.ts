import { describe, expect, it } from "vitest"
import { commonJsExports } from "./wireHelpers.js"

class Handler {}

describe("a CommonJS package's exports from import()", () => {
	it("are the named exports where Node gives them so", () => {
		const loaded = { Handler, default: { Handler } }
		expect(commonJsExports(loaded, "Handler")).toBe(loaded)
	})

	it("are the default where a split bundle gives only that", () => {
		const whole = { Handler }
		expect(commonJsExports({ default: whole } as unknown as typeof whole, "Handler").Handler).toBe(
			Handler,
		)
	})

	it("fail with the export's name when neither has it", () => {
		expect(() =>
			commonJsExports({ default: {} } as unknown as { Handler: typeof Handler }, "Handler"),
		).toThrow('"Handler"')
	})
})
