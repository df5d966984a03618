import { ModuleEmptyState } from "@/features/modules/ModuleEmptyState";

export default function O2oPage() {
  return <ModuleEmptyState title="O2O" purpose="Online-to-offline visitor analytics." />;
}
