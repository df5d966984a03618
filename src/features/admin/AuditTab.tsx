/**
 * The Audit tab of /admin (issue 17): every admin change of the event log, newest first: when (in
 * Bangkok time), who, what, the subject, before → after; filtered by who made it (`au`) and by kind
 * (`ak`) in the URL; "Load more" adds the next 50.
 */
import { useEffect, useMemo, useState, type FormEvent } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { AUDIT_KINDS, type AuditKind } from "../../../domain/adminContract";
import { adminAuditMachine, sameAuditPhase, selectAuditPhase, type AdminAuditQuery } from "../../../machines/admin/adminPages";
import { appInspect } from "@/app/inspect";
import { Button } from "@/components/ui/Button";
import { eventWords, formatBangkok } from "./adminFormat";
import { auditActors } from "./adminActors";
import { t, translateMessage, type MessageKey } from "@/i18n/i18n";

const KIND_LABEL = { user: "admin.audit.kindUser", brand: "admin.audit.kindBrand", account: "admin.audit.kindAccount" } as const satisfies Record<AuditKind, MessageKey>;

export interface AuditTabProps {
  actor: string;
  kind: AuditKind | null;
  onFilter: (actor: string, kind: AuditKind | null) => void;
}

export function AuditTab({ actor: who, kind, onFilter }: AuditTabProps) {
  const [pages, setPages] = useState(1);
  useEffect(() => setPages(1), [who, kind]);
  const query = useMemo<AdminAuditQuery>(() => ({ actor: who, kind, pages }), [who, kind, pages]);
  const actor = useActorRef(adminAuditMachine.provide({ actors: auditActors }), { input: { query }, inspect: appInspect });
  useEffect(() => actor.send({ type: "page.query", query }), [actor, query]);
  const phase = useSelector(actor, selectAuditPhase, sameAuditPhase);
  const [typed, setTyped] = useState(who);
  useEffect(() => setTyped(who), [who]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onFilter(typed.trim(), kind);
  };
  const data = phase.data;
  return (
    <section className="admin-tab" aria-label={t("admin.tab.audit")}>
      <form className="admin-toolbar admin-filters" onSubmit={submit} aria-label={t("admin.audit.filters")}>
        <label className="admin-inline">
          <span>{t("admin.audit.changedBy")}</span>
          <input className="p-inputtext p-component" value={typed} placeholder={t("admin.audit.changedByPlaceholder")} maxLength={254} onChange={(e) => setTyped(e.target.value)} />
        </label>
        <label className="admin-inline">
          <span>{t("admin.audit.kind")}</span>
          <select
            className="p-inputtext p-component native-select"
            value={kind ?? ""}
            onChange={(e) => onFilter(typed.trim(), (AUDIT_KINDS as readonly string[]).includes(e.target.value) ? (e.target.value as AuditKind) : null)}
          >
            <option value="">{t("admin.audit.allKinds")}</option>
            {AUDIT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(KIND_LABEL[k])}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" label={t("admin.audit.filter")} outlined />
        {(who !== "" || kind !== null) && <Button type="button" label={t("admin.audit.showAll")} text onClick={() => onFilter("", null)} />}
      </form>
      {phase.kind === "failed" && (
        <div className="form-error" role="alert">
          {translateMessage(phase.error)} <Button type="button" label={t("admin.tryAgain")} text onClick={() => actor.send({ type: "page.retry" })} />
        </div>
      )}
      {phase.kind === "empty" && <p role="status" className="muted">{who !== "" || kind !== null ? t("admin.audit.noneForFilter") : t("admin.audit.none")}</p>}
      {data !== null && data.entries.length > 0 && (
        <div className="admin-table-wrap" aria-busy={phase.kind === "loading"}>
          <table className="admin-table" aria-label={t("admin.audit.table")}>
            <thead>
              <tr>
                <th scope="col">{t("admin.audit.whenBangkok")}</th>
                <th scope="col">{t("admin.audit.who")}</th>
                <th scope="col">{t("admin.audit.what")}</th>
                <th scope="col">{t("admin.audit.subject")}</th>
                <th scope="col">{t("admin.audit.beforeAfter")}</th>
              </tr>
            </thead>
            <tbody>
              {data.entries.map((e) => (
                <tr key={e.id}>
                  <td data-label={t("admin.audit.when")}>{formatBangkok(e.at)}</td>
                  <td data-label={t("admin.audit.who")}>{e.actor}</td>
                  <td data-label={t("admin.audit.what")}>{eventWords(e.type)}</td>
                  <td data-label={t("admin.audit.subject")}>{e.subject}</td>
                  <td data-label={t("admin.audit.beforeAfter")}>{e.summary}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data !== null && data.more && (
        <div className="admin-more">
          <Button type="button" label={t("admin.audit.loadMore")} outlined loading={phase.kind === "loading"} onClick={() => setPages(pages + 1)} />
        </div>
      )}
    </section>
  );
}
