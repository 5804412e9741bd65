import { firstUserText, type Turn } from "@cairn/model-server"
import { afterEach, describe, expect, it } from "vitest"
import { ActionWorld, apiKey, jobToken, plainGit, repositoryName } from "./actionWorld.js"

let world: ActionWorld | undefined
afterEach(async () => {
	await world?.cleanup()
	world = undefined
})

const usage = { inputTokens: 1_000, outputTokens: 200 }
const writeFile = (path: string, content: string): Turn => ({
	text: `Writing ${path}.`,
	toolCalls: [{ name: "write_to_file", arguments: { path, content } }],
	usage,
})
const complete = (result: string): Turn => ({
	toolCalls: [{ name: "attempt_completion", arguments: { result } }],
	usage,
})
const repository = { default_branch: "main", full_name: repositoryName }

describe("the action on GitHub (a fake GitHub API and a local remote)", () => {
	it("workflow_dispatch: runs the prompt, pushes a branch, opens a pull request and comments the result and cost", async () => {
		world = await ActionWorld.create([writeFile("hello.txt", "hi\n"), complete("Added hello.txt.")])
		const run = await world.run(
			{ name: "workflow_dispatch", payload: { inputs: { prompt: "add a greeting" }, repository } },
			{ prompt: "add a greeting" },
		)
		expect(run.stderr + run.stdout).not.toContain("::error::")
		expect(run.code).toBe(0)
		expect(world.remoteFile("cairn/run-4242", "hello.txt")).toBe("hi\n")
		expect(world.remoteFile("cairn/run-4242", "README.md")).toBe("# widgets\n")
		expect(firstUserText(world.model.requests[0]?.body)).toContain("add a greeting")

		const [pull] = world.github.pullRequests
		expect(pull).toMatchObject({
			number: 1,
			head: "cairn/run-4242",
			base: "main",
			title: "Cairn: add a greeting",
		})
		expect(pull?.body).toContain("Added hello.txt.")
		expect(world.github.comments).toHaveLength(1)
		const comment = world.github.comments[0]
		expect(comment?.issue).toBe(1)
		expect(comment?.body).toContain("**Cairn finished.**")
		expect(comment?.body).toContain("> Added hello.txt.")
		expect(comment?.body).toMatch(/Cost: \$\d+\.\d+/)
		expect(comment?.body).toContain("https://github.com/octo/widgets/actions/runs/4242")
		expect(run.outputs).toMatchObject({
			branch: "cairn/run-4242",
			"pull-request": "https://github.com/octo/widgets/pull/1",
			result: "Added hello.txt.",
		})
		expect(Number(run.outputs.cost)).toBeGreaterThan(0)
		// The job page's summary: how it ended, where the work is, the pull request and the cost.
		expect(run.summary).toContain("<h2>Cairn finished</h2>")
		expect(run.summary).toContain(`<code>cairn&#47;run&#45;4242</code>`)
		expect(run.summary).toContain(
			`<a href="https&#58;&#47;&#47;github&#46;com&#47;octo&#47;widgets&#47;pull&#47;1">`,
		)
		expect(run.summary).toMatch(/&#36;\d+&#46;\d+/)
		expect(run.summary).toContain("Added hello&#46;txt&#46;")

		// Every call carried the job's token; the key reached the model only, never the log.
		expect(world.github.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
			"GET /repos/octo/widgets/pulls",
			"POST /repos/octo/widgets/pulls",
			"POST /repos/octo/widgets/issues/1/comments",
		])
		expect(world.github.calls.every((call) => call.authorization === `token ${jobToken}`)).toBe(true)
		const chat = world.model.requests.find((request) => request.route === "chat")
		expect(chat?.headers.authorization ?? chat?.headers["x-api-key"]).toMatch(
			new RegExp(`^(Bearer )?${apiKey}$`),
		)
		const maskCommands = (run.stdout.match(new RegExp(apiKey, "g")) ?? []).length
		expect(run.stdout).toContain(`::add-mask::${apiKey}`)
		expect(maskCommands).toBe(1)
		expect(run.stderr).not.toContain(apiKey)
	})

	it("the job summary shows a prompt's and the model's text as text: no markup of theirs, and never the key", async () => {
		const said = `Done <script>alert(1)</script>\n\n![x](https://evil.example/t.png) [click](https://evil.example) key ${apiKey}`
		world = await ActionWorld.create([writeFile("hello.txt", "hi\n"), complete(said)])
		const prompt = 'add <img src=x onerror="alert(1)"> | # heading\n\n**bold** `code`'
		const run = await world.run(
			{ name: "workflow_dispatch", payload: { inputs: { prompt }, repository } },
			{ prompt },
		)
		expect(run.code).toBe(0)
		expect(run.summary).toContain("Done &#60;script&#62;alert&#40;1&#41;&#60;&#47;script&#62;")
		for (const markup of ["<script", "<img", "](", "![", "**", "`", "\n\n", "# heading", "| #"])
			expect(run.summary).not.toContain(markup)
		expect(run.summary).not.toContain(apiKey)
		expect(run.summary).toContain("key &#42;&#42;&#42;")
		// Nor does anything else the job sends to GitHub: the comment, the pull request, the commit, the outputs.
		expect(world.github.comments[0]?.body).toContain("key ***")
		const sent = [
			...world.github.comments.map((c) => c.body),
			...world.github.pullRequests.map((p) => `${p.title}\n${p.body}`),
			JSON.stringify(run.outputs),
			world.remoteCommitMessages(),
		]
		for (const text of sent) expect(text).not.toContain(apiKey)
	})

	it("an issue comment that mentions @cairn runs its request on cairn/issue-<n>; asked again, it adds to the branch and updates the same pull request", async () => {
		world = await ActionWorld.create([
			writeFile("greeting.txt", "hello\n"),
			complete("Added greeting.txt."),
			writeFile("greeting.txt", "hello, world\n"),
			complete("Said hello to the world."),
		])
		const issue = world.github.addIssue()
		const comment = (body: string) => ({
			name: "issue_comment",
			payload: {
				action: "created",
				issue: {
					number: issue,
					title: "We need a greeting",
					body: "Something friendly.",
					author_association: "OWNER",
				},
				comment: { body, author_association: "MEMBER", user: { login: "ada", type: "User" } },
				repository,
			},
		})
		const first = await world.run(comment("Could you @cairn add a greeting file?"), {})
		expect(first.code).toBe(0)
		const prompt = firstUserText(world.model.requests[0]?.body)
		expect(prompt).toContain("add a greeting file?")
		expect(prompt).toContain("We need a greeting")
		expect(prompt).toContain("Something friendly.")
		expect(world.remoteFile(`cairn/issue-${issue}`, "greeting.txt")).toBe("hello\n")
		const pull = world.github.pullRequests[0]
		expect(pull).toMatchObject({ head: `cairn/issue-${issue}`, base: "main" })
		expect(pull?.body).toContain(`Asked for in #${issue}.`)
		expect(world.github.comments.map((c) => c.issue)).toEqual([issue])
		expect(world.github.comments[0]?.body).toContain(
			`The changes: https://github.com/octo/widgets/pull/${pull?.number}`,
		)

		const second = await world.run(comment("@cairn make it greet the world"), {})
		expect(second.code).toBe(0)
		expect(world.remoteFile(`cairn/issue-${issue}`, "greeting.txt")).toBe("hello, world\n")
		const log = plainGit(world.remote, "log", "--format=%s", `refs/heads/cairn/issue-${issue}`)
		expect(log.trim().split("\n")).toHaveLength(3)
		expect(world.github.pullRequests).toHaveLength(1)
		expect(world.github.calls.filter((call) => call.method === "PATCH")).toHaveLength(1)
		expect(world.github.comments.map((c) => c.issue)).toEqual([issue, issue])
	})

	it("a run that does not finish: its work is pushed to its branch without a pull request, the comment says why, the step fails", async () => {
		world = await ActionWorld.create([writeFile("half.txt", "half\n"), complete("Never reached.")])
		const issue = world.github.addIssue()
		const run = await world.run(
			{
				name: "issue_comment",
				payload: {
					issue: { number: issue, title: "Big job" },
					comment: {
						body: "@cairn do the big job",
						author_association: "OWNER",
						user: { login: "ada", type: "User" },
					},
					repository,
				},
			},
			{ "max-cost": "0.000001" },
		)
		expect(run.code).toBe(1)
		expect(run.stdout).toMatch(/::error::Cairn did not finish \(budget\)/)
		expect(world.remoteFile(`cairn/issue-${issue}`, "half.txt")).toBe("half\n")
		expect(world.github.pullRequests).toEqual([])
		const [comment] = world.github.comments
		expect(comment?.issue).toBe(issue)
		expect(comment?.body).toContain("**Cairn did not finish** (budget).")
		expect(comment?.body).toContain(`The changes are on the branch \`cairn/issue-${issue}\`.`)
	})

	it("a cairn that cannot start: the thread is told why and the step fails", async () => {
		world = await ActionWorld.create([])
		const issue = world.github.addIssue()
		const run = await world.run(
			{
				name: "issue_comment",
				payload: {
					issue: { number: issue, title: "Anything" },
					comment: {
						body: "@cairn do it",
						author_association: "OWNER",
						user: { login: "ada", type: "User" },
					},
					repository,
				},
			},
			{ cairn: "/nowhere/cairn" },
		)
		expect(run.code).toBe(1)
		expect(run.stdout).toContain("::error::cairn ended without a result: cairn could not be started")
		expect(world.github.comments).toEqual([
			{
				issue,
				body: expect.stringMatching(
					/^\*\*Cairn stopped without a result\.\*\*\n\n> cairn could not be started: spawn \/nowhere\/cairn ENOENT\n\nIt changed no files\./,
				),
			},
		])
	})

	it("a pull-request comment adds a commit to the pull request's own branch and comments there", async () => {
		world = await ActionWorld.create([writeFile("notes.md", "checked\n"), complete("Added notes.")])
		plainGit(world.workspace, "switch", "--quiet", "-c", "feature")
		plainGit(world.workspace, "commit", "--quiet", "--allow-empty", "-m", "feature work")
		plainGit(world.workspace, "push", "--quiet", "origin", "feature")
		plainGit(world.workspace, "switch", "--quiet", "main")
		const pull = world.github.addPullRequest({
			head: "feature",
			headRepository: repositoryName,
			base: "main",
			title: "Feature",
			body: "",
		})
		const run = await world.run(
			{
				name: "issue_comment",
				payload: {
					issue: { number: pull.number, title: "Feature", pull_request: { url: "x" } },
					comment: {
						body: "@cairn add notes",
						author_association: "OWNER",
						user: { login: "ada", type: "User" },
					},
					repository,
				},
			},
			{},
		)
		expect(run.code).toBe(0)
		expect(world.remoteFile("feature", "notes.md")).toBe("checked\n")
		expect(
			plainGit(world.remote, "log", "--format=%s", "refs/heads/feature").trim().split("\n"),
		).toHaveLength(3)
		expect(world.remoteBranches().sort()).toEqual(["feature", "main"])
		expect(
			world.github.calls.some((call) => call.method === "POST" && call.path.endsWith("/pulls")),
		).toBe(false)
		expect(world.github.comments).toEqual([
			expect.objectContaining({
				issue: pull.number,
				body: expect.stringContaining("**Cairn finished.**"),
			}),
		])
	})

	it("a pull request from a fork is refused with a comment: the job's token cannot push there", async () => {
		world = await ActionWorld.create([])
		const pull = world.github.addPullRequest({
			head: "patch-1",
			headRepository: "someone/widgets",
			base: "main",
			title: "Fix",
			body: "",
		})
		const run = await world.run(
			{
				name: "issue_comment",
				payload: {
					issue: { number: pull.number, title: "Fix", pull_request: {} },
					comment: {
						body: "@cairn tidy up",
						author_association: "COLLABORATOR",
						user: { login: "ada", type: "User" },
					},
					repository,
				},
			},
			{},
		)
		expect(run.code).toBe(1)
		expect(run.stdout).toContain("::error::Cairn cannot work on pull request")
		expect(world.github.comments[0]?.body).toContain("its branch is in a fork")
		expect(world.model.requests).toHaveLength(0)
	})

	it.each([
		[
			"by a bot",
			{
				body: "@cairn do it",
				author_association: "MEMBER",
				user: { login: "dependabot[bot]", type: "Bot" },
			},
			"the comment is by a bot (dependabot[bot])",
		],
		[
			"by someone without write access",
			{ body: "@cairn do it", author_association: "CONTRIBUTOR", user: { login: "eve", type: "User" } },
			"eve cannot push to the repository (author association CONTRIBUTOR)",
		],
		[
			"that does not mention it",
			{ body: "cairn would do it", author_association: "OWNER", user: { login: "ada", type: "User" } },
			"the comment does not mention @cairn",
		],
		[
			"that mentions a longer name",
			{ body: "@cairnbot do it", author_association: "OWNER", user: { login: "ada", type: "User" } },
			"the comment does not mention @cairn",
		],
	])(
		"a comment %s is ignored: nothing runs, nothing is called, the step passes",
		async (_what, comment, reason) => {
			world = await ActionWorld.create([])
			const run = await world.run(
				{ name: "issue_comment", payload: { issue: { number: 3, title: "x" }, comment, repository } },
				{},
			)
			expect(run.code).toBe(0)
			expect(run.stdout).toContain(`Nothing to do: ${reason}.`)
			expect(world.github.calls).toEqual([])
			expect(world.model.requests).toEqual([])
			expect(world.remoteBranches()).toEqual(["main"])
		},
	)

	it("bad inputs fail the step before anything runs, each named; the secrets stay masked", async () => {
		world = await ActionWorld.create([])
		const run = await world.run(
			{ name: "workflow_dispatch", payload: { repository } },
			{ provider: "bedrock", "base-url": "not a url", prompt: "x" },
		)
		expect(run.code).toBe(1)
		expect(run.stdout).toContain("::error::The action's inputs cannot be used:")
		expect(run.stdout.indexOf("::add-mask::")).toBeLessThan(run.stdout.indexOf("::error::"))
		expect(run.stdout).toContain("base-url must be an http(s) URL")
		expect(run.stdout).toMatch(/provider: .*anthropic/)
		expect(world.github.calls).toEqual([])
		expect(world.model.requests).toEqual([])
		expect(world.remoteBranches()).toEqual(["main"])
	})

	it("a hand-started run without a prompt fails and says so", async () => {
		world = await ActionWorld.create([])
		const run = await world.run({ name: "workflow_dispatch", payload: { repository } }, {})
		expect(run.code).toBe(1)
		expect(run.stdout).toContain("::error::prompt is required when the workflow is started by hand")
		expect(world.model.requests).toEqual([])
	})
})
