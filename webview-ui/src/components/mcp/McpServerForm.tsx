import type { McpServerInput, McpSource, McpTransport } from "@cairn/types"
import { useId, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { linesOf, pairsOf } from "./serverFormText"
import { useNameTaken } from "./useServerAdding"

// Protocol names, the same in every language.
const transports: { value: McpTransport; label: string }[] = [
	{ value: "stdio", label: "stdio" },
	{ value: "streamable-http", label: "Streamable HTTP" },
	{ value: "sse", label: "SSE" },
]

// What goes in a field, as code: the same in every language.
const examples = {
	command: "npx",
	env: "API_TOKEN=${env:MY_TOKEN}",
	url: "https://",
	headers: "Authorization: Bearer ${env:MY_TOKEN}",
}

export interface McpServerFormProps {
	source: McpSource
	adding: boolean
	onAdd: (source: McpSource, name: string, server: McpServerInput) => void
}

interface Field {
	label: string
	value: string
	onChange: (value: string) => void
	error?: string | undefined
	multiline?: boolean
	placeholder?: string
}

function FormField({ label, value, onChange, error, multiline, placeholder }: Field) {
	const id = useId()
	const common = {
		id,
		value,
		placeholder,
		"aria-invalid": error !== undefined,
		"aria-describedby": error !== undefined ? `${id}-error` : undefined,
	}
	return (
		<div className="mcp-field">
			<label htmlFor={id}>{label}</label>
			{multiline === true ? (
				<textarea
					{...common}
					className="text-input mcp-textarea"
					rows={3}
					spellCheck={false}
					onChange={(event) => onChange(event.target.value)}
				/>
			) : (
				<input
					{...common}
					className="text-input"
					spellCheck={false}
					onChange={(event) => onChange(event.target.value)}
				/>
			)}
			{error !== undefined && (
				<div id={`${id}-error`} className="mcp-field-error">
					{error}
				</div>
			)}
		</div>
	)
}

/**
 * A server of the person's own: a command Cairn starts (with its arguments and environment) or
 * a URL (with its headers). Checked here for what a form can see; the host checks the rest as
 * it checks a hand-written entry.
 */
export function McpServerForm({ source, adding, onAdd }: McpServerFormProps) {
	const { t } = useTranslation("mcp")
	const nameTaken = useNameTaken()
	const transportId = useId()
	const [name, setName] = useState("")
	const [transport, setTransport] = useState<McpTransport>("stdio")
	const [command, setCommand] = useState("")
	const [args, setArgs] = useState("")
	const [env, setEnv] = useState("")
	const [url, setUrl] = useState("")
	const [headers, setHeaders] = useState("")
	const [tried, setTried] = useState(false)

	const envPairs = pairsOf(env, "=")
	const headerPairs = pairsOf(headers, ":")
	const errors = {
		name:
			name.trim() === ""
				? t("add.required")
				: nameTaken(source, name.trim())
					? t("add.nameTaken", { name: name.trim() })
					: undefined,
		command: transport === "stdio" && command.trim() === "" ? t("add.required") : undefined,
		env: envPairs.ok ? undefined : t("add.badLine", { line: envPairs.line, separator: "=" }),
		url: transport !== "stdio" && url.trim() === "" ? t("add.required") : undefined,
		headers: headerPairs.ok ? undefined : t("add.badLine", { line: headerPairs.line, separator: ":" }),
	}
	const shown = (error: string | undefined) => (tried ? error : undefined)

	const submit = (event: FormEvent) => {
		event.preventDefault()
		setTried(true)
		if (Object.values(errors).some((error) => error !== undefined)) return
		if (!envPairs.ok || !headerPairs.ok) return
		const server: McpServerInput =
			transport === "stdio"
				? { type: "stdio", command: command.trim(), args: linesOf(args), env: envPairs.pairs }
				: { type: transport, url: url.trim(), headers: headerPairs.pairs }
		onAdd(source, name.trim(), server)
	}

	return (
		<form className="mcp-server-form" aria-label={t("add.custom")} onSubmit={submit} noValidate>
			<FormField label={t("add.name")} value={name} onChange={setName} error={shown(errors.name)} />
			<div className="mcp-field">
				<label htmlFor={transportId}>{t("add.transport")}</label>
				<select
					id={transportId}
					className="select"
					value={transport}
					onChange={(event) => setTransport(event.target.value as McpTransport)}
				>
					{transports.map((option) => (
						<option key={option.value} value={option.value}>
							{option.label}
						</option>
					))}
				</select>
			</div>
			{transport === "stdio" ? (
				<>
					<FormField
						label={t("add.command")}
						value={command}
						onChange={setCommand}
						error={shown(errors.command)}
						placeholder={examples.command}
					/>
					<FormField label={t("add.args")} value={args} onChange={setArgs} multiline />
					<FormField
						label={t("add.env")}
						value={env}
						onChange={setEnv}
						error={shown(errors.env)}
						multiline
						placeholder={examples.env}
					/>
				</>
			) : (
				<>
					<FormField
						label={t("add.url")}
						value={url}
						onChange={setUrl}
						error={shown(errors.url)}
						placeholder={examples.url}
					/>
					<FormField
						label={t("add.headers")}
						value={headers}
						onChange={setHeaders}
						error={shown(errors.headers)}
						multiline
						placeholder={examples.headers}
					/>
				</>
			)}
			<p className="muted mcp-secrets-hint">{t("add.secretsHint")}</p>
			<button type="submit" className="button primary" disabled={adding}>
				{adding ? t("add.adding") : t("add.submit")}
			</button>
		</form>
	)
}
