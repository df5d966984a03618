import { ModuleEmptyState } from "@/features/modules/ModuleEmptyState";

export default function ReportPage() {
  return <ModuleEmptyState title="Report" purpose="Reports across modules." />;
}
