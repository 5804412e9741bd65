import { describe, expect, it } from "vitest"
import { expandEnv } from "./expandEnv.js"

describe("expandEnv", () => {
	it("replaces each ${env:NAME} with the variable's value", () => {
		expect(
			expandEnv("Bearer ${env:TOKEN} for ${env:USER_NAME}", { TOKEN: "t0k", USER_NAME: "ada" }),
		).toEqual({
			ok: true,
			value: "Bearer t0k for ada",
		})
	})

	it("names the first variable that is not set instead of leaving a blank", () => {
		expect(expandEnv("${env:SET}/${env:UNSET}/${env:ALSO_UNSET}", { SET: "x" })).toEqual({
			ok: false,
			missing: "UNSET",
		})
	})

	it("leaves text without references, and other ${...} forms, as they are", () => {
		expect(expandEnv("plain ${HOME} ${env:} $env:X", {})).toEqual({
			ok: true,
			value: "plain ${HOME} ${env:} $env:X",
		})
	})

	it("keeps an empty variable as an empty value (it is set)", () => {
		expect(expandEnv("a${env:EMPTY}b", { EMPTY: "" })).toEqual({ ok: true, value: "ab" })
	})
})
