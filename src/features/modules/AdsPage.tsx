import { ModuleEmptyState } from "@/features/modules/ModuleEmptyState";

export default function AdsPage() {
  return <ModuleEmptyState title="Ads & Automation" purpose="Ad performance and automation rules." />;
}
