/**
 * Route `/admin` (issue 17, permission 4): the container. The tab (`tab`), the users' search and
 * page (`q`, `pg`), the brand opened (`b`) and the audit's filters (`au`, `ak`) live in the URL
 * (`AdminSearch`, domain/routeSearch.ts); each tab is its own container on its page machine
 * (machines/admin/adminPages), mounted while it is shown.
 */
import { useSelector } from "@xstate/react";
import type { AdminSearch } from "../../../domain/routeSearch";
import { selectUser } from "../../../machines/auth/authSelectors";
import { authActor } from "@/app/auth";
import { usePageSearch, useSetPageSearch } from "@/app/view";
import { AdminView, type AdminTab } from "./AdminView";
import { AuditTab } from "./AuditTab";
import { BrandsTab } from "./BrandsTab";
import { UsersTab } from "./UsersTab";
import "./admin.css";

const TABS: readonly AdminTab[] = ["users", "brands", "audit"];
/** The signed-in admin's email: their own row and form lock Remove, permission 4 and Disabled. */
const selectSelfEmail = (s: Parameters<typeof selectUser>[0]) => selectUser(s)?.email ?? "";

export default function AdminPage() {
  const search = usePageSearch<AdminSearch>();
  const setSearch = useSetPageSearch<AdminSearch>();
  const selfEmail = useSelector(authActor, selectSelfEmail);
  const tab: AdminTab = TABS.includes(search.tab as AdminTab) ? (search.tab as AdminTab) : "users";
  const page = typeof search.pg === "number" && search.pg >= 1 ? search.pg : 1;
  return (
    <AdminView tab={tab} onTab={(next) => setSearch({ tab: next === "users" ? undefined : next })}>
      {tab === "users" && (
        <UsersTab q={search.q ?? ""} page={page} selfEmail={selfEmail} onSearch={(q, pg) => setSearch({ q: q === "" ? undefined : q, pg: pg === 1 ? undefined : pg })} />
      )}
      {tab === "brands" && <BrandsTab selfEmail={selfEmail} brandId={search.b ?? null} onOpen={(b) => setSearch({ b })} />}
      {tab === "audit" && (
        <AuditTab
          actor={search.au ?? ""}
          kind={search.ak ?? null}
          onFilter={(au, ak) => setSearch({ au: au === "" ? undefined : au, ak: ak ?? undefined })}
        />
      )}
    </AdminView>
  );
}
