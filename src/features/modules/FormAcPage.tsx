import { ModuleEmptyState } from "@/features/modules/ModuleEmptyState";

export default function FormAcPage() {
  return <ModuleEmptyState title="Form AC" purpose="Form submissions." />;
}
