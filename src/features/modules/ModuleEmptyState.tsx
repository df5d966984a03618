import type { ReactNode } from "react";
import { t } from "@/i18n/i18n";

export interface ModuleEmptyStateProps {
  title: string;
  /** What this page will show, in a sentence. */
  purpose: string;
  children?: ReactNode;
}

/** A module page that has no data yet: its heading and an honest empty state. */
export function ModuleEmptyState({ title, purpose, children }: ModuleEmptyStateProps) {
  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page-header">
        <h1 id="page-title">{title}</h1>
      </header>
      {children}
      <div className="empty-state" role="status">
        <i className="pi pi-chart-bar" aria-hidden="true" />
        <p className="empty-title">{t("common.module.noData")}</p>
        <p className="muted">
          {purpose} {t("common.module.laterRelease")}
        </p>
      </div>
    </section>
  );
}
