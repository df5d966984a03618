import { ModuleEmptyState } from "@/features/modules/ModuleEmptyState";

export default function AffiliatePage() {
  return <ModuleEmptyState title="Affiliate" purpose="Affiliate partners and their sales." />;
}
