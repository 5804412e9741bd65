import type { ModelInfo, ProviderSettings } from "@cairn/types"
import type { AuthClient } from "google-auth-library"
import { AnthropicProvider, type ClaudeConnection } from "../anthropic/anthropicProvider.js"
import { GeminiProvider, type GeminiConnection } from "../gemini/geminiProvider.js"
import type { ModelProvider } from "../modelProvider.js"
import { ProviderError } from "../providerError.js"
import { commonJsExports, lazy } from "../wireHelpers.js"

const loadVertexSdk = lazy(() => import("@anthropic-ai/vertex-sdk"))
const loadGoogleAuth = lazy(() =>
	import("google-auth-library").then((auth) => commonJsExports(auth, "GoogleAuth")),
)

const cloudPlatformScope = "https://www.googleapis.com/auth/cloud-platform"

type VertexSettings = NonNullable<ProviderSettings["vertex"]>

/** Vertex's endpoint for a region, as both SDKs pick it (global and the multi-regions differ). */
export function vertexBaseUrl(region: string): string {
	if (region === "global") return "https://aiplatform.googleapis.com"
	if (region === "us" || region === "eu") return `https://aiplatform.${region}.rep.googleapis.com`
	return `https://${region}-aiplatform.googleapis.com`
}

/**
 * Google credentials, fetched once per provider and shared by both SDKs: the service account key
 * file when one is set, else Application Default Credentials (gcloud, the metadata server...).
 * A failure here is the person's setup, so it is reported as such and not retried.
 */
function credentials(vertex: VertexSettings, given: AuthClient | undefined): () => Promise<AuthClient> {
	return lazy(async () => {
		if (given) return given
		const { GoogleAuth } = await loadGoogleAuth()
		const auth = new GoogleAuth({
			scopes: cloudPlatformScope,
			...(vertex.credentialsFile !== undefined && { keyFilename: vertex.credentialsFile }),
		})
		try {
			return await auth.getClient()
		} catch (error) {
			const source = vertex.credentialsFile
				? `the credentials file ${vertex.credentialsFile}`
				: "Application Default Credentials"
			const why = error instanceof Error ? error.message : String(error)
			throw new ProviderError(
				"auth",
				`Could not get Google Cloud credentials for Vertex AI from ${source}: ${why}. Set a service account key file in Cairn's settings (or --vertex-credentials-file), or run \`gcloud auth application-default login\`.`,
				{ cause: error },
			)
		}
	})
}

function claudeOnVertex(
	settings: ProviderSettings,
	vertex: VertexSettings,
	authClient: () => Promise<AuthClient>,
): ClaudeConnection {
	const baseUrl = settings.baseUrl ?? vertexBaseUrl(vertex.region)
	return {
		name: "vertex",
		endpoint: baseUrl,
		customEndpoint: settings.baseUrl !== undefined,
		sendsReadyBody: false,
		async createClient() {
			const [{ AnthropicVertex }, client] = await Promise.all([loadVertexSdk(), authClient()])
			return new AnthropicVertex({
				projectId: vertex.projectId,
				region: vertex.region,
				// Explicit, so ANTHROPIC_VERTEX_BASE_URL in the editor's environment cannot redirect requests.
				baseURL: `${baseUrl}/v1`,
				authClient: client,
				maxRetries: 0,
				...(settings.headers && { defaultHeaders: settings.headers }),
			})
		},
	}
}

function geminiOnVertex(
	settings: ProviderSettings,
	vertex: VertexSettings,
	authClient: () => Promise<AuthClient>,
): GeminiConnection {
	const baseUrl = settings.baseUrl ?? vertexBaseUrl(vertex.region)
	return {
		name: "vertex",
		endpoint: baseUrl,
		customEndpoint: settings.baseUrl !== undefined,
		async clientOptions() {
			return {
				vertexai: true,
				project: vertex.projectId,
				location: vertex.region,
				googleAuthOptions: { authClient: await authClient(), scopes: cloudPlatformScope },
				// The stable API, as Claude on Vertex uses; explicit base URL as above (GOOGLE_VERTEX_BASE_URL).
				httpOptions: {
					baseUrl,
					apiVersion: "v1",
					...(settings.headers && { headers: settings.headers }),
				},
			}
		},
	}
}

/**
 * Vertex AI serves Claude (through `@anthropic-ai/vertex-sdk`, the Messages API) and Gemini
 * (through `@google/genai` in Vertex mode); the model id says which. `authClient` replaces Google's
 * credentials: the tests give one with a fixed token, for the model server on 127.0.0.1.
 */
export function vertexProvider(
	settings: ProviderSettings,
	info: ModelInfo,
	authClient?: AuthClient,
): ModelProvider {
	const vertex = settings.vertex
	if (vertex === undefined)
		throw new ProviderError(
			"bad_request",
			"Vertex AI needs a Google Cloud project id and a region. Set them in Cairn's settings (or pass --vertex-project-id and --vertex-region to the CLI).",
		)
	const auth = credentials(vertex, authClient)
	return settings.modelId.startsWith("claude")
		? new AnthropicProvider(settings, info, claudeOnVertex(settings, vertex, auth))
		: new GeminiProvider(settings, info, geminiOnVertex(settings, vertex, auth))
}
