import { createTwoFilesPatch } from "diff"

/** A diff of a large rewrite can take long to compute; past this, a summary stands in for it. */
const diffTimeoutMs = 2_000

/** A unified diff of a file's change (`--- path`, `+++ path`, hunks), for approval rows and the model. */
export function unifiedDiff(relativePath: string, before: string, after: string): string {
	const patch = createTwoFilesPatch(relativePath, relativePath, before, after, undefined, undefined, {
		context: 3,
		timeout: diffTimeoutMs,
		headerOptions: { includeIndex: false, includeUnderline: false, includeFileHeaders: true },
	})
	if (patch === undefined) {
		const count = (text: string) => (text === "" ? 0 : text.split("\n").length)
		return `--- ${relativePath}\n+++ ${relativePath}\n(the change is too large to diff: ${count(before)} lines become ${count(after)} lines)\n`
	}
	return patch
}
