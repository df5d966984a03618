import { useSelector } from "@xstate/react";
import { MENU_ITEMS, isMenuItemEnabled } from "../../../domain/permissions";
import { selectPermissions, selectProfileImage, selectUserName } from "../../../machines/auth/authSelectors";
import { authActor } from "@/app/auth";
import { useMaLabel } from "@/app/brand";
import { SideMenuView } from "@/features/shell/SideMenuView";

const MA_PATH = "/ma";

export function SideMenu({ onNavigate, onAccount }: { onNavigate: () => void; onAccount: () => void }) {
  const permissions = useSelector(authActor, selectPermissions);
  const userName = useSelector(authActor, selectUserName);
  const profileImage = useSelector(authActor, selectProfileImage);
  const maLabel = useMaLabel();
  const entries = MENU_ITEMS.map((item) => ({
    label: item.path === MA_PATH ? maLabel : item.label,
    path: item.path,
    enabled: isMenuItemEnabled(item, permissions),
  }));
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
