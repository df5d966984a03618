import { t } from "@/i18n/i18n";

/**
 * The status a route error is shown with (spec §8): the error's own status, else 500. Errors
 * from the API client and the server carry a numeric `status`.
 */
export function errorStatus(error: unknown): number {
  const status = typeof error === "object" && error !== null && "status" in error ? error.status : undefined;
  return typeof status === "number" && Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500;
}

/** The title of the error page (spec §2): '404 Not Found' for 404, otherwise 'An error occurred'. */
export function errorTitle(status: number): string {
  return status === 404 ? t("common.error.notFoundTitle") : t("common.error.title");
}
