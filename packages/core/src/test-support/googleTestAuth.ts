import { OAuth2Client } from "google-auth-library"

/**
 * Google credentials that are a fixed access token, for Vertex AI against the model server: no
 * key file or Application Default Credentials are looked for, and no Google sign-in is attempted.
 */
export function fixedTokenAuthClient(token = "vertex-test-token"): OAuth2Client {
	const client = new OAuth2Client()
	client.setCredentials({ access_token: token, expiry_date: Date.now() + 3_600_000 })
	return client
}

/** Where the tests' Vertex AI lives. */
export const testVertexSettings = { projectId: "cairn-project", region: "us-east5" }
