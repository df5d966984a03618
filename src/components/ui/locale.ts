/**
 * PrimeReact locale options behind a local module (docs/architecture.md: PrimeReact only through
 * src/components/ui), so a major bump touches this folder only.
 *
 * PrimeReact's own words (a dialog's Close button, an empty MultiSelect filter, a paginator's
 * labels) follow the user's language (issue 18): `followAppLanguage` gives PrimeReact a locale
 * per language from the common catalogue and switches to it whenever the app's language changes.
 * English keeps PrimeReact's built-in texts.
 */
import { addLocale, locale, localeOptions } from "primereact/api";
import { activeLocale, subscribeLocale, t } from "@/i18n/i18n";

export { updateLocaleOption } from "primereact/api";

/** PrimeReact puts its own values in place of these placeholders. */
const COUNT = "{0}";
const PAGE = "{page}";

/** PrimeReact's options in the active language (English aria labels where none is translated). */
function primeOptions(): Record<string, unknown> {
  const english = (localeOptions("en") as { aria?: Record<string, string> } | undefined)?.aria ?? {};
  return {
    accept: t("common.prime.accept"),
    reject: t("common.prime.reject"),
    apply: t("common.prime.apply"),
    clear: t("common.prime.clear"),
    choose: t("common.prime.choose"),
    upload: t("common.prime.upload"),
    cancel: t("common.action.cancel"),
    emptyFilterMessage: t("common.prime.emptyFilterMessage"),
    emptyMessage: t("common.prime.emptyMessage"),
    emptySearchMessage: t("common.prime.emptySearchMessage"),
    emptySelectionMessage: t("common.prime.emptySelectionMessage"),
    searchMessage: t("common.prime.searchMessage", { count: COUNT }),
    selectionMessage: t("common.prime.selectionMessage", { count: COUNT }),
    aria: {
      ...english,
      close: t("common.prime.close"),
      selectAll: t("common.prime.selectAll"),
      unselectAll: t("common.prime.unselectAll"),
      selectLabel: t("common.prime.selectLabel"),
      unselectLabel: t("common.prime.unselectLabel"),
      removeLabel: t("common.prime.removeLabel"),
      listLabel: t("common.prime.listLabel"),
      firstPageLabel: t("common.prime.firstPage"),
      lastPageLabel: t("common.prime.lastPage"),
      nextPageLabel: t("common.prime.nextPage"),
      prevPageLabel: t("common.prime.prevPage"),
      pageLabel: t("common.prime.page", { page: PAGE }),
      rowsPerPageLabel: t("common.prime.rowsPerPage"),
      next: t("common.prime.next"),
      previous: t("common.prime.previous"),
      selectRow: t("common.prime.selectRow"),
      unselectRow: t("common.prime.unselectRow"),
      expandRow: t("common.prime.expandRow"),
      collapseRow: t("common.prime.collapseRow"),
      showFilterMenu: t("common.prime.showFilterMenu"),
      hideFilterMenu: t("common.prime.hideFilterMenu"),
      scrollTop: t("common.prime.scrollTop"),
    },
  };
}

function apply(): void {
  const { language } = activeLocale();
  if (language !== "en") addLocale(language, primeOptions());
  locale(language);
}

let following = false;

/**
 * Keeps PrimeReact's locale on the app's language from now on. Runs when this module is first
 * imported: every wrapper of a PrimeReact component in this folder imports it, so PrimeReact's
 * words follow the language from before its first component renders, and PrimeReact's API module
 * loads with the first component instead of with the layout (issue 19).
 */
export function followAppLanguage(): void {
  if (following) return;
  following = true;
  apply();
  subscribeLocale(apply);
}

followAppLanguage();
