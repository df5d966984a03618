import { ModuleEmptyState } from "@/features/modules/ModuleEmptyState";

export default function ECommercePage() {
  return <ModuleEmptyState title="E-Commerce" purpose="Marketplace sales by platform." />;
}
