import { createRoute } from "@tanstack/react-router";
import { BareLayout } from "@/layouts/BareLayout";
import { rootRoute } from "@/routes/root";

/** Pathless layout without chrome: sign-in, hand-over, sign-out, permission error. */
export const bareRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "bare",
  component: BareLayout,
});
