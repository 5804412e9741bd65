/**
 * `text` with every occurrence of the job's secrets (the key, the job's token) made `***`. What
 * the model says can hold the key (an agent can read its own environment): it goes into comments,
 * pull requests, commit messages and the job's page, where GitHub's log masking does not reach.
 */
export function blankSecrets(text: string, secrets: readonly string[]): string {
	let clean = text
	for (const secret of secrets) if (secret !== "") clean = clean.split(secret).join("***")
	return clean
}
