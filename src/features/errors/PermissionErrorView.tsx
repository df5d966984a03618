import { Link } from "@tanstack/react-router";
import { START_PAGE } from "@/app/startPage";
import { t } from "@/i18n/i18n";

/** A module route opened without its permission code (issue 3): a clear page with a way home. */
export function PermissionErrorView() {
  return (
    <section className="card error-page" aria-labelledby="permission-error-title">
      <h1 id="permission-error-title">{t("common.error.noPermissionTitle")}</h1>
      <p>{t("common.error.noPermission")}</p>
      <Link to={START_PAGE}>{t("common.error.homePage")}</Link>
    </section>
  );
}
