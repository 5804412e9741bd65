import { writeFile } from "node:fs/promises"
import path from "node:path"
import type { ProviderSettings } from "@cairn/types"
import { afterEach, describe, expect, it, vi } from "vitest"
import { makeTempDir } from "../../test-support/tempDir.js"
import { buildProvider } from "../buildProvider.js"
import { drain, textOf, useModelServers } from "../test-support/providerTesting.js"

const start = useModelServers()
const temps: { remove(): Promise<void> }[] = []
afterEach(async () => {
	vi.unstubAllEnvs()
	await Promise.all(temps.splice(0).map((temp) => temp.remove()))
})

const signedBy = (accessKeyId: string, region = "us-east-1") =>
	new RegExp(
		`^AWS4-HMAC-SHA256 Credential=${accessKeyId}/\\d{8}/${region}/bedrock/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$`,
	)

function bedrock(url: string, auth: ProviderSettings["bedrock"]): ProviderSettings {
	return { provider: "bedrock", modelId: "amazon.nova-pro-v1:0", baseUrl: url, bedrock: auth }
}

/** AWS config and credentials files of a temp home, found through the variables the SDK reads. */
async function awsFiles(credentials: string, config = ""): Promise<void> {
	const temp = await makeTempDir("cairn-aws-")
	temps.push(temp)
	await writeFile(path.join(temp.dir, "credentials"), credentials)
	await writeFile(path.join(temp.dir, "config"), config)
	vi.stubEnv("AWS_SHARED_CREDENTIALS_FILE", path.join(temp.dir, "credentials"))
	vi.stubEnv("AWS_CONFIG_FILE", path.join(temp.dir, "config"))
}

describe("Bedrock credentials, by settings.bedrock.auth", () => {
	it("apiKey: the profile's key as a bearer token, nothing signed", async () => {
		const server = await start({ scenario: [{ text: "ok" }] })
		const provider = buildProvider(
			bedrock(server.url, { region: "us-east-1", auth: "apiKey" }),
			"ABSK-bedrock-key",
		)
		expect(textOf((await drain(provider)).chunks)).toBe("ok")
		const headers = server.requests[0]?.headers
		expect(headers?.authorization).toBe("Bearer ABSK-bedrock-key")
		expect(headers?.["x-amz-date"]).toBeUndefined()
	})

	it("accessKeys: the access key id from the settings, the secret from the profile's key, signed for the region", async () => {
		const server = await start({ scenario: [{ text: "ok" }] })
		const settings = bedrock(server.url, {
			region: "eu-central-1",
			auth: "accessKeys",
			accessKeyId: "AKIDSETTINGS",
		})
		await drain(buildProvider(settings, "secret-from-the-key"))
		expect(server.requests[0]?.headers.authorization).toMatch(signedBy("AKIDSETTINGS", "eu-central-1"))
		expect(server.requests[0]?.headers["x-amz-security-token"]).toBeUndefined()
	})

	it("profile: the named profile's keys and session token from the AWS files, which never show in errors", async () => {
		await awsFiles(
			[
				"[default]",
				"aws_access_key_id = AKIDDEFAULT",
				"aws_secret_access_key = default-secret",
				"[work]",
				"aws_access_key_id = AKIDWORK",
				"aws_secret_access_key = work-secret",
				"aws_session_token = work-session-token",
				"",
			].join("\n"),
		)
		const server = await start({
			scenario: [
				{ text: "ok" },
				({ request }) => ({
					error: {
						status: 403,
						message: `token ${request.headers["x-amz-security-token"]} expired; secret work-secret`,
					},
				}),
			],
		})
		const provider = buildProvider(
			bedrock(server.url, { region: "us-east-1", auth: "profile", profile: "work" }),
			undefined,
		)
		await drain(provider)
		expect(server.requests[0]?.headers.authorization).toMatch(signedBy("AKIDWORK"))
		expect(server.requests[0]?.headers["x-amz-security-token"]).toBe("work-session-token")
		const { error } = await drain(provider)
		expect(error?.kind).toBe("auth")
		expect(error?.message).toContain("token [redacted] expired; secret [redacted]")
	})

	it("profile: without a name, the default profile; a profile that is not there is an auth error naming it", async () => {
		await awsFiles("[default]\naws_access_key_id = AKIDDEFAULT\naws_secret_access_key = default-secret\n")
		const server = await start({ scenario: [{ text: "ok" }] })
		await drain(buildProvider(bedrock(server.url, { region: "us-east-1", auth: "profile" }), undefined))
		expect(server.requests[0]?.headers.authorization).toMatch(signedBy("AKIDDEFAULT"))
		const missing = buildProvider(
			bedrock(server.url, { region: "us-east-1", auth: "profile", profile: "nowhere" }),
			undefined,
		)
		const { error } = await drain(missing)
		expect(error?.kind).toBe("auth")
		expect(error?.message).toContain('AWS profile "nowhere"')
		expect(server.requests).toHaveLength(1)
	})

	it("defaultChain: the SDK's own search, here the AWS_* environment variables", async () => {
		await awsFiles("")
		vi.stubEnv("AWS_ACCESS_KEY_ID", "AKIDENVIRONMENT")
		vi.stubEnv("AWS_SECRET_ACCESS_KEY", "environment-secret")
		vi.stubEnv("AWS_SESSION_TOKEN", "environment-session")
		const server = await start({ scenario: [{ text: "ok" }] })
		await drain(
			buildProvider(bedrock(server.url, { region: "us-west-2", auth: "defaultChain" }), undefined),
		)
		expect(server.requests[0]?.headers.authorization).toMatch(signedBy("AKIDENVIRONMENT", "us-west-2"))
		expect(server.requests[0]?.headers["x-amz-security-token"]).toBe("environment-session")
	})

	it("refuses to build without a region, an API key, an access key id or its secret, saying which", () => {
		const url = "http://127.0.0.1:1"
		const fails = (settings: ProviderSettings, key: string | undefined) => {
			try {
				buildProvider(settings, key)
			} catch (error) {
				return error as { kind: string; message: string }
			}
			throw new Error("built")
		}
		expect(fails({ provider: "bedrock", modelId: "m" }, "k")).toMatchObject({
			kind: "bad_request",
			message: expect.stringContaining("needs a region"),
		})
		expect(fails(bedrock(url, { region: "us-east-1", auth: "apiKey" }), undefined)).toMatchObject({
			kind: "auth",
			message: expect.stringContaining("No Bedrock API key"),
		})
		expect(fails(bedrock(url, { region: "us-east-1", auth: "accessKeys" }), "secret")).toMatchObject({
			kind: "auth",
			message: expect.stringContaining("No AWS access key id"),
		})
		expect(
			fails(bedrock(url, { region: "us-east-1", auth: "accessKeys", accessKeyId: "AKID1" }), "  "),
		).toMatchObject({
			kind: "auth",
			message: expect.stringContaining("No secret access key is set for the AWS access key AKID1"),
		})
	})
})
