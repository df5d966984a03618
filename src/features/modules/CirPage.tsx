import { ModuleEmptyState } from "@/features/modules/ModuleEmptyState";

export default function CirPage() {
  return <ModuleEmptyState title="CIR" purpose="Customer insight reports for the selected brand and pages." />;
}
