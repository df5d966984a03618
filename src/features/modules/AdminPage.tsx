import { ModuleEmptyState } from "@/features/modules/ModuleEmptyState";

export default function AdminPage() {
  return <ModuleEmptyState title="Admin" purpose="Administration of the workspace." />;
}
