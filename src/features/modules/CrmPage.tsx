import { ModuleEmptyState } from "@/features/modules/ModuleEmptyState";

export default function CrmPage() {
  return <ModuleEmptyState title="CRM" purpose="Customer relationship figures and segments." />;
}
