import { Link, useLocation } from "@tanstack/react-router";
import { searchForModule } from "../../../domain/routes";
import { VIEW_SEARCH_KEYS } from "../../../domain/viewSearch";
import { t } from "@/i18n/i18n";

export interface SideMenuEntry {
  label: string;
  path: string;
  enabled: boolean;
}

export interface SideMenuViewProps {
  entries: readonly SideMenuEntry[];
  userName: string;
  profileImage: string;
  onAccount: () => void;
  /** A menu link was followed (closes the menu on narrow screens). */
  onNavigate: () => void;
}

/** The side menu (spec §2): module items by permission, then Account and Logout. */
export function SideMenuView({ entries, userName, profileImage, onAccount, onNavigate }: SideMenuViewProps) {
  const currentPath = useLocation({ select: (l) => l.pathname });
  return (
    <div className="side-menu-inner">
      <div className="brand-mark">
        <span className="brand-dot" aria-hidden="true" />
        {/* i18n-ignore: the product's name */}
        Brand Dashboard
      </div>
      <div className="user-card">
        {profileImage !== "" ? (
          <img className="avatar" src={profileImage} alt="" width={36} height={36} />
        ) : (
          <span className="avatar avatar-empty pi pi-user" aria-hidden="true" />
        )}
        <span className="user-name">{userName}</span>
      </div>
      <nav aria-label={t("common.shell.modules")}>
        <ul className="menu-list">
          {entries.map((entry) => (
            <li key={entry.path}>
              {entry.enabled ? (
                <Link
                  to={entry.path}
                  // The shared view (range, brand, channel, filters) travels to the next module; the
                  // page's own params (o2o tab, e-commerce channel, CRM table) stay with their page.
                  search={(prev: Record<string, unknown>) => searchForModule(entry.path, currentPath, prev, VIEW_SEARCH_KEYS)}
                  className="menu-item"
                  activeProps={{ className: "menu-item active", "aria-current": "page" }}
                  onClick={onNavigate}
                >
                  {entry.label}
                </Link>
              ) : (
                // Not a link one can follow: no href, announced as disabled, shown dimmed.
                <a role="link" aria-disabled="true" className="menu-item disabled" title={t("common.shell.moduleLocked")}>
                  {entry.label}
                  <i className="pi pi-lock" aria-hidden="true" />
                </a>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <div className="menu-footer">
        <button type="button" className="menu-item" onClick={onAccount}>
          <i className="pi pi-user" aria-hidden="true" />
          {t("common.shell.account")}
        </button>
        <Link to="/logout" className="menu-item">
          <i className="pi pi-sign-out" aria-hidden="true" />
          {t("common.shell.logout")}
        </Link>
      </div>
    </div>
  );
}
