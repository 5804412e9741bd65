import type { english } from "./i18n"

// Keys and namespaces are checked by the compiler: t("settings:typo") does not build.
declare module "i18next" {
	interface CustomTypeOptions {
		defaultNS: "common"
		resources: typeof english
	}
}
