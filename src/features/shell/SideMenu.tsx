import { useSelector } from "@xstate/react";
import { sideMenuEntries } from "../../../domain/permissions";
import { selectO2oCampaignCount, selectPermissions, selectProfileImage, selectUserName } from "../../../machines/auth/authSelectors";
import { authActor } from "@/app/auth";
import { useMaLabel } from "@/app/brand";
import { SideMenuView } from "@/features/shell/SideMenuView";
import { menuLabel } from "@/features/shell/menuLabels";

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
