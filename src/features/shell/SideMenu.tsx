import { useSelector } from "@xstate/react";
import { sideMenuEntries } from "../../../domain/permissions";
import { selectO2oCampaignCount, selectPermissions, selectProfileImage, selectUserName } from "../../../machines/auth/authSelectors";
import { authActor } from "@/app/auth";
import { useMaLabel } from "@/app/brand";
import { SideMenuView } from "@/features/shell/SideMenuView";
import { t, type MessageKey } from "@/i18n/i18n";
import type { MaLabel } from "../../../domain/entities";

const MA_PATH = "/ma";

/** The menu's words by path (domain/permissions.ts keeps the spec's English labels). */
const MENU_LABEL: Readonly<Record<string, MessageKey>> = {
  "/brandEx": "common.menu.brandEx",
  "/cir": "common.menu.cir",
  "/admin": "common.menu.admin",
  "/ads": "common.menu.ads",
  "/campaign": "common.menu.kol",
  "/e-commerce": "common.menu.eCommerce",
  "/crm": "common.menu.crm",
  "/affiliate": "common.menu.affiliate",
  "/o2o": "common.menu.o2o",
};

const MA_LABEL = { "Facebook MA": "common.menu.facebookMa", MA: "common.menu.ma" } as const satisfies Record<MaLabel, MessageKey>;

/** A menu entry's label in the active language; an entry the map does not know keeps its label. */
function menuLabel(path: string, label: string, maLabel: MaLabel): string {
  if (path === MA_PATH) return t(MA_LABEL[maLabel]);
  const key = MENU_LABEL[path];
  return key === undefined ? label : t(key);
}

export function SideMenu({ onNavigate, onAccount }: { onNavigate: () => void; onAccount: () => void }) {
  const permissions = useSelector(authActor, selectPermissions);
  const userName = useSelector(authActor, selectUserName);
  const profileImage = useSelector(authActor, selectProfileImage);
  const o2oCampaigns = useSelector(authActor, selectO2oCampaignCount);
  const maLabel = useMaLabel();
  const entries = sideMenuEntries(permissions, o2oCampaigns).map((entry) => ({ ...entry, label: menuLabel(entry.path, entry.label, maLabel) }));
  return (
    <SideMenuView
      entries={entries}
      userName={userName ?? ""}
      profileImage={profileImage}
      onAccount={onAccount}
      onNavigate={onNavigate}
    />
  );
}
