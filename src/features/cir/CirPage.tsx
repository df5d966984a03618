/**
 * Route `/cir` (issue 17): the CIR reports the user may read (their own, and those shared with
 * their brands), searched by title (`q`) and owner (`own`), last edited first, and "New report".
 * The list loads through `machines/cir/cirListMachine` (the shared page load cycle).
 */
import { useEffect, useId, useMemo, useState } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { Link, useNavigate } from "@tanstack/react-router";
import type { CirSearch } from "../../../domain/routeSearch";
import { cirListMachine, sameListPhase, selectListPhase, type CirListQuery } from "../../../machines/cir/cirListMachine";
import { selectUser } from "../../../machines/auth/authSelectors";
import { authActor } from "@/app/auth";
import { appInspect } from "@/app/inspect";
import { usePageReload } from "@/app/pageData";
import { brandsOf, usePageSearch, useSetPageSearch, useView } from "@/app/view";
import { Button } from "@/components/ui/Button";
import { cirListActors } from "@/features/cir/cirActors";
import { bangkokTime } from "@/features/cir/cirFormat";
import { NewReportDialog } from "@/features/cir/NewReportDialog";
import { t, translateMessage, type MessageKey } from "@/i18n/i18n";
import "./cir.css";

const OWNERS = [
  { value: "all", words: "cir.list.ownerAll" },
  { value: "me", words: "cir.list.ownerMe" },
  { value: "others", words: "cir.list.ownerOthers" },
] as const satisfies readonly { value: string; words: MessageKey }[];

export default function CirPage() {
  const search = usePageSearch<CirSearch>();
  const setSearch = useSetPageSearch<CirSearch>();
  const view = useView();
  const user = useSelector(authActor, selectUser);
  const navigate = useNavigate();
  const query = useMemo<CirListQuery>(() => ({ q: search.q ?? "", own: search.own ?? "all" }), [search.q, search.own]);
  const actor = useActorRef(cirListMachine.provide({ actors: cirListActors }), { input: { query }, inspect: appInspect });
  useEffect(() => actor.send({ type: "page.query", query }), [actor, query]);
  usePageReload(actor);
  const phase = useSelector(actor, selectListPhase, sameListPhase);
  const [text, setText] = useState(query.q);
  useEffect(() => setText(query.q), [query.q]);
  const [creating, setCreating] = useState(false);
  const searchId = useId();
  const ownerId = useId();

  const reports = phase.data ?? [];
  return (
    <section className="page cir-page" aria-labelledby="cir-title">
      <header className="cir-list-head">
        <h1 id="cir-title">{t("cir.list.title")}</h1>
        <Button type="button" label={t("cir.newReport")} icon="pi pi-plus" onClick={() => setCreating(true)} />
      </header>
      <p className="muted">{t("cir.list.intro")}</p>
      <form
        className="cir-list-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch({ q: text.trim() === "" ? undefined : text.trim() });
        }}
      >
        <div className="field">
          <label htmlFor={searchId}>{t("cir.list.search")}</label>
          <input id={searchId} type="search" className="p-inputtext p-component" value={text} maxLength={100} onChange={(e) => setText(e.target.value)} />
        </div>
        <Button type="submit" label={t("cir.search")} outlined />
        <div className="field">
          <label htmlFor={ownerId}>{t("cir.owner")}</label>
          <select
            id={ownerId}
            className="p-inputtext p-component native-select"
            value={query.own}
            onChange={(e) => setSearch({ own: e.target.value === "all" ? undefined : (e.target.value as "me" | "others") })}
          >
            {OWNERS.map((o) => (
              <option key={o.value} value={o.value}>
                {t(o.words)}
              </option>
            ))}
          </select>
        </div>
      </form>
      {phase.kind === "failed" && (
        <div className="form-error" role="alert">
          {translateMessage(phase.error)} <Button type="button" label={t("cir.tryAgain")} text onClick={() => actor.send({ type: "page.retry" })} />
        </div>
      )}
      {phase.kind === "loading" && phase.data === null && <p className="muted">{t("cir.list.loading")}</p>}
      {phase.kind === "empty" && <p className="muted">{query.q === "" && query.own === "all" ? t("cir.list.none") : t("cir.list.noMatch")}</p>}
      {reports.length > 0 && phase.kind !== "empty" && (
        <div className="table-scroll" role="region" aria-label={t("cir.list.reports")} tabIndex={0}>
          <table className="cir-list">
            <caption className="visually-hidden">{t("cir.list.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("cir.title")}</th>
                <th scope="col">{t("cir.brand")}</th>
                <th scope="col" className="cir-col-optional">{t("cir.owner")}</th>
                <th scope="col">{t("cir.sharing")}</th>
                <th scope="col" className="cir-col-optional">{t("cir.sections")}</th>
                <th scope="col">{t("cir.list.lastEdited")}</th>
              </tr>
            </thead>
            <tbody>
              {reports.map((r) => (
                <tr key={r.id}>
                  <th scope="row">
                    <Link to="/cir/$id" params={{ id: String(r.id) }}>
                      {r.title}
                    </Link>
                  </th>
                  <td>{r.brand}</td>
                  <td className="cir-col-optional">{r.canEdit ? t("cir.list.you") : r.owner.name}</td>
                  <td>{r.visibility === "brand" ? (r.canEdit ? t("cir.list.sharedWith", { brand: r.brand }) : t("cir.list.sharedBy", { name: r.owner.name })) : t("cir.private")}</td>
                  <td className="cir-col-optional">{r.sections}</td>
                  <td>{bangkokTime(r.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {creating && (
        <NewReportDialog
          visible={creating}
          brands={brandsOf(user)}
          defaultBrand={view.brand}
          onClose={() => setCreating(false)}
          onCreated={(report) => {
            setCreating(false);
            void navigate({ to: "/cir/$id", params: { id: String(report.id) } });
          }}
        />
      )}
    </section>
  );
}
