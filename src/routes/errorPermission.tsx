import { createRoute } from "@tanstack/react-router";
import { PermissionErrorView } from "@/features/errors/PermissionErrorView";
import { bareRoute } from "@/routes/bare";

export const errorPermissionRoute = createRoute({
  getParentRoute: () => bareRoute,
  path: "/errorPermission",
  component: PermissionErrorView,
});
