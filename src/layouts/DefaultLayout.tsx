/**
 * The default layout (spec §2): side menu, top bar, filter drawer, KPI drawer and dialogs.
 * This chunk itself holds no PrimeReact component: the drawers, dialogs, toasts and the date
 * grid are fetched the first time they are needed, which keeps /brandEx within its budget.
 */
import { Suspense, lazy, useEffect, useRef, useState, type ReactNode } from "react";
import { Outlet, useLocation } from "@tanstack/react-router";
import "@/components/ui/theme";
import "@/layouts/defaultLayout.css";
import { t } from "@/i18n/i18n";
import { guardedImport } from "@/app/chunkReload";
import { trapFocus } from "@/components/ui/focusTrap";
import { useToastsRequested } from "@/app/toast";
import { warmThaiFaces } from "@/app/warmFonts";
import { afterNextFrame, useAfterFrame } from "@/components/frames";
import { accountDialogActor } from "@/features/account/accountDialogActor";
import { filterDrawerActor } from "@/features/filters/filterDrawerActor";
import { LoadingBar } from "@/features/shell/LoadingBar";
import { SideMenu } from "@/features/shell/SideMenu";
import { TopBar } from "@/features/shell/TopBar";
import { PagePlaceholder } from "@/layouts/PagePlaceholder";

const Toaster = lazy(guardedImport(() => import("@/components/ui/Toaster").then((m) => ({ default: m.Toaster }))));
const FilterDrawer = lazy(guardedImport(() => import("@/features/filters/FilterDrawer").then((m) => ({ default: m.FilterDrawer }))));
const AccountDialog = lazy(guardedImport(() => import("@/features/account/AccountDialog").then((m) => ({ default: m.AccountDialog }))));
const KpiDrawer = lazy(guardedImport(() => import("@/features/kpi/KpiDrawer").then((m) => ({ default: m.KpiDrawer }))));

/** Renders `children` from the first time `wanted` is true on (so a closing animation can play). */
function MountOnce({ wanted, children }: { wanted: boolean; children: ReactNode }) {
  const [mounted, setMounted] = useState(wanted);
  if (wanted && !mounted) setMounted(true);
  return mounted ? <Suspense fallback={null}>{children}</Suspense> : null;
}

export function DefaultLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  // Presses of the KPI button; the drawer's chunk (with its machines) loads on the first one.
  const [kpiRequests, setKpiRequests] = useState(0);
  // Open already when the layout mounts again (a change of language or calendar re-mounts the
  // app, issue 18): the drawer or dialog stays open, its actor never closed.
  const [filterWanted, setFilterWanted] = useState(() => !filterDrawerActor.getSnapshot().matches("closed"));
  const [accountWanted, setAccountWanted] = useState(() => !accountDialogActor.getSnapshot().matches("closed"));
  const toastsRequested = useToastsRequested();
  const path = useLocation({ select: (l) => l.pathname });
  const aside = useRef<HTMLElement>(null);

  // The narrow-screen menu is a modal overlay: focus moves in and stays there; a new page,
  // Escape or a click beside it closes it, and focus goes back to the Menu button.
  useEffect(() => setMenuOpen(false), [path]);
  // The menu and the top bar first, the page once the browser has drawn them (issue 19): the first
  // render of a fresh page was one frame of style and layout for the whole tree, 33-110 ms on the
  // 2-core machine (every font and style of the page met for the first time); in two frames each is
  // about half. The page's chunk is loaded by then (`router.load()` in src/main.tsx), so it waits
  // one frame, no more. Later navigations keep the layout mounted and are not held.
  const pageShown = useAfterFrame(true) === true;
  // Before the page's data shows its first ฿, after the page's first paint (src/app/warmFonts.ts).
  useEffect(() => (pageShown ? afterNextFrame(warmThaiFaces) : undefined), [pageShown]);
  useEffect(() => {
    if (!menuOpen) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    aside.current?.querySelector<HTMLElement>("a[href], button")?.focus();
    const release = trapFocus(() => aside.current);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setMenuOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => {
      release();
      window.removeEventListener("keydown", onKey);
      if (aside.current?.contains(document.activeElement) || document.activeElement === document.body) opener?.focus();
    };
  }, [menuOpen]);

  return (
    <div className={menuOpen ? "shell menu-open" : "shell"}>
      <a className="skip-link" href="#content">
        {t("common.shell.skipToContent")}
      </a>
      <LoadingBar />
      <aside id="side-menu" ref={aside} className="side-menu" aria-label={t("common.shell.sideMenu")}>
        <SideMenu
          onNavigate={() => setMenuOpen(false)}
          onAccount={() => {
            setMenuOpen(false);
            setAccountWanted(true);
            accountDialogActor.send({ type: "dialog.open" });
          }}
        />
      </aside>
      {menuOpen && <div className="menu-backdrop" aria-hidden="true" onClick={() => setMenuOpen(false)} />}
      <header className="top-bar">
        <TopBar
          menuOpen={menuOpen}
          onMenuToggle={() => setMenuOpen((open) => !open)}
          onKpi={() => setKpiRequests((n) => n + 1)}
          onFilter={() => {
            setFilterWanted(true);
            filterDrawerActor.send({ type: "drawer.open" });
          }}
        />
      </header>
      <main id="content" className="content" tabIndex={-1}>
        {pageShown ? <Outlet /> : <PagePlaceholder />}
      </main>
      <MountOnce wanted={toastsRequested}>
        <Toaster />
      </MountOnce>
      <MountOnce wanted={filterWanted}>
        <FilterDrawer />
      </MountOnce>
      <MountOnce wanted={kpiRequests > 0}>
        <KpiDrawer openRequests={kpiRequests} />
      </MountOnce>
      <MountOnce wanted={accountWanted}>
        <AccountDialog />
      </MountOnce>
    </div>
  );
}
