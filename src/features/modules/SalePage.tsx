import { ModuleEmptyState } from "@/features/modules/ModuleEmptyState";

export default function SalePage() {
  return <ModuleEmptyState title="Sale" purpose="Sales figures." />;
}
