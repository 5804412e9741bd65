import { IconButton } from "../common/IconButton"

export function JumpToLatestButton({ onClick }: { onClick: () => void }) {
	return (
		<IconButton
			className="jump-to-latest"
			icon="arrow-down"
			label="Jump to latest"
			text="Jump to latest"
			onClick={onClick}
		/>
	)
}
