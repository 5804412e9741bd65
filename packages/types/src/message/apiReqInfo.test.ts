import { describe, expect, it } from "vitest"
import { apiRequestInfo } from "./apiReqInfo.js"
import type { ClineMessage } from "./clineMessage.js"

const row = (text: string | undefined): ClineMessage => ({ ts: 1, type: "say", say: "api_req_started", text })

describe("apiRequestInfo", () => {
	it("reads a row's figures, and nothing from another row or an unreadable text", () => {
		expect(apiRequestInfo(row('{"tokensIn":10,"cost":0}'))).toEqual({ tokensIn: 10, cost: 0 })
		expect(apiRequestInfo({ ts: 1, type: "say", say: "text", text: '{"cost":0}' })).toBeUndefined()
		expect(apiRequestInfo(row("{not json"))).toBeUndefined()
		expect(apiRequestInfo(row('{"cost":-1}'))).toBeUndefined()
		expect(apiRequestInfo(row(undefined))).toBeUndefined()
	})

	it("parses a text once, however many row objects carry it (a client's copy at each update)", () => {
		const text = '{"request":"turn","tokensIn":5}'
		const first = apiRequestInfo(row(text))
		expect(apiRequestInfo(row(`${text}`))).toBe(first)
		expect(apiRequestInfo(row(JSON.stringify(JSON.parse(text))))).toBe(first)
		expect(apiRequestInfo(row('{"request":"turn","tokensIn":5,"cost":0}'))).not.toBe(first)
	})
})
