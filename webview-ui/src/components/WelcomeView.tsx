import "./WelcomeView.css"

export interface WelcomeViewProps {
	/** The extension's version as the host reported it; undefined until the host has answered. */
	version?: string
	/** The host's last error message, if any. */
	error?: string
}

export function WelcomeView({ version, error }: WelcomeViewProps) {
	return (
		<main className="welcome" aria-labelledby="welcome-title">
			<h1 id="welcome-title" className="welcome-title">
				Cairn
			</h1>
			<p>
				An open-source AI coding agent. You describe a task in a chat; Cairn reads, searches, edits
				files and runs commands in your workspace, and asks for your approval before it changes
				anything.
			</p>
			<p className="welcome-note">
				This build contains the editor integration only. The chat, model providers and task history
				are not part of it yet.
			</p>
			{version === undefined ? (
				<p className="welcome-status" role="status">
					Connecting to the extension…
				</p>
			) : (
				<p className="welcome-status" data-testid="version">
					Version {version}
				</p>
			)}
			{error !== undefined && (
				<p className="welcome-error" role="alert">
					{error}
				</p>
			)}
		</main>
	)
}
