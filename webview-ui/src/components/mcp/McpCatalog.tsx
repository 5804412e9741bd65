import {
	catalogServer,
	mcpCatalog,
	type McpCatalogEntry,
	type McpServerInput,
	type McpSource,
} from "@cairn/types"
import { useId, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { useNameTaken } from "./useServerAdding"

export interface McpCatalogProps {
	source: McpSource
	adding: boolean
	onAdd: (source: McpSource, name: string, server: McpServerInput) => void
}

/** The fields a catalog server needs, then its Add button. */
function EntryFields({
	entry,
	adding,
	onAdd,
}: {
	entry: McpCatalogEntry
	adding: boolean
	onAdd: (server: McpServerInput) => void
}) {
	const { t } = useTranslation("mcp")
	const baseId = useId()
	const [values, setValues] = useState<Record<string, string>>({})
	const [missing, setMissing] = useState<string[]>([])
	const submit = (event: FormEvent) => {
		event.preventDefault()
		const filled = catalogServer(entry, values)
		if (!filled.ok) return setMissing(filled.missing)
		setMissing([])
		onAdd(filled.server)
	}
	return (
		<form className="mcp-catalog-fields" onSubmit={submit} noValidate>
			{entry.fields.map((field) => {
				const id = `${baseId}-${field.id}`
				const error = missing.includes(field.id) ? t("add.required") : undefined
				return (
					<div className="mcp-field" key={field.id}>
						<label htmlFor={id}>{t(`catalog.field.${field.id}`)}</label>
						<input
							id={id}
							className="text-input"
							type={field.kind === "secret" ? "password" : "text"}
							autoComplete="off"
							spellCheck={false}
							value={values[field.id] ?? ""}
							aria-invalid={error !== undefined}
							aria-describedby={error !== undefined ? `${id}-error` : undefined}
							onChange={(event) => setValues({ ...values, [field.id]: event.target.value })}
						/>
						{error !== undefined && (
							<div id={`${id}-error`} className="mcp-field-error">
								{error}
							</div>
						)}
					</div>
				)
			})}
			<button type="submit" className="button primary" disabled={adding}>
				{adding ? t("add.adding") : t("catalog.addNamed", { title: entry.title })}
			</button>
		</form>
	)
}

function CatalogEntry({ entry, source, adding, onAdd }: McpCatalogProps & { entry: McpCatalogEntry }) {
	const { t } = useTranslation("mcp")
	const nameTaken = useNameTaken()
	const [open, setOpen] = useState(false)
	const titleId = useId()
	const taken = nameTaken(source, entry.id)
	const add = (server: McpServerInput) => onAdd(source, entry.id, server)
	const start = () => {
		if (entry.fields.length > 0) return setOpen(true)
		const filled = catalogServer(entry, {})
		if (filled.ok) add(filled.server)
	}
	return (
		<article className="mcp-catalog-entry" aria-labelledby={titleId}>
			<div className="mcp-catalog-head">
				<h5 id={titleId}>{entry.title}</h5>
				<button
					type="button"
					className="button secondary"
					disabled={taken || adding || open}
					aria-label={
						taken
							? t("catalog.addedNamed", { title: entry.title })
							: t("catalog.addNamed", { title: entry.title })
					}
					onClick={start}
				>
					{taken ? t("catalog.added") : t("catalog.add")}
				</button>
			</div>
			<p>{t(`catalog.${entry.id}`)}</p>
			<p className="muted mcp-catalog-package">
				{t(`catalog.runs.${entry.package.registry}`, { name: entry.package.name })}
			</p>
			{open && !taken && <EntryFields entry={entry} adding={adding} onAdd={add} />}
		</article>
	)
}

/** Well-known servers: one click adds one, after the fields it needs. */
export function McpCatalog(props: McpCatalogProps) {
	const { t } = useTranslation("mcp")
	return (
		<ul className="mcp-catalog" aria-label={t("add.catalog")}>
			{mcpCatalog.map((entry) => (
				<li key={entry.id}>
					<CatalogEntry entry={entry} {...props} />
				</li>
			))}
		</ul>
	)
}
