import { Link, useParams } from "@tanstack/react-router";
import { ModuleEmptyState } from "@/features/modules/ModuleEmptyState";

export default function CirDetailPage() {
  const { id } = useParams({ strict: false });
  return (
    <ModuleEmptyState title={`CIR ${id ?? ""}`.trim()} purpose="One customer insight report.">
      <p>
        <Link to="/cir" search={(prev) => prev}>
          Back to CIR
        </Link>
      </p>
    </ModuleEmptyState>
  );
}
