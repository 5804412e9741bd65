import { describe, expect, it } from "vitest"
import { parseStdinCommand, stdinCommandNames } from "./stdinCommands.js"

describe("stdin commands", () => {
	it("parses each command", () => {
		expect(stdinCommandNames).toEqual(["start", "message", "cancel", "ping", "shutdown"])
		expect(parseStdinCommand('{"command":"start","requestId":"1","prompt":"go","taskId":"t"}')).toEqual({
			success: true,
			data: { command: "start", requestId: "1", prompt: "go", taskId: "t" },
		})
		expect(parseStdinCommand('{"command":"ping","requestId":"2","extra":true}')).toEqual({
			success: true,
			data: { command: "ping", requestId: "2" },
		})
	})

	it.each([
		["not JSON", "start please", /invalid JSON/, undefined],
		["no command", '{"requestId":"r"}', /command/, "r"],
		["an unknown command", '{"command":"launch","requestId":"r2"}', /command/, "r2"],
		["a start without a prompt", '{"command":"start","requestId":"r3"}', /prompt/, "r3"],
		["an empty requestId", '{"command":"ping","requestId":""}', /requestId/, ""],
		["an array", "[1,2]", /expected object|Invalid input/i, undefined],
	])("refuses %s with a readable error", (_name, line, error, requestId) => {
		const parsed = parseStdinCommand(line)
		expect(parsed.success).toBe(false)
		if (parsed.success) return
		expect(parsed.error).toMatch(error)
		expect(parsed.requestId).toBe(requestId)
	})
})
