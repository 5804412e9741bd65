import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

/** One request the fake received, as the action sent it. */
export interface GitHubCall {
	method: string
	path: string
	query: Record<string, string>
	body: Record<string, unknown> | undefined
	authorization: string | undefined
}

export interface FakePullRequest {
	number: number
	head: string
	/** "owner/name" of the head branch's repository: another than the fake's for a fork. */
	headRepository: string
	base: string
	title: string
	body: string
	state: "open" | "closed"
}

/**
 * The GitHub REST endpoints the action uses, on 127.0.0.1, answering with the fields GitHub's
 * documented responses carry (and status codes: 201 on create, 404 elsewhere). Pull requests and
 * comments are kept, so a second run sees the first one's pull request. Issues and pull requests
 * share their numbers, as on GitHub.
 */
export class FakeGitHub {
	readonly calls: GitHubCall[] = []
	readonly pullRequests: FakePullRequest[] = []
	readonly comments: { issue: number; body: string }[] = []
	private nextNumber: number
	private server = createServer((request, response) => void this.answer(request, response))

	constructor(
		readonly repository: string,
		firstNumber = 1,
	) {
		this.nextNumber = firstNumber
	}

	get url(): string {
		return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
	}

	async start(): Promise<this> {
		await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve))
		return this
	}

	close(): Promise<void> {
		return new Promise((resolve) => this.server.close(() => resolve()))
	}

	/** A pull request that exists before the run (opened by a person). */
	addPullRequest(pull: Omit<FakePullRequest, "number" | "state">): FakePullRequest {
		const added = { ...pull, number: this.nextNumber++, state: "open" as const }
		this.pullRequests.push(added)
		return added
	}

	/** A number an issue takes, so that pull requests opened later do not reuse it. */
	addIssue(): number {
		return this.nextNumber++
	}

	private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
		const chunks: Buffer[] = []
		for await (const chunk of request) chunks.push(chunk as Buffer)
		const text = Buffer.concat(chunks).toString("utf8")
		const url = new URL(request.url ?? "/", "http://127.0.0.1")
		const call: GitHubCall = {
			method: request.method ?? "",
			path: url.pathname,
			query: Object.fromEntries(url.searchParams),
			body: text === "" ? undefined : (JSON.parse(text) as Record<string, unknown>),
			authorization: request.headers.authorization,
		}
		this.calls.push(call)
		const [status, payload] = this.route(call)
		response.writeHead(status, { "content-type": "application/json; charset=utf-8" })
		response.end(JSON.stringify(payload))
	}

	private route(call: GitHubCall): [number, unknown] {
		const prefix = `/repos/${this.repository}`
		if (!call.path.startsWith(`${prefix}/`)) return notFound
		const rest = call.path.slice(prefix.length)
		const body = call.body ?? {}
		const one = /^\/pulls\/(\d+)$/.exec(rest)
		const comments = /^\/issues\/(\d+)\/comments$/.exec(rest)
		if (rest === "/pulls" && call.method === "GET") {
			const [owner] = this.repository.split("/")
			const listed = this.pullRequests.filter(
				(pull) =>
					(call.query.state ?? "open") === pull.state &&
					(call.query.head === undefined || call.query.head === `${owner}:${pull.head}`) &&
					(call.query.base === undefined || call.query.base === pull.base),
			)
			return [200, listed.map((pull) => this.pullJson(pull))]
		}
		if (rest === "/pulls" && call.method === "POST") {
			const pull = this.addPullRequest({
				head: String(body.head),
				headRepository: this.repository,
				base: String(body.base),
				title: String(body.title),
				body: String(body.body ?? ""),
			})
			return [201, this.pullJson(pull)]
		}
		if (one !== null) {
			const pull = this.pullRequests.find((candidate) => candidate.number === Number(one[1]))
			if (pull === undefined) return notFound
			if (call.method === "PATCH") {
				if (typeof body.body === "string") pull.body = body.body
				if (typeof body.title === "string") pull.title = body.title
			}
			return call.method === "GET" || call.method === "PATCH" ? [200, this.pullJson(pull)] : notFound
		}
		if (comments !== null && call.method === "POST") {
			const issue = Number(comments[1])
			this.comments.push({ issue, body: String(body.body) })
			const id = this.comments.length
			return [
				201,
				{
					id,
					body: body.body,
					html_url: `https://github.com/${this.repository}/issues/${issue}#issuecomment-${id}`,
				},
			]
		}
		return notFound
	}

	private pullJson(pull: FakePullRequest) {
		const html = `https://github.com/${this.repository}/pull/${pull.number}`
		return {
			number: pull.number,
			state: pull.state,
			title: pull.title,
			body: pull.body,
			html_url: html,
			head: { ref: pull.head, repo: { full_name: pull.headRepository } },
			base: { ref: pull.base, repo: { full_name: this.repository } },
		}
	}
}

const notFound: [number, unknown] = [
	404,
	{ message: "Not Found", documentation_url: "https://docs.github.com/rest" },
]
