/** The compiled message catalogues (vite.config.ts, `i18nCatalogues`): `virtual:i18n/<language>/<bundle>`. */
declare module "virtual:i18n/*" {
  import type { Messages } from "@lingui/core";
  const messages: Messages;
  export default messages;
}
