import { describe, expect, it } from "vitest"
import { compareUrl, isPlainTransport } from "./remoteUrl.js"

describe("a remote's URL", () => {
	it.each([
		["https://github.com/pat/project.git", true],
		["ssh://git@gitlab.com:2222/group/project.git", true],
		["git@github.com:pat/project.git", true],
		["file:///srv/git/project.git", true],
		["/srv/git/project.git", true],
		["../project.git", true],
		["ext::sh -c touch% /tmp/owned", false],
		["fd::3", false],
		["custom::https://example.com/x", false],
		["-uhelp", false],
		["svn://example.com/repo", false],
	])("%s is pushed to over git's own transports: %s", (url, plain) => {
		expect(isPlainTransport(url)).toBe(plain)
	})

	it.each([
		[
			"https://github.com/pat/project.git",
			"https://github.com/pat/project/compare/main...cairn/fix?expand=1",
		],
		[
			"git@github.com:pat/project.git",
			"https://github.com/pat/project/compare/main...cairn/fix?expand=1",
		],
		[
			"ssh://git@github.com/pat/project",
			"https://github.com/pat/project/compare/main...cairn/fix?expand=1",
		],
		[
			"git@gitlab.com:group/sub/project.git",
			"https://gitlab.com/group/sub/project/-/merge_requests/new?merge_request[source_branch]=cairn%2Ffix&merge_request[target_branch]=main",
		],
		["https://git.example.org/pat/project.git", undefined],
		["/srv/git/project.git", undefined],
	])("%s opens a pull request at %s", (url, page) => {
		expect(compareUrl(url, "cairn/fix", "main")).toBe(page)
	})

	it("compares against the default branch when the person is on none", () => {
		expect(compareUrl("https://github.com/pat/project", "cairn/fix", undefined)).toBe(
			"https://github.com/pat/project/compare/cairn/fix?expand=1",
		)
	})
})
