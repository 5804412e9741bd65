import { describe, expect, it } from "vitest"
import { parseDotenv } from "./dotenv.js"

describe("parseDotenv", () => {
	it("reads NAME=value lines, with comments, blank lines and `export ` ignored around them", () => {
		const text =
			"# keys\nAPI_KEY=abc123\n\nexport REGION = eu-west-1 \nURL=https://x.test/a#b # the host\n"
		expect(parseDotenv(text)).toEqual({ API_KEY: "abc123", REGION: "eu-west-1", URL: "https://x.test/a" })
	})

	it("takes quoted values as written; in double quotes \\n is a newline, and quotes may span lines", () => {
		const text = `A='single # not a comment'\nB="two\\nlines"\nC=\`back\`\nD="multi\nline"\nE=""\n`
		expect(parseDotenv(text)).toEqual({
			A: "single # not a comment",
			B: "two\nlines",
			C: "back",
			D: "multi\nline",
			E: "",
		})
	})

	it("expands nothing, a later line wins, CRLF files read the same, and lines without = are skipped", () => {
		expect(parseDotenv("A=${HOME}\r\nnot a line\r\nA=$OTHER\r\nB=1\r\n")).toEqual({ A: "$OTHER", B: "1" })
	})

	it("reads files built to make a reader backtrack in one pass", () => {
		// A backtracking pattern took about 35 s on the first (64 KB of blanks inside a value).
		const blanks = `x${" ".repeat(64 * 1024)}y`
		expect(parseDotenv(`A=${blanks}\nB=1`)).toEqual({ A: blanks, B: "1" })
		// A quote never closed is the line's text as it is.
		const unclosed = `"${'\\"'.repeat(4096)}`
		expect(parseDotenv(`${"no equals sign\n".repeat(4096)}C=${unclosed}`)).toEqual({ C: unclosed })
	})
})
