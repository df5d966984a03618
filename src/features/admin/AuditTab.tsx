/**
 * The Audit tab of /admin (issue 17): every admin change of the event log, newest first: when (in
 * Bangkok time), who, what, the subject, before → after; filtered by who made it (`au`) and by kind
 * (`ak`) in the URL; "Load more" adds the next 50.
 */
import { useEffect, useMemo, useState, type FormEvent } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { AUDIT_KINDS, AUDIT_KIND_LABELS, type AuditKind } from "../../../domain/adminContract";
import { adminAuditMachine, sameAuditPhase, selectAuditPhase, type AdminAuditQuery } from "../../../machines/admin/adminPages";
import { appInspect } from "@/app/inspect";
import { Button } from "@/components/ui/Button";
import { eventWords, formatBangkok } from "./adminFormat";
import { auditActors } from "./adminActors";

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
    <section className="admin-tab" aria-label="Audit">
      <form className="admin-toolbar admin-filters" onSubmit={submit} aria-label="Audit filters">
        <label className="admin-inline">
          <span>Changed by</span>
          <input className="p-inputtext p-component" value={typed} placeholder="Email, or cli" maxLength={254} onChange={(e) => setTyped(e.target.value)} />
        </label>
        <label className="admin-inline">
          <span>Kind</span>
          <select
            className="p-inputtext p-component native-select"
            value={kind ?? ""}
            onChange={(e) => onFilter(typed.trim(), (AUDIT_KINDS as readonly string[]).includes(e.target.value) ? (e.target.value as AuditKind) : null)}
          >
            <option value="">All kinds</option>
            {AUDIT_KINDS.map((k) => (
              <option key={k} value={k}>
                {AUDIT_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" label="Filter" outlined />
        {(who !== "" || kind !== null) && <Button type="button" label="Show all" text onClick={() => onFilter("", null)} />}
      </form>
      {phase.kind === "failed" && (
        <div className="form-error" role="alert">
          {phase.error} <Button type="button" label="Try again" text onClick={() => actor.send({ type: "page.retry" })} />
        </div>
      )}
      {phase.kind === "empty" && <p role="status" className="muted">No change recorded{who !== "" || kind !== null ? " for this filter" : ""}.</p>}
      {data !== null && data.entries.length > 0 && (
        <div className="admin-table-wrap" aria-busy={phase.kind === "loading"}>
          <table className="admin-table" aria-label="Audit table">
            <thead>
              <tr>
                <th scope="col">When (Bangkok)</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Subject</th>
                <th scope="col">Before → after</th>
              </tr>
            </thead>
            <tbody>
              {data.entries.map((e) => (
                <tr key={e.id}>
                  <td data-label="When">{formatBangkok(e.at)}</td>
                  <td data-label="Who">{e.actor}</td>
                  <td data-label="What">{eventWords(e.type)}</td>
                  <td data-label="Subject">{e.subject}</td>
                  <td data-label="Before → after">{e.summary}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data !== null && data.more && (
        <div className="admin-more">
          <Button type="button" label="Load more" outlined loading={phase.kind === "loading"} onClick={() => setPages(pages + 1)} />
        </div>
      )}
    </section>
  );
}
