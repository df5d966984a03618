import { useMaLabel } from "@/app/brand";
import { ModuleEmptyState } from "@/features/modules/ModuleEmptyState";

export default function MaPage() {
  const label = useMaLabel();
  return <ModuleEmptyState title={label} purpose="Media-account figures of the selected brand's Facebook pages." />;
}
