/** The /admin page's frame: its heading and the tabs Users, Brands and Audit (the shown tab's panel below). */
import type { KeyboardEvent, ReactNode } from "react";
import { t as tr, type MessageKey } from "@/i18n/i18n";

export type AdminTab = "users" | "brands" | "audit";

const LABELS = { users: "admin.tab.users", brands: "admin.tab.brands", audit: "admin.tab.audit" } as const satisfies Record<AdminTab, MessageKey>;
const ORDER: readonly AdminTab[] = ["users", "brands", "audit"];

export function AdminView({ tab, onTab, children }: { tab: AdminTab; onTab: (tab: AdminTab) => void; children: ReactNode }) {
  const onKey = (e: KeyboardEvent) => {
    const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    if (step === 0) return;
    e.preventDefault();
    const next = ORDER[(ORDER.indexOf(tab) + step + ORDER.length) % ORDER.length]!;
    onTab(next);
    document.getElementById(`admin-tab-${next}`)?.focus();
  };
  return (
    <section className="page admin-page" aria-labelledby="page-title">
      <header className="page-header">
        <h1 id="page-title">{tr("admin.title")}</h1>
        <p className="muted">{tr("admin.intro")}</p>
      </header>
      <div role="tablist" aria-label={tr("admin.tabs")} className="admin-tabs" onKeyDown={onKey}>
        {ORDER.map((t) => (
          <button
            key={t}
            id={`admin-tab-${t}`}
            type="button"
            role="tab"
            aria-selected={t === tab}
            aria-controls="admin-panel"
            tabIndex={t === tab ? 0 : -1}
            className={`admin-tab-button ${t === tab ? "is-active" : ""}`}
            onClick={() => onTab(t)}
          >
            {tr(LABELS[t])}
          </button>
        ))}
      </div>
      <div id="admin-panel" role="tabpanel" aria-labelledby={`admin-tab-${tab}`}>
        {children}
      </div>
    </section>
  );
}
