import path from "node:path"
import { describe, expect, it } from "vitest"
import { credentialStoreOf, credentialStorePaths } from "./credentialStores.js"

describe("credentialStorePaths", () => {
	const home = "/home/ada"

	it("names the usual stores under the home folder", () => {
		const stores = credentialStorePaths(home, [])
		for (const store of [
			".ssh",
			".aws",
			".config/gcloud",
			".netrc",
			".git-credentials",
			".local/share/keyrings",
		])
			expect(stores).toContain(path.join(home, store))
	})

	it("adds the person's own entries, relative to home, with ~/ or absolute", () => {
		const stores = credentialStorePaths(home, ["~/.vault-token", ".secrets", "/etc/creds", "  "])
		expect(stores).toEqual(
			expect.arrayContaining(["/home/ada/.vault-token", "/home/ada/.secrets", "/etc/creds"]),
		)
		expect(stores).not.toContain(home)
		expect(credentialStorePaths(home, [])).not.toContain("/etc/creds")
	})
})

describe("credentialStoreOf", () => {
	const stores = credentialStorePaths("/home/ada", [])

	it("finds the store a path lies in, or the store itself", () => {
		expect(credentialStoreOf("/home/ada/.ssh/id_ed25519", stores)).toBe("/home/ada/.ssh")
		expect(credentialStoreOf("/home/ada/.netrc", stores)).toBe("/home/ada/.netrc")
	})

	it("finds it through a path that is not normalised", () => {
		expect(credentialStoreOf("/home/ada/project/../.ssh/id_ed25519", stores)).toBe("/home/ada/.ssh")
		expect(credentialStoreOf("/home/ada//.aws/credentials", stores)).toBe("/home/ada/.aws")
	})

	it("leaves neighbours with similar names alone", () => {
		expect(credentialStoreOf("/home/ada/.sshrc", stores)).toBeUndefined()
		expect(credentialStoreOf("/home/ada/project/.ssh-notes.md", stores)).toBeUndefined()
		expect(credentialStoreOf("/home/ada", stores)).toBeUndefined()
	})
})
