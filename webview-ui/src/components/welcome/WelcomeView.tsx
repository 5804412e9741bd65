import { ProviderSetupForm } from "./ProviderSetupForm"
import "./WelcomeView.css"

export interface WelcomeViewProps {
	/** The extension's version as the host reported it; undefined until the host has answered. */
	version?: string
}

/** First run: what Cairn is, and the one thing it needs before a task: a model to talk to. */
export function WelcomeView({ version }: WelcomeViewProps) {
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
			{version === undefined ? (
				<p className="welcome-status" role="status">
					Connecting to the extension…
				</p>
			) : (
				<>
					<h2 className="welcome-subtitle">Choose a model to start</h2>
					<ProviderSetupForm />
					<p className="welcome-status" data-testid="version">
						Version {version}
					</p>
				</>
			)}
		</main>
	)
}
