import type { BedrockRuntimeClientConfig } from "@aws-sdk/client-bedrock-runtime"
import type { BedrockSettings, ProviderSettings } from "@cairn/types"
import { ProviderError } from "../providerError.js"
import { commonJsExports, lazy } from "../wireHelpers.js"

const loadCredentialProviders = lazy(() =>
	import("@aws-sdk/credential-providers").then((providers) => commonJsExports(providers, "fromIni")),
)

/** What the client is given to prove who it is. */
export type BedrockAuthConfig = Pick<
	BedrockRuntimeClientConfig,
	"credentials" | "token" | "authSchemePreference"
>

/**
 * The Bedrock settings, checked: a region, and what the chosen way of signing in needs. Throws a
 * ProviderError naming what is missing, so nothing is sent half-configured.
 */
export function checkedBedrockSettings(
	settings: ProviderSettings,
	secret: string | undefined,
): BedrockSettings {
	const bedrock = settings.bedrock
	const where = "Set it in Cairn's settings"
	if (bedrock === undefined)
		throw new ProviderError(
			"bad_request",
			`AWS Bedrock needs a region. ${where} (or pass --region to the CLI).`,
		)
	if (bedrock.auth === "apiKey" && secret === undefined)
		throw new ProviderError(
			"auth",
			`No Bedrock API key is set. ${where} (or pass --api-key to the CLI), or choose another way to sign in to AWS.`,
		)
	if (bedrock.auth === "accessKeys") {
		if (bedrock.accessKeyId === undefined)
			throw new ProviderError(
				"auth",
				`No AWS access key id is set. ${where} (or pass --aws-access-key-id to the CLI).`,
			)
		if (secret === undefined)
			throw new ProviderError(
				"auth",
				`No secret access key is set for the AWS access key ${bedrock.accessKeyId}. ${where} (or pass --api-key to the CLI).`,
			)
	}
	return bedrock
}

/**
 * How the client signs its requests, by `bedrock.auth`: a Bedrock API key as a bearer token; an
 * access key id with its secret (the profile's key); a named profile of ~/.aws (its keys, SSO or
 * role, as the AWS CLI reads it); or the SDK's own search (environment, ~/.aws, SSO, instance
 * role). The first three name their scheme, so an `AWS_AUTH_SCHEME_PREFERENCE` in the editor's
 * environment cannot send the other kind of credential.
 */
export async function bedrockAuth(
	bedrock: BedrockSettings,
	secret: string | undefined,
): Promise<BedrockAuthConfig> {
	switch (bedrock.auth) {
		case "apiKey":
			return { token: { token: secret ?? "" }, authSchemePreference: ["httpBearerAuth"] }
		case "accessKeys":
			return {
				credentials: { accessKeyId: bedrock.accessKeyId ?? "", secretAccessKey: secret ?? "" },
				authSchemePreference: ["sigv4"],
			}
		case "profile": {
			const { fromIni } = await loadCredentialProviders()
			return {
				credentials: fromIni(bedrock.profile !== undefined ? { profile: bedrock.profile } : {}),
				authSchemePreference: ["sigv4"],
			}
		}
		case "defaultChain":
			return {}
	}
}

/** How the person fixes a refused sign-in, for the way they chose. */
export function credentialHint(bedrock: BedrockSettings): string {
	switch (bedrock.auth) {
		case "apiKey":
			return "Check the Bedrock API key in Cairn's settings (or pass --api-key to the CLI)."
		case "accessKeys":
			return `Check the access key ${bedrock.accessKeyId ?? ""} and its secret in Cairn's settings, and that its IAM user may call bedrock:InvokeModelWithResponseStream.`
		case "profile":
			return `Check the AWS profile "${bedrock.profile ?? "default"}" (run \`aws sts get-caller-identity --profile ${bedrock.profile ?? "default"}\`; for SSO, \`aws sso login\`).`
		case "defaultChain":
			return "Check the credentials the AWS SDK finds (AWS_* environment variables, ~/.aws, SSO, the instance role)."
	}
}
