import { useTranslation } from "react-i18next"
import { startDemo } from "../../state/demoActions"
import { ProviderSetupForm } from "./ProviderSetupForm"
import "./WelcomeView.css"

export interface WelcomeViewProps {
	/** The extension's version as the host reported it; undefined until the host has answered. */
	version?: string
}

/** First run: what Cairn is, and the one thing it needs before a task: a model to talk to. */
export function WelcomeView({ version }: WelcomeViewProps) {
	const { t } = useTranslation("welcome")
	return (
		<main className="welcome" aria-labelledby="welcome-title">
			<h1 id="welcome-title" className="welcome-title">
				{t("title")}
			</h1>
			<p>{t("intro")}</p>
			{version === undefined ? (
				<p className="welcome-status" role="status">
					{t("connecting")}
				</p>
			) : (
				<>
					<p className="welcome-demo">
						<button type="button" className="welcome-demo-link" onClick={startDemo}>
							{t("tryDemo")}
						</button>{" "}
						{t("tryDemoHint")}
					</p>
					<h2 className="welcome-subtitle">{t("chooseModel")}</h2>
					<ProviderSetupForm />
					<p className="welcome-status" data-testid="version">
						{t("version", { version })}
					</p>
				</>
			)}
		</main>
	)
}
