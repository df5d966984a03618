/**
 * The Users tab of /admin (issue 17): the users the admin manages, searched (`q`) and paged (`pg`)
 * in the URL, on the `adminUsers` page machine; Add user, and per user Edit, Reset password and
 * Remove (not offered for the signed-in admin, who cannot remove themselves).
 */
import { useEffect, useMemo, useState, type FormEvent } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import type { AdminUser } from "../../../domain/adminContract";
import { adminUsersMachine, sameUsersPhase, selectUsersPhase, type AdminUsersQuery } from "../../../machines/admin/adminPages";
import type { AdminRemoveTarget } from "../../../machines/admin/adminRemoveMachine";
import { appInspect } from "@/app/inspect";
import { Button } from "@/components/ui/Button";
import { formatBangkok, formatCodes } from "./adminFormat";
import { usersActors } from "./adminActors";
import { PasswordDialog } from "./PasswordDialog";
import { RemoveDialog } from "./RemoveDialog";
import { UserDialog } from "./UserDialog";
import { t, translateMessage } from "@/i18n/i18n";

export interface UsersTabProps {
  q: string;
  page: number;
  selfEmail: string;
  onSearch: (q: string, page: number) => void;
}

type Editing = { kind: "none" } | { kind: "user"; user: AdminUser | null } | { kind: "password"; user: AdminUser } | { kind: "remove"; target: AdminRemoveTarget };

export function UsersTab({ q, page, selfEmail, onSearch }: UsersTabProps) {
  const query = useMemo<AdminUsersQuery>(() => ({ q, page }), [q, page]);
  const actor = useActorRef(adminUsersMachine.provide({ actors: usersActors }), { input: { query }, inspect: appInspect });
  useEffect(() => actor.send({ type: "page.query", query }), [actor, query]);
  const phase = useSelector(actor, selectUsersPhase, sameUsersPhase);
  const [typed, setTyped] = useState(q);
  useEffect(() => setTyped(q), [q]);
  const [editing, setEditing] = useState<Editing>({ kind: "none" });
  const close = () => setEditing({ kind: "none" });
  // After a dialog closes the list loads again: a form refused as stale (someone else changed the
  // user meanwhile) opens next time on the user as stored now.
  const reload = () => {
    close();
    actor.send({ type: "page.reload" });
  };
  const data = phase.data;
  const pages = data === null ? 1 : Math.max(1, Math.ceil(data.total / data.pageSize));
  const isSelf = (u: AdminUser) => u.email.toLowerCase() === selfEmail.toLowerCase();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(typed.trim(), 1);
  };
  return (
    <section className="admin-tab" aria-label={t("admin.tab.users")}>
      <div className="admin-toolbar">
        <form role="search" className="admin-search" onSubmit={submit}>
          <input className="p-inputtext p-component" aria-label={t("admin.users.searchLabel")} placeholder={t("admin.users.searchPlaceholder")} value={typed} maxLength={100} onChange={(e) => setTyped(e.target.value)} />
          <Button type="submit" label={t("admin.search")} outlined />
        </form>
        <Button type="button" label={t("admin.user.add")} icon="pi pi-user-plus" onClick={() => setEditing({ kind: "user", user: null })} />
      </div>
      {phase.kind === "failed" && (
        <div className="form-error" role="alert">
          {translateMessage(phase.error)} <Button type="button" label={t("admin.tryAgain")} text onClick={() => actor.send({ type: "page.retry" })} />
        </div>
      )}
      {phase.kind === "empty" && <p role="status" className="muted">{q === "" ? t("admin.users.none") : t("admin.users.noMatch", { q })}</p>}
      {data !== null && data.data.length > 0 && (
        <div className="admin-table-wrap" aria-busy={phase.kind === "loading"}>
          <table className="admin-table" aria-label={t("admin.users.table")}>
            <thead>
              <tr>
                <th scope="col" className="admin-col-user">{t("admin.users.user")}</th>
                <th scope="col">{t("admin.user.permissions")}</th>
                <th scope="col">{t("admin.user.brands")}</th>
                <th scope="col">{t("admin.users.status")}</th>
                <th scope="col">{t("admin.users.lastSignInBangkok")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("admin.users.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((u) => (
                <tr key={u.id}>
                  <td data-label={t("admin.users.user")}>
                    <strong>{u.name}</strong>
                    {isSelf(u) && <span className="admin-you"> {t("admin.users.you")}</span>}
                    <div className="muted admin-email">{u.email}</div>
                  </td>
                  <td data-label={t("admin.user.permissions")}>{formatCodes(u.permissions)}</td>
                  <td data-label={t("admin.user.brands")}>{u.brands.length === 0 ? t("admin.none") : u.brands.join(", ")}</td>
                  <td data-label={t("admin.users.status")}>{u.disabled ? t("admin.users.disabled") : t("admin.users.active")}</td>
                  <td data-label={t("admin.users.lastSignIn")}>{formatBangkok(u.lastSignInAt)}</td>
                  <td>
                    <div className="admin-actions">
                    <Button type="button" label={t("admin.editButton")} text aria-label={t("admin.users.editLabel", { email: u.email })} onClick={() => setEditing({ kind: "user", user: u })} />
                    <Button type="button" label={t("admin.password.reset")} text aria-label={t("admin.password.title", { email: u.email })} onClick={() => setEditing({ kind: "password", user: u })} />
                    {!isSelf(u) && (
                      <Button
                        type="button"
                        label={t("admin.removeButton")}
                        text
                        severity="danger"
                        aria-label={t("admin.users.removeLabel", { email: u.email })}
                        onClick={() => setEditing({ kind: "remove", target: { kind: "user", id: String(u.id), name: u.email, brandId: null } })}
                      />
                    )}
                    </div>
                    {isSelf(u) && <p className="muted admin-self">{t("admin.users.cannotRemoveSelf")}</p>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data !== null && data.total > data.pageSize && (
        <nav className="admin-pager" aria-label={t("admin.users.pages")}>
          <Button type="button" label={t("admin.previous")} outlined disabled={page <= 1} onClick={() => onSearch(q, page - 1)} />
          <span>
            {t("admin.users.pageOf", { page, pages, total: data.total })}
          </span>
          <Button type="button" label={t("admin.next")} outlined disabled={page >= pages} onClick={() => onSearch(q, page + 1)} />
        </nav>
      )}
      {data !== null && data.total > 0 && data.total <= data.pageSize && <p className="muted">{t("admin.users.count", { count: data.total })}</p>}
      <UserDialog user={editing.kind === "user" ? editing.user : null} selfEmail={selfEmail} visible={editing.kind === "user"} onClose={reload} onSaved={reload} />
      <PasswordDialog user={editing.kind === "password" ? editing.user : null} onClose={close} />
      <RemoveDialog target={editing.kind === "remove" ? editing.target : null} onClose={close} onRemoved={reload} />
    </section>
  );
}
