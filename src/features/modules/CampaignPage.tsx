import { ModuleEmptyState } from "@/features/modules/ModuleEmptyState";

export default function CampaignPage() {
  return <ModuleEmptyState title="KOL Campaign" purpose="Key opinion leader campaigns and their results." />;
}
