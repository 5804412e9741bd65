import { useTranslation } from "react-i18next"
import { IconButton } from "../common/IconButton"

export interface ThumbnailsProps {
	images: readonly string[]
	/** When given, each image gets a remove button. */
	onRemove?: (index: number) => void
}

/** Images attached to a message (data URIs). */
export function Thumbnails({ images, onRemove }: ThumbnailsProps) {
	const { t } = useTranslation("rows")
	if (images.length === 0) return null
	return (
		<ul className="thumbnails" aria-label={t("images.attached")}>
			{images.map((image, i) => (
				<li key={i} className="thumbnail">
					<img src={image} alt={t("images.image", { number: i + 1 })} />
					{onRemove !== undefined && (
						<IconButton
							className="thumbnail-remove"
							icon="close"
							label={t("images.remove", { number: i + 1 })}
							onClick={() => onRemove(i)}
						/>
					)}
				</li>
			))}
		</ul>
	)
}
