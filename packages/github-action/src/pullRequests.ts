import { Octokit } from "@octokit/rest"

export interface Repository {
	owner: string
	repo: string
}

export interface PullRequestRef {
	number: number
	url: string
	/** Its head branch, and whether that branch is in this repository (else a fork's, which the job's token cannot push to). */
	head: string
	headInRepository: boolean
	/** The branch it merges into. */
	base: string
}

/** The REST calls the action makes, with the job's token, to the API the runner names. */
export class PullRequests {
	private readonly octokit: Octokit

	constructor(
		private readonly repository: Repository,
		token: string,
		apiUrl: string,
	) {
		this.octokit = new Octokit({ auth: token, baseUrl: apiUrl, userAgent: "cairn-github-action" })
	}

	async get(number: number): Promise<PullRequestRef> {
		const { data } = await this.octokit.rest.pulls.get({ ...this.repository, pull_number: number })
		const fullName = `${this.repository.owner}/${this.repository.repo}`.toLowerCase()
		return {
			number: data.number,
			url: data.html_url,
			head: data.head.ref,
			headInRepository: data.head.repo?.full_name.toLowerCase() === fullName,
			base: data.base.ref,
		}
	}

	/** The open pull request from `head` into `base`, its body replaced; else a new one. */
	async openOrUpdate(pull: {
		head: string
		base: string
		title: string
		body: string
	}): Promise<{ number: number; url: string; created: boolean }> {
		const { data: open } = await this.octokit.rest.pulls.list({
			...this.repository,
			head: `${this.repository.owner}:${pull.head}`,
			base: pull.base,
			state: "open",
		})
		const existing = open[0]
		if (existing !== undefined) {
			await this.octokit.rest.pulls.update({
				...this.repository,
				pull_number: existing.number,
				body: pull.body,
			})
			return { number: existing.number, url: existing.html_url, created: false }
		}
		const { data } = await this.octokit.rest.pulls.create({ ...this.repository, ...pull })
		return { number: data.number, url: data.html_url, created: true }
	}

	/** Comments on an issue or pull request (GitHub treats both as issues here). */
	async comment(number: number, body: string): Promise<void> {
		await this.octokit.rest.issues.createComment({ ...this.repository, issue_number: number, body })
	}
}
