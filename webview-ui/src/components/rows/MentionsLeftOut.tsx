import { useTranslation } from "react-i18next"
import { parseMentions, type Mention } from "@cairn/types"
import { Icon } from "../common/Icon"

/** What a mention names; a text that parses as none is read as a path, as the host read it. */
const kindOf = (mention: string): Mention["kind"] => parseMentions(mention)[0]?.kind ?? "file"

/**
 * On a person's message: the mentions whose content the model did not get (a file it may not
 * read, @git-changes outside a git repository...). The model was told why in its request; this
 * tells the person, in their language, by the kind of mention.
 */
export function MentionsLeftOut({ mentions }: { mentions: readonly string[] }) {
	const { t } = useTranslation("rows")
	if (mentions.length === 0) return null
	return (
		<div className="row-warning mentions-left-out" role="note">
			<Icon name="warning" />
			<div>
				{t("mentionsLeftOut.title")}
				<ul>
					{mentions.map((mention) => {
						return (
							<li key={mention}>
								<code>{mention}</code> {t(`mentionsLeftOut.${kindOf(mention)}`)}
							</li>
						)
					})}
				</ul>
			</div>
		</div>
	)
}
