import { Link } from "@tanstack/react-router";
import { START_PAGE } from "@/app/startPage";
import { t } from "@/i18n/i18n";

export interface ErrorViewProps {
  title: string;
  detail?: string;
}

/** The error page (spec §2): a title, an optional sentence and the way home. */
export function ErrorView({ title, detail }: ErrorViewProps) {
  return (
    <section className="card error-page" aria-labelledby="error-title">
      <h1 id="error-title">{title}</h1>
      {detail !== undefined && <p>{detail}</p>}
      {/* The start page, not "/": for a signed-in user "/" resumes the last page, which may
          be the one that failed. A signed-out user is sent on to sign in from there. */}
      <Link to={START_PAGE}>{t("common.error.homePage")}</Link>
    </section>
  );
}

/**
 * Shown when the error page itself failed to render (spec §8). A plain link, not the router's
 * `Link`: the router may be what failed.
 */
export function ErrorPageFailedView() {
  return (
    <section className="card error-page" aria-labelledby="error-fallback-title">
      <h1 id="error-fallback-title">{t("common.error.pageFailed")}</h1>
      <a href="/">{t("common.error.goHome")}</a>
    </section>
  );
}
