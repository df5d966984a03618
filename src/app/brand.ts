/** Per-brand settings of the selected brand. */
import { useSelector } from "@xstate/react";
import type { MaLabel, UserData } from "../../domain/entities";
import { selectUser } from "../../machines/auth/authSelectors";
import { authActor } from "@/app/auth";
import { useView } from "@/app/view";

/** How `brand` names the Facebook MA module: some brands call it just "MA" (a brand setting). */
export function maLabelFor(user: UserData | null, brand: string): MaLabel {
  return user?.brandSettings.find((setting) => setting.name === brand)?.maLabel ?? "Facebook MA";
}

export function useMaLabel(): MaLabel {
  const user = useSelector(authActor, selectUser);
  const { brand } = useView();
  return maLabelFor(user, brand);
}
