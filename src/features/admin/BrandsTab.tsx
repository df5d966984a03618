/**
 * The Brands tab of /admin (issue 17): the brands the admin manages (`adminBrands` page machine),
 * one opened (`b` in the URL) with its MA label, channels and start years, o2o access (campaigns;
 * whether a token is set, never the token) and its accounts with their pages (Edit, Remove, and
 * "Add account", which opens /formAC on the brand). Add brand; Edit brand.
 */
import { useEffect, useMemo, useState } from "react";
import { Link } from "@tanstack/react-router";
import { useActorRef, useSelector } from "@xstate/react";
import type { AdminAccount, AdminBrand } from "../../../domain/adminContract";
import { CHANNEL_LABELS } from "../../../machines/admin/adminForms";
import { adminBrandsMachine, sameBrandsPhase, selectBrandsPhase, type AdminBrandsQuery } from "../../../machines/admin/adminPages";
import type { AdminRemoveTarget } from "../../../machines/admin/adminRemoveMachine";
import { appInspect } from "@/app/inspect";
import { Button } from "@/components/ui/Button";
import { AccountDialog } from "./AccountDialog";
import { BrandDialog } from "./BrandDialog";
import { RemoveDialog } from "./RemoveDialog";
import { brandsActors } from "./adminActors";
import { t, translateMessage } from "@/i18n/i18n";

export interface BrandsTabProps {
  selfEmail: string;
  /** The brand opened. */
  brandId: number | null;
  onOpen: (brandId: number) => void;
}

type Editing =
  | { kind: "none" }
  | { kind: "brand"; brand: AdminBrand | null }
  | { kind: "account"; brand: AdminBrand; account: AdminAccount }
  | { kind: "remove"; target: AdminRemoveTarget };

export function BrandsTab({ selfEmail, brandId, onOpen }: BrandsTabProps) {
  const query = useMemo<AdminBrandsQuery>(() => ({ admin: selfEmail }), [selfEmail]);
  const actor = useActorRef(adminBrandsMachine.provide({ actors: brandsActors }), { input: { query }, inspect: appInspect });
  useEffect(() => actor.send({ type: "page.query", query }), [actor, query]);
  const phase = useSelector(actor, selectBrandsPhase, sameBrandsPhase);
  const [editing, setEditing] = useState<Editing>({ kind: "none" });
  const close = () => setEditing({ kind: "none" });
  // After a dialog closes the brands load again: a form refused as stale opens next time on the brand as stored now.
  const reload = () => {
    close();
    actor.send({ type: "page.reload" });
  };
  const brands = phase.data?.data ?? [];
  const opened = brands.find((b) => b.id === brandId) ?? brands[0] ?? null;
  return (
    <section className="admin-tab" aria-label={t("admin.tab.brands")}>
      <div className="admin-toolbar">
        <p className="muted admin-count">{phase.data === null ? "" : t("admin.brands.count", { count: brands.length })}</p>
        <Button type="button" label={t("admin.brand.add")} icon="pi pi-plus" onClick={() => setEditing({ kind: "brand", brand: null })} />
      </div>
      {phase.kind === "failed" && (
        <div className="form-error" role="alert">
          {translateMessage(phase.error)} <Button type="button" label={t("admin.tryAgain")} text onClick={() => actor.send({ type: "page.retry" })} />
        </div>
      )}
      {phase.kind === "empty" && <p role="status" className="muted">{t("admin.brands.none")}</p>}
      {brands.length > 0 && (
        <div className="admin-brands" aria-busy={phase.kind === "loading"}>
          <ul className="admin-brand-list" aria-label={t("admin.brands.list")}>
            {brands.map((b) => (
              <li key={b.id}>
                <button type="button" className={`admin-brand-item ${b.id === opened?.id ? "is-open" : ""}`} aria-current={b.id === opened?.id ? "true" : undefined} onClick={() => onOpen(b.id)}>
                  <span className="admin-brand-name">{b.name}</span>
                  <span className="muted">
                    {t("admin.brands.accountsUsers", { accounts: b.accounts.length, users: b.users })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {opened !== null && (
            <BrandDetail
              brand={opened}
              onEdit={() => setEditing({ kind: "brand", brand: opened })}
              onEditAccount={(account) => setEditing({ kind: "account", brand: opened, account })}
              onRemoveAccount={(account) => setEditing({ kind: "remove", target: { kind: "account", id: account.id, name: account.name, brandId: opened.id } })}
            />
          )}
        </div>
      )}
      <BrandDialog
        brand={editing.kind === "brand" ? editing.brand : null}
        campaigns={phase.data?.o2oCampaigns ?? []}
        visible={editing.kind === "brand"}
        onClose={reload}
        onSaved={(saved) => {
          reload();
          onOpen(saved.id);
        }}
      />
      <AccountDialog
        brand={editing.kind === "account" ? editing.brand : null}
        account={editing.kind === "account" ? editing.account : null}
        onClose={reload}
        onSaved={reload}
      />
      <RemoveDialog target={editing.kind === "remove" ? editing.target : null} onClose={close} onRemoved={reload} />
    </section>
  );
}

interface BrandDetailProps {
  brand: AdminBrand;
  onEdit: () => void;
  onEditAccount: (account: AdminAccount) => void;
  onRemoveAccount: (account: AdminAccount) => void;
}

function BrandDetail({ brand, onEdit, onEditAccount, onRemoveAccount }: BrandDetailProps) {
  const headingId = `admin-brand-${brand.id}`;
  return (
    <article className="admin-brand admin-card" aria-labelledby={headingId}>
      <header className="admin-brand-header">
        <h2 id={headingId}>{brand.name}</h2>
        <Button type="button" label={t("admin.brand.edit")} icon="pi pi-pencil" outlined aria-label={t("admin.brand.editTitle", { name: brand.name })} onClick={onEdit} />
      </header>
      <dl className="admin-facts">
        <dt>{t("admin.brand.maLabel")}</dt>
        <dd>{brand.maLabel}</dd>
        <dt>{t("admin.brands.channels")}</dt>
        <dd>{brand.channels.length === 0 ? t("admin.none") : brand.channels.map((c) => t("admin.brands.channelFrom", { channel: CHANNEL_LABELS[c.channel], year: c.startYear })).join(", ")}</dd>
        <dt>{t("admin.brand.o2oCampaigns")}</dt>
        <dd>{brand.o2o.campaigns.length === 0 ? t("admin.none") : brand.o2o.campaigns.map((c) => c.name).join(", ")}</dd>
        <dt>{t("admin.brand.o2oToken")}</dt>
        <dd>{brand.o2o.hasToken ? t("admin.brand.tokenSet") : t("admin.brand.noToken")}</dd>
        <dt>{t("admin.tab.users")}</dt>
        <dd>{brand.users}</dd>
      </dl>
      <div className="admin-brand-header">
        <h3>{t("admin.brands.accountsAndPages")}</h3>
        <Link to="/formAC" search={{ b: brand.id } as never} className="p-button p-component p-button-outlined admin-link-button">
          <i className="pi pi-plus" aria-hidden="true" /> {t("admin.formAc.add")}
        </Link>
      </div>
      {brand.accounts.length === 0 ? (
        <p className="muted">{t("admin.brands.noAccount")}</p>
      ) : (
        <ul className="admin-accounts" aria-label={t("admin.brands.accountsOf", { name: brand.name })}>
          {brand.accounts.map((a) => (
            <li key={a.id} className="admin-account">
              <div className="admin-account-head">
                <div>
                  <strong>{a.name}</strong> <span className="muted">· {CHANNEL_LABELS[a.channel]} · {a.id}</span>
                </div>
                <div className="admin-actions">
                  <Button type="button" label={t("admin.editButton")} text aria-label={t("admin.account.editTitle", { name: a.name })} onClick={() => onEditAccount(a)} />
                  <Button type="button" label={t("admin.removeButton")} text severity="danger" aria-label={t("admin.brands.removeAccount", { name: a.name })} onClick={() => onRemoveAccount(a)} />
                </div>
              </div>
              <ul className="admin-page-list">
                {a.pages.map((p) => (
                  <li key={p.id}>
                    {p.name} <span className="muted">({p.id})</span>
                  </li>
                ))}
                {a.pages.length === 0 && <li className="muted">{t("admin.brands.noPage")}</li>}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
