import { Link } from "@tanstack/react-router";
import { t } from "@/i18n/i18n";

export function HandOverFailedView() {
  return (
    <section className="card" aria-labelledby="handover-title">
      <h1 id="handover-title">{t("common.signIn.title")}</h1>
      <p role="alert" className="error">
        {t("common.signIn.linkFailed")}
      </p>
      <Link to="/">{t("common.signIn.withEmail")}</Link>
    </section>
  );
}
